/**
 * What the rules report, in the past tense. Each event is one log line; the presenter alone knows the
 * Spanish wording. Numbers are captured when the event happens, names are unit names.
 */
import type { AilmentKind, AttackElement } from './catalogue.js';

export type GradeStat = 'attack' | 'defense';
/** Physical = Phys/Gun (Charge, Tetrakarn); magic = the rest (Concentrate, Makarakarn). */
export type AttackFamily = 'physical' | 'magic';

export type SmtEvent =
  // Attacks (course T31–T49)
  | { readonly kind: 'strike'; readonly attacker: string; readonly target: string; readonly element: AttackElement }
  | { readonly kind: 'weak'; readonly target: string; readonly attacker: string }
  | { readonly kind: 'resist'; readonly target: string; readonly attacker: string }
  | { readonly kind: 'block'; readonly target: string; readonly attacker: string }
  | { readonly kind: 'repel'; readonly target: string; readonly attacker: string; readonly amount: number }
  | { readonly kind: 'absorb'; readonly target: string; readonly amount: number }
  | { readonly kind: 'damage'; readonly target: string; readonly amount: number }
  | { readonly kind: 'killed'; readonly target: string }
  | { readonly kind: 'missed'; readonly attacker: string }
  | { readonly kind: 'repelKill'; readonly target: string; readonly attacker: string }
  | { readonly kind: 'drained'; readonly target: string; readonly stat: 'HP' | 'MP'; readonly amount: number }
  | { readonly kind: 'hpAfter'; readonly unit: string; readonly hp: number; readonly max: number }
  | { readonly kind: 'mpAfter'; readonly unit: string; readonly mp: number; readonly max: number }
  // Heal (T53–T55)
  | { readonly kind: 'healed'; readonly user: string; readonly target: string }
  | { readonly kind: 'revived'; readonly user: string; readonly target: string }
  | { readonly kind: 'hpGained'; readonly target: string; readonly amount: number }
  // Support (T56–T70)
  | { readonly kind: 'grade'; readonly unit: string; readonly stat: GradeStat; readonly up: boolean }
  | { readonly kind: 'gradesCleared'; readonly unit: string; readonly which: 'buffs' | 'debuffs' }
  | { readonly kind: 'charged'; readonly unit: string; readonly family: AttackFamily }
  | { readonly kind: 'karn'; readonly unit: string; readonly family: AttackFamily }
  | { readonly kind: 'tetraja'; readonly unit: string }
  | { readonly kind: 'karnBroken'; readonly unit: string; readonly family: AttackFamily }
  | { readonly kind: 'doped'; readonly unit: string; readonly amount: number }
  | { readonly kind: 'dopingMaxed'; readonly unit: string }
  // Summons and surrender (T30, T73)
  | { readonly kind: 'summoned'; readonly unit: string }
  | { readonly kind: 'surrendered'; readonly samurai: string; readonly player: string }
  // smt-extensions, N01–N14
  | { readonly kind: 'ailmentCast'; readonly attacker: string; readonly target: string; readonly ailment: AilmentKind }
  | { readonly kind: 'afflicted'; readonly target: string; readonly ailment: AilmentKind }
  | { readonly kind: 'cannotAct'; readonly unit: string; readonly ailment: 'Sleep' | 'Bind' }
  | { readonly kind: 'panicking'; readonly unit: string }
  | { readonly kind: 'recovered'; readonly unit: string; readonly ailment: AilmentKind }
  | { readonly kind: 'poisoned'; readonly unit: string; readonly amount: number }
  | { readonly kind: 'ailmentReturned'; readonly target: string; readonly attacker: string }
  | { readonly kind: 'hpToOne'; readonly target: string }
  | { readonly kind: 'endured'; readonly unit: string; readonly passive: 'Endure' | 'Enduring Soul' }
  | { readonly kind: 'counter'; readonly holder: string; readonly attacker: string };
