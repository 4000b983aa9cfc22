/**
 * Distance maps (spec 9.1) as whole arrays: a walk search (walk.ts) run to the end, for tests and tools.
 * The AI reads a search directly and settles only what it needs. Costs are kept in half steps (straight
 * 2, diagonal 3) so every distance is an exact integer; rules use ⌊dist⌋ = ⌊half / 2⌋.
 */
import type { Cell } from '../model.js';
import type { Grid } from './grid.js';
import { UNREACHABLE, UNSEEN, WalkSearch } from './walk.js';

export { UNREACHABLE };

export interface DistanceMap {
  readonly grid: Grid;
  /** Row-major half steps from the nearest source; UNREACHABLE when no path. */
  readonly half: Int32Array;
  /** The complete search behind it. */
  readonly search: WalkSearch;
}

/** Exact shortest walk distances from every source cell. */
export function walkMap(grid: Grid, sources: readonly Cell[]): DistanceMap {
  const search = new WalkSearch(grid);
  search.start();
  for (const s of sources) search.addSource(search.index(s.column, s.row));
  search.settleAll();
  const half = Int32Array.from(search.half, (h) => (h === UNSEEN ? UNREACHABLE : h));
  return { grid, half, search };
}

/** ⌊dist⌋ in whole cells; UNREACHABLE when no path. */
export function floorDistance(map: DistanceMap, c: Cell): number {
  const h = map.half[c.row * map.grid.width + c.column]!;
  return h === UNREACHABLE ? UNREACHABLE : h >> 1;
}

/** Path(x) = x, pred(x), pred(pred(x)), … down to a source (x reachable). */
export function pathTo(map: DistanceMap, x: Cell): Cell[] {
  const { search } = map;
  const path = [x];
  let c = search.index(x.column, x.row);
  while (search.half[c] !== 0) {
    c = search.predecessor(c);
    path.push({ column: search.column(c), row: search.row(c) });
  }
  return path;
}

/** ⌊fly dist⌋ from a single source: ⌊max(|dc|,|dr|) + min(|dc|,|dr|)/2⌋. */
export function flyDistance(a: Cell, b: Cell): number {
  const dc = Math.abs(a.column - b.column);
  const dr = Math.abs(a.row - b.row);
  return Math.max(dc, dr) + (Math.min(dc, dr) >> 1);
}
