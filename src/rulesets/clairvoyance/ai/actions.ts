/**
 * The turn actions (spec 10.5). Each returns true when done and false when the Turn must be retried
 * next round. Moves never print a line when the cell does not change (D7).
 */
import { resolveAttackList } from '../attack.js';
import { EMPTY } from '../board.js';
import type { Dice } from '../dice.js';
import { SightField } from '../geometry/los.js';
import { flyDistance } from '../geometry/distance.js';
import type { WalkSearch } from '../geometry/walk.js';
import { listRange, type AttackEntry, type Cell, type TurnAction } from '../model.js';
import type { Target } from '../syntax/ast.js';
import type { BattleState, UnitState } from '../state.js';
import { resolveTarget } from './descriptions.js';
import { disengageDestination } from './disengage.js';

/** `crits`: the `--crits` rules for AI attacks (v2, 10.6). */
export function runAction(state: BattleState, dice: Dice, actor: UnitState, action: TurnAction, crits = false): boolean {
  switch (action.kind) {
    case 'approach':
      return approach(state, dice, actor, action.target);
    case 'disengage':
      moveTo(state, actor, disengageDestination(state, actor));
      return true;
    case 'retreat':
      // D32: the actor leaves the combat at once; the battle skips the rest of its Turn (as D14).
      state.depart(actor, 'Retreated');
      return true;
    case 'attack':
      return attack(state, dice, actor, action.target, false, crits);
    case 'full-attack':
      return attack(state, dice, actor, action.target, true, crits);
  }
}

const same = (a: Cell, b: Cell) => a.column === b.column && a.row === b.row;

function moveTo(state: BattleState, actor: UnitState, to: Cell): void {
  if (!same(actor.position, to)) state.move(actor, to);
}

/** Approach X: always done. No target, the actor itself, or no walking path (D3): no move. */
function approach(state: BattleState, dice: Dice, actor: UnitState, target: Target): boolean {
  const to = approachDestination(state, actor, target, dice);
  if (to !== null) moveTo(state, actor, to);
  return true;
}

/** Where Approach X ends (null: no move), searching only as far as the target. */
export function approachDestination(state: BattleState, actor: UnitState, target: Target, dice: Dice | null = null): Cell | null {
  const walk = state.walk();
  const t = resolveTarget(state, actor, target, walk, dice);
  if (t === null || t === actor) return null;
  const at = walk.index(t.position.column, t.position.row);
  // closest and furthest have searched from the actor; a target known without one gets a search aimed at it.
  if (target.kind !== 'closest' && target.kind !== 'furthest') {
    walk.start();
    walk.aimAtCells([at]);
    walk.addSource(walk.index(actor.position.column, actor.position.row));
  }
  if (!walk.reach(at)) return null;
  // Path(target) without the target's own cell, from its far end: the first cell within Speed.
  return cellOf(walk, walk.firstWithin(walk.predecessor(at), actor.spec.mob!.speed));
}

/**
 * Attack X / Full Attack X: in range and sight, resolve the list and be done. Otherwise walk toward the
 * nearest Empty, reachable cell it could attack from (D2), by least (⌊dist⌋, column, row), within Speed
 * (Full Attack: 2·Speed on the whole path), and retry next round.
 */
function attack(state: BattleState, dice: Dice, actor: UnitState, target: Target, full: boolean, crits: boolean): boolean {
  const plan = attackPlan(state, actor, target, full, dice);
  if (plan.kind === 'none') return true;
  if (plan.kind === 'attack') {
    resolveAttackList(state, dice, actor, plan.target, plan.list, crits);
    return true;
  }
  if (plan.to !== null) moveTo(state, actor, plan.to);
  return false;
}

export type AttackPlan =
  | { readonly kind: 'none' }
  | { readonly kind: 'attack'; readonly target: UnitState; readonly list: readonly AttackEntry[] }
  | { readonly kind: 'move'; readonly to: Cell | null };

/** What Attack X / Full Attack X does: nothing (no target), attack, or walk (to null: no move). */
export function attackPlan(state: BattleState, actor: UnitState, target: Target, full: boolean, dice: Dice | null = null): AttackPlan {
  const walk = state.walk();
  const t = resolveTarget(state, actor, target, walk, dice);
  if (t === null) return { kind: 'none' };
  const mob = actor.spec.mob!;
  const list = full ? mob.fullAttack : mob.attack;
  const range = listRange(list);
  if (flyDistance(t.position, actor.position) <= range && state.sight().lineOfSight(t.position, actor.position)) return { kind: 'attack', target: t, list };
  const best = nearestAttackCell(state, walk, actor, t.position, range);
  return { kind: 'move', to: best === null ? null : cellOf(walk, walk.firstWithin(best, full ? 2 * mob.speed : mob.speed)) };
}

const cellOf = (walk: WalkSearch, i: number): Cell => ({ column: walk.column(i), row: walk.row(i) });

/**
 * The least (⌊dist⌋, column, row) among the Empty, reachable cells of VAP(t, range) (los.ts attackCells),
 * as a settled cell of a search from the actor aimed at the square around t: the square's cells are
 * settled in increasing distance, a band around the way there before them. They are taken one ⌊dist⌋ at
 * a time (half steps 2k and 2k + 1), sorted by (column, row) and asked for line of sight in that order, so
 * the first that sees t wins and most cells are never asked about.
 */
function nearestAttackCell(state: BattleState, walk: WalkSearch, actor: UnitState, t: Cell, range: number): number | null {
  const { width, height } = state;
  const r0 = Math.max(0, t.row - range);
  const r1 = Math.min(height - 1, t.row + range);
  const c0 = Math.max(0, t.column - range);
  const c1 = Math.min(width - 1, t.column + range);
  walk.start();
  walk.aimAtBox(c0, r0, c1, r1);
  walk.addSource(walk.index(actor.position.column, actor.position.row));
  const { order, half } = walk;
  const sight = new SightQuestions(state, t, c0, r0, c1, r1);
  let keys = new Int32Array(64);
  for (let k = 0, level = 0; k < walk.settled || !walk.done(); level++) {
    walk.settleThrough(2 * level + 1);
    // The square's settled cells of ⌊dist⌋ = level (they come in increasing distance), each as one
    // number ordered like its (column, row).
    let count = 0;
    for (; k < walk.settled; k++) {
      const p = order[k]!;
      const column = walk.column(p);
      const row = walk.row(p);
      if (column < c0 || column > c1 || row < r0 || row > r1) continue;
      if (half[p]! >> 1 > level) break;
      if (state.cells[p] !== EMPTY) continue;
      // flyDistance(t, (column, row)).
      const dc = Math.abs(column - t.column);
      const dr = Math.abs(row - t.row);
      if (Math.max(dc, dr) + (Math.min(dc, dr) >> 1) > range) continue;
      if (count === keys.length) {
        const grown = new Int32Array(2 * count);
        grown.set(keys);
        keys = grown;
      }
      keys[count++] = column * height + row;
    }
    if (count === 0) continue;
    const sorted = keys.subarray(0, count).sort();
    for (let j = 0; j < count; j++) {
      const key = sorted[j]!;
      const row = key % height;
      const column = (key / height) | 0;
      if (sight.sees(column, row)) return walk.index(column, row);
    }
  }
  return null;
}

/**
 * lineOfSight(t, c) for cells c of the square [c0, c1] x [r0, r1] around t. When many cells near the
 * actor cannot see t (it is behind walls on a large board), a field of sight over the whole square
 * answers the rest in O(1) each; it costs O(square), about what asking one by one costs for as many
 * cells as the square's width and height (each answer walks up to that far).
 */
class SightQuestions {
  private asked = 0;
  private field: SightField | null = null;

  constructor(
    private readonly state: BattleState,
    private readonly t: Cell,
    private readonly c0: number,
    private readonly r0: number,
    private readonly c1: number,
    private readonly r1: number,
  ) {}

  sees(column: number, row: number): boolean {
    const { state, t } = this;
    if (this.asked++ === 16 + (this.c1 - this.c0) + (this.r1 - this.r0)) this.field = new SightField(state.sight(), state, t, this.c0, this.r0, this.c1 + 1, this.r1 + 1);
    const c = { column, row };
    return this.field === null ? state.sight().lineOfSight(t, c) : this.field.sees(c);
  }
}
