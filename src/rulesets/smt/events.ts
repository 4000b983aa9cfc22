/**
 * What the battle reports, as plain data (JSON-serialisable): the menus it opens, the board it shows, and
 * what each action did, in the past tense. The presenter alone knows the Spanish wording and where the
 * separators go. Numbers are captured when the event happens, so a later change never alters an event;
 * units are named by their names and players by their labels (J1, J2).
 */
import type { AilmentKind, AttackElement } from './catalogue.js';
import type { TurnClass } from './press-turn.js';

export type GradeStat = 'attack' | 'defense';
/** Physical = Phys/Gun (Charge, Tetrakarn); magic = the rest (Concentrate, Makarakarn). */
export type AttackFamily = 'physical' | 'magic';

/** The actions of the action menu, as rule ids (the presenter has their Spanish words). */
export type ActionId = 'attack' | 'shoot' | 'skill' | 'summon' | 'pass' | 'surrender';

/** A unit as menus and the board show it, at that moment. */
export interface UnitStats {
  readonly name: string;
  readonly hp: number;
  readonly maxHp: number;
  readonly mp: number;
  readonly maxMp: number;
}

export interface TeamStatus {
  readonly samurai: string;
  readonly player: string;
  /** Slots A–D; null for an empty slot. */
  readonly board: readonly (UnitStats | null)[];
}

/** The menus (course T01–T29): what the pending prompt offers, in menu order. */
export type MenuEvent =
  | { readonly kind: 'fileMenu'; readonly files: readonly string[] }
  | { readonly kind: 'actionMenu'; readonly unit: string; readonly actions: readonly ActionId[] }
  | { readonly kind: 'skillMenu'; readonly unit: string; readonly skills: readonly { readonly name: string; readonly cost: number }[] }
  | { readonly kind: 'targetMenu'; readonly unit: string; readonly targets: readonly UnitStats[] }
  | { readonly kind: 'monsterMenu'; readonly options: readonly UnitStats[] }
  /** Slots B–D, the summon's possible positions. */
  | { readonly kind: 'positionMenu'; readonly slots: readonly (UnitStats | null)[] };

/** The course of the game around the actions: loading, rounds, the status board, turn costs, the end. */
export type FlowEvent =
  | { readonly kind: 'invalidTeams' }
  | { readonly kind: 'round'; readonly samurai: string; readonly player: string }
  /** Board, Full/Blinking Turns and Orden: what precedes each action. */
  | { readonly kind: 'status'; readonly teams: readonly TeamStatus[]; readonly full: number; readonly blinking: number; readonly order: readonly string[] }
  /** An action's cost: Full and Blinking Turns consumed, Blinking Turns gained, and the turn class that set it (press-turn.ts). */
  | { readonly kind: 'turnsUsed'; readonly full: number; readonly blinking: number; readonly gained: number; readonly turnClass: TurnClass }
  | { readonly kind: 'winner'; readonly samurai: string; readonly player: string };

export type SmtEvent = MenuEvent | FlowEvent | ActionEvent;

/** What one action did: each event is one line of its result block. */
export type ActionEvent =
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
