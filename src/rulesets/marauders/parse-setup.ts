/**
 * Setup text -> SetupDoc (9.2). Pass 1 reads the lines in order and checks what a line can check alone
 * (unknown and duplicate keys, the forms of mode, tier, options, seed, player, turn-limit, start-turn, force,
 * board, and of shield, mark, pending and spell with their repeated lane, cell or player, D87); pass 2
 * (setup-checks.ts) runs the checks that need the whole file, in D88's order, each at its own line (D53, D56).
 */
import {
  CASUAL_LEVELS, EXCLUSIVE, LATER_OPTIONS, STANDARD_LEVELS, V1_OPTIONS, V2_OPTIONS,
  isEl, isExclusiveId, markFromToken, type Axis, type El, type OptionId, type PlayerId, type SpellChoice, type Tier,
} from './model.js';
import { FORMS, loadMsg, SetupFailure, setupMsg } from './errors.js';
import { badValue, checkWholeSetup, parseCell } from './setup-checks.js';
import type { RawSetup, SetupLines } from './raw-setup.js';

export type { RawSetup, SetupLines };
import type { SetupDoc } from './setup-doc.js';

export type SetupResult = { readonly ok: true; readonly doc: SetupDoc } | { readonly ok: false; readonly error: string };

/** The option ids a setup may name. */
const ACCEPTED: readonly OptionId[] = [...V1_OPTIONS, ...V2_OPTIONS];

const KEYS = [
  'mode', 'tier', 'options', 'seed', 'player', 'turn-limit', 'elements', 'board', 'hp', 'force', 'start-turn',
  'shield', 'mark', 'pending', 'spell',
] as const;
type Key = (typeof KEYS)[number];
const REPEATABLE: readonly Key[] = ['shield', 'mark', 'pending', 'spell'];

/** Trims and makes runs of spaces and tabs one space (9.1). */
export function normalise(line: string): string {
  return line.trim().replace(/[ \t]+/g, ' ');
}

function intIn(text: string, lo: number, hi: number): number | null {
  if (!/^-?\d+$/.test(text)) return null;
  const v = Number(text);
  return Number.isSafeInteger(v) && v >= lo && v <= hi ? v : null;
}

/** Text of a setup file -> a checked document, or the positioned E_SETUP line. */
export function parseSetup(text: string, file: string): SetupResult {
  try {
    const raw = readLines(text);
    return { ok: true, doc: checkWholeSetup(raw) };
  } catch (error) {
    if (error instanceof SetupFailure) return { ok: false, error: loadMsg.setup(file, error) };
    throw error;
  }
}

function readLines(text: string): RawSetup {
  const rows = text.split('\n');
  if (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
  const raw: RawSetup = { names: {}, shields: [], marks: [], pending: [], spells: [], lines: { end: rows.length + 1 } };
  const seen = new Set<string>();
  let inBoard = false;
  rows.forEach((rawLine, index) => {
    const lineNo = index + 1;
    let line = index === 0 && rawLine.startsWith('\uFEFF') ? rawLine.slice(1) : rawLine;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const t = normalise(line);
    if (t === '' || t.startsWith('#')) return;
    if (inBoard && !t.includes(' ')) {
      raw.boardRows!.push({ text: t, line: lineNo });
      return;
    }
    inBoard = false;
    const space = t.indexOf(' ');
    const key = (space < 0 ? t : t.slice(0, space)).toLowerCase();
    const value = space < 0 ? '' : t.slice(space + 1);
    if (!(KEYS as readonly string[]).includes(key)) throw new SetupFailure(lineNo, setupMsg.unknownKey(key));
    const k = key as Key;
    const dupKey = k === 'player' ? `player ${value.split(' ')[0]!.toUpperCase()}` : k;
    if (!REPEATABLE.includes(k)) {
      if (seen.has(dupKey)) throw new SetupFailure(lineNo, setupMsg.duplicateKey(k));
      seen.add(dupKey);
    }
    readKey(raw, k, value, lineNo);
    if (k === 'board') inBoard = true;
  });
  return raw;
}

function readKey(raw: RawSetup, k: Key, v: string, line: number): void {
  const bad = () => badValue(line, v, k, FORMS[k]!);
  switch (k) {
    case 'mode': {
      const m = v.toLowerCase();
      if (m !== '2d' && m !== '1d') throw bad();
      raw.mode = m;
      raw.lines.mode = line;
      return;
    }
    case 'tier':
      raw.tier = parseTier(v) ?? (() => { throw bad(); })();
      raw.lines.tier = line;
      return;
    case 'options':
      raw.options = parseOptions(v, line);
      raw.lines.options = line;
      return;
    case 'seed': {
      if (!/^\d+$/.test(v)) throw bad();
      const s = Number(v);
      if (s > 4294967295) throw bad();
      raw.seed = s;
      raw.lines.seed = line;
      return;
    }
    case 'player': {
      const m = /^(p[12]) ([A-Za-z0-9_-]{1,16})$/i.exec(v);
      if (m === null) throw bad();
      raw.names[m[1]!.toUpperCase() === 'P1' ? 1 : 2] = m[2]!;
      return;
    }
    case 'turn-limit':
    case 'start-turn': {
      const n = intIn(v, 1, 9999);
      if (n === null || !/^\d+$/.test(v)) throw bad();
      if (k === 'turn-limit') {
        raw.turnLimit = n;
        raw.lines.turnLimit = line;
      } else {
        raw.startTurn = n;
        raw.lines.startTurn = line;
      }
      return;
    }
    case 'force': {
      const parts = v.split(' ');
      const a = parts.length === 2 && /^\d+$/.test(parts[0]!) ? intIn(parts[0]!, 0, 999999) : null;
      const b = parts.length === 2 && /^\d+$/.test(parts[1]!) ? intIn(parts[1]!, 0, 999999) : null;
      if (a === null || b === null) throw bad();
      raw.force = [a, b];
      raw.lines.force = line;
      return;
    }
    case 'board':
      if (v !== '') throw bad();
      raw.boardRows = [];
      raw.lines.board = line;
      return;
    case 'elements':
      raw.elements = { text: v, line };
      return;
    case 'hp':
      raw.hp = { text: v, line };
      return;
    case 'shield': {
      // D87: the form and a repeated lane are checked now; lane range, 1D and element in play wait
      const fx = readShield(v);
      if (fx === null) throw bad();
      if (raw.shields.some((x) => x.p === fx.p && x.ax === fx.ax && x.lane === fx.lane)) throw new SetupFailure(line, setupMsg.duplicateKey('shield'));
      raw.shields.push({ ...fx, text: v, line });
      return;
    }
    case 'mark': {
      const parts = v.split(' ');
      const cell = parts.length === 2 ? parseCell(parts[0]!) : null;
      const mark = parts.length === 2 ? markFromToken(parts[1]!) : null;
      if (cell === null || mark === null) throw bad();
      if (raw.marks.some((x) => x.r === cell.r && x.c === cell.c)) throw new SetupFailure(line, setupMsg.duplicateKey('mark'));
      raw.marks.push({ r: cell.r, c: cell.c, token: parts[1]!, mark, text: v, line });
      return;
    }
    case 'pending': {
      const m = /^(p[12]) ([A-Z])$/i.exec(v);
      const el = m?.[2];
      if (m === null || el === undefined || !isEl(el)) throw bad();
      const p: PlayerId = m[1]!.toUpperCase() === 'P1' ? 1 : 2;
      if (raw.pending.some((x) => x.p === p)) throw new SetupFailure(line, setupMsg.duplicateKey('pending'));
      raw.pending.push({ p, el, text: v, line });
      return;
    }
    case 'spell': {
      // 6.1, D41: an element letter (upper case only) or an exclusive spell id (any case)
      const m = /^(p[12]) (\S+)$/i.exec(v);
      const word = m?.[2];
      const choice: SpellChoice | null =
        word === undefined ? null : isEl(word) ? word : isExclusiveId(word.toLowerCase()) ? (word.toLowerCase() as SpellChoice) : null;
      if (m === null || choice === null) throw bad();
      const p: PlayerId = m[1]!.toUpperCase() === 'P1' ? 1 : 2;
      if (raw.spells.some((x) => x.p === p)) throw new SetupFailure(line, setupMsg.duplicateKey('spell'));
      raw.spells.push({ p, choice, text: v, line });
      return;
    }
  }
}

/** A shield line's form (9.2): player, axis, a lane written as its axis writes it, element letter, s != 0. */
function readShield(text: string): { p: PlayerId; ax: Axis; lane: number; el: El; s: number } | null {
  const m = /^(p[12])\.([xy]) ([A-Za-z]|[1-9][0-9]*) ([A-Z])(-?\d+)$/i.exec(text);
  if (m === null) return null;
  const p: PlayerId = m[1]!.toUpperCase() === 'P1' ? 1 : 2;
  const ax = m[2]!.toUpperCase() as Axis;
  const laneText = m[3]!;
  let lane: number;
  if (ax === 'X') {
    if (!/^[A-Za-z]$/.test(laneText)) return null;
    lane = laneText.toUpperCase().charCodeAt(0) - 65;
  } else {
    if (!/^\d+$/.test(laneText)) return null;
    lane = Number(laneText) - 1;
  }
  const el = m[4]!;
  if (!isEl(el)) return null;
  const s = Number(m[5]);
  if (!Number.isSafeInteger(s) || s === 0 || s < -9999 || s > 9999) return null;
  return { p, ax, lane, el, s };
}

export function parseTier(v: string): Tier | null {
  const [kind, arg, ...rest] = v.toLowerCase().split(' ');
  if (rest.length > 0 || arg === undefined) return null;
  if (kind === 'rank') return /^0*[1-9]$/.test(arg) ? { kind: 'rank', rank: Number(arg) } : null;
  if (kind === 'standard') {
    const level = STANDARD_LEVELS.find((l) => l === arg);
    return level === undefined ? null : { kind: 'standard', level };
  }
  if (kind === 'casual') {
    const level = CASUAL_LEVELS.find((l) => l === arg);
    return level === undefined ? null : { kind: 'casual', level };
  }
  return null;
}

function parseOptions(v: string, line: number): OptionId[] {
  if (v.toLowerCase() === 'none') return [];
  const ids = v.split(',').map((x) => x.trim());
  const out: OptionId[] = [];
  for (const raw of ids) {
    const id = raw.toLowerCase();
    if ((LATER_OPTIONS as readonly string[]).includes(id)) throw new SetupFailure(line, setupMsg.optionLater(id));
    if (!(ACCEPTED as readonly string[]).includes(id)) throw badValue(line, raw, 'options', FORMS.options!);
    if (out.includes(id as OptionId)) throw new SetupFailure(line, setupMsg.duplicateOption(id));
    out.push(id as OptionId);
  }
  // D90: a conflict within the line is reported when it is read, the pairs in EXCLUSIVE's order, named as written
  for (const group of EXCLUSIVE) {
    const present = out.filter((o) => group.with.includes(o));
    const pair = group.anchor === null ? present.slice(0, 2) : out.includes(group.anchor) ? [group.anchor, ...present.slice(0, 1)] : [];
    if (pair.length === 2) {
      const [a, b] = pair.sort((x, y) => out.indexOf(x) - out.indexOf(y));
      throw new SetupFailure(line, setupMsg.exclusiveOptions(a!, b!));
    }
  }
  return out;
}
