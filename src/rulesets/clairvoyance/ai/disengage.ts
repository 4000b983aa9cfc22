/**
 * Disengage (spec 10.5): move down the "escape" field E, which is high near enemies and low far from
 * them. Values are kept in quarter steps so every comparison is exact: E0 = 1.5·(maxD − dist) becomes
 * 3·(maxHalf − half), and steps cost 4 (straight) or 6 (diagonal).
 *
 * E is whole-board by definition (maxD is the largest distance from the enemies), so it is computed over
 * the board's walk search (padded indices, walk.ts), into arrays kept from one Disengage to the next.
 */
import { EMPTY } from '../board.js';
import { UNREACHABLE, type WalkSearch } from '../geometry/walk.js';
import type { Cell } from '../model.js';
import type { BattleState, UnitState } from '../state.js';

/** The field (padded) and the ring of buckets of a board's search, reused by every Disengage. */
interface Scratch {
  readonly field: Int32Array;
  /** Ring of 8 buckets (steps cost at most 6). */
  readonly buckets: Int32Array[];
  readonly sizes: Int32Array;
  /** Legal step offsets in the order up, down, left, right, up-left, down-left, up-right, down-right. */
  readonly steps: Int32Array;
  /** For a diagonal step, its two side cells as offsets from the step's start. */
  readonly side1: Int32Array;
  readonly side2: Int32Array;
}

const scratches = new WeakMap<WalkSearch, Scratch>();

function scratchOf(walk: WalkSearch): Scratch {
  let s = scratches.get(walk);
  if (s === undefined) {
    const S = walk.stride;
    s = {
      field: new Int32Array(walk.half.length),
      buckets: Array.from({ length: 8 }, () => new Int32Array(Math.min(walk.half.length, 1024))),
      sizes: new Int32Array(8),
      steps: Int32Array.of(-S, S, -1, 1, -S - 1, S - 1, -S + 1, S + 1),
      side1: Int32Array.of(0, 0, 0, 0, -1, -1, 1, 1),
      side2: Int32Array.of(0, 0, 0, 0, -S, S, -S, S),
    };
    scratches.set(walk, s);
  }
  return s;
}

/**
 * E on the Empty cells (padded; UNREACHABLE where no enemy path reaches), E0 on the other reached cells
 * (`finish` gives their E); null when no enemy is alive (nothing is reachable).
 */
function relaxedField(state: BattleState, actor: UnitState): { walk: WalkSearch; s: Scratch } | null {
  const walk = state.walk();
  walk.start();
  for (const u of state.units) if (u.alive && u.spec.team !== actor.spec.team) walk.addSource(walk.index(u.position.column, u.position.row));
  if (walk.done()) return null;
  walk.settleAll();
  const { code, half, order, settled } = walk;
  const s = scratchOf(walk);
  const { field, buckets, sizes, steps, side1, side2 } = s;
  // The last cell settled is the furthest: maxD includes walls and units that got a distance.
  const maxHalf = half[order[settled - 1]!]!;
  field.fill(UNREACHABLE);
  for (let k = 0; k < settled; k++) field[order[k]!] = 3 * (maxHalf - half[order[k]!]!);
  // Relax to the fixed point: E(x) = min(E0(x), E(n) + cost) over legal steps x→n with E(n) ≥ 0. Legal
  // steps end on Empty cells and are symmetric between them, so a Dijkstra over Empty cells seeded with
  // E0 gives the fixed point there; other cells (the actor's own) take one last min over their steps.
  // The seeds enter in increasing E0, which is the settling order reversed; relaxed values wait in a
  // ring of buckets, so the whole pass is linear in the board.
  let next = settled - 1;
  const skipSeeds = () => {
    while (next >= 0 && code[order[next]!] !== EMPTY) next--;
  };
  skipSeeds();
  let pending = 0;
  const settle = (p: number, v: number) => {
    if (field[p] !== v) return;
    for (let e = 0; e < 8; e++) {
      const x = p + steps[e]!;
      if (code[x] !== EMPTY) continue;
      if (e >= 4 && (code[p + side1[e]!] !== EMPTY || code[p + side2[e]!] !== EMPTY)) continue;
      const nv = v + (e >= 4 ? 6 : 4);
      const old = field[x]!;
      if (old === UNREACHABLE || nv >= old) continue;
      field[x] = nv;
      const b = nv & 7;
      let bucket = buckets[b]!;
      if (sizes[b] === bucket.length) {
        bucket = new Int32Array(2 * bucket.length);
        bucket.set(buckets[b]!);
        buckets[b] = bucket;
      }
      bucket[sizes[b]!++] = x;
      pending++;
    }
  };
  const seedValue = (k: number) => 3 * (maxHalf - half[order[k]!]!);
  for (let v = next >= 0 ? seedValue(next) : 0; next >= 0 || pending > 0; v++) {
    // Nothing waits below the next seed: jump to it.
    if (pending === 0) v = Math.max(v, seedValue(next));
    for (; next >= 0 && seedValue(next) === v; next--, skipSeeds()) settle(order[next]!, v);
    const b = v & 7;
    const bucket = buckets[b]!;
    const count = sizes[b]!;
    // Pushes from here go to v + 4 and v + 6, never to this bucket.
    for (let k = 0; k < count; k++) settle(bucket[k]!, v);
    sizes[b] = 0;
    pending -= count;
  }
  return { walk, s };
}

/** E of a reached cell that is not Empty: the least of E0 and E(n) + cost over its legal steps. */
function finish(walk: WalkSearch, s: Scratch, i: number): number {
  const { code } = walk;
  const { field, steps, side1, side2 } = s;
  let e = field[i]!;
  if (e === UNREACHABLE) return e;
  for (let k = 0; k < 8; k++) {
    const x = i + steps[k]!;
    if (code[x] !== EMPTY || field[x] === UNREACHABLE) continue;
    if (k >= 4 && (code[i + side1[k]!] !== EMPTY || code[i + side2[k]!] !== EMPTY)) continue;
    e = Math.min(e, field[x]! + (k >= 4 ? 6 : 4));
  }
  return e;
}

/** The escape field E over the board (row-major, quarter steps; UNREACHABLE where no enemy path reaches). */
export function escapeField(state: BattleState, actor: UnitState): Int32Array {
  const { width, height } = state;
  const out = new Int32Array(width * height).fill(UNREACHABLE);
  const relaxed = relaxedField(state, actor);
  if (relaxed === null) return out;
  const { walk, s } = relaxed;
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const i = walk.index(c, r);
      out[r * width + c] = walk.code[i] === EMPTY ? s.field[i]! : finish(walk, s, i);
    }
  }
  return out;
}

/** The cell Disengage ends on (the actor's own cell when it does not move). */
export function disengageDestination(state: BattleState, actor: UnitState): Cell {
  const relaxed = relaxedField(state, actor);
  if (relaxed === null) return actor.position;
  const { walk, s } = relaxed;
  const { code } = walk;
  const { field, steps, side1, side2 } = s;
  const speed = actor.spec.mob!.speed;
  let here = walk.index(actor.position.column, actor.position.row);
  // The actor's cell holds the actor (not Empty); every later cell is Empty.
  let eHere = finish(walk, s, here);
  let spentHalf = 0;
  for (;;) {
    // The legal steps in direction order; the first with the least E (a stable sort's first).
    let best = -1;
    let bestE = 0;
    let bestHalf = 0;
    for (let k = 0; k < 8; k++) {
      const x = here + steps[k]!;
      if (code[x] !== EMPTY) continue;
      if (k >= 4 && (code[here + side1[k]!] !== EMPTY || code[here + side2[k]!] !== EMPTY)) continue;
      if (best < 0 || field[x]! < bestE) {
        best = x;
        bestE = field[x]!;
        bestHalf = k >= 4 ? 3 : 2;
      }
    }
    // D5: the floored total cost must stay within Speed, as for every other move.
    if (best < 0 || !(bestE < eHere) || (spentHalf + bestHalf) >> 1 > speed) break;
    spentHalf += bestHalf;
    here = best;
    eHere = bestE;
  }
  return { column: walk.column(here), row: walk.row(here) };
}
