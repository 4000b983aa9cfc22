/**
 * The parsed, unchecked encounter (spec 2.2): what the file says, with the source position of everything
 * a validation message or warning points at. Alias spellings (D16) are not recorded: `FullAttack` is the
 * Full Attack label, `× 3` and `x 3` are the multiplier 3. Validation (validate.ts) turns this into the
 * checked model.
 */

export interface Pos {
  readonly line: number;
  readonly column: number;
}

export interface Located<T> {
  readonly value: T;
  readonly at: Pos;
}

export type Direction = 'U' | 'R' | 'D' | 'L';

export interface Encounter {
  readonly board: BoardDecl;
  readonly units: readonly UnitDecl[];
  readonly ais: readonly AiDecl[];
  readonly teams: readonly TeamDecl[];
  /** (v2) The OUTCOME block's rules, in file order; empty without one. */
  readonly outcome: readonly OutcomeRule[];
}

/** (v2) `win|lose T when GCond;`: GCond is the actor-free part of Condition (2.2). */
export interface OutcomeRule {
  readonly kind: 'win' | 'lose';
  readonly team: Located<string>;
  readonly condition: Condition;
}

export interface BoardDecl {
  readonly layout: Layout;
  readonly obstacles: readonly Obstacle[];
}

export type Layout =
  | { readonly kind: 'rectangle'; readonly width: Located<number>; readonly height: Located<number> }
  | { readonly kind: 'outline'; readonly at: Pos; readonly steps: readonly OutlineStep[] };

export interface OutlineStep {
  readonly count: Located<number>;
  readonly direction: Direction;
}

/** `(c1-c2, r1-r2)`; a single value v is the range v-v with `single` set (it prints as written). */
export interface IntRange {
  readonly from: number;
  readonly to: number;
  readonly single: boolean;
}

export interface Obstacle {
  readonly at: Pos;
  readonly columns: IntRange;
  readonly rows: IntRange;
}

export type UnitDecl = PlayerDecl | MobDecl;

export interface PlayerDecl {
  readonly kind: 'player';
  readonly name: Located<string>;
  readonly initiative: number;
  /** (v2) `; HP: n` and `; AC: n` after the Initiative, in file order (duplicates are validation's). */
  readonly stats: readonly PlayerStat[];
}

export interface PlayerStat {
  readonly kind: 'HP' | 'AC';
  readonly at: Pos;
  readonly value: number;
}

export interface MobDecl {
  readonly kind: 'mob';
  readonly name: Located<string>;
  readonly stats: readonly Stat[];
}

export type StatKind = 'HP' | 'Initiative' | 'Speed' | 'AC' | 'Attack' | 'Full Attack';

export type Stat =
  | { readonly kind: 'HP' | 'Initiative' | 'Speed' | 'AC'; readonly at: Pos; readonly value: number }
  | { readonly kind: 'Attack' | 'Full Attack'; readonly at: Pos; readonly entries: readonly AttackEntry[] };

export interface AttackEntry {
  /** null for Melee; the n of `Ranged(n)` otherwise. */
  readonly ranged: number | null;
  /** Attack modifier (0 when omitted). */
  readonly modifier: number;
  readonly count: number;
  readonly faces: number;
  /** Damage modifier (0 when omitted). */
  readonly damageModifier: number;
}

export interface AiDecl {
  readonly name: Located<string>;
  readonly body: readonly Action[];
}

export type Action =
  | { readonly kind: 'turn'; readonly turn: TurnDesc }
  | { readonly kind: 'if'; readonly condition: Condition; readonly then: readonly Action[]; readonly otherwise: readonly Action[] }
  | { readonly kind: 'while'; readonly condition: Condition; readonly body: readonly Action[] };

/** `Pass` is the empty list; otherwise one or two actions in the combinations 2.2 allows. */
export type TurnDesc = readonly TurnAction[];

export type TurnAction =
  | { readonly kind: 'approach'; readonly target: Target }
  | { readonly kind: 'disengage' }
  | { readonly kind: 'retreat' }
  | { readonly kind: 'attack'; readonly target: Target }
  | { readonly kind: 'full-attack'; readonly target: Target };

export type Target =
  | { readonly kind: 'self' }
  | { readonly kind: 'unit'; readonly team: Located<string>; readonly name: Located<string>; readonly id: Located<number> }
  | { readonly kind: 'closest' | 'furthest' | 'last'; readonly description: Description }
  /** (v2) D29, D30. */
  | { readonly kind: 'most-injured' | 'least-injured' | 'random'; readonly description: Description };

export type Description =
  | { readonly kind: 'ally' }
  | { readonly kind: 'enemy' }
  | { readonly kind: 'team'; readonly team: Located<string> }
  | { readonly kind: 'team-unit'; readonly team: Located<string>; readonly name: Located<string> };

export type Comparator = '>' | '>=' | '<' | '<=' | '=' | '!=';

export interface Comparison {
  readonly op: Comparator;
  readonly value: number;
}

export type Condition =
  | { readonly kind: 'count'; readonly description: Description; readonly comparison: Comparison }
  | { readonly kind: 'in-range'; readonly description: Description; readonly range: RangeExpr }
  | { readonly kind: 'count-in-range'; readonly description: Description; readonly range: RangeExpr; readonly comparison: Comparison }
  | { readonly kind: 'unit-in-range'; readonly team: Located<string>; readonly name: Located<string>; readonly id: Located<number>; readonly range: RangeExpr }
  | { readonly kind: 'turn-count'; readonly comparison: Comparison }
  /** (v2) `self hp below N[%]` (`unit` null) or `T:N:i hp …` (D31). */
  | { readonly kind: 'hp'; readonly unit: UnitTriple | null; readonly test: HpTest }
  | { readonly kind: 'not'; readonly operand: Condition }
  | { readonly kind: 'and' | 'or'; readonly left: Condition; readonly right: Condition };

export interface UnitTriple {
  readonly team: Located<string>;
  readonly name: Located<string>;
  readonly id: Located<number>;
}

/** (v2) `below|above N [%]`. */
export interface HpTest {
  readonly above: boolean;
  readonly value: number;
  readonly percent: boolean;
}

export type RangeExpr =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'Melee' | 'Attack' | 'Full Attack' | 'Speed' }
  | { readonly kind: 'add'; readonly left: RangeExpr; readonly right: RangeExpr }
  | { readonly kind: 'multiply'; readonly left: RangeExpr; readonly factor: number };

export interface TeamDecl {
  readonly name: Located<string>;
  readonly members: readonly Member[];
}

export interface Member {
  readonly unit: Located<string>;
  /** The AI name of a mob member (`Unit, AI xN`); null in the player form (`Unit xN`). */
  readonly ai: Located<string> | null;
  /** N, positioned at the multiplier's first token. */
  readonly count: Located<number>;
  readonly coordinates: readonly Located<{ readonly column: number; readonly row: number }>[];
}
