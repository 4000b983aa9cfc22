/**
 * The one way the rules draw (8): every generator step goes through a `Draws` method that names its purpose
 * (a row of section 8), so no draw can go unreported. Each method makes exactly one `int(n)` call
 * (`uniformInt(0, n-1)`), or none when its candidate list is empty, so the sequence is the generator's as
 * before. With `--events` the draws are recorded with their purpose, outcome count, value and what they
 * chose; event-log.ts writes them between the rule events of their step.
 */
import type { Prng } from '../../core/prng.js';
import type { FieldRef } from './events.js';
import type { Axis, El, PlayerId } from './model.js';

/** The rows of section 8, as the `purpose` of a draw event. */
export type DrawPurpose =
  | 'elements-shuffle'
  | 'gravity-fixed'
  | 'board'
  /** v2 pre-match: a reset's free board, one int(#E) per cell (3.7, D75). */
  | 'prematch-board'
  | 'refill'
  /** v2 force-matchable: a refill draw among the elements that give a potential match, int(#pref) (3.6, D76). */
  | 'forcematch-refill'
  | 'random-cell'
  | 'random-mark'
  | 'random-shield'
  | 'random-lane'
  | 'sun-cell'
  | 'sun-element'
  | 'thunder-lane'
  | 'thunder-element'
  | 'shifter-cell'
  | 'shifter-orientation'
  | 'dimension'
  | 'spell-placement';

/** What a draw chose, beside its raw value. */
export type DrawChoice =
  | { readonly el: El }
  | { readonly cell: number }
  | { readonly lane: FieldRef }
  | { readonly side: string }
  | { readonly o: 'R' | 'F' }
  | { readonly with: number }
  | null;

export interface DrawRecord {
  readonly purpose: DrawPurpose;
  /** The cell the draw is for (board, refill, Sun's element, a shifter's orientation, Dimension), or -1. */
  readonly cell: number;
  /** The number of outcomes: the draw is `int(n)`. */
  readonly n: number;
  readonly value: number;
  readonly chose: DrawChoice;
  /** How many rule events of its step came before it (its place among them in the events file). */
  readonly after: number;
}

export class Draws {
  private records: DrawRecord[] | null;
  private step: { readonly length: number } = { length: 0 };

  constructor(
    readonly prng: Prng,
    recording = false,
  ) {
    this.records = recording ? [] : null;
  }

  /** The next draws are placed after the rule events of `ev` made so far. */
  follow(ev: { readonly length: number }): void {
    this.step = ev;
  }

  /** The draws recorded since the last call, in draw order ([] when not recording). */
  take(): DrawRecord[] {
    if (this.records === null) return [];
    const out = this.records;
    this.records = [];
    return out;
  }

  /** One draw `int(n)`: its raw value. */
  int(purpose: DrawPurpose, n: number): number {
    const value = this.prng.int(0, n - 1);
    if (this.records !== null) this.record(purpose, n, -1, value, null);
    return value;
  }

  /** Fisher–Yates from the last index down, one `int(i+1)` per index (CONVENTIONS), as Prng.shuffle. */
  shuffle<T>(purpose: DrawPurpose, items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(purpose, i + 1);
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }

  /** An element of `pool` (never empty), drawn for `cell` (-1: for no cell). */
  element(purpose: DrawPurpose, pool: readonly El[], cell = -1): El {
    return this.pick(purpose, pool, cell, (el) => ({ el }));
  }

  /** A cell of the list, or null without a draw when it is empty. */
  cell(purpose: DrawPurpose, cells: readonly number[]): number | null {
    return cells.length === 0 ? null : this.pick(purpose, cells, -1, (cell) => ({ cell }));
  }

  /** Dimension's partner for the warped cell `from`, or null without a draw. */
  partner(from: number, cells: readonly number[]): number | null {
    return cells.length === 0 ? null : this.pick('dimension', cells, from, (cell) => ({ with: cell }));
  }

  /** A lane index of p's field on ax, or null without a draw. */
  lane(purpose: DrawPurpose, lanes: readonly number[], p: PlayerId, ax: Axis): number | null {
    return lanes.length === 0 ? null : this.pick(purpose, lanes, -1, (lane) => ({ lane: { p, ax, lane } }));
  }

  /** One of the lanes of the list, or null without a draw. */
  shield(purpose: DrawPurpose, refs: readonly FieldRef[]): FieldRef | null {
    return refs.length === 0 ? null : this.pick(purpose, refs, -1, (lane) => ({ lane }));
  }

  /** A word of the list (never empty): `gravity-fixed`'s side. */
  side<T extends string>(purpose: DrawPurpose, words: readonly T[]): T {
    return this.pick(purpose, words, -1, (side) => ({ side }));
  }

  /** A shifter's orientation on `cell`: `int(2)`, 0 = R, 1 = F. */
  orientation(cell: number): 'R' | 'F' {
    const value = this.prng.int(0, 1);
    const o = value === 0 ? 'R' : 'F';
    if (this.records !== null) this.record('shifter-orientation', 2, cell, value, { o });
    return o;
  }

  /** One draw `int(list.length)` (the list never empty): the item drawn, recorded as `chose(item)`. */
  private pick<T>(purpose: DrawPurpose, list: readonly T[], cell: number, chose: (item: T) => DrawChoice): T {
    const value = this.prng.int(0, list.length - 1);
    const item = list[value]!;
    if (this.records !== null) this.record(purpose, list.length, cell, value, chose(item));
    return item;
  }

  private record(purpose: DrawPurpose, n: number, cell: number, value: number, chose: DrawChoice): void {
    this.records!.push({ purpose, cell, n, value, chose, after: this.step.length });
  }
}
