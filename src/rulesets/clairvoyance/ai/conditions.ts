/** Conditions and range expressions (spec 10.4), evaluated for the acting mob in the current state. */
import { flyDistance } from '../geometry/distance.js';
import { listRange } from '../model.js';
import type { Comparison, Condition, RangeExpr } from '../syntax/ast.js';
import type { BattleState, UnitState } from '../state.js';
import { matches } from './descriptions.js';

/**
 * Whether condition `c` holds. `not` runs and the right-leaning `and`/`or` chains are walked in a loop;
 * only a parenthesised operand recurses, and parse.ts bounds how deep those nest.
 */
export function holds(state: BattleState, actor: UnitState, condition: Condition): boolean {
  let c = condition;
  let negated = false;
  for (;;) {
    switch (c.kind) {
      case 'not':
        negated = !negated;
        c = c.operand;
        continue;
      case 'and':
        if (!holds(state, actor, c.left)) return negated;
        c = c.right;
        continue;
      case 'or':
        if (holds(state, actor, c.left)) return !negated;
        c = c.right;
        continue;
      default:
        return atomHolds(state, actor, c) !== negated;
    }
  }
}

type Atom = Exclude<Condition, { kind: 'not' | 'and' | 'or' }>;

function atomHolds(state: BattleState, actor: UnitState, c: Atom): boolean {
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

/**
 * Range values saturate here: every board distance is far below it, so comparisons come out as with
 * unbounded integers, while `Speed * 2147483647 * 2147483647 * ...` can never reach Infinity (or NaN,
 * once multiplied by 0).
 */
export const MAX_RANGE = 2147483647;

/**
 * Melee = 1; Attack / Full Attack = that list's range; Speed; sums and products, saturating at MAX_RANGE.
 * Evaluated with an explicit stack: `1 + 1 + ... + 1` is a left-leaning tree as deep as it is long.
 */
export function rangeValue(actor: UnitState, root: RangeExpr): number {
  const mob = actor.spec.mob!;
  const values: number[] = [];
  // An expression to evaluate, or how to combine the values on top: 'add' the last two, or multiply by a factor.
  const work: (RangeExpr | { readonly combine: 'add' } | { readonly combine: 'multiply'; readonly factor: number })[] = [root];
  while (work.length > 0) {
    const item = work.pop()!;
    if ('combine' in item) {
      const right = item.combine === 'add' ? values.pop()! : item.factor;
      const left = values.pop()!;
      values.push(Math.min(MAX_RANGE, item.combine === 'add' ? left + right : left * right));
      continue;
    }
    switch (item.kind) {
      case 'number':
        values.push(Math.min(MAX_RANGE, item.value));
        break;
      case 'Melee':
        values.push(1);
        break;
      case 'Attack':
        values.push(Math.min(MAX_RANGE, listRange(mob.attack)));
        break;
      case 'Full Attack':
        values.push(Math.min(MAX_RANGE, listRange(mob.fullAttack)));
        break;
      case 'Speed':
        values.push(Math.min(MAX_RANGE, mob.speed));
        break;
      case 'add':
        work.push({ combine: 'add' }, item.right, item.left);
        break;
      case 'multiply':
        work.push({ combine: 'multiply', factor: item.factor }, item.left);
        break;
    }
  }
  return values[0]!;
}
