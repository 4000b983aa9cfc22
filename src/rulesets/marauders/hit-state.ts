/** The state of one hit, shared by the hit's steps (hit.ts) and its effects (hit-effects.ts, after-effects.ts, wood.ts). */
import type { Res } from './common.js';
import type { FieldRef } from './events.js';
import type { Lane } from './fields.js';
import type { El, PlayerId } from './model.js';
import type { Attack } from './strike.js';

/** One hit in progress: what 4.3 fixes at its start and what the steps change. */
export interface Hit {
  readonly res: Res;
  readonly atk: Attack;
  readonly a: PlayerId;
  readonly t: PlayerId;
  at: FieldRef;
  T: Lane;
  /** Strength on arrival (printed) and the current strength (Ice halves it). */
  readonly A0: number;
  A: number;
  readonly e: El;
  S0: number;
  Tel: El | null;
  shieldFx: boolean;
  readonly atkFx: boolean;
  /** The spell extras that apply to this hit (the caster's element), or null. */
  readonly atkExtra: El | null;
  readonly defExtra: El | null;
  /** Set by the Oracle shield (natural or Yin Yang): Seff and the stolen shield. */
  oracle: { seff: number; stolen: FieldRef | null } | null;
  Seff: number;
  /** Step 5: the Fire attack's minimum damage (set at step 3) and the Fire shield's mods. */
  minDmg: number;
  mods: number;
  dmg: number;
  /** Step 6: what the Wood attack spent, taken off the shield at step 7. */
  fAtk: number;
}
