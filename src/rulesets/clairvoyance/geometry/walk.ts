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
 * Cells are settled in increasing *key* = distance + estimate, from a ring of 8 buckets of keys (Dial's
 * algorithm: a push is at most 6 above the key being settled), whole buckets at a time. Without an aim
 * the estimate is 0 (Dijkstra): once `level` = k, every cell at most k half steps away has its exact
 * distance and no other cell has one below k. With an aim (`aimAtCells`, `aimAtBox`) the estimate is the
 * octile distance (2·max + min of |dc|, |dr|) to the nearest aimed cell: never above the walk distance
 * and changing by at most a step's cost along a step, so every settled cell still has its exact distance
 * (A*), and an aimed cell (estimate 0) is settled once `level` reaches its distance. Any cell on a
 * shortest path to a settled cell x has a key at most x's and is settled too: pred() and Path() read only
 * settled cells. An AI turn settles a band around its path instead of the whole board.
 *
 * Indices are the board's (row-major). Each cell's byte holds its kind and which neighbours are in the
 * board, so the hot loop needs no bounds arithmetic; `BattleState` keeps them in step with moves and
 * deaths. The arrays live as long as the board and are reset through the cells the last search touched.
 */
import { EMPTY } from '../board.js';
import { DIAGONAL, HAS_DOWN, HAS_LEFT, HAS_RIGHT, HAS_UP, K_EMPTY, K_OUT, kindOf, kindsOf } from './cell-kinds.js';
import type { Grid } from './grid.js';

export const UNREACHABLE = -1;

/** `half` of a cell not reached (yet): above every distance, so a relaxation is one comparison. */
export const UNSEEN = 0x3fffffff;

export class WalkSearch {
  readonly width: number;
  readonly height: number;
  /** Per cell: its kind | HAS_* flags. */
  private readonly kinds: Uint8Array;
  /** The legal-step board of Disengage (escape()): the same, with only the Empty cells in it. */
  private legal: Uint8Array;
  /** Half steps from the nearest source: exact once settled; UNSEEN when not reached (yet). */
  readonly half: Int32Array;
  /** The settled cells, in increasing key (without an aim: nearest first). */
  readonly order: Int32Array;
  settled = 0;
  /** Every bucket up to this key is settled. */
  level = -1;
  /** The estimate of every cell reached by this search. */
  private readonly estimates: Int32Array;
  private readonly buckets: Int32Array[] = [];
  private readonly sizes = new Int32Array(8);
  /** Free entries left in every bucket, at least. */
  private room = 0;
  /** Entries in the buckets (stale ones included): none left means the search is complete. */
  private pending = 0;
  /** Step costs: 2 and 3 (half steps), or 4 and 6 for the escape field (quarter steps). */
  private readonly straight: number;
  private readonly diagonal: number;
  /** Aimed boxes, 4 numbers each (columns from, to, rows from, to; aimedCount numbers in all). */
  private aimed = new Int32Array(4);
  private aimedCount = 0;
  /** The neighbours a settled cell brings nearer. */
  private readonly nearer = new Int32Array(8);

  /** A search over `grid`; or, given `walk`, the escape field's search over its legal-step board. */
  constructor(grid: Grid, walk: WalkSearch | null = null) {
    const { width, height, cells } = grid;
    this.width = width;
    this.height = height;
    const n = width * height;
    if (walk === null) {
      this.kinds = kindsOf(width, height, cells);
      // Made by escape(), on the first Disengage.
      this.legal = new Uint8Array(0);
    } else {
      this.kinds = walk.legal;
      this.legal = walk.legal;
    }
    this.half = new Int32Array(n).fill(UNSEEN);
    this.order = new Int32Array(n);
    this.estimates = new Int32Array(n);
    // Empty: the first makeRoom() grows them, so growing is never a path first taken in optimised code.
    for (let b = 0; b < 8; b++) this.buckets.push(new Int32Array(0));
    this.straight = walk === null ? 2 : 4;
    this.diagonal = walk === null ? 3 : 6;
  }

  index(column: number, row: number): number {
    return row * this.width + column;
  }

  column(i: number): number {
    return i % this.width;
  }

  row(i: number): number {
    // Boards have at most 4,000,000 cells: `| 0` keeps it a small integer for the engine.
    return (i / this.width) | 0;
  }

  /** The board cell `i` now holds `value` (WALL, EMPTY or a unit index). */
  set(i: number, value: number): void {
    this.kinds[i] = (this.kinds[i]! & ~3) | kindOf(value);
    if (this.legal.length > 0) this.legal[i] = (this.legal[i]! & ~3) | (value === EMPTY ? K_EMPTY : K_OUT);
  }

  /** The search that relaxes the escape field: costs 4 and 6, over the legal-step board. */
  escape(): WalkSearch {
    // Kept aside, not in a field that would change from null to an object: the engine would deoptimise
    // the code that has seen this object.
    let escape = escapes.get(this);
    if (escape === undefined) {
      const { kinds } = this;
      const legal = new Uint8Array(kinds.length);
      for (let i = 0; i < kinds.length; i++) legal[i] = (kinds[i]! & ~3) | ((kinds[i]! & 3) === K_EMPTY ? K_EMPTY : K_OUT);
      this.legal = legal;
      escapes.set(this, (escape = new WalkSearch({ width: this.width, height: this.height, cells: new Int32Array(0) }, this)));
    }
    return escape;
  }

  /**
   * A new search, with no aim and no source yet: nothing is settled. `half` is reset through the cells
   * the last search touched, unless the caller sets every cell itself (`reset` false).
   */
  start(reset = true): void {
    const { half, order, buckets, sizes } = this;
    if (reset) for (let k = 0; k < this.settled; k++) half[order[k]!] = UNSEEN;
    for (let b = 0; b < 8; b++) {
      const bucket = buckets[b]!;
      const size = sizes[b]!;
      if (reset) for (let k = 0; k < size; k++) half[bucket[k]!] = UNSEEN;
      sizes[b] = 0;
    }
    this.settled = 0;
    this.level = -1;
    this.pending = 0;
    this.aimedCount = 0;
  }

  /** Aims the search just started at these cells (before its source). */
  aimAtCells(cells: readonly number[]): void {
    if (this.aimed.length < 4 * cells.length) this.aimed = new Int32Array(4 * cells.length);
    for (let k = 0; k < cells.length; k++) {
      const c = this.column(cells[k]!);
      const r = this.row(cells[k]!);
      this.aimed.set([c, c, r, r], 4 * k);
    }
    this.aimedCount = 4 * cells.length;
  }

  /** Aims the search just started at the cells of a box (inclusive; before its source). */
  aimAtBox(c0: number, r0: number, c1: number, r1: number): void {
    this.aimed.set([c0, c1, r0, r1]);
    this.aimedCount = 4;
  }

  /** Cell `s` is a source of the search just started (an aimed search has one). */
  addSource(s: number): void {
    if (this.half[s] === 0) return;
    const key = this.aimedCount > 0 ? this.estimate(s) : 0;
    // The ring holds keys from the one being settled to 6 above it: start right below the first.
    if (this.pending === 0) this.level = key - 1;
    else if (key !== this.level + 1) throw new Error('an aimed search has a single source');
    this.half[s] = 0;
    this.estimates[s] = key;
    this.push(key, s);
  }

  /** Escape search: cell x enters at `value`, every key below being settled (or nothing pending). */
  feed(value: number, x: number): void {
    if (this.pending === 0) this.level = value - 1;
    this.half[x] = value;
    this.estimates[x] = 0;
    this.push(value, x);
  }

  /** Nothing is left to settle: every cell not reached has no path. */
  done(): boolean {
    return this.pending === 0;
  }

  /** Whether cell x is settled (its distance is exact). */
  isSettled(x: number): boolean {
    return this.half[x]! + this.estimates[x]! <= this.level;
  }

  /** Settles every cell whose key is at most `limit`. */
  settleThrough(limit: number): void {
    while (this.level < limit && this.pending > 0) this.settleLevel(this.level + 1);
  }

  /** Settles the next key that has cells (when any is left). */
  settleNext(): void {
    const before = this.settled;
    while (this.settled === before && this.pending > 0) this.settleLevel(this.level + 1);
  }

  settleAll(): void {
    while (this.pending > 0) this.settleLevel(this.level + 1);
  }

  /** Settles as far as cell `x`; false when no path reaches it. */
  reach(x: number): boolean {
    for (;;) {
      if (this.isSettled(x)) return true;
      if (this.pending === 0) return false;
      this.settleLevel(this.level + 1);
    }
  }

  /** pred(x) for a settled, non-source x, by the tie-break rule above. */
  predecessor(x: number): number {
    const { half, kinds } = this;
    const W = this.width;
    const target = half[x]!;
    const fx = kinds[x]!;
    let best = -1;
    let bestHalf = 0;
    // The 8 neighbours p in increasing (column, row): the first one found with the least dist wins. A
    // neighbour not settled may hold a distance too high, never one that matches.
    for (let e = 0; e < 8; e++) {
      const dc = PRED_DC[e]!;
      const dr = PRED_DR[e]!;
      if ((fx & NEEDS[e]!) !== NEEDS[e]) continue;
      const p = x + dr * W + dc;
      const hp = half[p]!;
      if (hp === UNSEEN || (hp !== 0 && (kinds[p]! & 3) !== K_EMPTY)) continue;
      if (dc !== 0 && dr !== 0) {
        // The side cells are (x.c, p.r) and (p.c, x.r).
        if (hp + 3 !== target || DIAGONAL[((fx & 3) << 4) | ((kinds[x + dr * W]! & 3) << 2) | (kinds[x + dc]! & 3)] !== 1) continue;
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
   * `budget` (a source always is). Reads only cells on shortest paths to x.
   */
  firstWithin(x: number, budget: number): number {
    let c = x;
    while (this.half[c]! >> 1 > budget) c = this.predecessor(c);
    return c;
  }

  /**
   * Settles the cells whose key is k (every key below is settled): the hot loop of every search. The
   * neighbours a cell brings nearer are listed first (`nearer`: straight steps, then diagonals), then
   * pushed in one place. No rare branch: a path first taken in optimised code would deoptimise it.
   */
  private settleLevel(level: number): void {
    // Every number the loop reads is an int32 (`| 0`) and the module's constants are locals: otherwise the
    // optimised loop checks and untags a tagged value at each use and reloads each constant (with its
    // TDZ check), the calls in the loop keeping them from being hoisted. A fifth fewer instructions.
    const k = level | 0;
    const kEmpty = K_EMPTY | 0;
    const kOut = K_OUT | 0;
    const hasUp = HAS_UP | 0;
    const hasDown = HAS_DOWN | 0;
    const hasLeft = HAS_LEFT | 0;
    const hasRight = HAS_RIGHT | 0;
    const unseen = UNSEEN | 0;
    const diagonalRule = DIAGONAL;
    this.level = k;
    const slot = k & 7;
    const { kinds, half, order, estimates, sizes, buckets, nearer } = this;
    const W = this.width | 0;
    const aimed = this.aimedCount > 0;
    const straight = this.straight | 0;
    const diagonal = this.diagonal | 0;
    let settled = this.settled | 0;
    let room = this.room | 0;
    let taken = 0;
    let pushed = 0;
    // With an aim a push can land in this very bucket (the estimate falling by the step's cost).
    let bucket = buckets[slot]!;
    for (let j = 0; ; ) {
      // Room for a cell's pushes in every bucket (asked in the first search, so never a rare call).
      if (room < 8) {
        j = this.compact(slot, j) | 0;
        room = this.makeRoom() | 0;
        bucket = buckets[slot]!;
      }
      if (j >= sizes[slot]!) break;
      const p = bucket[j++]!;
      taken++;
      const g = half[p]!;
      if (g + estimates[p]! !== k) continue;
      order[settled++] = p;
      const f = kinds[p]!;
      // Only sources have distance 0; other cells expand when Empty.
      if ((f & 3) !== kEmpty && g !== 0) continue;
      const up = f & hasUp ? kinds[p - W]! & 3 : kOut;
      const down = f & hasDown ? kinds[p + W]! & 3 : kOut;
      const left = f & hasLeft ? kinds[p - 1]! & 3 : kOut;
      const right = f & hasRight ? kinds[p + 1]! & 3 : kOut;
      // Straight steps reach any cell in the board.
      const gs = g + straight;
      let m = 0;
      if (up !== kOut && gs < half[p - W]!) nearer[m++] = p - W;
      if (down !== kOut && gs < half[p + W]!) nearer[m++] = p + W;
      if (left !== kOut && gs < half[p - 1]!) nearer[m++] = p - 1;
      if (right !== kOut && gs < half[p + 1]!) nearer[m++] = p + 1;
      const straights = m;
      // A diagonal neighbour is in the board when both side cells are.
      const gd = g + diagonal;
      const ul = up !== kOut && left !== kOut ? kinds[p - W - 1]! & 3 : kOut;
      const dl = down !== kOut && left !== kOut ? kinds[p + W - 1]! & 3 : kOut;
      const ur = up !== kOut && right !== kOut ? kinds[p - W + 1]! & 3 : kOut;
      const dr = down !== kOut && right !== kOut ? kinds[p + W + 1]! & 3 : kOut;
      if (diagonalRule[(ul << 4) | (up << 2) | left] === 1 && gd < half[p - W - 1]!) nearer[m++] = p - W - 1;
      if (diagonalRule[(dl << 4) | (down << 2) | left] === 1 && gd < half[p + W - 1]!) nearer[m++] = p + W - 1;
      if (diagonalRule[(ur << 4) | (up << 2) | right] === 1 && gd < half[p - W + 1]!) nearer[m++] = p - W + 1;
      if (diagonalRule[(dr << 4) | (down << 2) | right] === 1 && gd < half[p + W + 1]!) nearer[m++] = p + W + 1;
      for (let i = 0; i < m; i++) {
        const y = nearer[i]!;
        // A cell's estimate is worked out when it is first reached.
        if (half[y] === unseen) estimates[y] = aimed ? this.estimate(y) : 0;
        const d = i < straights ? gs : gd;
        half[y] = d;
        const b = (d + estimates[y]!) & 7;
        buckets[b]![sizes[b]!++] = y;
      }
      pushed += m;
      room -= m;
    }
    this.room = room;
    this.pending += pushed - taken;
    sizes[slot] = 0;
    this.settled = settled;
  }

  /** Bucket `slot` being settled from entry j: drops the entries before j (settled or stale). */
  private compact(slot: number, j: number): number {
    const size = this.sizes[slot]!;
    this.buckets[slot]!.copyWithin(0, j, size);
    this.sizes[slot] = size - j;
    return 0;
  }

  /** Grows the buckets with fewer than 64 free entries; the least free entries left (a bucket never holds a cell twice). */
  private makeRoom(): number {
    let least = UNSEEN;
    for (let b = 0; b < 8; b++) {
      const old = this.buckets[b]!;
      const size = this.sizes[b]!;
      if (old.length - size < 64 && old.length < this.half.length) {
        const grown = new Int32Array(Math.min(2 * old.length + 64, this.half.length));
        grown.set(old.subarray(0, size));
        this.buckets[b] = grown;
      }
      least = Math.min(least, this.buckets[b]!.length - size);
    }
    return least;
  }

  /** The octile distance in half steps from cell x to the nearest aimed box. */
  private estimate(x: number): number {
    const c = x % this.width;
    const r = (x / this.width) | 0;
    const { aimed } = this;
    let best = UNSEEN;
    for (let k = 0; k < this.aimedCount; k += 4) {
      const dc = Math.max(0, aimed[k]! - c, c - aimed[k + 1]!);
      const dr = Math.max(0, aimed[k + 2]! - r, r - aimed[k + 3]!);
      const e = dc > dr ? 2 * dc + dr : 2 * dr + dc;
      if (e < best) best = e;
    }
    return best;
  }

  private push(key: number, x: number): void {
    if (this.room < 1) this.room = this.makeRoom();
    const b = key & 7;
    this.buckets[b]![this.sizes[b]!++] = x;
    this.room--;
    this.pending++;
  }
}

const escapes = new WeakMap<WalkSearch, WalkSearch>();

/** Neighbour offsets of a cell in increasing (column, row), and the flags that put each in the board. */
const PRED_DC = Int8Array.of(-1, -1, -1, 0, 0, 1, 1, 1);
const PRED_DR = Int8Array.of(-1, 0, 1, -1, 1, -1, 0, 1);
const NEEDS = Uint8Array.from({ length: 8 }, (_, e) => (PRED_DC[e]! < 0 ? HAS_LEFT : PRED_DC[e]! > 0 ? HAS_RIGHT : 0) | (PRED_DR[e]! < 0 ? HAS_UP : PRED_DR[e]! > 0 ? HAS_DOWN : 0));
