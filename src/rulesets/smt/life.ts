/**
 * HP changes that can end a life. Death resets the attack/defense grades, Doping and the ailment at once
 * (course transcripts; smt-extensions 3.4); Endure and Enduring Soul turn one death into survival
 * (smt-extensions 1.7).
 */
import type { ActionEvent } from './events.js';
import type { Unit } from './model.js';

/** Kills a unit outright and resets what death resets. */
export function die(unit: Unit): void {
  unit.hp = 0;
  unit.atkGrade = 0;
  unit.defGrade = 0;
  unit.ailment = null;
  if (unit.doped) {
    unit.doped = false;
    unit.maxHp = unit.baseMaxHp;
  }
}

/**
 * Called when an event would bring a living unit to 0 HP. Uses up an Endure-type passive if one is left
 * (Enduring Soul first) and reports it; otherwise the unit dies.
 */
export function lethal(unit: Unit, events: ActionEvent[]): void {
  const p = unit.passives;
  if (p.enduringSoul && !unit.enduringSoulUsed) {
    unit.enduringSoulUsed = true;
    unit.hp = unit.maxHp;
    events.push({ kind: 'endured', unit: unit.name, passive: 'Enduring Soul' });
  } else if (p.endure && !unit.endureUsed) {
    unit.endureUsed = true;
    unit.hp = 1;
    events.push({ kind: 'endured', unit: unit.name, passive: 'Endure' });
  } else {
    die(unit);
  }
}

/**
 * Takes `amount` HP from a unit. A unit already at 0 HP stays there (a dead unit hit again in the same
 * action still shows its damage line, course). The caller has already pushed the line that reports the
 * damage, so an Endure line lands right after it.
 */
export function hurt(unit: Unit, amount: number, events: ActionEvent[]): void {
  if (!unit.alive) return;
  unit.hp = Math.max(0, unit.hp - amount);
  if (unit.hp === 0) lethal(unit, events);
}

/** Restores HP up to the max (a dead unit is not healed by this; see `revive`). */
export function restoreHp(unit: Unit, amount: number): void {
  if (unit.alive) unit.hp = Math.min(unit.maxHp, unit.hp + amount);
}

export function revive(unit: Unit, amount: number): void {
  unit.hp = Math.min(unit.maxHp, Math.max(1, amount));
}
