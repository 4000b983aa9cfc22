/**
 * The turn actions (spec 10.5). Each returns true when done and false when the Turn must be retried
 * next round. Moves never print a line when the cell does not change (D7).
 */
import { resolveAttackList } from '../attack.js';
import { EMPTY } from '../board.js';
import type { Dice } from '../dice.js';
import { firstWithin, floorDistance, flyDistance, predecessor, reachable, walkMap, type DistanceMap } from '../geometry/distance.js';
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
  const keys: number[] = [];
  for (let row = r0; row <= r1; row++) {
    for (let column = c0; column <= c1; column++) {
      const c = { column, row };
      if (state.at(column, row) !== EMPTY || !reachable(map, c) || flyDistance(t, c) > range) continue;
      keys.push((floorDistance(map, c) * width + column) * height + row);
    }
  }
  if (keys.length === 0) return null;
  const sorted = Float64Array.from(keys).sort();
  const sight = state.sight();
  for (const key of sorted) {
    const row = key % height;
    const column = ((key - row) / height) % width;
    const c = { column, row };
    if (sight.lineOfSight(t, c)) return c;
  }
  return null;
}
