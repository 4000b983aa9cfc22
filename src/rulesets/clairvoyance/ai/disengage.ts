/**
 * Disengage (spec 10.5): move down the "escape" field E, which is high near enemies and low far from
 * them. Values are kept in quarter steps so every comparison is exact: E0 = 1.5·(maxD − dist) becomes
 * 3·(maxHalf − half), and steps cost 4 (straight) or 6 (diagonal).
 */
import { EMPTY } from '../board.js';
import { RingQueue, UNREACHABLE, walkMap } from '../geometry/distance.js';
import { NEIGHBOURS } from '../geometry/grid.js';
import type { Cell } from '../model.js';
import type { BattleState, UnitState } from '../state.js';

/** The escape field E over the board (quarter steps; UNREACHABLE where no enemy path reaches). */
export function escapeField(state: BattleState, actor: UnitState): Int32Array {
  const enemies = state.units.filter((u) => u.alive && u.spec.team !== actor.spec.team).map((u) => u.position);
  const n = state.width * state.height;
  const field = new Int32Array(n).fill(UNREACHABLE);
  if (enemies.length === 0) return field;
  const map = walkMap(state, enemies);
  const d = map.half;
  let maxHalf = -1;
  for (let i = 0; i < n; i++) maxHalf = Math.max(maxHalf, d[i]!);
  for (let i = 0; i < n; i++) if (d[i] !== UNREACHABLE) field[i] = 3 * (maxHalf - d[i]!);
  // Relax to the fixed point: E(x) = min(E0(x), E(n) + cost) over legal steps x→n with E(n) ≥ 0. Legal
  // steps end on Empty cells and are symmetric between them, so a Dijkstra over Empty cells seeded with
  // E0 gives the fixed point there; other cells (the actor's own) take one last min over their steps.
  // The seeds enter in increasing E0, which is the walk map's order reversed; relaxed values wait in a
  // ring of buckets (steps cost 4 or 6), so the whole pass is linear in the board.
  const seeds = map.order;
  let nextSeed = seeds.length - 1;
  const skipSeeds = () => {
    while (nextSeed >= 0 && state.cells[seeds[nextSeed]!] !== EMPTY) nextSeed--;
  };
  skipSeeds();
  const queue = new RingQueue(6);
  let v = 0;
  const relax = (x: number, cost: number) => {
    const nv = v + cost;
    if (field[x] !== UNREACHABLE && nv < field[x]!) {
      field[x] = nv;
      queue.push(nv, x);
    }
  };
  const settle = (p: number) => {
    if (field[p] === v) forLegalSteps(state, p, relax);
  };
  for (v = nextSeed >= 0 ? field[seeds[nextSeed]!]! : 0; nextSeed >= 0 || !queue.empty(); v++) {
    // Nothing waits below the next seed: jump to it.
    if (queue.empty()) v = Math.max(v, 3 * (maxHalf - d[seeds[nextSeed]!]!));
    for (; nextSeed >= 0 && 3 * (maxHalf - d[seeds[nextSeed]!]!) === v; nextSeed--, skipSeeds()) settle(seeds[nextSeed]!);
    const bucket = queue.take(v);
    for (let k = 0; k < bucket.length; k++) settle(bucket[k]!);
    if (bucket.length > 0) bucket.length = 0;
  }
  for (let i = 0; i < n; i++) {
    if (field[i] === UNREACHABLE || state.cells[i] === EMPTY) continue;
    forLegalSteps(state, i, (x, cost) => {
      if (field[x] !== UNREACHABLE) field[i] = Math.min(field[i]!, field[x]! + cost);
    });
  }
  return field;
}

/** Legal steps from cell p, in the order up, down, left, right, up-left, down-left, up-right, down-right. */
function forLegalSteps(state: BattleState, p: number, visit: (x: number, quarterCost: number) => void): void {
  const { width, height, cells } = state;
  const pc = p % width;
  const pr = (p - pc) / width;
  for (const [dc, dr] of NEIGHBOURS) {
    const xc = pc + dc;
    const xr = pr + dr;
    if (xc < 0 || xr < 0 || xc >= width || xr >= height) continue;
    const x = xr * width + xc;
    if (cells[x] !== EMPTY) continue;
    const diagonal = dc !== 0 && dr !== 0;
    if (diagonal && (cells[pr * width + xc] !== EMPTY || cells[xr * width + pc] !== EMPTY)) continue;
    visit(x, diagonal ? 6 : 4);
  }
}

/** The cell Disengage ends on (the actor's own cell when it does not move). */
export function disengageDestination(state: BattleState, actor: UnitState): Cell {
  const field = escapeField(state, actor);
  const speed = actor.spec.mob!.speed;
  let here = state.cellIndex(actor.position);
  let spentHalf = 0;
  for (;;) {
    const steps: { x: number; half: number; e: number }[] = [];
    forLegalSteps(state, here, (x, quarter) => steps.push({ x, half: quarter / 2, e: field[x]! }));
    if (steps.length === 0) break;
    steps.sort((a, b) => a.e - b.e); // stable: ties keep the direction order
    const best = steps[0]!;
    // D5: the floored total cost must stay within Speed, as for every other move.
    if (!(best.e < field[here]!) || (spentHalf + best.half) >> 1 > speed) break;
    spentHalf += best.half;
    here = best.x;
  }
  const column = here % state.width;
  return { column, row: (here - column) / state.width };
}
