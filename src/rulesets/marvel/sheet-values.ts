/**
 * The value forms shared by sheet lines and referee commands (spec §3): EXPR, durations, modifier channels
 * and values, and the three `fx` items. Each parser returns null (or throws a SheetFail with the exact
 * §3.1 message) so callers can report in their own words.
 */
import { parseKindList, parseKindSet } from './kinds.js';
import type { Chan, Dur, Expr, FxItem, ModValue } from './model.js';
import { MAX_INT, parseFactor, parseFlat, parsePct, parseUInt } from './numbers.js';

/** A sheet error message, positioned by the file parser. */
export class SheetFail {
  constructor(readonly message: string) {}
}

export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
export const STAT_NAME = /^[A-Z][A-Z0-9_]*$/;
export const RESERVED = ['skill', 'on', 'for', 'norange', 'defence', 'evasion', 'counter', 'anticipation', 'annulment', 'a', 'b'];

export function isReserved(word: string): boolean {
  return RESERVED.includes(word.toLowerCase());
}

/** A name for a character or skill: an identifier that is not a reserved word. */
export function isName(word: string): boolean {
  return IDENTIFIER.test(word) && !isReserved(word);
}

/** `<STAT>*<factor>` or a non-negative integer. */
export function parseExpr(text: string): Expr | null {
  const star = text.indexOf('*');
  if (star < 0) {
    const value = parseUInt(text, 0, MAX_INT);
    return value === null ? null : { value };
  }
  const stat = text.slice(0, star);
  const factor = parseFactor(text.slice(star + 1));
  return STAT_NAME.test(stat) && factor !== null ? { stat, factor } : null;
}

/** perm, <N>r, <N>a (N 1..99, D59) or, where allowed, next. Case-insensitive. */
export function parseDur(text: string, allowNext: boolean): Dur | null {
  const word = text.toLowerCase();
  if (word === 'perm') return { t: 'perm' };
  if (word === 'next') return allowNext ? { t: 'next' } : null;
  const m = /^(\d+)([ra])$/.exec(word);
  if (m === null) return null;
  const n = parseUInt(m[1]!, 1, 99);
  return n === null ? null : { t: m[2] as 'r' | 'a', n };
}

export interface ChanValue {
  readonly chan: Chan;
  readonly stat?: string;
  readonly value: ModValue;
}

function pctOrFlat(text: string): ModValue | null {
  const pct = parsePct(text);
  if (pct !== null) return { op: 'pct', value: pct };
  const flat = parseFlat(text);
  return flat === null ? null : { op: 'flat', value: flat };
}

/** A passive or modifier channel with its value (`stat.FUE` `+10%`, `pdef` `100/*`, ...); null when bad. */
export function parseChanValue(chanText: string, valueText: string, allowCost: boolean): ChanValue | null {
  const lower = chanText.toLowerCase();
  if (lower.startsWith('stat.')) {
    const stat = chanText.slice(5);
    const value = pctOrFlat(valueText);
    return STAT_NAME.test(stat) && value !== null ? { chan: 'stat', stat, value } : null;
  }
  if (lower === 'dmg' || lower === 'def' || lower === 'dmgdef') {
    const value = pctOrFlat(valueText);
    return value === null ? null : { chan: lower, value };
  }
  if (lower === 'cost') {
    const value = parseFlat(valueText);
    return allowCost && value !== null && value <= 0 ? { chan: 'cost', value: { op: 'flat', value } } : null;
  }
  const slash = valueText.indexOf('/');
  if (slash < 0 || (lower !== 'pdef' && lower !== 'red' && lower !== 'imm')) return null;
  const kinds = parseKindSet(valueText.slice(slash + 1));
  const head = valueText.slice(0, slash);
  if (kinds === null) return null;
  if (lower === 'pdef') {
    const value = parseUInt(head, 0, MAX_INT);
    return value === null ? null : { chan: 'pdef', value: { op: 'flat', value, kinds } };
  }
  if (lower === 'red') {
    const value = parsePct(head);
    return value === null || value <= 0 || value > 10_000 ? null : { chan: 'red', value: { op: 'pct', value, kinds } };
  }
  const level = head.toLowerCase();
  if (level !== 'partial' && level !== 'total') return null;
  return { chan: 'imm', value: { op: 'level', value: level === 'total' ? 100 : 50, kinds } };
}

function dotItem(item: string, parts: string[]): FxItem {
  const shape = `expected dot:<Type>:<EXPR>:<ticks>[:<kinds>], got '${item}'`;
  if ((parts.length !== 4 && parts.length !== 5) || !IDENTIFIER.test(parts[1]!)) throw new SheetFail(shape);
  const amount = parseExpr(parts[2]!);
  const ticks = parseUInt(parts[3]!, 1, 99);
  const kinds = parts.length === 5 ? parseKindList(parts[4]!) : undefined;
  if (amount === null || ticks === null || kinds === null) {
    throw new SheetFail(`expected dot:<Type>:<EXPR>:<ticks 1..99>[:<kinds>], got '${item}'`);
  }
  return kinds === undefined ? { t: 'dot', type: parts[1]!, amount, ticks } : { t: 'dot', type: parts[1]!, amount, ticks, kinds };
}

/** The modifier spec shared by `mod:` items and `ref mod`: `<chan>:<value>[/<kinds>]:<dur>`. */
export function parseModSpec(chanText: string, valueText: string, durText: string): { cv: ChanValue; dur: Dur } | string {
  const cv = parseChanValue(chanText, valueText, true);
  if (cv === null) return `expected a modifier channel and value, got '${chanText}:${valueText}'`;
  const dur = parseDur(durText, cv.chan === 'dmg' || cv.chan === 'dmgdef');
  if (dur === null) return `expected a duration perm, <N>r, <N>a or next (dmg/dmgdef only), got '${durText}'`;
  return { cv, dur };
}

function modItem(item: string, parts: string[]): FxItem {
  if ((parts.length !== 4 && parts.length !== 5) || (parts.length === 5 && parts[4]!.toLowerCase() !== 'self')) {
    throw new SheetFail(`expected mod:<chan>:<value>[/<kinds>]:<dur>[:self], got '${item}'`);
  }
  const spec = parseModSpec(parts[1]!, parts[2]!, parts[3]!);
  if (typeof spec === 'string') throw new SheetFail(spec);
  const { cv, dur } = spec;
  const base = { t: 'mod' as const, chan: cv.chan, value: cv.value, dur, self: parts.length === 5 };
  return cv.stat === undefined ? base : { ...base, stat: cv.stat };
}

function statusItem(item: string, parts: string[]): FxItem {
  if (
    (parts.length !== 3 && parts.length !== 4) ||
    !IDENTIFIER.test(parts[1]!) ||
    (parts.length === 4 && parts[3]!.toLowerCase() !== 'self')
  ) {
    throw new SheetFail(`expected status:<Name>:<dur>[:self], got '${item}'`);
  }
  const dur = parseDur(parts[2]!, false);
  if (dur === null) throw new SheetFail(`expected a duration perm, <N>r or <N>a, got '${parts[2]!}'`);
  return { t: 'status', name: parts[1]!, dur, self: parts.length === 4 };
}

/** v2 `heal:<EXPR>[:<kinds>]` (§10.5). */
function healItem(item: string, parts: string[]): FxItem {
  const amount = parts.length === 2 || parts.length === 3 ? parseExpr(parts[1]!) : null;
  const kinds = parts.length === 3 ? parseKindList(parts[2]!) : undefined;
  if (amount === null || kinds === null) throw new SheetFail(`expected heal:<EXPR>[:<kinds>], got '${item}'`);
  return kinds === undefined ? { t: 'heal', amount } : { t: 'heal', amount, kinds };
}

/** One `fx` item; throws the §3.1 message of its first failing check. */
export function parseFxItem(item: string): FxItem {
  const parts = item.split(':');
  switch (parts[0]!.toLowerCase()) {
    case 'dot':
      return dotItem(item, parts);
    case 'mod':
      return modItem(item, parts);
    case 'status':
      return statusItem(item, parts);
    case 'heal':
      return healItem(item, parts);
    default:
      throw new SheetFail(`expected an fx item dot:, mod: or status:, got '${item}'`);
  }
}
