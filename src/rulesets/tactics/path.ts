/**
 * Movement (spec 5): the reachable set by Dijkstra with a budget cutoff, exactly as 5.2 writes it. The
 * priority queue pops the smallest (dist, y, x) and neighbours are tried in direction order 1..8, with the
 * predecessor set on a strict improvement, so the canonical path of 5.2 falls out as well.
 */
import { DIRECTIONS } from './geometry.js';
import type { Coord } from './lexer.js';
import type { MoveCost } from './model.js';

export interface MoveField {
  readonly width: number;
  readonly height: number;
  /** Row-major sector costs; null = impassable. */
  readonly costs: readonly (number | null)[];
  /** Row-major owner of the unit standing on each sector (player number), 0 when empty. */
  readonly owners: readonly number[];
}

export interface Reach {
  /** Row-major: the minimum cost of each destination, null when it is not a legal destination. */
  readonly cost: readonly (number | null)[];
  /** Row-major predecessor on the canonical path (-1 for none). */
  readonly pred: readonly number[];
}

/**
 * A binary heap of sector indices keyed by (dist, y, x); y and x order is the index order. Keys and indices
 * sit in two parallel arrays (no pair allocated per push): a 99x99 map pushes about 40,000 entries per search.
 * A sector is pushed again only with a strictly smaller dist, so no two entries are equal and the order of
 * pops is the same as any heap's.
 */
class Queue {
  private readonly dists: number[] = [];
  private readonly cells: number[] = [];
  /** The dist of the entry `pop` returned last. */
  dist = 0;

  get size(): number {
    return this.cells.length;
  }

  push(d: number, c: number): void {
    const { dists, cells } = this;
    let k = cells.length;
    dists.push(d);
    cells.push(c);
    while (k > 0) {
      const parent = (k - 1) >> 1;
      const pd = dists[parent]!;
      const pc = cells[parent]!;
      if (!(d < pd || (d === pd && c < pc))) break;
      dists[k] = pd;
      cells[k] = pc;
      k = parent;
    }
    dists[k] = d;
    cells[k] = c;
  }

  /** The smallest entry's sector (its dist in `dist`). */
  pop(): number {
    const { dists, cells } = this;
    const top = cells[0]!;
    this.dist = dists[0]!;
    const d = dists.pop()!;
    const c = cells.pop()!;
    const n = cells.length;
    if (n > 0) {
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        if (l >= n) break;
        const r = l + 1;
        const m = r < n && (dists[r]! < dists[l]! || (dists[r] === dists[l] && cells[r]! < cells[l]!)) ? r : l;
        if (!(dists[m]! < d || (dists[m] === d && cells[m]! < c))) break;
        dists[k] = dists[m]!;
        cells[k] = cells[m]!;
        k = m;
      }
      dists[k] = d;
      cells[k] = c;
    }
    return top;
  }
}

const DX = DIRECTIONS.map((d) => d.x);
const DY = DIRECTIONS.map((d) => d.y);

/**
 * Where a unit of `player` standing on `origin` with `mp` points can go (5.2): enemies block, allies are
 * crossed (their sector paid as an intermediate one) but never destinations.
 */
export function reach(field: MoveField, origin: Coord, player: number, mp: number, mode: MoveCost): Reach {
  const found = search(field, origin, player, mp, mode, -1);
  return { cost: found.best.map((_, i) => destinationCost(found, field, i)), pred: found.pred };
}

/**
 * The cost of moving to `to` (5.2), null when it is not a legal destination: reach's cost there, with the
 * search stopped once `to` is settled (its cost is final then; `move` needs no other sector's).
 */
export function reachCost(field: MoveField, origin: Coord, player: number, mp: number, mode: MoveCost, to: Coord): number | null {
  const target = to.y * field.width + to.x;
  return destinationCost(search(field, origin, player, mp, mode, target), field, target);
}

type Search = ReturnType<typeof search>;

/** A settled sector's cost when it is a legal destination (not the origin, no unit on it), else null. */
function destinationCost(found: Search, field: MoveField, i: number): number | null {
  return found.settled[i] === 1 && i !== found.start && field.owners[i] === 0 ? found.best[i]! : null;
}

/** Dijkstra from `origin`, cut at `mp`, stopping once sector `stopAt` is settled (-1: never). */
function search(field: MoveField, origin: Coord, player: number, mp: number, mode: MoveCost, stopAt: number) {
  const { width, height, costs, owners } = field;
  const n = width * height;
  const best: number[] = new Array<number>(n).fill(Infinity);
  const settled = new Uint8Array(n);
  const pred: number[] = new Array<number>(n).fill(-1);
  const start = origin.y * width + origin.x;
  const enter = mode === 'enter';
  best[start] = 0;
  const queue = new Queue();
  queue.push(0, start);
  while (queue.size > 0) {
    const u = queue.pop();
    const d = queue.dist;
    if (settled[u] === 1) continue;
    settled[u] = 1;
    if (u === stopAt) break;
    const ux = u % width;
    const uy = (u - ux) / width;
    // `between`: a step costs the sector left, the origin's nothing.
    const leave = u === start ? 0 : (costs[u] ?? 0);
    for (let k = 0; k < 8; k++) {
      const vx = ux + DX[k]!;
      const vy = uy + DY[k]!;
      if (vx < 0 || vy < 0 || vx >= width || vy >= height) continue;
      const v = vy * width + vx;
      const cv = costs[v];
      if (cv === null || cv === undefined) continue;
      const owner = owners[v];
      if (owner !== 0 && owner !== player) continue;
      const nd = d + (enter ? cv : leave);
      if (nd <= mp && nd < best[v]!) {
        best[v] = nd;
        pred[v] = u;
        queue.push(nd, v);
      }
    }
  }
  return { best, settled, pred, start };
}

/** The canonical path of 5.2 from the origin to a reachable destination, both included. */
export function canonicalPath(result: Reach, width: number, to: Coord): Coord[] {
  const path: Coord[] = [];
  let i = to.y * width + to.x;
  if (result.cost[i] === null || result.cost[i] === undefined) return [];
  while (i >= 0) {
    path.push({ x: i % width, y: Math.floor(i / width) });
    i = result.pred[i]!;
  }
  return path.reverse();
}
