/**
 * The walk-mode distance search (spec 9.1), settled only as far as a decision needs. Costs are in half
 * steps (straight 2, diagonal 3), so ⌊dist⌋ = ⌊half / 2⌋.
 *
 * Walk mode: a cell *expands* when it is a source or Empty. Straight edges reach any in-board neighbour
 * (a wall or a unit gets a distance but does not expand); a diagonal edge needs the target and both side
 * cells Empty, or the target holding a unit with not both side cells walls. Distances are exact shortest
 * paths (D13); pred(x) is, among the expanding neighbours p with an edge p→x and dist(p) + cost = dist(x),
 * the one with the smallest dist(p), then column, then row.
 *
 * Dijkstra over a ring of four buckets (Dial's algorithm: every push is 2 or 3 above the bucket being
 * settled). Buckets are settled whole and in increasing distance, so once `level` = k every cell with
 * dist ≤ k half steps has its exact distance and every other cell has none or more than k: readers ask
 * for what they need (`settleThrough`, `reach`) and read only settled cells. An AI turn needs the map only
 * out to its target, and a 100x100 board was being searched whole several times per turn.
 *
 * The board is kept as a padded copy (a frame of OUT cells, which no edge reaches) so neighbours need no
 * bounds checks; `BattleState` keeps it in step with moves and deaths. The arrays live as long as the
 * board and are reset through the cells the last search touched.
 */
import { EMPTY, WALL } from '../board.js';
import type { Grid } from './grid.js';

export const UNREACHABLE = -1;

/** The frame of the padded board. */
const OUT = -3;

export class WalkSearch {
  readonly width: number;
  readonly height: number;
  /** Row length of the padded arrays: (column, row) is at (row + 1) · stride + column + 1. */
  readonly stride: number;
  /** Cell contents (WALL, EMPTY or a unit index), framed by OUT. */
  readonly code: Int32Array;
  /** Half steps from the nearest source: exact when at most `level`; UNREACHABLE when not reached (yet). */
  readonly half: Int32Array;
  /** The settled cells, nearest first. */
  readonly order: Int32Array;
  settled = 0;
  /** Every bucket up to this distance (half steps) is settled. */
  level = -1;
  private readonly buckets: Int32Array[] = [];
  private readonly sizes = new Int32Array(4);
  /** Entries in the buckets (stale ones included): none left means the search is complete. */
  private pending = 0;

  constructor(grid: Grid) {
    const { width, height, cells } = grid;
    this.width = width;
    this.height = height;
    this.stride = width + 2;
    const n = this.stride * (height + 2);
    this.code = new Int32Array(n).fill(OUT);
    for (let r = 0; r < height; r++) this.code.set(cells.subarray(r * width, (r + 1) * width), (r + 1) * this.stride + 1);
    this.half = new Int32Array(n).fill(UNREACHABLE);
    this.order = new Int32Array(n);
    const capacity = Math.min(n, 1024);
    for (let b = 0; b < 4; b++) this.buckets.push(new Int32Array(capacity));
  }

  index(column: number, row: number): number {
    return (row + 1) * this.stride + column + 1;
  }

  column(i: number): number {
    return (i % this.stride) - 1;
  }

  row(i: number): number {
    return Math.floor(i / this.stride) - 1;
  }

  /** The board cell `i` (row-major, unpadded) now holds `value`. */
  set(i: number, value: number): void {
    const column = i % this.width;
    this.code[this.index(column, (i - column) / this.width)] = value;
  }

  /** A new search, with no source yet (`addSource`): nothing is settled. */
  start(): void {
    const { half, order, buckets, sizes } = this;
    for (let k = 0; k < this.settled; k++) half[order[k]!] = UNREACHABLE;
    for (let b = 0; b < 4; b++) {
      const bucket = buckets[b]!;
      const size = sizes[b]!;
      for (let k = 0; k < size; k++) half[bucket[k]!] = UNREACHABLE;
      sizes[b] = 0;
    }
    this.settled = 0;
    this.level = -1;
    this.pending = 0;
  }

  /** Cell `s` (padded index) is a source of the search just started. */
  addSource(s: number): void {
    if (this.half[s] === 0) return;
    this.half[s] = 0;
    this.push(0, s);
  }

  /** Nothing is left to settle: every cell not reached has no path. */
  done(): boolean {
    return this.pending === 0;
  }

  /** Settles every cell whose distance is at most `limit` half steps. */
  settleThrough(limit: number): void {
    while (this.level < limit && this.pending > 0) this.settleLevel(this.level + 1);
  }

  /** Settles the next distance that has cells (when any is left). */
  settleNext(): void {
    const before = this.settled;
    while (this.settled === before && this.pending > 0) this.settleLevel(this.level + 1);
  }

  settleAll(): void {
    this.settleThrough(Infinity);
  }

  /** Settles as far as cell `x`; false when no path reaches it. */
  reach(x: number): boolean {
    for (;;) {
      const h = this.half[x]!;
      if (h !== UNREACHABLE && h <= this.level) return true;
      if (this.pending === 0) return false;
      this.settleLevel(this.level + 1);
    }
  }

  /** pred(x) for a settled, non-source x, by the tie-break rule above. */
  predecessor(x: number): number {
    const { half, code } = this;
    const S = this.stride;
    const target = half[x]!;
    const cx = code[x]!;
    let best = -1;
    let bestHalf = 0;
    // The 8 neighbours p in increasing (column, row): the first one found with the least dist wins.
    for (let e = 0; e < 8; e++) {
      const dc = PRED_DC[e]!;
      const dr = PRED_DR[e]!;
      const p = x + dr * S + dc;
      const hp = half[p]!;
      if (hp === UNREACHABLE || (hp !== 0 && code[p] !== EMPTY)) continue;
      if (dc !== 0 && dr !== 0) {
        if (hp + 3 !== target) continue;
        // Side cells (x.c, p.r) and (p.c, x.r).
        const s1 = code[x + dr * S]!;
        const s2 = code[x + dc]!;
        if (!(cx === EMPTY ? s1 === EMPTY && s2 === EMPTY : cx >= 0 && (s1 !== WALL || s2 !== WALL))) continue;
      } else if (hp + 2 !== target) continue;
      if (best < 0 || hp < bestHalf) {
        best = p;
        bestHalf = hp;
      }
    }
    if (best < 0) throw new Error(`no predecessor for (${this.column(x)},${this.row(x)})`);
    return best;
  }

  /**
   * Along Path(x) from the settled cell x toward its source: the first cell whose ⌊dist⌋ is within
   * `budget` (a source always is). Reads only cells nearer than x.
   */
  firstWithin(x: number, budget: number): number {
    let c = x;
    while (this.half[c]! >> 1 > budget) c = this.predecessor(c);
    return c;
  }

  private push(d: number, x: number): void {
    const b = d & 3;
    let bucket = this.buckets[b]!;
    const size = this.sizes[b]!;
    if (size === bucket.length) bucket = this.grow(b);
    bucket[size] = x;
    this.sizes[b] = size + 1;
    this.pending++;
  }

  private grow(b: number): Int32Array {
    const old = this.buckets[b]!;
    const grown = new Int32Array(Math.min(2 * old.length, this.half.length));
    grown.set(old);
    this.buckets[b] = grown;
    return grown;
  }

  /** Settles the cells at distance d (every bucket below is settled). */
  private settleLevel(d: number): void {
    this.level = d;
    const slot = d & 3;
    const count = this.sizes[slot]!;
    if (count === 0) return;
    const { code, half, order, buckets, sizes } = this;
    const S = this.stride;
    const bucket = buckets[slot]!;
    const s2 = (d + 2) & 3;
    const s3 = (d + 3) & 3;
    // Pushes from here go to d + 2 and d + 3 only, never to this bucket.
    let b2 = buckets[s2]!;
    let n2 = sizes[s2]!;
    let b3 = buckets[s3]!;
    let n3 = sizes[s3]!;
    const pushedBefore = n2 + n3;
    const d2 = d + 2;
    const d3 = d + 3;
    let settled = this.settled;
    for (let k = 0; k < count; k++) {
      const p = bucket[k]!;
      if (half[p] !== d) continue;
      order[settled++] = p;
      // Only sources have distance 0; other cells expand when Empty.
      if (d !== 0 && code[p] !== EMPTY) continue;
      const up = code[p - S]!;
      const down = code[p + S]!;
      const left = code[p - 1]!;
      const right = code[p + 1]!;
      // Straight steps: any cell in the board.
      for (let e = 0; e < 4; e++) {
        if ((e === 0 ? up : e === 1 ? down : e === 2 ? left : right) === OUT) continue;
        const x = p + (e === 0 ? -S : e === 1 ? S : e === 2 ? -1 : 1);
        const h = half[x]!;
        if (h === UNREACHABLE || d2 < h) {
          half[x] = d2;
          if (n2 === b2.length) {
            sizes[s2] = n2;
            b2 = this.grow(s2);
          }
          b2[n2++] = x;
        }
      }
      // Diagonals: up-left, down-left, up-right, down-right, with their side cells.
      for (let e = 0; e < 4; e++) {
        const vertical = e & 1 ? down : up;
        const horizontal = e & 2 ? right : left;
        const x = p + (e & 1 ? S : -S) + (e & 2 ? 1 : -1);
        const cx = code[x]!;
        if (!(cx === EMPTY ? vertical === EMPTY && horizontal === EMPTY : cx >= 0 && (vertical !== WALL || horizontal !== WALL))) continue;
        const h = half[x]!;
        if (h === UNREACHABLE || d3 < h) {
          half[x] = d3;
          if (n3 === b3.length) {
            sizes[s3] = n3;
            b3 = this.grow(s3);
          }
          b3[n3++] = x;
        }
      }
    }
    sizes[slot] = 0;
    sizes[s2] = n2;
    sizes[s3] = n3;
    this.pending += n2 + n3 - pushedBefore - count;
    this.settled = settled;
  }
}

/** Neighbour offsets of a cell in increasing (column, row). */
const PRED_DC = Int8Array.of(-1, -1, -1, 0, 0, 1, 1, 1);
const PRED_DR = Int8Array.of(-1, 0, 1, -1, 1, -1, 0, 1);
