/**
 * Test helpers for the SMT ruleset: build a battle from inline team-file text, feed it choices, read the
 * log back. Domain asserts speak the rules' terms (turn report, board, Orden) so each test states one
 * mechanic and the numbers it expects.
 *
 * The log is the same one the CLI prints with echo on: every choice appears as `INPUT: <line>`, and a
 * rejected line is followed by its `ERROR` line and the same menu again.
 */
import { expect } from 'vitest';
import type { Battle } from '../../src/core/battle.js';
import { MemorySink, runLines, Session } from '../../src/core/session.js';
import { checkTeams, makeTeamFile, parseTeamFile } from '../../src/rulesets/smt/team-file.js';
import { cachedCatalogue, type Catalogue } from '../../src/rulesets/smt/catalogue.js';
import { createSmtBattle, smtSetupFromTexts } from '../../src/rulesets/smt/setup.js';
import { SMT_META } from '../../src/rulesets/smt/meta.js';
import { createState, type SmtState } from '../../src/rulesets/smt/model.js';
import type { SmtBattle } from '../../src/rulesets/smt/battle.js';
import { DATA_SMT } from './shared.js';

export const SEPARATOR = '-'.repeat(40);
export const TEAM_FILE_NAME = '001.txt';

export interface TeamSpec {
  readonly samurai: string;
  readonly skills?: readonly string[];
  readonly monsters?: readonly string[];
}

/** A team file for two teams, in the course grammar. */
export function teamFile(p1: TeamSpec, p2: TeamSpec): string {
  return makeTeamFile([p1, p2].map((t) => ({ samurai: t.samurai, skills: t.skills ?? [], monsters: t.monsters ?? [] })));
}

export function catalogue(dataDir: string = DATA_SMT): Catalogue {
  return cachedCatalogue(dataDir);
}

/** The battle state right after loading a team file (no battle loop): for unit tests of targeting etc. */
export function buildState(text: string, dataDir: string = DATA_SMT): SmtState {
  const parsed = parseTeamFile(text);
  if (!parsed.ok) throw new Error(`team file does not parse: line ${parsed.error.line}: ${parsed.error.message}`);
  const checked = checkTeams(parsed.value, catalogue(dataDir));
  if (!checked.ok) throw new Error(`team file is invalid: line ${checked.error.line}: ${checked.error.message}`);
  return createState(checked.value);
}

export interface ReplayResult {
  readonly lines: string[];
  readonly stderr: string[];
  readonly exitCode: number;
}

/** Runs a battle on a list of choices with echo on, as a piped run would. */
export function replay(battle: Battle, inputs: readonly string[], source = '<transcript>'): ReplayResult {
  const sink = new MemorySink();
  const exitCode = runLines(battle, inputs, sink, { echo: true, source, ruleset: SMT_META.id, skipBlankAndComments: SMT_META.skipBlankAndComments });
  return { lines: sink.stdout, stderr: sink.stderr, exitCode };
}

function newBattle(text: string, dataDir: string): SmtBattle {
  return createSmtBattle(smtSetupFromTexts(new Map([[TEAM_FILE_NAME, text]]), dataDir));
}

/** Plays a whole choice list (the team file choice `0` is added in front) as a piped run would. */
export function playBattle(text: string, choices: readonly string[], dataDir: string = DATA_SMT): ReplayResult {
  return replay(newBattle(text, dataDir), ['0', ...choices]);
}

export interface SmtTestBattle {
  readonly battle: SmtBattle;
  /** The whole log so far (stdout), echo included. */
  readonly lines: readonly string[];
  readonly stderr: readonly string[];
  /** True once the battle printed its `Ganador:` line (or an invalid team file). */
  readonly ended: boolean;
  /** Feeds choice lines one by one; returns the lines they printed. */
  choose(...choices: string[]): string[];
  /** The pending menu as printed: its header line and its options. */
  pendingMenu(): string[];
  /** The unit whose action menu is pending, or null when another menu (or none) is pending. */
  actor(): string | null;
  /** Pasar Turno for whoever acts now; returns the lines it printed. */
  pass(): string[];
  /** Passes until the round changes hands (or the game ends); returns the lines printed. */
  passRound(): string[];
  /** Ends the input like an exhausted stdin would; returns the exit code. */
  finish(): number;
}

export interface CreateBattleOptions {
  readonly dataDir?: string;
  /** Choose the team file (input `0`) at once. Default true. */
  readonly load?: boolean;
}

/** A battle on one in-memory team file, driven choice by choice through the real session driver. */
export function createBattle(text: string, options: CreateBattleOptions = {}): SmtTestBattle {
  const battle = newBattle(text, options.dataDir ?? DATA_SMT);
  const sink = new MemorySink();
  const session = new Session(battle, sink, { echo: true, source: '<test>', ruleset: SMT_META.id, skipBlankAndComments: false });
  if (!session.start()) throw new Error(`battle broke before its first prompt: ${sink.stderr.join(' | ')}`);

  const t: SmtTestBattle = {
    battle,
    get lines() {
      return sink.stdout;
    },
    get stderr() {
      return sink.stderr;
    },
    get ended() {
      return battle.pending().kind === 'ended';
    },
    choose(...choices: string[]): string[] {
      const start = sink.stdout.length;
      for (const choice of choices) {
        if (battle.pending().kind === 'ended') throw new Error(`choice '${choice}' fed after the end of the game`);
        session.offer(choice);
        const internal = sink.stderr.find((l) => l.startsWith('internal error'));
        if (internal !== undefined) throw new Error(internal);
      }
      return sink.stdout.slice(start);
    },
    pendingMenu(): string[] {
      return pendingMenu(sink.stdout);
    },
    actor(): string | null {
      const header = pendingMenu(sink.stdout)[0];
      const m = header === undefined ? null : /^Seleccione una acción para (.+)$/.exec(header);
      return m === null ? null : m[1]!;
    },
    pass(): string[] {
      if (t.actor() === null) throw new Error(`no action menu is pending:\n${t.pendingMenu().join('\n')}`);
      const option = t.pendingMenu().find((l) => /^\d+: Pasar Turno$/.test(l));
      if (option === undefined) throw new Error('the action menu has no Pasar Turno');
      return t.choose(option.split(':')[0]!);
    },
    passRound(): string[] {
      const out: string[] = [];
      for (let guard = 0; guard < 64; guard++) {
        const lines = t.pass();
        out.push(...lines);
        if (t.ended || lines.some((l) => l.startsWith('Ronda de '))) return out;
      }
      throw new Error('passRound: the round never ended');
    },
    finish(): number {
      return session.finish();
    },
  };
  if (options.load ?? true) t.choose('0');
  return t;
}

const MENU_HEADER = /^(Seleccione |Elige un archivo)/;

/** The last menu of a log that ends on a prompt: from its header line to the end. */
export function pendingMenu(lines: readonly string[]): string[] {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i]!.startsWith('INPUT: ')) break;
    if (MENU_HEADER.test(lines[i]!)) return lines.slice(i);
  }
  return [];
}

// ---- Domain asserts and readers ----

export function expectLine(lines: readonly string[], text: string): void {
  expect(lines, `expected the log to contain the line "${text}"`).toContain(text);
}

export function expectNoLine(lines: readonly string[], pattern: string | RegExp): void {
  const hit = lines.find((l) => (typeof pattern === 'string' ? l === pattern : pattern.test(l)));
  expect(hit, `expected no line matching ${String(pattern)}`).toBeUndefined();
}

/** `block` appears in `lines` as consecutive lines. */
export function expectBlock(lines: readonly string[], block: readonly string[]): void {
  for (let i = 0; i + block.length <= lines.length; i++) {
    if (block.every((b, j) => lines[i + j] === b)) return;
  }
  expect.fail(`expected the consecutive lines\n  ${block.join('\n  ')}\nin the log:\n  ${lines.join('\n  ')}`);
}

export interface TurnReport {
  readonly full: number;
  readonly blinking: number;
  readonly gained: number;
}

/** Every turn report (`Se han consumido …` / `Se han obtenido …`) of the log, in order. */
export function turnReports(lines: readonly string[]): TurnReport[] {
  const out: TurnReport[] = [];
  lines.forEach((line, i) => {
    const m = /^Se han consumido (\d+) Full Turn\(s\) y (\d+) Blinking Turn\(s\)$/.exec(line);
    if (m === null) return;
    const g = /^Se han obtenido (\d+) Blinking Turn\(s\)$/.exec(lines[i + 1] ?? '');
    if (g === null) throw new Error(`turn report at line ${i + 1} has no "Se han obtenido" line`);
    out.push({ full: Number(m[1]), blinking: Number(m[2]), gained: Number(g[1]) });
  });
  return out;
}

export function lastTurnReport(lines: readonly string[]): TurnReport {
  const all = turnReports(lines);
  const last = all[all.length - 1];
  if (last === undefined) throw new Error('the log has no turn report');
  return last;
}

export interface Status {
  /** Board lines per player: `[J1 lines A–D, J2 lines A–D]`, exactly as printed (`A-Flynn HP:…`, `B-`). */
  readonly boards: readonly [readonly string[], readonly string[]];
  readonly full: number;
  readonly blinking: number;
  /** Unit names in the `Orden:` list. */
  readonly order: readonly string[];
}

/** Every status block (board, turn counters, Orden) of the log, in order. */
export function statuses(lines: readonly string[]): Status[] {
  const out: Status[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('Equipo de ') || !/\(J1\)$/.test(lines[i]!)) continue;
    const j1 = lines.slice(i + 1, i + 5);
    const j2 = lines.slice(i + 6, i + 10);
    const full = /^Full Turns: (\d+)$/.exec(lines[i + 11] ?? '');
    const blinking = /^Blinking Turns: (\d+)$/.exec(lines[i + 12] ?? '');
    if (full === null || blinking === null || lines[i + 14] !== 'Orden:') throw new Error(`malformed status block at line ${i + 1}`);
    const order: string[] = [];
    for (let k = i + 15; lines[k] !== SEPARATOR && k < lines.length; k++) order.push(lines[k]!.replace(/^\d+-/, ''));
    out.push({ boards: [j1, j2], full: Number(full[1]), blinking: Number(blinking[1]), order });
  }
  return out;
}

export function lastStatus(lines: readonly string[]): Status {
  const all = statuses(lines);
  const last = all[all.length - 1];
  if (last === undefined) throw new Error('the log has no status block');
  return last;
}

/**
 * The result lines of the last completed action: what stands between the separator that closes its last
 * menu and the separator before its turn report (empty for Pasar Turno).
 */
export function lastActionResult(lines: readonly string[]): string[] {
  let report = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i]!.startsWith('Se han consumido ')) {
      report = i;
      break;
    }
  }
  if (report < 0) throw new Error('the log has no completed action');
  // lines[report - 1] is the separator before the report; the result starts after the previous separator.
  let start = report - 2;
  while (start >= 0 && lines[start] !== SEPARATOR) {
    if (lines[start]!.startsWith('INPUT: ')) return []; // Pasar Turno: the report follows the menu's separator
    start--;
  }
  return lines.slice(start + 1, report - 1);
}

/** The winner line, or undefined while the game goes on. */
export function winnerLine(lines: readonly string[]): string | undefined {
  return lines.find((l) => l.startsWith('Ganador: '));
}

/**
 * The options of the pending menu without their numbers, with unit stats and positions dropped:
 * `['High Pixie', 'Leanan Sidhe', 'Cancelar']`, `['Vacío', 'Jack Frost', …]`, `['Atacar', …]`.
 */
export function menuChoices(lines: readonly string[]): string[] {
  return pendingMenu(lines)
    .slice(1)
    .map((l) => l.replace(/^\d+(?:-|: )/, '').replace(/ HP:\d+\/\d+ MP:\d+\/\d+/, '').replace(/ \(Puesto \d\)$/, '').replace(/ MP:-?\d+$/, ''));
}
