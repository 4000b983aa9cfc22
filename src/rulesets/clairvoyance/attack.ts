/**
 * Resolving attacks (spec 10.6, 8.2). An AI attack rolls every entry of its list first (one d20, then its
 * N damage dice, entry by entry), then applies them in order: roll = d20 + modifier, damage =
 * max(1, dice + damage modifier), a hit when roll ≥ AC. A defender without AC (a player without one) is
 * only announced. A unit with HP is dead when its HP is below 0; the death check runs once, after the
 * last entry.
 *
 * (v2) With `--crits`, against a defender with AC (D37, D39): a natural 20 threatens and draws a
 * confirmation d20 before its damage dice; a confirmed critical draws the damage dice again and adds the
 * modifier twice; a natural 1 always misses.
 */
import type { Dice } from './dice.js';
import type { ClvEvent } from './events.js';
import type { AttackEntry } from './model.js';
import type { BattleState, UnitState } from './state.js';

type Attacked = Extract<ClvEvent, { kind: 'attacked' }>;

export function resolveAttackList(state: BattleState, dice: Dice, attacker: UnitState, defender: UnitState, list: readonly AttackEntry[], crits = false): void {
  state.noteTarget(attacker, defender.index);
  const ac = defender.spec.ac;
  const critical = crits && ac !== null;
  const rolls = list.map((entry) => {
    const d20 = dice.die(20);
    const confirm = critical && d20 === 20 ? dice.die(20) : null;
    const values = dice.roll(entry.count, entry.faces);
    const confirmed = confirm !== null && (confirm === 20 || (confirm !== 1 && confirm + entry.modifier >= ac!));
    if (confirmed) values.push(...dice.roll(entry.count, entry.faces));
    return { entry, d20, values, confirm, confirmed };
  });
  for (const { entry, d20, values, confirm, confirmed } of rolls) {
    const roll = d20 + entry.modifier;
    const damage = Math.max(1, values.reduce((a, b) => a + b, 0) + entry.damageModifier * (confirmed ? 2 : 1));
    // Natural 20 always hits, natural 1 always misses (only where the 3.5 rules apply).
    const hit = ac === null ? null : critical && d20 === 20 ? true : critical && d20 === 1 ? false : roll >= ac;
    const source = { attacker: attacker.index, d20, modifier: entry.modifier, dice: values, damageModifier: entry.damageModifier };
    applyHit(state, defender, roll, damage, hit, source, crits ? { applied: critical, confirm, confirmed } : undefined);
  }
  deathCheck(state, defender);
}

/** The `attack UNIT atk dmg` command: the roll and damage as given (0 allowed), no history change, no crits. */
export function resolveCommandAttack(state: BattleState, defender: UnitState, roll: number, damage: number, crits = false): void {
  const ac = defender.spec.ac;
  const source = { attacker: null, d20: null, modifier: 0, dice: null, damageModifier: 0 };
  applyHit(state, defender, roll, damage, ac === null ? null : roll >= ac, source, crits ? { applied: false, confirm: null, confirmed: false } : undefined);
  deathCheck(state, defender);
}

function applyHit(
  state: BattleState,
  defender: UnitState,
  roll: number,
  damage: number,
  hit: boolean | null,
  source: Pick<Attacked, 'attacker' | 'd20' | 'modifier' | 'dice' | 'damageModifier'>,
  crits: Attacked['crits'],
): void {
  if (hit === true && defender.spec.maxHp !== null) state.setHp(defender, defender.hp - damage);
  const e: Attacked = { kind: 'attacked', ...source, defender: defender.index, roll, damage, ac: defender.spec.ac, hit };
  state.report(crits === undefined ? e : { ...e, crits });
}

/** Spec 10.6 step 4: a unit with HP below 0 dies (a mob, or a player with HP, D24). */
export function deathCheck(state: BattleState, defender: UnitState): void {
  if (defender.alive && defender.spec.maxHp !== null && defender.hp < 0) state.die(defender);
}
