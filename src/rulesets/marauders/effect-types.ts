/**
 * The shapes of the two handler tables (element-table.ts for section 5, spell-table.ts for section 6): one
 * handler per timing, or the explicit NONE where the spec gives no effect there.
 *
 * Element handlers never call settle themselves: settle.ts dispatches the match timing (M) through the element
 * table, so a handler importing settle.ts would close an import cycle. A handler that changes the board returns
 * the settle it needs (always its last step) and the timing code that called it runs that settle at once.
 */
import type { Res } from './common.js';
import type { Hit } from './hit-state.js';
import type { Axis, El, PlayerId } from './model.js';
import type { Ctx } from './state.js';
import type { Attack } from './strike.js';

/** The explicit "no effect at this timing" marker of both tables. */
export const NONE = 'none';
export type None = typeof NONE;

export interface SettleOpts {
  readonly owner: PlayerId;
  readonly axis: Axis;
  /** The tag of this settle's collections (3.5, D60). */
  readonly tag: 'A' | 'D';
  /** Pass 1 of a swap: lines holding c2 first, then c1; keys among the two cells. */
  readonly swap?: { readonly c1: number; readonly c2: number };
  /** Pass 1 of a Dimension-shield swap: values x2 and tag A. */
  readonly dimension?: boolean;
  /** Pass 1 of a Free Swap (6.1, D80): values x3. */
  readonly freeSwap?: boolean;
  /** The cells changed by the step before pass 1 when it is not a swap (all cells when absent). */
  readonly changed?: readonly number[];
  /** Called instead of collecting in pass 1 of the spell swap, with the first line's element. */
  readonly onSpellSwap?: (el: El) => void;
}

/** What a board-changing handler asks for last: a settle (3.3), run by its caller. */
export type Settles = SettleOpts | void;

/** M: after each collection of a pass (3.5), with every block matched in the pass. */
export type MatchFn = (ctx: Ctx, owner: PlayerId, cells: readonly number[]) => void;
/** P (R2): for each attack whose launch lane faces a present shield of d, d not under breeze. */
export type PreFn = (ctx: Ctx, res: Res, atk: Attack) => void;
/** L (R3): for each attack with fx on, a not under breeze, in launch order. */
export type LaunchFn = (ctx: Ctx, res: Res, atk: Attack) => Settles;

/**
 * The hit steps of 4.3 that run effects: 1 Rotator, 3 attack modifiers, 4 shield effects, 5 damage (the Fire
 * shield's mods), 6 Wood. In steps 3-5 an extra runs right after the natural effect of its element, in the
 * step's order (HIT_ORDER); in steps 1 and 6 a side runs one rule, its natural one or else its extra's.
 */
export type HitStep = 1 | 3 | 4 | 5 | 6;
export interface HitRule {
  readonly step: HitStep;
  readonly run: (ctx: Ctx, h: Hit) => Settles;
}
/** X: after the hit, step 8 (attack side) or step 9 (shield side). */
export type AfterFn = (ctx: Ctx, h: Hit) => void;
/** R7: at the end of the resolution (defend-mode extras). */
export type EndFn = (ctx: Ctx, res: Res) => void;

/** One column of the section 5 table. */
export interface SideRules {
  /** The spec's cell, shortened, timing letters first (M, P, L, H, X). */
  readonly text: string;
  readonly pre: PreFn | None;
  readonly launch: LaunchFn | None;
  readonly hit: HitRule | None;
  readonly after: AfterFn | None;
}

export interface ElementRules {
  /** The element's name (1.1), for readers; the integrity test checks it against model.ts. */
  readonly name: string;
  /** M: a match effect belongs to the block, so it runs once; the spec lists it in both columns. */
  readonly match: MatchFn | None;
  readonly attack: SideRules;
  readonly shield: SideRules;
}

/** A spell triggered at S4 of the caster's next own turn (6). */
export interface SpellCast {
  readonly p: PlayerId;
  /** The enemy. */
  readonly m: PlayerId;
  readonly el: El;
  readonly mode: 'attack' | 'defend';
  /** The turn's axis, and the tag of the caster's role this turn. */
  readonly ax: Axis;
  readonly tag: 'A' | 'D';
}
export type TriggerFn = (ctx: Ctx, cast: SpellCast) => void;

/** The caster's effects for the next resolution, by timing (6: "extras"). */
export interface ExtraRules {
  readonly launch: LaunchFn | None;
  readonly hit: HitRule | None;
  readonly after: AfterFn | None;
  readonly end: EndFn | None;
}

/** What a spell does in one mode: act now, or become the caster's extras. */
export type SpellMode =
  | { readonly kind: 'now'; readonly trigger: TriggerFn }
  | { readonly kind: 'extra'; readonly extra: ExtraRules };

export interface SpellRule {
  /** The spell's name (6), for readers; the integrity test checks it against model.ts. */
  readonly name: string;
  /** The spec's row, shortened. */
  readonly text: string;
  /**
   * Force paid by arming and lost by a fizzle (3.8). Arming comes before the spell is known (the spell is the
   * element of the spell swap's first line), so every spell costs the same SPELL_COST; the test checks it.
   */
  readonly cost: number;
  readonly attack: SpellMode;
  readonly defend: SpellMode;
}
