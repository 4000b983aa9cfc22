/**
 * Ailments (smt-extensions 3): one slot per unit; an attempt uses the target's affinity for the ailment
 * and the instant-kill luck rule of rules document 7.5.
 */
import { innateAffinity } from '../affinity.js';
import type { AilmentKind } from '../catalogue.js';
import type { ActionEvent } from '../events.js';
import type { Unit } from '../model.js';
import type { OffensiveClass } from './context.js';

export function afflict(target: Unit, ailment: AilmentKind, events: ActionEvent[]): void {
  target.ailment = ailment;
  events.push({ kind: 'afflicted', target: target.name, ailment });
}

/** One ailment attempt by `attacker` on `target` with Power `power`. Returns the outcome's turn class. */
export function tryAilment(attacker: Unit, target: Unit, ailment: AilmentKind, power: number, events: ActionEvent[]): OffensiveClass {
  events.push({ kind: 'ailmentCast', attacker: attacker.name, target: target.name, ailment });
  const affinity = innateAffinity(target, ailment);
  switch (affinity) {
    case 'Null':
    case 'Repel':
    case 'Drain':
      // The catalogue has no Repel or Drain for ailments; a unit that has them at least blocks.
      events.push({ kind: 'block', target: target.name, attacker: attacker.name });
      return 'null';
    case 'Weak':
      events.push({ kind: 'weak', target: target.name, attacker: attacker.name });
      afflict(target, ailment, events);
      return 'weak';
    case 'Neutral':
      if (attacker.lck + power >= target.lck) {
        afflict(target, ailment, events);
        return 'simple';
      }
      events.push({ kind: 'missed', attacker: attacker.name });
      return 'miss';
    case 'Resist':
      if (attacker.lck + power >= 2 * target.lck) {
        events.push({ kind: 'resist', target: target.name, attacker: attacker.name });
        afflict(target, ailment, events);
        return 'simple';
      }
      events.push({ kind: 'missed', attacker: attacker.name });
      return 'miss';
  }
}

/** Shivering Taboo / Announcement of Suffering: the ailment picked by the target's HP mod 5. */
const BY_HP: readonly AilmentKind[] = ['Bind', 'Panic', 'Poison', 'Sick', 'Sleep'];
export function ailmentByHp(target: Unit): AilmentKind {
  return BY_HP[target.hp % 5]!;
}

/** Removes the listed ailments; reports the recovery if there was one to remove. */
export function cure(target: Unit, cures: readonly AilmentKind[], events: ActionEvent[]): void {
  if (target.ailment !== null && cures.includes(target.ailment)) {
    events.push({ kind: 'recovered', unit: target.name, ailment: target.ailment });
    target.ailment = null;
  }
}
