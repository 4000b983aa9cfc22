/**
 * The command language (spec §12-13) and its E_SYNTAX forms (D42). A line is normalized (trimmed, blanks
 * collapsed) and parsed into a Command; names are not looked up here.
 */
import { type Kind, parseKindList } from './kinds.js';
import { type Facing, type Point, parseFacing } from './grid.js';
import type { Dur } from './model.js';
import { MAX_INT, parseSignedInt, parseUInt } from './numbers.js';
import { type ChanValue, IDENTIFIER, isReserved, parseDur, parseModSpec } from './sheet-values.js';

export const TYPE_WORDS = ['defence', 'evasion', 'counter', 'anticipation', 'annulment'] as const;

export type RefCommand =
  | { s: 'undo' | 'timeout' | 'quiet' }
  | { s: 'defeat'; x: string }
  | { s: 'vit' | 'pa'; x: string; n: number }
  | { s: 'mod'; x: string; cv: ChanValue; dur: Dur; src: 'own' | 'enemy' }
  | { s: 'unmod'; x: string; id: number; written: string }
  | { s: 'dot'; x: string; type: string; amount: number; ticks: number; kinds: Kind[] }
  | { s: 'undot'; x: string; type: string }
  | { s: 'status-add'; x: string; name: string; dur: Dur }
  | { s: 'status-remove'; x: string; name: string }
  | { s: 'withdraw'; winner: string | null }
  | { s: 'end'; side: string }
  | { s: 'note'; text: string }
  | { s: 'place'; x: string; cx: number; cy: number; facing: Facing | null }
  | { s: 'fly'; x: string; h: number }
  | { s: 'hide' | 'reveal'; x: string };

export type Command =
  | { v: 'start-challenge'; x: string; y: string }
  | { v: 'start-attack'; x: string; s: string; targets: string[] }
  | { v: 'equip'; x: string; text: string }
  | { v: 'begin' }
  | { v: 'use'; x: string; s: string; targets: string[] | null }
  | { v: 'pass'; x: string | null }
  | { v: 'interfere'; y: string; s: string }
  | { v: 'react'; r: string; type: string | null; s: string; forT: string | null; norange: boolean; to: Point | null }
  | { v: 'take'; t: string }
  | { v: 'join'; x: string; side: string; s: string }
  | { v: 'flee' | 'yield'; x: string }
  | { v: 'status' }
  | { v: 'ref'; sub: string; args: string; ref: RefCommand };

export type Parsed = { ok: true; line: string; cmd: Command } | { ok: false; line: string; form: string };

const CHALLENGE = 'start challenge <X> <Y>';
const ATTACK = 'start attack <X> [skill] <S> on <T1> [<T2>]';
const FORMS: Record<string, string> = {
  equip: 'equip <X> <text...>',
  begin: 'begin',
  use: 'use <X> [skill] <S> [on <T>...]',
  pass: 'pass [<X>]',
  interfere: 'interfere <Y> [skill] <S>',
  react: 'react <R> [defence|evasion|counter|anticipation|annulment] <S> [for <T>] [norange]',
  // v2: the form of a react line with a `to` token (D76)
  reactTo: 'react <R> [defence|evasion|counter|anticipation|annulment] <S> [for <T>] [norange] [to <x> <y>]',
  take: 'take <T>',
  join: 'join <X> <A|B> [skill] <S>',
  flee: 'flee <X>',
  yield: 'yield <X>',
  status: 'status',
};
const REF_FORMS: Record<string, string> = {
  undo: 'ref undo',
  timeout: 'ref timeout',
  defeat: 'ref defeat <X>',
  vit: 'ref vit <X> <+n|-n>',
  pa: 'ref pa <X> <+n|-n>',
  mod: 'ref mod <X> <chan>:<value>[/<kinds>]:<dur> src=<own|enemy>',
  unmod: 'ref unmod <X> <id>',
  dot: 'ref dot <X> <Type> <amount> <ticks> [<kinds>]',
  undot: 'ref undot <X> <Type>',
  status: 'ref status <X> +<Name> <dur> or ref status <X> -<Name>',
  quiet: 'ref quiet reset',
  withdraw: 'ref withdraw [winner <A|B>]',
  end: 'ref end <draw|A|B>',
  place: 'ref place <X> <x> <y> [N|NE|E|SE|S|SW|W|NW]',
  fly: 'ref fly <X> <height>',
  hide: 'ref hide <X>',
  reveal: 'ref reveal <X>',
  note: 'ref note <text...>',
};

/** Every player command's form, in §12's order (`help`, terminal only). */
export const COMMAND_FORMS: readonly string[] = [CHALLENGE, ATTACK, ...Object.entries(FORMS).filter(([v]) => v !== 'react').map(([, f]) => f)];
/** Every `ref` command's form (`help ref`, and a bare or unknown `ref` on a terminal). */
export const REF_FORM_LIST: readonly string[] = Object.values(REF_FORMS);

/** Trimmed, runs of spaces and tabs collapsed to one space (§2). */
export function normalize(line: string): string {
  return line.trim().replace(/[ \t]+/g, ' ');
}

const lower = (s: string | undefined) => (s ?? '').toLowerCase();
/** A name position: present and not a reserved word (§3), so `use Cap B` does not fit its form (D82). */
const isNameToken = (s: string | undefined): s is string => s !== undefined && !isReserved(s);

/** `[skill] <S>` at index i: the skill name and the index after it, or null. */
function skillAt(t: readonly string[], i: number): { s: string; next: number } | null {
  const at = lower(t[i]) === 'skill' ? i + 1 : i;
  const s = t[at];
  return isNameToken(s) ? { s, next: at + 1 } : null;
}

function parseUse(t: readonly string[]): Command | null {
  if (!isNameToken(t[1])) return null;
  const sk = skillAt(t, 2);
  if (sk === null) return null;
  if (sk.next === t.length) return { v: 'use', x: t[1], s: sk.s, targets: null };
  if (lower(t[sk.next]) !== 'on' || sk.next + 1 >= t.length) return null;
  const targets = t.slice(sk.next + 1);
  return targets.every(isNameToken) ? { v: 'use', x: t[1], s: sk.s, targets } : null;
}

function parseStart(t: readonly string[]): Command | string {
  const mode = lower(t[1]);
  if (mode === 'challenge') {
    return t.length === 4 && isNameToken(t[2]) && isNameToken(t[3]) ? { v: 'start-challenge', x: t[2], y: t[3] } : CHALLENGE;
  }
  if (mode === 'attack') {
    if (!isNameToken(t[2])) return ATTACK;
    const sk = skillAt(t, 3);
    if (sk === null || lower(t[sk.next]) !== 'on') return ATTACK;
    const targets = t.slice(sk.next + 1);
    if (targets.length < 1 || targets.length > 2 || !targets.every(isNameToken)) return ATTACK;
    return { v: 'start-attack', x: t[2], s: sk.s, targets };
  }
  return `${CHALLENGE} or ${ATTACK}`;
}

function parseReact(t: readonly string[]): Command | null {
  if (!isNameToken(t[1])) return null;
  let i = 2;
  let type: string | null = null;
  if ((TYPE_WORDS as readonly string[]).includes(lower(t[i]))) type = lower(t[i++]);
  const s = t[i++];
  if (!isNameToken(s)) return null;
  let forT: string | null = null;
  if (lower(t[i]) === 'for') {
    forT = t[i + 1] ?? null;
    if (!isNameToken(forT ?? undefined)) return null;
    i += 2;
  }
  let norange = false;
  if (lower(t[i]) === 'norange') {
    norange = true;
    i++;
  }
  let to: Point | null = null;
  if (lower(t[i]) === 'to') {
    const x = coordinate(t[i + 1]);
    const y = coordinate(t[i + 2]);
    if (x === null || y === null) return null;
    to = { x, y };
    i += 3;
  }
  return i === t.length ? { v: 'react', r: t[1], type, s, forT, norange, to } : null;
}

/** A grid coordinate or height, 0..99 written as 1 or 2 digits (§12). */
function coordinate(word: string | undefined): number | null {
  return word !== undefined && /^\d{1,2}$/.test(word) ? Number(word) : null;
}

function parseRef(t: readonly string[], line: string): RefCommand | null {
  const sub = lower(t[1]);
  const x = t[2];
  const n = t.length;
  switch (sub) {
    case 'undo':
    case 'timeout':
      return n === 2 ? { s: sub } : null;
    case 'quiet':
      return n === 3 && lower(t[2]) === 'reset' ? { s: 'quiet' } : null;
    case 'defeat':
      return n === 3 && isNameToken(x) ? { s: 'defeat', x } : null;
    case 'vit':
    case 'pa': {
      const value = n === 4 ? parseSignedInt(t[3]!, -MAX_INT, MAX_INT) : null;
      return value !== null && isNameToken(x) ? { s: sub, x, n: value } : null;
    }
    case 'mod': {
      if (n !== 5 || !isNameToken(x)) return null;
      const src = lower(t[4]);
      const parts = t[3]!.split(':');
      if (parts.length !== 3 || (src !== 'src=own' && src !== 'src=enemy')) return null;
      const spec = parseModSpec(parts[0]!, parts[1]!, parts[2]!);
      if (typeof spec === 'string') return null;
      const enemy = src === 'src=enemy';
      const bad = ['pdef', 'red', 'imm'].includes(spec.cv.chan) || spec.cv.value.value >= 0;
      if (enemy && bad) return null;
      return { s: 'mod', x, cv: spec.cv, dur: spec.dur, src: enemy ? 'enemy' : 'own' };
    }
    case 'unmod': {
      const m = n === 4 ? /^#?(\d+)$/.exec(t[3]!) : null;
      const id = m === null ? null : parseUInt(m[1]!, 0, 999_999_999);
      return id !== null && isNameToken(x) ? { s: 'unmod', x, id, written: t[3]! } : null;
    }
    case 'dot': {
      if ((n !== 6 && n !== 7) || !isNameToken(x) || !IDENTIFIER.test(t[3]!)) return null;
      const amount = parseUInt(t[4]!, 0, MAX_INT);
      const ticks = parseUInt(t[5]!, 1, 99);
      const kinds = n === 7 ? parseKindList(t[6]!) : [];
      if (amount === null || ticks === null || kinds === null) return null;
      return { s: 'dot', x, type: t[3]!, amount, ticks, kinds };
    }
    case 'undot':
      return n === 4 && isNameToken(x) ? { s: 'undot', x, type: t[3]! } : null;
    case 'status': {
      if (!isNameToken(x)) return null;
      const word = t[3] ?? '';
      const name = word.slice(1);
      if (n === 5 && word.startsWith('+') && IDENTIFIER.test(name)) {
        const dur = parseDur(t[4]!, false);
        return dur === null ? null : { s: 'status-add', x, name, dur };
      }
      if (n === 4 && word.startsWith('-') && IDENTIFIER.test(name)) return { s: 'status-remove', x, name };
      return null;
    }
    case 'withdraw':
      if (n === 2) return { s: 'withdraw', winner: null };
      return n === 4 && lower(t[2]) === 'winner' ? { s: 'withdraw', winner: t[3]! } : null;
    case 'end':
      return n === 3 ? { s: 'end', side: t[2]! } : null;
    case 'note':
      return n >= 3 ? { s: 'note', text: line.split(' ').slice(2).join(' ') } : null;
    case 'place': {
      if ((n !== 5 && n !== 6) || !isNameToken(x)) return null;
      const cx = coordinate(t[3]);
      const cy = coordinate(t[4]);
      const facing = n === 6 ? parseFacing(t[5]!) : null;
      if (cx === null || cy === null || (n === 6 && facing === null)) return null;
      return { s: 'place', x, cx, cy, facing };
    }
    case 'fly': {
      const h = n === 4 ? coordinate(t[3]) : null;
      return h !== null && isNameToken(x) ? { s: 'fly', x, h } : null;
    }
    case 'hide':
    case 'reveal':
      return n === 3 && isNameToken(x) ? { s: sub, x } : null;
    default:
      return null;
  }
}

/** Parses one raw script line. */
export function parseCommand(raw: string): Parsed {
  const line = normalize(raw);
  const t = line === '' ? [] : line.split(' ');
  const verb = lower(t[0]);
  const fail = (form: string): Parsed => ({ ok: false, line, form });
  const ok = (cmd: Command | null, form: string): Parsed => (cmd === null ? fail(form) : { ok: true, line, cmd });
  const n = t.length;
  switch (verb) {
    case 'start': {
      const parsed = parseStart(t);
      return typeof parsed === 'string' ? fail(parsed) : { ok: true, line, cmd: parsed };
    }
    case 'equip':
      return ok(n >= 3 && isNameToken(t[1]) ? { v: 'equip', x: t[1], text: t.slice(2).join(' ') } : null, FORMS.equip!);
    case 'begin':
      return ok(n === 1 ? { v: 'begin' } : null, FORMS.begin!);
    case 'status':
      return ok(n === 1 ? { v: 'status' } : null, FORMS.status!);
    case 'use':
      return ok(parseUse(t), FORMS.use!);
    case 'pass':
      return ok(n === 1 ? { v: 'pass', x: null } : n === 2 && isNameToken(t[1]) ? { v: 'pass', x: t[1] } : null, FORMS.pass!);
    case 'interfere': {
      const sk = isNameToken(t[1]) ? skillAt(t, 2) : null;
      return ok(sk !== null && sk.next === n ? { v: 'interfere', y: t[1]!, s: sk.s } : null, FORMS.interfere!);
    }
    case 'react':
      return ok(parseReact(t), t.slice(1).some((w) => lower(w) === 'to') ? FORMS.reactTo! : FORMS.react!);
    case 'take':
      return ok(n === 2 && isNameToken(t[1]) ? { v: 'take', t: t[1] } : null, FORMS.take!);
    case 'join': {
      const sk = isNameToken(t[1]) && t[2] !== undefined ? skillAt(t, 3) : null;
      return ok(sk !== null && sk.next === n ? { v: 'join', x: t[1]!, side: t[2]!, s: sk.s } : null, FORMS.join!);
    }
    case 'flee':
    case 'yield':
      return ok(n === 2 && isNameToken(t[1]) ? { v: verb, x: t[1] } : null, FORMS[verb]!);
    case 'ref': {
      const sub = lower(t[1]);
      const form = Object.hasOwn(REF_FORMS, sub) ? REF_FORMS[sub] : undefined;
      if (form === undefined) return fail('a ref command');
      const ref = parseRef(t, line);
      const args = [sub, ...t.slice(2)].join(' ');
      return ref === null ? fail(form) : { ok: true, line, cmd: { v: 'ref', sub, args, ref } };
    }
    default:
      return fail('a command');
  }
}
