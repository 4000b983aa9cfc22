/**
 * Distance maps (spec 9.1). Costs are kept in half steps (straight 2, diagonal 3) so every distance is an
 * exact integer; rules use ⌊dist⌋ = ⌊half / 2⌋. Distances are exact shortest paths (D13), and the path to
 * a cell follows the predecessor rule: among the expanding neighbours p with an edge p→x on a shortest
 * path, the one with the smallest dist(p), then column, then row.
 *
 * Walk mode: a cell *expands* when it is a source or Empty. Straight edges reach any in-board neighbour
 * (a wall or a unit gets a distance but does not expand); a diagonal edge needs the target and both side
 * cells Empty, or the target holding a unit with not both side cells walls.
 */
import { EMPTY, WALL } from '../board.js';
import type { Cell } from '../model.js';
import { NEIGHBOURS, type Grid } from './grid.js';

export const UNREACHABLE = -1;

export interface DistanceMap {
  readonly grid: Grid;
  /** Half steps from the nearest source; UNREACHABLE when no path. */
  readonly half: Int32Array;
  readonly source: Uint8Array;
  /** Every reached cell, nearest first (ties in no particular order). */
  readonly order: Int32Array;
}

/**
 * A queue of cell indices keyed by small integer costs where every push is at most `span` above the key
 * being taken (Dial's algorithm): `span + 1` reusable buckets in a ring. One bucket array per distance,
 * as before, made a 4,000,000-cell corridor allocate 4,000,000 arrays per AI turn.
 */
export class RingQueue {
  private readonly buckets: number[][];
  private size = 0;

  constructor(span: number) {
    this.buckets = Array.from({ length: span + 1 }, () => []);
  }

  push(key: number, cell: number): void {
    this.buckets[key % this.buckets.length]!.push(cell);
    this.size++;
  }

  /** The cells pushed with `key` (the caller drains keys in increasing order), then forgotten. */
  take(key: number): number[] {
    const bucket = this.buckets[key % this.buckets.length]!;
    this.size -= bucket.length;
    return bucket;
  }

  empty(): boolean {
    return this.size === 0;
  }
}

/** NEIGHBOURS as two arrays (straight steps first, as there). */
const DC = Int8Array.from(NEIGHBOURS, ([dc]) => dc);
const DR = Int8Array.from(NEIGHBOURS, ([, dr]) => dr);

/** Exact shortest walk distances from every source cell (Dijkstra over a ring of buckets: costs are 2 and 3). */
export function walkMap(grid: Grid, sources: readonly Cell[]): DistanceMap {
  const { width, height, cells } = grid;
  const n = width * height;
  const half = new Int32Array(n).fill(UNREACHABLE);
  const source = new Uint8Array(n);
  const order = new Int32Array(n);
  let settled = 0;
  const queue = new RingQueue(3);
  for (const s of sources) {
    const i = s.row * width + s.column;
    if (source[i] === 1) continue;
    source[i] = 1;
    half[i] = 0;
    queue.push(0, i);
  }
  for (let d = 0; !queue.empty(); d++) {
    const bucket = queue.take(d);
    // Pushes from here go to d + 2 and d + 3, never to this bucket.
    for (let k = 0; k < bucket.length; k++) {
      const p = bucket[k]!;
      if (half[p] !== d) continue;
      order[settled++] = p;
      if (source[p] === 0 && cells[p] !== EMPTY) continue;
      const pc = p % width;
      const pr = (p - pc) / width;
      for (let e = 0; e < 8; e++) {
        const dc = DC[e]!;
        const dr = DR[e]!;
        const xc = pc + dc;
        const xr = pr + dr;
        if (xc < 0 || xr < 0 || xc >= width || xr >= height) continue;
        const x = p + dr * width + dc;
        let cost = 2;
        if (e >= 4) {
          if (!walkDiagonal(grid, pc, pr, xc, xr)) continue;
          cost = 3;
        }
        const nd = d + cost;
        const old = half[x]!;
        if (old === UNREACHABLE || nd < old) {
          half[x] = nd;
          queue.push(nd, x);
        }
      }
    }
    if (bucket.length > 0) bucket.length = 0;
  }
  return { grid, half, source, order: order.subarray(0, settled) };
}

/** The walk-mode diagonal edge p→x (p already known to expand). */
export function walkDiagonal(grid: Grid, pc: number, pr: number, xc: number, xr: number): boolean {
  const { cells, width } = grid;
  const x = cells[xr * width + xc]!;
  const side1 = cells[pr * width + xc]!;
  const side2 = cells[xr * width + pc]!;
  if (x === EMPTY) return side1 === EMPTY && side2 === EMPTY;
  return x >= 0 && !(side1 === WALL && side2 === WALL);
}

export function reachable(map: DistanceMap, c: Cell): boolean {
  return map.half[c.row * map.grid.width + c.column] !== UNREACHABLE;
}

/** ⌊dist⌋ in whole cells; UNREACHABLE when no path. */
export function floorDistance(map: DistanceMap, c: Cell): number {
  const h = map.half[c.row * map.grid.width + c.column]!;
  return h === UNREACHABLE ? UNREACHABLE : h >> 1;
}

/** pred(x) for a reachable non-source x, by the tie-break rule above. */
export function predecessor(map: DistanceMap, x: Cell): Cell {
  const p = predecessorIndex(map, x.row * map.grid.width + x.column);
  const column = p % map.grid.width;
  return { column, row: (p - column) / map.grid.width };
}

/** predecessor() on cell indices. */
function predecessorIndex(map: DistanceMap, x: number): number {
  const { grid, half, source } = map;
  const { width, height, cells } = grid;
  const xc = x % width;
  const xr = (x - xc) / width;
  const target = half[x]!;
  let best = -1;
  let bestHalf = 0;
  for (let e = 0; e < 8; e++) {
    const pc = xc - DC[e]!;
    const pr = xr - DR[e]!;
    if (pc < 0 || pr < 0 || pc >= width || pr >= height) continue;
    const p = pr * width + pc;
    const hp = half[p]!;
    if (hp === UNREACHABLE || (source[p] === 0 && cells[p] !== EMPTY)) continue;
    const diagonal = e >= 4;
    if (diagonal && !walkDiagonal(grid, pc, pr, xc, xr)) continue;
    if (hp + (diagonal ? 3 : 2) !== target) continue;
    // Smallest dist, then column, then row.
    const bc = best % width;
    if (best < 0 || hp < bestHalf || (hp === bestHalf && (pc < bc || (pc === bc && pr < (best - bc) / width)))) {
      best = p;
      bestHalf = hp;
    }
  }
  if (best < 0) throw new Error(`no predecessor for (${xc},${xr})`);
  return best;
}

/**
 * Along Path(x) from x toward its source: the first cell whose ⌊dist⌋ is within `budget` (a source always
 * is). The same cell as searching `pathTo(map, x)`, without building a path as long as the board.
 */
export function firstWithin(map: DistanceMap, x: Cell, budget: number): Cell {
  const width = map.grid.width;
  let c = x.row * width + x.column;
  while (map.half[c]! >> 1 > budget) c = predecessorIndex(map, c);
  const column = c % width;
  return { column, row: (c - column) / width };
}

/** Path(x) = x, pred(x), pred(pred(x)), … down to a source. */
export function pathTo(map: DistanceMap, x: Cell): Cell[] {
  const path = [x];
  let c = x;
  while (map.source[c.row * map.grid.width + c.column] === 0) {
    c = predecessor(map, c);
    path.push(c);
  }
  return path;
}

/** ⌊fly dist⌋ from a single source: ⌊max(|dc|,|dr|) + min(|dc|,|dr|)/2⌋. */
export function flyDistance(a: Cell, b: Cell): number {
  const dc = Math.abs(a.column - b.column);
  const dr = Math.abs(a.row - b.row);
  return Math.max(dc, dr) + (Math.min(dc, dr) >> 1);
}
