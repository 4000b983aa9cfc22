/**
 * The setup file as data (9.2): what each key said, before the checks that need the whole file. `makeSetup`
 * prints a document back as a setup file, so `parseSetup(makeSetup(d))` gives `d` again (I15).
 */
import type { Axis, El, Mode, OptionId, PlayerId, SpellChoice, Tier } from './model.js';

export interface ShieldFixture {
  readonly p: PlayerId;
  readonly ax: Axis;
  /** 0-based lane index. */
  readonly lane: number;
  readonly el: El;
  readonly s: number;
}
export interface MarkFixture {
  readonly r: number;
  readonly c: number;
  readonly token: string;
}
export interface SpellFixture {
  readonly p: PlayerId;
  readonly choice: SpellChoice;
}
export interface PendingFixture {
  readonly p: PlayerId;
  readonly el: El;
}

/** Every key is optional; absent means the default of 9.2. */
export interface SetupDoc {
  readonly mode?: Mode;
  readonly tier?: Tier;
  /** [] is `options none`. */
  readonly options?: readonly OptionId[];
  readonly seed?: number;
  readonly names: { readonly 1?: string; readonly 2?: string };
  readonly turnLimit?: number;
  readonly elements?: readonly El[];
  /** Rows as written (letters only). */
  readonly board?: readonly string[];
  readonly hp?: readonly [number, number];
  readonly force?: readonly [number, number];
  readonly startTurn?: number;
  readonly shields: readonly ShieldFixture[];
  readonly marks: readonly MarkFixture[];
  readonly pending: readonly PendingFixture[];
  /** `non-matching`'s choices (6.1); absent in older documents means none. */
  readonly spells?: readonly SpellFixture[];
}

export function rowLetter(r: number): string {
  return String.fromCharCode(65 + r);
}

export function cellName(r: number, c: number): string {
  return `${rowLetter(r)}${c + 1}`;
}

export function laneName(ax: Axis, lane: number): string {
  return ax === 'X' ? rowLetter(lane) : String(lane + 1);
}

/** Cell `i` (row-major) of an n x n board by name: `A1`. */
export function cellAt(n: number, i: number): string {
  return cellName(Math.floor(i / n), i % n);
}

/** A lane of a shield field by name, as the log and the event file write it: `P1.X:A`. */
export function fieldLaneName(r: { readonly p: PlayerId; readonly ax: Axis; readonly lane: number }): string {
  return `P${r.p}.${r.ax}:${laneName(r.ax, r.lane)}`;
}

function tierLine(t: Tier): string {
  return t.kind === 'rank' ? `rank ${t.rank}` : `${t.kind} ${t.level}`;
}

/** A setup file that parses back to `doc` (keys in one fixed order, the board last). */
export function makeSetup(doc: SetupDoc): string {
  const out: string[] = [];
  if (doc.mode !== undefined) out.push(`mode ${doc.mode}`);
  if (doc.tier !== undefined) out.push(`tier ${tierLine(doc.tier)}`);
  if (doc.options !== undefined) out.push(`options ${doc.options.length === 0 ? 'none' : doc.options.join(',')}`);
  if (doc.seed !== undefined) out.push(`seed ${doc.seed}`);
  for (const p of [1, 2] as const) {
    const name = doc.names[p];
    if (name !== undefined) out.push(`player P${p} ${name}`);
  }
  if (doc.turnLimit !== undefined) out.push(`turn-limit ${doc.turnLimit}`);
  if (doc.elements !== undefined) out.push(`elements ${doc.elements.join('')}`);
  if (doc.hp !== undefined) out.push(`hp ${doc.hp[0]} ${doc.hp[1]}`);
  if (doc.force !== undefined) out.push(`force ${doc.force[0]} ${doc.force[1]}`);
  if (doc.startTurn !== undefined) out.push(`start-turn ${doc.startTurn}`);
  for (const s of doc.shields) out.push(`shield P${s.p}.${s.ax} ${laneName(s.ax, s.lane)} ${s.el}${s.s}`);
  for (const m of doc.marks) out.push(`mark ${cellName(m.r, m.c)} ${m.token}`);
  for (const p of doc.pending) out.push(`pending P${p.p} ${p.el}`);
  for (const x of doc.spells ?? []) out.push(`spell P${x.p} ${x.choice}`);
  if (doc.board !== undefined) out.push('board', ...doc.board);
  return out.join('\n') + '\n';
}
