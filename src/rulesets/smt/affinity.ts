/**
 * Effective affinity of a unit to an attack (rules document 3.2, 7.6, 7.8; smt-extensions 1.1, 1.8, 2.7).
 * Precedence: Tetrakarn/Makarakarn reflect first (they beat every affinity); Almighty is Neutral for all;
 * then a passive replaces the catalogue affinity; last, a resistance bypass turns Resist/Null/Drain into
 * Neutral.
 */
import type { Affinity, AilmentKind, AttackElement } from './catalogue.js';
import type { AttackFamily } from './events.js';
import type { Unit } from './model.js';

export function familyOf(element: AttackElement): AttackFamily {
  return element === 'Phys' || element === 'Gun' ? 'physical' : 'magic';
}

/** The catalogue affinity with the unit's passives applied. */
export function innateAffinity(unit: Unit, key: Exclude<AttackElement, 'Almighty'> | AilmentKind): Affinity {
  return unit.passives.affinity[key] ?? unit.def.affinity[key];
}

export interface AffinityOptions {
  /** Penetrate or a God's skill: Resist, Null and Drain count as Neutral. */
  readonly bypassResistance?: boolean;
  /** Drain skills are not reflected by Makarakarn (rules document 7.6). */
  readonly ignoreKarn?: boolean;
}

export function attackAffinity(target: Unit, element: AttackElement, options: AffinityOptions = {}): Affinity {
  if (!options.ignoreKarn) {
    if (familyOf(element) === 'physical' ? target.tetrakarn : target.makarakarn) return 'Repel';
  }
  if (element === 'Almighty') return 'Neutral';
  const affinity = innateAffinity(target, element);
  if (options.bypassResistance && (affinity === 'Resist' || affinity === 'Null' || affinity === 'Drain')) return 'Neutral';
  return affinity;
}
