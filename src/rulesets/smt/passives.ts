/**
 * Passive skills (rules document 7.8, smt-extensions section 1): never chosen, they shape the unit that
 * holds them. `readPassives` turns a unit's passive skills into one summary, so the rest of the rules ask
 * "what does this unit resist / add / counter" and never look at skill names.
 */
import type { Affinity, AilmentKind, Element, SkillDef } from './catalogue.js';
import { byName } from './name-table.js';

export interface Passives {
  /** Affinity replacements, the strongest per element (Drain > Repel > Null > Resist). */
  readonly affinity: Partial<Record<Element | AilmentKind, Affinity>>;
  /** Added to the base stats (Lesson family). */
  readonly statBonus: { readonly str: number; readonly skl: number; readonly mag: number; readonly spd: number; readonly lck: number };
  /** Percentages added to max HP and max MP (Gain family). */
  readonly hpPercent: number;
  readonly mpPercent: number;
  /** Pleroma percentages per element, and for healing. */
  readonly pleroma: Partial<Record<Element, number>>;
  readonly healPleroma: number;
  /** Skill Power of the strongest Counter/Retaliate (0 = none), and of Ally Counter/Ally Retaliate. */
  readonly counter: number;
  readonly allyCounter: number;
  /** Elements whose Resist/Null/Drain this unit's skills ignore. */
  readonly penetrate: ReadonlySet<Element>;
  readonly endure: boolean;
  readonly enduringSoul: boolean;
}

/** Why a passive skill is handled, for the data-integrity test: every passive must match one family. */
export type PassiveFamily = 'affinity' | 'ailment-immunity' | 'lesson' | 'gain' | 'pleroma' | 'counter' | 'penetrate' | 'endure';

const AFFINITY_RANK: Record<Affinity, number> = { Neutral: 0, Weak: 0, Resist: 1, Null: 2, Repel: 3, Drain: 4 };
const ELEMENT_WORDS: Record<string, Element> = {
  Phys: 'Phys', Gun: 'Gun', Fire: 'Fire', Ice: 'Ice', Elec: 'Elec', Electric: 'Elec', Force: 'Force', Light: 'Light', Dark: 'Dark',
};
const AFFINITY_WORDS: Record<string, Affinity> = { Resist: 'Resist', Null: 'Null', Repel: 'Repel', Drain: 'Drain' };
const IMMUNITIES: Record<string, readonly AilmentKind[]> = {
  'Null Mind': ['Sleep', 'Panic'],
  'Null Nerve': ['Poison', 'Bind', 'Sick'],
  'Hellish Mask': ['Poison', 'Sleep', 'Panic', 'Bind', 'Sick'],
};
const LESSONS: Record<string, readonly (keyof Passives['statBonus'])[]> = {
  'Speed Lesson': ['spd'],
  'Haste Lesson': ['spd'],
  Awakening: ['str', 'skl', 'mag', 'spd', 'lck'],
};
const GAINS: Record<string, 'hp' | 'mp'> = {
  'Life Bonus': 'hp', 'Life Gain': 'hp', 'Life Surge': 'hp', 'Mana Bonus': 'mp', 'Mana Gain': 'mp', 'Mana Surge': 'mp',
};
const COUNTERS: Record<string, 'self' | 'ally'> = { Counter: 'self', Retaliate: 'self', 'Ally Counter': 'ally', 'Ally Retaliate': 'ally' };
const AFFINITY_PASSIVE = /^(Resist|Null|Repel|Drain) (Phys|Gun|Fire|Ice|Elec|Electric|Force|Light|Dark)$/;
const PLEROMA = /^(?:High )?(Phys|Gun|Fire|Ice|Elec|Force|Heal) Pleroma$/;
const PENETRATE = /^(Fire|Ice|Elec|Force) Penetrate$/;

/** The family a passive belongs to, or null for a passive this engine does not know. */
export function passiveFamily(skill: SkillDef): PassiveFamily | null {
  const n = skill.name;
  if (AFFINITY_PASSIVE.test(n)) return 'affinity';
  if (byName(IMMUNITIES, n) !== undefined) return 'ailment-immunity';
  if (byName(LESSONS, n) !== undefined) return 'lesson';
  if (byName(GAINS, n) !== undefined) return 'gain';
  if (PLEROMA.test(n)) return 'pleroma';
  if (byName(COUNTERS, n) !== undefined) return 'counter';
  if (PENETRATE.test(n)) return 'penetrate';
  if (n === 'Endure' || n === 'Enduring Soul') return 'endure';
  return null;
}

export function readPassives(skills: readonly SkillDef[]): Passives {
  const affinity: Partial<Record<Element | AilmentKind, Affinity>> = {};
  const statBonus = { str: 0, skl: 0, mag: 0, spd: 0, lck: 0 };
  const pleroma: Partial<Record<Element, number>> = {};
  const penetrate = new Set<Element>();
  let hpPercent = 0, mpPercent = 0, healPleroma = 0, counter = 0, allyCounter = 0;
  let endure = false, enduringSoul = false;
  const grant = (key: Element | AilmentKind, value: Affinity) => {
    const current = affinity[key];
    if (current === undefined || AFFINITY_RANK[value] > AFFINITY_RANK[current]) affinity[key] = value;
  };
  for (const skill of skills) {
    if (skill.type !== 'Passive') continue;
    const n = skill.name;
    const match = AFFINITY_PASSIVE.exec(n);
    if (match) grant(ELEMENT_WORDS[match[2]!]!, AFFINITY_WORDS[match[1]!]!);
    for (const ailment of byName(IMMUNITIES, n) ?? []) grant(ailment, 'Null');
    for (const stat of byName(LESSONS, n) ?? []) statBonus[stat] += skill.power;
    if (byName(GAINS, n) === 'hp') hpPercent += skill.power;
    if (byName(GAINS, n) === 'mp') mpPercent += skill.power;
    const pl = PLEROMA.exec(n);
    if (pl) {
      if (pl[1] === 'Heal') healPleroma += skill.power;
      else pleroma[pl[1] as Element] = (pleroma[pl[1] as Element] ?? 0) + skill.power;
    }
    if (byName(COUNTERS, n) === 'self') counter = Math.max(counter, skill.power);
    if (byName(COUNTERS, n) === 'ally') allyCounter = Math.max(allyCounter, skill.power);
    const pen = PENETRATE.exec(n);
    if (pen) penetrate.add(pen[1] as Element);
    if (n === 'Endure') endure = true;
    if (n === 'Enduring Soul') enduringSoul = true;
  }
  return { affinity, statBonus, hpPercent, mpPercent, pleroma, healPleroma, counter, allyCounter, penetrate, endure, enduringSoul };
}
