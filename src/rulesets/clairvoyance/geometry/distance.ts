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
}

/** Exact shortest walk distances from every source cell (a bucket queue: costs are 2 and 3). */
export function walkMap(grid: Grid, sources: readonly Cell[]): DistanceMap {
  const { width, height, cells } = grid;
  const n = width * height;
  const half = new Int32Array(n).fill(UNREACHABLE);
  const source = new Uint8Array(n);
  const buckets: number[][] = [[]];
  for (const s of sources) {
    const i = s.row * width + s.column;
    if (source[i] === 1) continue;
    source[i] = 1;
    half[i] = 0;
    buckets[0]!.push(i);
  }
  for (let d = 0; d < buckets.length; d++) {
    const bucket = buckets[d];
    if (bucket === undefined) continue;
    for (let k = 0; k < bucket.length; k++) {
      const p = bucket[k]!;
      if (half[p] !== d) continue;
      if (source[p] === 0 && cells[p] !== EMPTY) continue;
      const pc = p % width;
      const pr = (p - pc) / width;
      for (let e = 0; e < 8; e++) {
        const [dc, dr] = NEIGHBOURS[e]!;
        const xc = pc + dc;
        const xr = pr + dr;
        if (xc < 0 || xr < 0 || xc >= width || xr >= height) continue;
        const x = xr * width + xc;
        let cost = 2;
        if (dc !== 0 && dr !== 0) {
          if (!walkDiagonal(grid, pc, pr, xc, xr)) continue;
          cost = 3;
        }
        const nd = d + cost;
        if (half[x] === UNREACHABLE || nd < half[x]!) {
          half[x] = nd;
          (buckets[nd] ??= []).push(x);
        }
      }
    }
  }
  return { grid, half, source };
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
  const { grid, half, source } = map;
  const { width, height, cells } = grid;
  const target = half[x.row * width + x.column]!;
  let best: Cell | null = null;
  let bestHalf = 0;
  for (const [dc, dr] of NEIGHBOURS) {
    const pc = x.column - dc;
    const pr = x.row - dr;
    if (pc < 0 || pr < 0 || pc >= width || pr >= height) continue;
    const p = pr * width + pc;
    const hp = half[p]!;
    if (hp === UNREACHABLE || (source[p] === 0 && cells[p] !== EMPTY)) continue;
    const diagonal = dc !== 0 && dr !== 0;
    if (diagonal && !walkDiagonal(grid, pc, pr, x.column, x.row)) continue;
    if (hp + (diagonal ? 3 : 2) !== target) continue;
    if (best === null || hp < bestHalf || (hp === bestHalf && (pc < best.column || (pc === best.column && pr < best.row)))) {
      best = { column: pc, row: pr };
      bestHalf = hp;
    }
  }
  if (best === null) throw new Error(`no predecessor for (${x.column},${x.row})`);
  return best;
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
