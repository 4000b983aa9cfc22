/**
 * The turn actions (spec 10.5). Each returns true when done and false when the Turn must be retried
 * next round. Moves never print a line when the cell does not change (D7).
 */
import { resolveAttackList } from '../attack.js';
import { EMPTY } from '../board.js';
import type { Dice } from '../dice.js';
import { SightField } from '../geometry/los.js';
import { firstWithin, flyDistance, predecessor, reachable, UNREACHABLE, walkMap, type DistanceMap } from '../geometry/distance.js';
import { listRange, type Cell, type TurnAction } from '../model.js';
import type { Target } from '../syntax/ast.js';
import type { BattleState, UnitState } from '../state.js';
import { resolveTarget } from './descriptions.js';
import { disengageDestination } from './disengage.js';

export function runAction(state: BattleState, dice: Dice, actor: UnitState, action: TurnAction): boolean {
  switch (action.kind) {
    case 'approach':
      return approach(state, actor, action.target);
    case 'disengage':
      moveTo(state, actor, disengageDestination(state, actor));
      return true;
    case 'attack':
      return attack(state, dice, actor, action.target, false);
    case 'full-attack':
      return attack(state, dice, actor, action.target, true);
  }
}

const same = (a: Cell, b: Cell) => a.column === b.column && a.row === b.row;

function moveTo(state: BattleState, actor: UnitState, to: Cell): void {
  if (!same(actor.position, to)) state.move(actor, to);
}

/** Approach X: always done. No target, the actor itself, or no walking path (D3): no move. */
function approach(state: BattleState, actor: UnitState, target: Target): boolean {
  const map = walkMap(state, [actor.position]);
  const t = resolveTarget(state, actor, target, map);
  if (t === null || t === actor || !reachable(map, t.position)) return true;
  // Path(target) without the target's own cell, from its far end: the first cell within Speed.
  moveTo(state, actor, firstWithin(map, predecessor(map, t.position), actor.spec.mob!.speed));
  return true;
}

/**
 * Attack X / Full Attack X: in range and sight, resolve the list and be done. Otherwise walk toward the
 * nearest Empty, reachable cell it could attack from (D2), by least (⌊dist⌋, column, row), within Speed
 * (Full Attack: 2·Speed on the whole path), and retry next round.
 */
function attack(state: BattleState, dice: Dice, actor: UnitState, target: Target, full: boolean): boolean {
  const map = walkMap(state, [actor.position]);
  const t = resolveTarget(state, actor, target, map);
  if (t === null) return true;
  const mob = actor.spec.mob!;
  const list = full ? mob.fullAttack : mob.attack;
  const range = listRange(list);
  if (flyDistance(t.position, actor.position) <= range && state.sight().lineOfSight(t.position, actor.position)) {
    resolveAttackList(state, dice, actor, t, list);
    return true;
  }
  const best = nearestAttackCell(state, map, t.position, range);
  if (best !== null) moveTo(state, actor, firstWithin(map, best, full ? 2 * mob.speed : mob.speed));
  return false;
}

/**
 * The least (⌊dist⌋, column, row) among the Empty, reachable cells of VAP(t, range) (los.ts attackCells).
 * The candidates are sorted first and line of sight is asked in that order, so the first cell that sees t
 * wins and most cells are never asked about: on a long corridor the whole range is in the square.
 */
function nearestAttackCell(state: BattleState, map: DistanceMap, t: Cell, range: number): Cell | null {
  const { width, height } = state;
  const r0 = Math.max(0, t.row - range);
  const r1 = Math.min(height - 1, t.row + range);
  const c0 = Math.max(0, t.column - range);
  const c1 = Math.min(width - 1, t.column + range);
  // Each candidate as one number ordered like its (⌊dist⌋, column, row): exact, below 2^53.
  let keys = new Float64Array(1024);
  let count = 0;
  for (let row = r0; row <= r1; row++) {
    const dr = Math.abs(row - t.row);
    for (let column = c0; column <= c1; column++) {
      const i = row * width + column;
      const half = map.half[i]!;
      if (half === UNREACHABLE || state.cells[i] !== EMPTY) continue;
      // flyDistance(t, (column, row)).
      const dc = Math.abs(column - t.column);
      if (Math.max(dc, dr) + (Math.min(dc, dr) >> 1) > range) continue;
      if (count === keys.length) {
        const grown = new Float64Array(2 * count);
        grown.set(keys);
        keys = grown;
      }
      keys[count++] = ((half >> 1) * width + column) * height + row;
    }
  }
  if (count === 0) return null;
  const sorted = keys.subarray(0, count).sort();
  const sight = state.sight();
  // The first few one by one; past them, most cells near the actor cannot see t (it is behind walls), and
  // a field of sight over the whole square answers each of them in O(1).
  let field: SightField | null = null;
  for (let k = 0; k < sorted.length; k++) {
    const key = sorted[k]!;
    const row = key % height;
    const column = ((key - row) / height) % width;
    const c = { column, row };
    if (k === ONE_BY_ONE) field = new SightField(sight, state, t, c0, r0, c1 + 1, r1 + 1);
    if (field === null ? sight.lineOfSight(t, c) : field.sees(c)) return c;
  }
  return null;
}

/** Candidates asked about one by one before a field of sight is built (it costs O(square)). */
const ONE_BY_ONE = 16;
