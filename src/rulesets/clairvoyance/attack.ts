/**
 * Resolving attacks (spec 10.6, 8.2). An AI attack rolls every entry of its list first (one d20, then its
 * N damage dice, entry by entry), then applies them in order: roll = d20 + modifier, damage =
 * max(1, dice + damage modifier), a hit when roll ≥ AC. Players have no HP: attacks on them are only
 * announced. A mob is dead when its HP is below 0; the death check runs once, after the last entry.
 */
import type { Dice } from './dice.js';
import type { AttackEntry } from './model.js';
import type { BattleState, UnitState } from './state.js';

export function resolveAttackList(state: BattleState, dice: Dice, attacker: UnitState, defender: UnitState, list: readonly AttackEntry[]): void {
  // Most recent first, each unit once: `last` only ever finds a unit's latest place, and a long battle
  // would otherwise grow the list (and each search of it) with every attack.
  const seen = attacker.history.indexOf(defender.index);
  if (seen >= 0) attacker.history.splice(seen, 1);
  attacker.history.unshift(defender.index);
  const rolls = list.map((entry) => ({ entry, d20: dice.die(20), dice: dice.roll(entry.count, entry.faces) }));
  for (const { entry, d20, dice: values } of rolls) {
    const roll = d20 + entry.modifier;
    const damage = Math.max(1, values.reduce((a, b) => a + b, 0) + entry.damageModifier);
    applyHit(state, defender, roll, damage, { attacker: attacker.index, d20, modifier: entry.modifier, dice: values, damageModifier: entry.damageModifier });
  }
  deathCheck(state, defender);
}

/** The `attack UNIT atk dmg` command: the roll and damage as given (0 allowed), no history change. */
export function resolveCommandAttack(state: BattleState, defender: UnitState, roll: number, damage: number): void {
  applyHit(state, defender, roll, damage, { attacker: null, d20: null, modifier: 0, dice: null, damageModifier: 0 });
  deathCheck(state, defender);
}

function applyHit(
  state: BattleState,
  defender: UnitState,
  roll: number,
  damage: number,
  source: { attacker: number | null; d20: number | null; modifier: number; dice: readonly number[] | null; damageModifier: number },
): void {
  const mob = defender.spec.mob;
  const hit = mob === null ? null : roll >= mob.ac;
  if (hit === true) defender.hp -= damage;
  state.report({ kind: 'attacked', ...source, defender: defender.index, roll, damage, ac: mob?.ac ?? null, hit });
}

function deathCheck(state: BattleState, defender: UnitState): void {
  if (defender.alive && defender.spec.mob !== null && defender.hp < 0) state.die(defender);
}
