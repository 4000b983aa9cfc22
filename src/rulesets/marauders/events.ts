/**
 * What the rules report, as data; presenter.ts turns each event into its log line (9.5). Cells are row-major
 * indices, lanes 0-based; a `LaneView` is a copy of a lane at the moment of the event.
 */
import type { Axis, Dir, El, Mark, MirrorO, PlayerId, Role, SpellChoice } from './model.js';

export interface LaneView {
  readonly lane: number;
  readonly el: El | null;
  readonly s: number;
  readonly tag: 'A' | 'D';
  readonly locked: boolean;
  readonly rose: boolean;
  readonly curse: boolean;
  readonly noatk: boolean;
  readonly nodef: boolean;
}

export interface FieldRef {
  readonly p: PlayerId;
  readonly ax: Axis;
  readonly lane: number;
}

/** A lane at the moment of a line: element and strength, or nothing. */
export interface ShieldRef {
  readonly el: El | null;
  readonly s: number;
}

export type SpellView = 'ready' | 'armed' | 'used' | 'off' | { pending: SpellChoice } | { cooldown: number };

export type EffectVerb =
  | { v: 'min-damage' | 'damage-1' | 'ignore-attack' | 'ignore-shield' | 'counter' | 'cancelled' | 'bounce' | 'split' }
  | { v: 'strike-scheduled' | 'shockwave' | 'blanket' | 'invincible' | 'swap-none' | 'restore-none' }
  | { v: 'inferno'; m: PlayerId; hp: number; max: number }
  | { v: 'heal'; hp: number; max: number }
  | { v: 'cover' | 'restore' | 'filter' | 'convert' | 'rose' | 'mirror' | 'shifter' | 'warp'; cell: number }
  | { v: 'breeze'; m: PlayerId }
  | { v: 'lock' | 'no-collect' | 'destroy' | 'rose-lane' | 'reverse' | 'curse'; at: FieldRef }
  | { v: 'lock-field'; m: PlayerId; ax: Axis }
  | { v: 'force'; from: number; to: number }
  | { v: 'halve-shield' | 'halve-attack' | 'halve-damage'; from: number; to: number }
  | { v: 'free-swap' | 'merge-none' }
  | { v: 'power-up' | 'power-down'; at: FieldRef; from: number; to: number }
  | { v: 'move'; verb: 'align' | 'disperse' | 'steal' | 'merge'; from: FieldRef; to: FieldRef; g: number; token: LaneView }
  | { v: 'rotate'; at: FieldRef; to: number }
  | { v: 'duplicate' | 'transfer' | 'gain' | 'shine'; at: FieldRef; g: number; token: LaneView }
  | { v: 'wood-force'; to: number }
  | { v: 'spend'; from: number; to: number; dmg?: readonly [number, number] }
  | { v: 'poison'; m: PlayerId }
  | { v: 'barrier'; at: FieldRef; from: number; to: number }
  | { v: 'change'; cell: number; from: El; to: El }
  | { v: 'shift'; ax: Axis; lane: number; dir: Dir }
  | { v: 'spin'; cell: number; from: MirrorO; to: MirrorO }
  | { v: 'swap'; a: number; b: number }
  | { v: 'steal'; at: FieldRef; s: number }
  | { v: 'boost'; from: number; to: number };

export type StrikeKind = 'ice' | 'split' | 'counter' | 'bounce' | 'quake';

export type MEvent =
  | { k: 'board'; n: number; el: readonly El[]; mark: readonly (Mark | null)[] }
  | { k: 'turn'; t: number; p: PlayerId; role: Role; ax: Axis }
  | { k: 'poison'; p: PlayerId; hp: number; max: number; left: number }
  | { k: 'state'; p: PlayerId; hp: number; max: number; force: number; spell: SpellView; poison: number; attacks?: number }
  | { k: 'armed'; p: PlayerId; from: number; to: number }
  | { k: 'cast'; p: PlayerId; el: SpellChoice }
  | { k: 'fizzle'; p: PlayerId }
  | { k: 'spell'; p: PlayerId; el: SpellChoice; mode: 'attack' | 'defend' }
  | { k: 'nomatch'; a: number; b: number }
  | { k: 'view'; cell: number; el: El; mark: Mark | null }
  | { k: 'moves'; left: number }
  | { k: 'turn-end'; reason: 'pass' | 'no-match' | 'moves' | 'skipped' }
  | { k: 'match'; pass: number; el: El; first: number; last: number; key: number; value: number; cells?: readonly number[] }
  | { k: 'shield'; p: PlayerId; ax: Axis; lane: number; g: number; token: LaneView }
  | { k: 'refill'; cells: readonly (readonly [number, El])[] }
  | { k: 'reset'; forces: readonly [number, number] | null }
  | { k: 'resolve'; a: PlayerId; d: PlayerId; ax: Axis }
  | { k: 'launch'; p: PlayerId; ax: Axis; lane: number; el: El; s: number }
  | { k: 'travel'; from: FieldRef; what: TravelWhat }
  | { k: 'merge'; at: FieldRef; el: El; s: number }
  | {
      k: 'hit';
      a: PlayerId;
      at: FieldRef;
      el: El;
      s: number;
      vs: ShieldRef;
      dmg: number;
      hp: number;
      max: number;
      force: number;
      left: ShieldRef;
    }
  | {
      k: 'strike';
      kind: StrikeKind;
      q: PlayerId;
      at: FieldRef;
      s: number;
      vs: ShieldRef;
      dmg: number;
      hp: number;
      max: number;
      force: number;
      left: ShieldRef;
    }
  /** `Exclusive` stands for the element of an exclusive spell's lines (D79). */
  | { k: 'effect'; p: PlayerId; el: El | 'Exclusive'; e: EffectVerb }
  | { k: 'reverse'; at: FieldRef; from: number; to: number }
  | { k: 'shields'; p: PlayerId; ax: Axis; lanes: readonly LaneView[] }
  | { k: 'winner'; p: PlayerId; name: string }
  | { k: 'draw' };

export type TravelWhat =
  | { t: 'rose'; cell: number }
  | { t: 'filter'; cell: number; to: FieldRef; g: number; token: LaneView }
  | { t: 'mirror'; cell: number; dir: Dir }
  | { t: 'shifter'; cell: number; ax: Axis; lane: number };
