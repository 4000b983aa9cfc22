/**
 * The turn actions (spec 10.5). Each returns true when done and false when the Turn must be retried
 * next round. Moves never print a line when the cell does not change (D7).
 */
import { resolveAttackList } from '../attack.js';
import { EMPTY } from '../board.js';
import type { Dice } from '../dice.js';
import { firstWithin, floorDistance, flyDistance, predecessor, reachable, walkMap } from '../geometry/distance.js';
import { attackCells, lineOfSight } from '../geometry/los.js';
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
  if (flyDistance(t.position, actor.position) <= range && lineOfSight(state, t.position, actor.position)) {
    resolveAttackList(state, dice, actor, t, list);
    return true;
  }
  let best: Cell | null = null;
  let bestDistance = 0;
  for (const c of attackCells(state, t.position, range, flyDistance)) {
    if (state.at(c.column, c.row) !== EMPTY || !reachable(map, c)) continue;
    const d = floorDistance(map, c);
    if (best === null || d < bestDistance || (d === bestDistance && (c.column < best.column || (c.column === best.column && c.row < best.row)))) {
      best = c;
      bestDistance = d;
    }
  }
  if (best !== null) moveTo(state, actor, firstWithin(map, best, full ? 2 * mob.speed : mob.speed));
  return false;
}
