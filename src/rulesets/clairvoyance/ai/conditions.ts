/** Conditions and range expressions (spec 10.4), evaluated for the acting mob in the current state. */
import { flyDistance } from '../geometry/distance.js';
import { listRange } from '../model.js';
import { InternalError } from '../../../core/battle.js';
import type { Comparison, Condition, Description, HpTest, RangeExpr } from '../syntax/ast.js';
import { compareProducts } from './descriptions.js';
import type { BattleState, UnitState } from '../state.js';

/**
 * The state as one AI step sees it. A step evaluates every condition before it plays anything (a Turn
 * ends the step), so the units each description matches, and their distances from the actor, are found
 * once per step and reused: a program of 10,000 conditions over 50,000 units made one turn cost 5·10⁸
 * unit checks. Built lazily, in O(units · log units).
 */
export class StepView {
  private byDescription = new Map<string, Float64Array>();
  private groups: { readonly team: Map<string, UnitState[]>; readonly unit: Map<string, UnitState[]> } | null = null;

  constructor(
    private readonly state: BattleState,
    private readonly actor: UnitState,
  ) {}

  /** Whether condition `condition` holds for the actor (holdsWith). */
  holds(condition: Condition): boolean {
    return holdsWith(condition, (atom) => this.atomHolds(atom));
  }

  private atomHolds(c: Atom): boolean {
    const { state, actor } = this;
    switch (c.kind) {
      case 'count':
        return compare(this.distances(c.description).length, c.comparison);
      case 'in-range': {
        const d = this.distances(c.description);
        return d.length > 0 && d[0]! <= rangeValue(actor, c.range);
      }
      case 'count-in-range':
        return compare(countAtMost(this.distances(c.description), rangeValue(actor, c.range)), c.comparison);
      case 'unit-in-range': {
        // As upstream: alive or dead (a dead unit at its last position).
        const u = state.unitByTriple(c.team.value, c.name.value, c.id.value);
        return u !== null && flyDistance(actor.position, u.position) <= rangeValue(actor, c.range);
      }
      case 'turn-count':
        return compare(state.round, c.comparison);
      case 'hp':
        return hpHolds(c.unit === null ? actor : state.unitByTriple(c.unit.team.value, c.unit.name.value, c.unit.id.value), c.test);
    }
  }

  /** ⌊fly dist⌋ from the actor to every living unit the description matches, in increasing order. */
  private distances(d: Description): Float64Array {
    const key = d.kind === 'team' ? `t:${d.team.value}` : d.kind === 'team-unit' ? `u:${d.team.value}:${d.name.value}` : d.kind;
    let found = this.byDescription.get(key);
    if (found === undefined) {
      const { actor } = this;
      const from = actor.position;
      const values: number[] = [];
      if (d.kind === 'ally' || d.kind === 'enemy') {
        // Most programs: one pass over the units; teams and names go through an index.
        const { units } = this.state;
        const ally = d.kind === 'ally';
        for (let i = 0; i < units.length; i++) {
          const u = units[i]!;
          if (u.alive && (u.spec.team === actor.spec.team) === ally) values.push(flyDistance(from, u.position));
        }
      } else {
        const units = (d.kind === 'team' ? this.indexGroups().team.get(d.team.value) : this.indexGroups().unit.get(`${d.team.value}:${d.name.value}`)) ?? [];
        for (let i = 0; i < units.length; i++) values.push(flyDistance(from, units[i]!.position));
      }
      found = Float64Array.from(values).sort();
      this.byDescription.set(key, found);
    }
    return found;
  }

  /** Living units by team and by team and name (descriptions.ts `matches`: living units only). */
  private indexGroups() {
    if (this.groups === null) {
      const team = new Map<string, UnitState[]>();
      const unit = new Map<string, UnitState[]>();
      for (const u of this.state.units) {
        if (!u.alive) continue;
        const T = u.spec.team;
        let list = team.get(T);
        if (list === undefined) team.set(T, (list = []));
        list.push(u);
        const key = `${T}:${u.spec.name}`;
        let named = unit.get(key);
        if (named === undefined) unit.set(key, (named = []));
        named.push(u);
      }
      this.groups = { team, unit };
    }
    return this.groups;
  }
}

type Atom = Exclude<Condition, { kind: 'not' | 'and' | 'or' }>;

/**
 * Whether `condition` holds, its atoms judged by `atomHolds`: `not` runs and the right-leaning `and`/`or`
 * chains are walked in a loop; only a parenthesised operand recurses, and parse.ts bounds how deep those
 * nest. StepView and OutcomeView share it.
 */
function holdsWith(condition: Condition, atomHolds: (atom: Atom) => boolean): boolean {
  let c = condition;
  let negated = false;
  for (;;) {
    switch (c.kind) {
      case 'not':
        negated = !negated;
        c = c.operand;
        continue;
      case 'and':
        if (!holdsWith(c.left, atomHolds)) return negated;
        c = c.right;
        continue;
      case 'or':
        if (holdsWith(c.left, atomHolds)) return !negated;
        c = c.right;
        continue;
      default:
        return atomHolds(c) !== negated;
    }
  }
}

/** (v2) `hp below|above N[%]` (10.4, D31): false for no unit, a dead or gone one, or one without HP. */
function hpHolds(u: UnitState | null, test: HpTest): boolean {
  if (u === null || !u.alive || u.spec.maxHp === null) return false;
  // HP·100 against N·max HP, exactly; or HP against N.
  const sign = test.percent ? compareProducts(u.hp, 100, test.value, u.spec.maxHp) : Math.sign(u.hp - test.value);
  return test.above ? sign > 0 : sign < 0;
}

/**
 * (v2) The OUTCOME rules' conditions at one end check (7, D33): Cond with no acting unit, so only
 * `T count`, `T:N count`, `total turn count` and `T:N:i hp` (the grammar allows nothing else), with
 * not/and/or. Living units are counted once per check, by team and by team and name, however many rules
 * ask; chains of `and`/`or` and runs of `not` are walked in a loop, as StepView does.
 */
export class OutcomeView {
  private counts: Map<string, number> | null = null;

  constructor(private readonly state: BattleState) {}

  holds(condition: Condition): boolean {
    return holdsWith(condition, (atom) => this.atomHolds(atom));
  }

  private atomHolds(c: Atom): boolean {
    const { state } = this;
    switch (c.kind) {
      case 'turn-count':
        return compare(state.round, c.comparison);
      case 'hp':
        return c.unit !== null && hpHolds(state.unitByTriple(c.unit.team.value, c.unit.name.value, c.unit.id.value), c.test);
      case 'count': {
        const d = c.description;
        if (d.kind === 'ally' || d.kind === 'enemy') break;
        return compare(this.living(d.kind === 'team' ? `t:${d.team.value}` : `u:${d.team.value}:${d.name.value}`), c.comparison);
      }
      default:
        break;
    }
    throw new InternalError(`clairvoyance: an OUTCOME condition cannot be '${c.kind}'`);
  }

  /** Living units under a key `t:<team>` or `u:<team>:<name>`. */
  private living(key: string): number {
    if (this.counts === null) {
      const counts = new Map<string, number>();
      for (const u of this.state.units) {
        if (!u.alive) continue;
        for (const k of [`t:${u.spec.team}`, `u:${u.spec.team}:${u.spec.name}`]) counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      this.counts = counts;
    }
    return this.counts.get(key) ?? 0;
  }
}

/** How many of the sorted values are at most `limit`. */
function countAtMost(sorted: Float64Array, limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Whether `c` holds for `actor` now (one condition: a StepView of its own). */
export function holds(state: BattleState, actor: UnitState, c: Condition): boolean {
  return new StepView(state, actor).holds(c);
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
