/**
 * Team files (course grammar):
 *
 *   Player 1 Team
 *   [Samurai] Flynn (Agi,Dia)
 *   Jack Frost
 *   Player 2 Team
 *   ...
 *
 * Headers are positional: the course accepts "Player 1 Team" twice, the second block being J2. Parsing
 * gives an unchecked `RawTeams`; `checkTeams` applies the setup rules of the rules document, section 2, and
 * resolves names against the catalogue. Either step fails with the line and the rule that was broken.
 */
import type { Catalogue, SkillDef, UnitDef } from './catalogue.js';

export const MAX_MONSTERS = 7;
export const MAX_SKILLS = 8;

export interface RawEntry {
  readonly name: string;
  readonly line: number;
}
export interface RawSamurai extends RawEntry {
  readonly skills: readonly string[];
}
export interface RawTeam {
  readonly headerLine: number;
  readonly samurai: readonly RawSamurai[];
  readonly monsters: readonly RawEntry[];
}
export type RawTeams = readonly [RawTeam, RawTeam];

export interface TeamError {
  /** 1-based line the error is about. */
  readonly line: number;
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: TeamError };

const HEADER = /^Player [12] Team$/;
/**
 * The samurai line: what `/^\[Samurai\]\s*(.*?)\s*(?:\((.*)\))?$/` matches, as [name, skill list], found in one
 * pass. The regular expression itself backtracks quadratically over a long run of spaces inside the name
 * (50,000 spaces took 5 s). Its meaning, for the line after `[Samurai]` and its leading spaces: the name
 * is the shortest prefix, without line terminators, after which come only spaces, optionally followed by
 * `(...)` ending the line with no line terminator inside.
 */
export function matchSamurai(line: string): [string, string | undefined] | null {
  const PREFIX = '[Samurai]';
  if (!line.startsWith(PREFIX)) return null;
  const n = line.length;
  let start = PREFIX.length;
  while (start < n && isSpace(line[start]!)) start++;
  // spaceEnd[i]: the first non-space at or after i.
  const spaceEnd = new Int32Array(n + 1);
  spaceEnd[n] = n;
  for (let i = n - 1; i >= start; i--) spaceEnd[i] = isSpace(line[i]!) ? spaceEnd[i + 1]! : i;
  // The last line terminator before the final character: a skill list must start after it.
  let lastTerminator = -1;
  for (let i = start; i < n - 1; i++) if (isTerminator(line[i]!)) lastTerminator = i;
  const closed = n > 0 && line[n - 1] === ')';
  for (let p = start; p <= n; p++) {
    const q = spaceEnd[p]!;
    if (q === n) return [line.slice(start, p), undefined];
    if (closed && line[q] === '(' && q < n - 1 && lastTerminator < q + 1) return [line.slice(start, p), line.slice(q + 1, n - 1)];
    // The name cannot take a line terminator.
    if (p < n && isTerminator(line[p]!)) return null;
  }
  return null;
}

const isSpace = (c: string) => /\s/.test(c);
const isTerminator = (c: string) => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';

export function parseTeamFile(text: string): Result<RawTeams> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const teams: { headerLine: number; samurai: RawSamurai[]; monsters: RawEntry[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const lineNo = i + 1;
    if (line === '') continue;
    if (HEADER.test(line)) {
      if (teams.length === 2) return fail(lineNo, 'a third team header; a team file holds exactly two teams');
      teams.push({ headerLine: lineNo, samurai: [], monsters: [] });
      continue;
    }
    const team = teams[teams.length - 1];
    if (team === undefined) return fail(lineNo, `expected "Player 1 Team", got "${line}"`);
    const samurai = matchSamurai(line);
    if (samurai !== null) {
      const name = samurai[0];
      if (name === '') return fail(lineNo, 'expected a samurai name after "[Samurai]"');
      const list = samurai[1];
      const skills = list === undefined || list.trim() === '' ? [] : list.split(',').map((s) => s.trim());
      if (skills.includes('')) return fail(lineNo, 'expected skill names separated by commas');
      team.samurai.push({ name, skills, line: lineNo });
    } else {
      team.monsters.push({ name: line, line: lineNo });
    }
  }
  // An error at the end of a file is reported on the line after the last one (CONVENTIONS).
  const lineCount = lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  if (teams.length < 2) return fail(lineCount + 1, `expected two teams, found ${teams.length}`);
  return { ok: true, value: [teams[0]!, teams[1]!] };
}

/** The inverse of `parseTeamFile` for well-formed teams (round-trip tests, generated suites). */
export function makeTeamFile(teams: readonly { samurai: string; skills: readonly string[]; monsters: readonly string[] }[]): string {
  const out: string[] = [];
  teams.forEach((team, i) => {
    out.push(`Player ${i + 1} Team`);
    out.push(team.skills.length > 0 ? `[Samurai] ${team.samurai} (${team.skills.join(',')})` : `[Samurai] ${team.samurai}`);
    out.push(...team.monsters);
  });
  return out.join('\n') + '\n';
}

export interface TeamSetup {
  readonly samurai: UnitDef;
  /** The samurai's skills in team-file order. */
  readonly skills: readonly SkillDef[];
  /** Monsters in team-file (roster) order. */
  readonly monsters: readonly UnitDef[];
}

/** Applies the setup rules (rules document, section 2) and resolves every name in the catalogue. */
export function checkTeams(raw: RawTeams, catalogue: Catalogue): Result<readonly [TeamSetup, TeamSetup]> {
  const out: TeamSetup[] = [];
  for (let p = 0; p < 2; p++) {
    const team = raw[p]!;
    const who = `Player ${p + 1}`;
    if (team.samurai.length !== 1) {
      const line = team.samurai[1]?.line ?? team.headerLine;
      return fail(line, `${who} has ${team.samurai.length} samurai; a team needs exactly one`);
    }
    const rawSamurai = team.samurai[0]!;
    const samurai = catalogue.samurai.get(rawSamurai.name);
    if (samurai === undefined) return fail(rawSamurai.line, `unknown samurai "${rawSamurai.name}"`);
    if (rawSamurai.skills.length > MAX_SKILLS) {
      return fail(rawSamurai.line, `${who}'s samurai has ${rawSamurai.skills.length} skills; at most ${MAX_SKILLS} are allowed`);
    }
    const skills: SkillDef[] = [];
    for (const skillName of rawSamurai.skills) {
      const skill = catalogue.skills.get(skillName);
      if (skill === undefined) return fail(rawSamurai.line, `unknown skill "${skillName}"`);
      if (skills.includes(skill)) return fail(rawSamurai.line, `skill "${skillName}" is repeated`);
      skills.push(skill);
    }
    if (team.monsters.length > MAX_MONSTERS) {
      return fail(team.monsters[MAX_MONSTERS]!.line, `${who} has ${team.monsters.length} monsters; at most ${MAX_MONSTERS} are allowed`);
    }
    const monsters: UnitDef[] = [];
    for (const entry of team.monsters) {
      const monster = catalogue.monsters.get(entry.name);
      if (monster === undefined) return fail(entry.line, `unknown monster "${entry.name}"`);
      if (monsters.includes(monster)) return fail(entry.line, `monster "${entry.name}" is repeated in ${who}'s team`);
      monsters.push(monster);
    }
    out.push({ samurai, skills, monsters });
  }
  return { ok: true, value: [out[0]!, out[1]!] };
}

function fail(line: number, message: string): { ok: false; error: TeamError } {
  return { ok: false, error: { line, message } };
}
