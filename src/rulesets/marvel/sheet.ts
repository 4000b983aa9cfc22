/**
 * Sheet files (spec §3): blocks `character … end` read in the order given, with the fatal E_SHEET
 * diagnostics of §3.1 (first error only, positioned at the physical line, whole-character checks at `end`,
 * an open block at the line after the last).
 */
import { splitLines } from '../../core/lines.js';
import type { Character, FueTier, Passive, Skill } from './model.js';
import { parseUInt } from './numbers.js';
import { parseSkillLine } from './sheet-skill.js';
import { SheetFail, STAT_NAME, isName, parseChanValue } from './sheet-values.js';
import { passiveStatTotal } from './stats-base.js';

export interface SheetText {
  /** The path as the user wrote it (for diagnostics). */
  readonly path: string;
  readonly text: string;
}

export type SheetResult =
  | { readonly ok: true; readonly roster: readonly Character[] }
  | { readonly ok: false; readonly error: string };

/** Normalized tokens of a sheet line: trimmed, runs of blanks collapsed (§2). */
export function tokenize(line: string): string[] {
  const t = line.trim();
  return t === '' ? [] : t.split(/[ \t]+/);
}

interface Block {
  id: string;
  stats: { name: string; value: number }[];
  fuetier?: { tier: FueTier; scale: number };
  passives: Passive[];
  skills: Skill[];
  statUses: string[];
}

const REQUIRED = ['VIT', 'PA', 'REF', 'VEL'];

function parsePassive(tokens: readonly string[], statUses: string[], hasFlight: boolean): Passive {
  if (tokens.length === 2) {
    const word = tokens[1]!.toLowerCase();
    if (word === 'noslot') return { kind: 'noslot' };
    const m = /^slots\+(\d+)$/.exec(word);
    if (m !== null) {
      const n = parseUInt(m[1]!, 0, 99);
      if (n === null) throw new SheetFail('expected slots+<0..99>');
      return { kind: 'slots', n };
    }
  }
  if (tokens.length === 3 && tokens[1]!.toLowerCase() === 'flight') {
    const n = parseUInt(tokens[2]!, 1, 99);
    if (n === null) throw new SheetFail('expected passive flight <1..99>');
    if (hasFlight) throw new SheetFail('expected passive flight only once');
    return { kind: 'flight', n };
  }
  if (tokens.length !== 3) throw new SheetFail('expected passive <spec> <value>');
  const cv = parseChanValue(tokens[1]!, tokens[2]!, false);
  if (cv === null) {
    throw new SheetFail(
      `expected a passive stat.<NAME>, dmg, def, dmgdef, pdef, red, imm, noslot or slots+N spec, got '${tokens[1]!} ${tokens[2]!}'`,
    );
  }
  const { chan, value } = cv;
  if (chan === 'stat') {
    statUses.push(cv.stat!);
    return { kind: 'stat', stat: cv.stat!, num: { op: value.op as 'pct' | 'flat', value: value.value } };
  }
  if (chan === 'dmg' || chan === 'def' || chan === 'dmgdef') {
    return { kind: chan, num: { op: value.op as 'pct' | 'flat', value: value.value } };
  }
  if (chan === 'pdef' || chan === 'red') return { kind: chan, value: value.value, kinds: value.kinds! };
  return { kind: 'imm', value: value.value as 50 | 100, kinds: value.kinds! };
}

function closeBlock(block: Block, tokens: readonly string[]): Character {
  if (tokens.length !== 1) throw new SheetFail("expected 'end'");
  for (const name of REQUIRED) {
    if (!block.stats.some((s) => s.name === name)) {
      throw new SheetFail(`expected a 'stat ${name}' line in character ${block.id}`);
    }
  }
  for (const name of block.statUses) {
    if (!block.stats.some((s) => s.name === name)) {
      throw new SheetFail(`expected stat ${name} to be declared in character ${block.id}`);
    }
  }
  const character: Character = {
    id: block.id,
    stats: block.stats,
    ...(block.fuetier === undefined ? {} : { fuetier: block.fuetier }),
    passives: block.passives,
    skills: block.skills,
  };
  if (passiveStatTotal(character, 'VIT') < 1) {
    throw new SheetFail(`expected a VIT total of at least 1 in character ${block.id}`);
  }
  return character;
}

function blockLine(block: Block, tokens: readonly string[]): void {
  const word = tokens[0]!.toLowerCase();
  switch (word) {
    case 'stat': {
      const value = tokens.length === 3 ? parseUInt(tokens[2]!, 0, 10_000_000) : null;
      if (value === null || !STAT_NAME.test(tokens[1]!)) throw new SheetFail('expected stat <NAME> <integer 0..10000000>');
      const name = tokens[1]!;
      if (block.stats.some((s) => s.name === name)) throw new SheetFail(`expected stat ${name} only once`);
      block.stats.push({ name, value });
      return;
    }
    case 'fuetier': {
      const tier = tokens.length === 3 ? tokens[1]!.toUpperCase() : '';
      const scale = tokens.length === 3 ? parseUInt(tokens[2]!, 1, 99) : null;
      if (!['III', 'II', 'I', '0'].includes(tier) || scale === null) throw new SheetFail('expected fuetier <III|II|I|0> <1..99>');
      if (block.fuetier !== undefined) throw new SheetFail('expected fuetier only once');
      block.fuetier = { tier: tier as FueTier, scale };
      return;
    }
    case 'passive':
      block.passives.push(parsePassive(tokens, block.statUses, block.passives.some((p) => p.kind === 'flight')));
      return;
    case 'skill':
      block.skills.push(
        parseSkillLine(
          tokens,
          block.skills.map((s) => s.name),
          block.statUses,
        ),
      );
      return;
    case 'character':
      throw new SheetFail("expected 'end' before a new character");
    default:
      throw new SheetFail(`expected character, stat, fuetier, passive, skill or end, got '${tokens[0]!}'`);
  }
}

/** Parses the sheet files in the order given into one roster, or the first E_SHEET line. */
export function parseSheets(files: readonly SheetText[]): SheetResult {
  const roster: Character[] = [];
  for (const file of files) {
    const lines = splitLines(file.text);
    const before = roster.length;
    let block: Block | null = null;
    let lineNo = 0;
    try {
      for (const line of lines) {
        lineNo++;
        const tokens = tokenize(line);
        if (tokens.length === 0 || tokens[0]!.startsWith('#')) continue;
        const word = tokens[0]!.toLowerCase();
        if (block === null) {
          if (word !== 'character') throw new SheetFail("expected 'character <Id>'");
          if (tokens.length !== 2 || !isName(tokens[1]!)) {
            throw new SheetFail('expected character <Id> with a name that is not a reserved word');
          }
          const id = tokens[1]!;
          if (roster.some((c) => c.id === id)) throw new SheetFail(`expected a new character name, got duplicate '${id}'`);
          block = { id, stats: [], passives: [], skills: [], statUses: [] };
        } else if (word === 'end') {
          roster.push(closeBlock(block, tokens));
          block = null;
        } else {
          blockLine(block, tokens);
        }
      }
      if (block !== null) {
        lineNo = lines.length + 1;
        throw new SheetFail(`expected 'end' for character ${block.id}`);
      }
      // A sheet with no character (empty, or comments only) is a mistake, not an empty roster: the spec gives
      // no default, so it is the §3 error of a missing `character` line, at the line after the last (CONVENTIONS).
      if (roster.length === before) {
        lineNo = lines.length + 1;
        throw new SheetFail("expected 'character <Id>'");
      }
    } catch (error) {
      if (error instanceof SheetFail) return { ok: false, error: `${file.path}:${lineNo}: E_SHEET: ${error.message}` };
      throw error;
    }
  }
  return { ok: true, roster };
}
