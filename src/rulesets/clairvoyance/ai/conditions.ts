/** Conditions and range expressions (spec 10.4), evaluated for the acting mob in the current state. */
import { flyDistance } from '../geometry/distance.js';
import { listRange } from '../model.js';
import type { Comparison, Condition, RangeExpr } from '../syntax/ast.js';
import type { BattleState, UnitState } from '../state.js';
import { matches } from './descriptions.js';

export function holds(state: BattleState, actor: UnitState, c: Condition): boolean {
  switch (c.kind) {
    case 'count':
      return compare(state.units.filter((u) => matches(c.description, u, actor)).length, c.comparison);
    case 'in-range': {
      const r = rangeValue(actor, c.range);
      return state.units.some((u) => matches(c.description, u, actor) && flyDistance(actor.position, u.position) <= r);
    }
    case 'count-in-range': {
      const r = rangeValue(actor, c.range);
      return compare(state.units.filter((u) => matches(c.description, u, actor) && flyDistance(actor.position, u.position) <= r).length, c.comparison);
    }
    case 'unit-in-range': {
      // As upstream: alive or dead (a dead unit at its last position).
      const r = rangeValue(actor, c.range);
      return state.units.some(
        (u) => u.spec.team === c.team.value && u.spec.name === c.name.value && u.spec.id === c.id.value && flyDistance(actor.position, u.position) <= r,
      );
    }
    case 'turn-count':
      return compare(state.round, c.comparison);
    case 'not':
      return !holds(state, actor, c.operand);
    case 'and':
      return holds(state, actor, c.left) && holds(state, actor, c.right);
    case 'or':
      return holds(state, actor, c.left) || holds(state, actor, c.right);
  }
}

export function compare(n: number, cmp: Comparison): boolean {
  switch (cmp.op) {
    case '>':
      return n > cmp.value;
    case '>=':
      return n >= cmp.value;
    case '<':
      return n < cmp.value;
    case '<=':
      return n <= cmp.value;
    case '=':
      return n === cmp.value;
    case '!=':
      return n !== cmp.value;
  }
}

/** Melee = 1; Attack / Full Attack = that list's range; Speed; sums and products. */
export function rangeValue(actor: UnitState, r: RangeExpr): number {
  const mob = actor.spec.mob!;
  switch (r.kind) {
    case 'number':
      return r.value;
    case 'Melee':
      return 1;
    case 'Attack':
      return listRange(mob.attack);
    case 'Full Attack':
      return listRange(mob.fullAttack);
    case 'Speed':
      return mob.speed;
    case 'add':
      return rangeValue(actor, r.left) + rangeValue(actor, r.right);
    case 'multiply':
      return rangeValue(actor, r.left) * r.factor;
  }
}
