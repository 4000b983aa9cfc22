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

/** A binary heap of sector indices keyed by (dist, y, x); y and x order is the index order. */
class Queue {
  private readonly items: [number, number][] = [];
  get size(): number {
    return this.items.length;
  }
  private less(a: [number, number], b: [number, number]): boolean {
    return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  }
  push(d: number, i: number): void {
    const items = this.items;
    items.push([d, i]);
    let k = items.length - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!this.less(items[k]!, items[parent]!)) break;
      [items[k], items[parent]] = [items[parent]!, items[k]!];
      k = parent;
    }
  }
  pop(): [number, number] {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let m = k;
        if (l < items.length && this.less(items[l]!, items[m]!)) m = l;
        if (r < items.length && this.less(items[r]!, items[m]!)) m = r;
        if (m === k) break;
        [items[k], items[m]] = [items[m]!, items[k]!];
        k = m;
      }
    }
    return top;
  }
}

/**
 * Where a unit of `player` standing on `origin` with `mp` points can go (5.2): enemies block, allies are
 * crossed (their sector paid as an intermediate one) but never destinations.
 */
export function reach(field: MoveField, origin: Coord, player: number, mp: number, mode: MoveCost): Reach {
  const { width, height, costs, owners } = field;
  const n = width * height;
  const best: number[] = new Array<number>(n).fill(Infinity);
  const settled: boolean[] = new Array<boolean>(n).fill(false);
  const pred: number[] = new Array<number>(n).fill(-1);
  const start = origin.y * width + origin.x;
  best[start] = 0;
  const queue = new Queue();
  queue.push(0, start);
  while (queue.size > 0) {
    const [d, u] = queue.pop();
    if (settled[u]) continue;
    settled[u] = true;
    const ux = u % width;
    const uy = (u - ux) / width;
    for (const dir of DIRECTIONS) {
      const vx = ux + dir.x;
      const vy = uy + dir.y;
      if (vx < 0 || vy < 0 || vx >= width || vy >= height) continue;
      const v = vy * width + vx;
      const cv = costs[v];
      if (cv === null || cv === undefined) continue;
      if (owners[v] !== 0 && owners[v] !== player) continue;
      const w = mode === 'enter' ? cv : u === start ? 0 : (costs[u] ?? 0);
      if (d + w <= mp && d + w < best[v]!) {
        best[v] = d + w;
        pred[v] = u;
        queue.push(d + w, v);
      }
    }
  }
  const cost = best.map((b, i) => (settled[i] && i !== start && owners[i] === 0 ? b : null));
  return { cost, pred };
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
