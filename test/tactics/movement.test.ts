/**
 * Movement (spec 5): Dijkstra with a budget cutoff against a brute force over simple paths on random small
 * maps (I6), monotone reach (I7), the `between` and `enter` relations (I8), and worked examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS } from '../../src/rulesets/tactics/geometry.js';
import type { Coord } from '../../src/rulesets/tactics/lexer.js';
import type { MoveCost } from '../../src/rulesets/tactics/model.js';
import { canonicalPath, reach, reachCost, type MoveField } from '../../src/rulesets/tactics/path.js';

/** The minimum cost to each free destination over all simple paths, cut at mp (null: unreachable). */
function bruteForce(field: MoveField, origin: Coord, player: number, mp: number, mode: MoveCost): (number | null)[] {
  const { width, height, costs, owners } = field;
  const best: (number | null)[] = new Array(width * height).fill(null);
  const start = origin.y * width + origin.x;
  const visited = new Set<number>([start]);
  const walk = (u: number, spent: number) => {
    const ux = u % width;
    const uy = Math.floor(u / width);
    for (const d of DIRECTIONS) {
      const vx = ux + d.x;
      const vy = uy + d.y;
      if (vx < 0 || vy < 0 || vx >= width || vy >= height) continue;
      const v = vy * width + vx;
      if (visited.has(v) || costs[v] === null || (owners[v] !== 0 && owners[v] !== player)) continue;
      const cost = mode === 'enter' ? spent + costs[v]! : spent + (u === start ? 0 : costs[u]!);
      if (cost > mp) continue;
      if (owners[v] === 0 && (best[v] === null || cost < best[v]!)) best[v] = cost;
      visited.add(v);
      walk(v, cost);
      visited.delete(v);
    }
  };
  walk(start, 0);
  return best;
}

const fieldArb = (maxSide: number) =>
  fc
    .record({ width: fc.integer({ min: 1, max: maxSide }), height: fc.integer({ min: 1, max: maxSide }) })
    .chain(({ width, height }) =>
      fc.record({
        width: fc.constant(width),
        height: fc.constant(height),
        costs: fc.array(fc.option(fc.integer({ min: 1, max: 4 }), { nil: null, freq: 4 }), { minLength: width * height, maxLength: width * height }),
        owners: fc.array(fc.constantFrom(0, 0, 0, 0, 1, 2), { minLength: width * height, maxLength: width * height }),
        origin: fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) }),
        mp: fc.integer({ min: 0, max: 5 }),
        mode: fc.constantFrom('between' as const, 'enter' as const),
      }),
    )
    .map((f) => {
      // The moving unit (player 1) stands on a passable origin.
      const i = f.origin.y * f.width + f.origin.x;
      const costs = [...f.costs];
      const owners = [...f.owners];
      costs[i] ??= 1;
      owners[i] = 1;
      return { ...f, costs, owners };
    });

describe('reach = brute force over simple paths (I6)', () => {
  it('on random maps up to 5x5, both modes, allies and enemies', () => {
    fc.assert(
      fc.property(fieldArb(5), (f) => {
        const got = reach(f, f.origin, 1, f.mp, f.mode).cost;
        expect(got).toEqual(bruteForce(f, f.origin, 1, f.mp, f.mode));
      }),
      { numRuns: 300 },
    );
  });

  it('the canonical path is legal and costs what reach says', () => {
    fc.assert(
      fc.property(fieldArb(6), (f) => {
        const r = reach(f, f.origin, 1, f.mp, f.mode);
        r.cost.forEach((c, i) => {
          if (c === null) return;
          const path = canonicalPath(r, f.width, { x: i % f.width, y: Math.floor(i / f.width) });
          expect(path[0]).toEqual(f.origin);
          let total = 0;
          for (let k = 1; k < path.length; k++) {
            const a = path[k - 1]!;
            const b = path[k]!;
            expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBe(1);
            const j = b.y * f.width + b.x;
            expect(f.costs[j]).not.toBeNull();
            if (k < path.length - 1) expect([0, 1]).toContain(f.owners[j]);
            if (f.mode === 'enter' || k < path.length - 1) total += f.costs[j]!;
          }
          expect(total).toBe(c);
        });
      }),
    );
  });
});

/**
 * 5.2's Dijkstra as the spec writes it, kept here as the reference for path.ts's faster one: a queue of
 * (dist, sector) pairs re-sorted on every push, neighbours in direction order, the predecessor set on a
 * strict improvement.
 */
function referenceReach(field: MoveField, origin: Coord, player: number, mp: number, mode: MoveCost) {
  const { width, height, costs, owners } = field;
  const n = width * height;
  const best: number[] = new Array<number>(n).fill(Infinity);
  const settled: boolean[] = new Array<boolean>(n).fill(false);
  const pred: number[] = new Array<number>(n).fill(-1);
  const start = origin.y * width + origin.x;
  best[start] = 0;
  const queue: [number, number][] = [[0, start]];
  while (queue.length > 0) {
    const [d, u] = queue.shift()!;
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
        queue.push([d + w, v]);
        queue.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      }
    }
  }
  return { cost: best.map((b, i) => (settled[i] && i !== start && owners[i] === 0 ? b : null)), pred };
}

describe('path.ts against 5.2 as written', () => {
  const wide = (side: number, mp: number) => fieldArb(side).chain((f) => fc.integer({ min: 0, max: mp }).map((m) => ({ ...f, mp: m })));

  it('reach gives the reference costs and predecessors (the canonical paths), on maps up to 12x12', () => {
    fc.assert(
      fc.property(wide(12, 40), (f) => {
        expect(reach(f, f.origin, 1, f.mp, f.mode)).toEqual(referenceReach(f, f.origin, 1, f.mp, f.mode));
      }),
      { numRuns: 200 },
    );
  });

  it('reachCost (the search stopped at its target, for move) is reach\'s cost at every sector', () => {
    fc.assert(
      fc.property(wide(8, 20), (f) => {
        const { cost } = reach(f, f.origin, 1, f.mp, f.mode);
        cost.forEach((c, i) => expect(reachCost(f, f.origin, 1, f.mp, f.mode, { x: i % f.width, y: Math.floor(i / f.width) })).toBe(c));
      }),
      { numRuns: 200 },
    );
  });
});

describe('monotone reach (I7)', () => {
  const destinations = (cost: readonly (number | null)[]) => cost.flatMap((c, i) => (c === null ? [] : [i]));
  it('raising mp, lowering a cost or removing an enemy never shrinks reach', () => {
    fc.assert(
      fc.property(fieldArb(6), fc.nat(), (f, pick) => {
        const before = reach(f, f.origin, 1, f.mp, f.mode).cost;
        const more = reach(f, f.origin, 1, f.mp + 1, f.mode).cost;
        const i = pick % f.costs.length;
        const cheaper = { ...f, costs: f.costs.map((c, j) => (j === i && c !== null && c > 1 ? c - 1 : c)) };
        const fewer = { ...f, owners: f.owners.map((o, j) => (j === i && o === 2 ? 0 : o)) };
        for (const after of [more, reach(cheaper, f.origin, 1, f.mp, f.mode).cost]) {
          for (const d of destinations(before)) expect(after[d]).not.toBeNull();
        }
        const afterFewer = reach(fewer, f.origin, 1, f.mp, f.mode).cost;
        for (const d of destinations(before)) expect(afterFewer[d]).not.toBeNull();
      }),
    );
  });
});

describe('between and enter (I8)', () => {
  it('between: every free passable neighbour is reachable at cost 0, for any mp', () => {
    fc.assert(
      fc.property(fieldArb(6), (f) => {
        const r = reach(f, f.origin, 1, 0, 'between').cost;
        for (const d of DIRECTIONS) {
          const x = f.origin.x + d.x;
          const y = f.origin.y + d.y;
          if (x < 0 || y < 0 || x >= f.width || y >= f.height) continue;
          const i = y * f.width + x;
          expect(r[i]).toBe(f.costs[i] !== null && f.owners[i] === 0 ? 0 : null);
        }
      }),
    );
  });

  it('between is symmetric, and enter(a->b) = between(a->b) + cost(b) with a large mp', () => {
    fc.assert(
      fc.property(fieldArb(5), fc.nat(), (f, pick) => {
        const a = f.origin;
        const ia = a.y * f.width + a.x;
        const ib = pick % f.costs.length;
        if (ib === ia || f.costs[ib] === null || f.owners[ib] !== 0) return;
        const b = { x: ib % f.width, y: Math.floor(ib / f.width) };
        const atB = { ...f, owners: f.owners.map((o, j) => (j === ia ? 0 : j === ib ? 1 : o)) };
        const ab = reach(f, a, 1, 1000, 'between').cost[ib];
        const ba = reach(atB, b, 1, 1000, 'between').cost[ia];
        expect(ab).toBe(ba);
        const enter = reach(f, a, 1, 1000, 'enter').cost[ib];
        expect(enter).toBe(ab === null ? null : ab! + f.costs[ib]!);
      }),
    );
  });
});

describe('worked examples', () => {
  // The valley map of 3.1 with units as in 8.3 round 2 (A1 at 1,3, A2 at 0,2, B2 at 3,1).
  const rows = ['........', '..^^....', '.~~.%...', '.~..%.^.', '....%...', '........'];
  const cost: Record<string, number | null> = { '.': 1, '^': 2, '~': 3, '%': null };
  const owners = new Array<number>(48).fill(0);
  owners[3 * 8 + 1] = 1;
  owners[2 * 8 + 0] = 1;
  owners[1 * 8 + 3] = 2;
  const field: MoveField = { width: 8, height: 6, costs: rows.flatMap((r) => [...r].map((c) => cost[c]!)), owners };
  const list = (c: readonly (number | null)[]) => c.flatMap((v, i) => (v === null ? [] : [`${i % 8},${Math.floor(i / 8)}:${v}`])).join(';');

  it('REACH A2 of 8.3', () => {
    expect(list(reach(field, { x: 0, y: 2 }, 1, 2, 'between').cost)).toBe(
      '0,0:1;1,0:1;2,0:1;3,0:2;0,1:0;1,1:0;2,1:1;1,2:0;2,2:1;0,3:0;2,3:2;0,4:1;1,4:1;2,4:2;0,5:2;1,5:2;2,5:2',
    );
  });

  it('A1 0,4 -> 1,3 costs 0 under between and 3 under enter (8.3 notes)', () => {
    const f = { ...field, owners: field.owners.map((o, i) => (i === 3 * 8 + 1 ? 0 : i === 4 * 8 ? 1 : o)) };
    expect(reach(f, { x: 0, y: 4 }, 1, 3, 'between').cost[3 * 8 + 1]).toBe(0);
    expect(reach(f, { x: 0, y: 4 }, 1, 3, 'enter').cost[3 * 8 + 1]).toBe(3);
    expect(reach(f, { x: 0, y: 4 }, 1, 3, 'between').cost[5 * 8 + 7]).toBeNull();
  });

  it('mp 0 under enter reaches nothing; a diagonal step between two walls is allowed (D8)', () => {
    const walls: MoveField = { width: 2, height: 2, costs: [1, null, null, 1], owners: [1, 0, 0, 0] };
    expect(reach(walls, { x: 0, y: 0 }, 1, 0, 'enter').cost.every((c) => c === null)).toBe(true);
    expect(reach(walls, { x: 0, y: 0 }, 1, 0, 'between').cost[3]).toBe(0);
  });
});
