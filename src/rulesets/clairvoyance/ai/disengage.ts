/**
 * Disengage (spec 10.5): move down the "escape" field E, which is high near enemies and low far from
 * them. Values are kept in quarter steps so every comparison is exact: E0 = 1.5·(maxD − dist) becomes
 * 3·(maxHalf − half), and steps cost 4 (straight) or 6 (diagonal).
 *
 * E is whole-board by definition (maxD is the largest distance from the enemies), so it is computed with
 * the board's walk search (walk.ts) and its escape search, whose arrays are kept from one Disengage to
 * the next.
 */
import { EMPTY } from '../board.js';
import { NEIGHBOURS } from '../geometry/grid.js';
import { UNREACHABLE, type WalkSearch } from '../geometry/walk.js';
import type { Cell } from '../model.js';
import type { BattleState, UnitState } from '../state.js';

/**
 * The legal steps from cell p (onto an in-board Empty cell; a diagonal also between two Empty side
 * cells) in the order up, down, left, right, up-left, down-left, up-right, down-right, as pairs
 * (cell, cost in quarter steps).
 */
function legalSteps(state: BattleState, p: number): number[] {
  const { width, height, cells } = state;
  const pc = p % width;
  const pr = (p - pc) / width;
  const steps: number[] = [];
  for (const [dc, dr] of NEIGHBOURS) {
    const xc = pc + dc;
    const xr = pr + dr;
    if (xc < 0 || xr < 0 || xc >= width || xr >= height) continue;
    const x = xr * width + xc;
    if (cells[x] !== EMPTY) continue;
    const diagonal = dc !== 0 && dr !== 0;
    if (diagonal && (cells[pr * width + xc] !== EMPTY || cells[xr * width + pc] !== EMPTY)) continue;
    steps.push(x, diagonal ? 6 : 4);
  }
  return steps;
}

/**
 * E on the Empty cells (UNREACHABLE where no enemy path reaches), in the escape search's `half`;
 * null when no enemy is alive (nothing is reachable). Other reached cells hold E0 (`finish` gives E).
 */
function relaxedField(state: BattleState, actor: UnitState): { walk: WalkSearch; field: Int32Array } | null {
  const walk = state.walk();
  walk.start();
  for (const u of state.units) if (u.alive && u.spec.team !== actor.spec.team) walk.addSource(walk.index(u.position.column, u.position.row));
  if (walk.done()) return null;
  walk.settleAll();
  const escape = walk.escape();
  // seedField sets every cell of the field.
  escape.start(false);
  // The last cell settled is the furthest: maxD includes walls and units that got a distance.
  const maxHalf = walk.half[walk.order[walk.settled - 1]!]!;
  const field = escape.half;
  seedField(walk, field, maxHalf);
  feedSeeds(state, walk, escape, maxHalf);
  escape.settleAll();
  return { walk, field };
}

/** E0 on every cell the enemies' search reached, UNREACHABLE elsewhere. (Each long loop is a function of its own: code after a loop compiled while it runs would know nothing yet.) */
function seedField(walk: WalkSearch, field: Int32Array, maxHalf: number): void {
  const { half, order, settled } = walk;
  field.fill(UNREACHABLE);
  for (let k = 0; k < settled; k++) field[order[k]!] = 3 * (maxHalf - half[order[k]!]!);
}

/**
 * Relax to the fixed point: E(x) = min(E0(x), E(n) + cost) over legal steps x→n with E(n) ≥ 0. Legal
 * steps end on Empty cells and are symmetric between them, so a search over Empty cells seeded with E0
 * gives the fixed point there; other cells (the actor's own) take one last min over their steps. The
 * escape search is the walk search over the board with only its Empty cells (every other cell is out of
 * it), steps costing 4 and 6: its edges are then exactly the legal steps. Cells no enemy reaches hold −1
 * and are never relaxed. The seeds enter in increasing E0, the enemies' settling order reversed, each
 * once every lower value is settled.
 */
function feedSeeds(state: BattleState, walk: WalkSearch, escape: WalkSearch, maxHalf: number): void {
  const { half, order } = walk;
  const { cells } = state;
  const field = escape.half;
  let below = -1;
  for (let next = walk.settled - 1; next >= 0; next--) {
    const p = order[next]!;
    if (cells[p] !== EMPTY) continue;
    const v = 3 * (maxHalf - half[p]!);
    if (v - 1 > below) escape.settleThrough((below = v - 1));
    // Not already brought below E0 (and so settled or waiting).
    if (field[p] === v) escape.feed(v, p);
  }
}

/** E of a reached cell that is not Empty: the least of E0 and E(n) + cost over its legal steps. */
function finish(state: BattleState, field: Int32Array, i: number): number {
  let e = field[i]!;
  if (e === UNREACHABLE) return e;
  const steps = legalSteps(state, i);
  for (let k = 0; k < steps.length; k += 2) if (field[steps[k]!] !== UNREACHABLE) e = Math.min(e, field[steps[k]!]! + steps[k + 1]!);
  return e;
}

/** The escape field E over the board (row-major, quarter steps; UNREACHABLE where no enemy path reaches). */
export function escapeField(state: BattleState, actor: UnitState): Int32Array {
  const relaxed = relaxedField(state, actor);
  if (relaxed === null) return new Int32Array(state.width * state.height).fill(UNREACHABLE);
  const { field } = relaxed;
  return Int32Array.from(field, (e, i) => (state.cells[i] === EMPTY ? e : finish(state, field, i)));
}

/** The cell Disengage ends on (the actor's own cell when it does not move). */
export function disengageDestination(state: BattleState, actor: UnitState): Cell {
  const relaxed = relaxedField(state, actor);
  if (relaxed === null) return actor.position;
  const { walk, field } = relaxed;
  const speed = actor.spec.mob!.speed;
  let here = walk.index(actor.position.column, actor.position.row);
  // The actor's cell holds the actor (not Empty); every later cell is Empty.
  let eHere = finish(state, field, here);
  let spentHalf = 0;
  for (;;) {
    // The legal steps in direction order; the first with the least E (a stable sort's first).
    const steps = legalSteps(state, here);
    let best = -1;
    let bestE = 0;
    let bestHalf = 0;
    for (let k = 0; k < steps.length; k += 2) {
      const x = steps[k]!;
      if (best < 0 || field[x]! < bestE) {
        best = x;
        bestE = field[x]!;
        bestHalf = steps[k + 1]! / 2;
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
