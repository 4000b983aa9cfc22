/**
 * Damage arithmetic (rules document 6.1–6.3, smt-extensions 1.5): IEEE doubles multiplied left to right,
 * truncated once at the very end.
 */
export const ATTACK_MODIFIER = 54;
export const SHOOT_MODIFIER = 80;
const BASIC_FACTOR = 0.0114;
/** Charge and Concentrate multiply the next matching hit by this (rules document 7.6). */
export const CHARGE_FACTOR = 2.5;
/** A Sick attacker deals this share of its damage (smt-extensions 3.5). */
export const SICK_FACTOR = 0.75;

/** Atacar (Str, modifier 54) and Disparar (Skl, modifier 80). */
export function basicBase(stat: number, modifier: number): number {
  return stat * modifier * BASIC_FACTOR;
}

export function skillBase(stat: number, power: number): number {
  return Math.sqrt(stat * power);
}

/** Cuadro 4: offensive grade -3..3 to damage multiplier. */
const OFFENSE = [0.625, 0.75, 0.875, 1, 1.25, 1.5, 1.75] as const;
/** Cuadro 5: defensive grade -3..3 to damage multiplier. */
const DEFENSE = [1.75, 1.5, 1.25, 1, 0.875, 0.75, 0.625] as const;
export const MIN_GRADE = -3;
export const MAX_GRADE = 3;

export function offenseMultiplier(grade: number): number {
  return OFFENSE[grade + 3]!;
}
export function defenseMultiplier(grade: number): number {
  return DEFENSE[grade + 3]!;
}

/** 6.2: Weak 1.5, Resist 0.5, otherwise 1 (only these three reach the formula). */
export function affinityMultiplier(affinity: 'Weak' | 'Resist' | 'Neutral'): number {
  return affinity === 'Weak' ? 1.5 : affinity === 'Resist' ? 0.5 : 1;
}

/** The attacker-side factors every amount carries: Charge/Concentrate, Pleroma, Sick. */
export interface AttackerFactors {
  readonly charge: number;
  readonly pleroma: number;
  readonly sick: number;
}

/** Damage of a hit on a Neutral, Weak or Resist target. */
export function hitDamage(base: number, f: AttackerFactors, atkGrade: number, defGrade: number, affinity: 'Weak' | 'Resist' | 'Neutral'): number {
  const raw = base * f.charge * f.pleroma * f.sick * offenseMultiplier(atkGrade) * defenseMultiplier(defGrade) * affinityMultiplier(affinity);
  return Math.max(0, Math.floor(raw));
}

/** Amount sent back by Repel or absorbed by Drain: grades and affinity play no part (7.6). */
export function reflectedAmount(base: number, f: AttackerFactors): number {
  return Math.max(0, Math.floor(base * f.charge * f.pleroma * f.sick));
}

/** Heal and revive amounts: a share of the target's max HP, times Heal Pleroma (smt-extensions 1.5). */
export function healAmount(maxHp: number, power: number, healPleroma: number): number {
  return Math.floor(((maxHp * power) / 100) * (1 + healPleroma / 100));
}

export function clampGrade(grade: number): number {
  return Math.max(MIN_GRADE, Math.min(MAX_GRADE, grade));
}
