/**
 * Section 5 as one table keyed by element: for each of the 21 elements its match effect (M) and, for the
 * attack and for the shield, its handler at each timing (P pre R2, L launch R3, H a hit step of 4.3, X after
 * the hit), or NONE where the spec gives no effect there. The timing code calls through it: settle.ts (M),
 * resolve.ts (P, L), hit.ts (H, X). test/marauders/handlers.test.ts checks it against the spec's table.
 */
import {
  bounce, darkAttack, earthAttack, earthShield, oracleAttack, poisonAttack, starAttack, starShield, steamShield,
  thunderShield,
} from './after-effects.js';
import { NONE, type ElementRules, type HitRule, type HitStep, type SideRules } from './effect-types.js';
import {
  cosmoShield, crystalShield, darkShield, dimensionShield, fireAttack, fireShield, halveShield, iceHalve,
  lightShield, moonShield, oracleShield, poisonShield, soundShield, sunShield, waterShield, windAttack,
} from './hit-effects.js';
import type { El } from './model.js';
import {
  cosmoLaunch, crystalLaunch, dimensionLaunch, iceLaunch, lightLaunch, metalLaunch, metalPre, moonLaunch,
  soundLaunch, steamLaunch, sunLaunch, thunderLaunch, waterLaunch, windPre,
} from './resolution-effects.js';
import { woodAttack, woodForce, woodShield } from './wood.js';

/**
 * The order of the effects within the hit steps that stack (4.3): step 3 "Wind, Neutral (and Spike), Fire",
 * step 4 "Ice, Light, Dark, Poison, Water, Sun, Moon, Sound, Crystal, Cosmo, Dimension, Oracle", step 5 the
 * Fire shield. A defend-mode (attack-mode) extra runs right after the natural effect of the same element.
 */
export const HIT_ORDER: Readonly<Record<3 | 4 | 5, readonly El[]>> = {
  3: ['A', 'N', 'F'],
  4: ['I', 'L', 'D', 'P', 'W', 'U', 'M', 'V', 'C', 'K', 'X', 'O'],
  5: ['F'],
};

export function hitAt(step: HitStep, run: HitRule['run']): HitRule {
  return { step, run };
}

function side(text: string, rules: Partial<Omit<SideRules, 'text'>>): SideRules {
  return { text, pre: NONE, launch: NONE, hit: NONE, after: NONE, ...rules };
}

export const ELEMENT_RULES: Readonly<Record<El, ElementRules>> = {
  S: {
    name: 'Star',
    match: NONE,
    attack: side('X: if Tel and A < Seff, a\'s lane L joins halve(Seff - A), element Tel (gain)', { after: starAttack }),
    shield: side('X: if 0 < Seff <= A, t\'s lane L joins halve(A - Seff), element e (gain)', { after: starShield }),
  },
  F: {
    name: 'Fire',
    match: NONE,
    attack: side('H: minimum damage 1 (min-damage)', { hit: hitAt(3, fireAttack) }),
    shield: side('H: mods = -1 (damage-1)', { hit: hitAt(5, fireShield) }),
  },
  G: {
    name: 'Wood',
    match: woodForce,
    attack: side('M: force when matched at force 0 (force 0-><k>). H: step 6 attack rule (spend)', { hit: hitAt(6, woodAttack) }),
    shield: side('M: as for the attack. H: step 6 shield rule (spend ... dmg=)', { hit: hitAt(6, woodShield) }),
  },
  W: {
    name: 'Water',
    match: NONE,
    attack: side('L: cover on the landing cell (cover)', { launch: waterLaunch }),
    shield: side('H: the mark nearest to f in lane L, else a random one, is removed (restore), then settle(t)', { hit: hitAt(4, waterShield) }),
  },
  I: {
    name: 'Ice',
    match: NONE,
    attack: side('L: iceStrikes_a += 1 (strike-scheduled): a random own shield fires in R0 of a\'s next defence', { launch: iceLaunch }),
    shield: side('H: A := halve(A) (halve-attack)', { hit: hitAt(4, iceHalve) }),
  },
  A: {
    name: 'Wind',
    match: NONE,
    attack: side('H: the hit has no shield effects and no defend extras (ignore-shield)', { hit: hitAt(3, windAttack) }),
    shield: side('P: the attack\'s fx is turned off for every phase, extras included (ignore-attack)', { pre: windPre }),
  },
  P: {
    name: 'Poison',
    match: NONE,
    attack: side('X: if dmg > 0, poison_t := 3 (poison); else if T.s > 0, T.s -= 3, floor 0 (barrier)', { after: poisonAttack }),
    shield: side('H: a random present shield of a loses 3, floor 0 (barrier); if none, poison_a := 3 (poison)', { hit: hitAt(4, poisonShield) }),
  },
  E: {
    name: 'Earth',
    match: NONE,
    attack: side('X: unless Tel is Earth, t\'s lane L gets an until-defend lock (lock)', { after: earthAttack }),
    shield: side('X: unless e is Earth, if T.s > 0 after the hit, T is cleared and STRIKEs counter (counter)', { after: earthShield }),
  },
  U: {
    name: 'Sun',
    match: NONE,
    attack: side('L: the lane\'s cell int(N) gets another element int(#E-1) (change); settle(a)', { launch: sunLaunch }),
    shield: side('H: the same in lane L (change); settle(t)', { hit: hitAt(4, sunShield) }),
  },
  L: {
    name: 'Light',
    match: NONE,
    attack: side('L: if hp_a < hp_d, hp_a += 1 up to max (heal)', { launch: lightLaunch }),
    shield: side('H: force_t += 2 (force)', { hit: hitAt(4, lightShield) }),
  },
  M: {
    name: 'Moon',
    match: NONE,
    attack: side('L: unless T0 is Moon, the launch lane rotates one cell in the travel direction (shift); settle(a)', { launch: moonLaunch }),
    shield: side('H: unless e is Moon, lane L rotates one cell against the arrival (shift); settle(t)', { hit: hitAt(4, moonShield) }),
  },
  D: {
    name: 'Dark',
    match: NONE,
    attack: side('X: t\'s lane L gets noatk until the end of t\'s next ATTACK turn (no-collect)', { after: darkAttack }),
    shield: side('H: a\'s lane L gets nodef until the end of a\'s next DEFEND turn (no-collect)', { hit: hitAt(4, darkShield) }),
  },
  V: {
    name: 'Sound',
    match: NONE,
    attack: side('L: a filter of a on the landing cell (filter)', { launch: soundLaunch }),
    shield: side('H: a filter of a becomes t\'s (convert); if a has none, a filter of t is placed (filter)', { hit: hitAt(4, soundShield) }),
  },
  N: {
    name: 'Neutral',
    match: NONE,
    attack: side('H: T.s := halve(T.s) if T.s > 0 (halve-shield)', { hit: hitAt(3, halveShield) }),
    shield: side('X: STRIKE bounce halve(Seff - T.s) at a\'s lane L (bounce)', { after: bounce }),
  },
  H: {
    name: 'Steam',
    match: NONE,
    attack: side('L: rose on the landing cell (rose)', { launch: steamLaunch }),
    shield: side('X: a random lane of t\'s field on the hit axis without rose gets rose (rose-lane)', { after: steamShield }),
  },
  T: {
    name: 'Metal',
    match: NONE,
    attack: side('L (t >= 9, 2D, T0 not Metal): half of A STRIKEs split at d\'s other-axis lane with the lowest s (split)', { launch: metalLaunch }),
    shield: side('P (t >= 9, 2D, e not Metal): half of A STRIKEs split at d\'s other-axis lane with the highest s (split)', { pre: metalPre }),
  },
  C: {
    name: 'Crystal',
    match: NONE,
    attack: side('L: a mirror across the travel axis on the landing cell (mirror)', { launch: crystalLaunch }),
    shield: side('H: the mirror nearest to f in lane L, else a random one, turns (spin)', { hit: hitAt(4, crystalShield) }),
  },
  Z: {
    name: 'Thunder',
    match: NONE,
    attack: side('L (t >= 9, 2D): a\'s other-axis lane int(N) joins quarter(A), element E[int(#E)] (duplicate)', { launch: thunderLaunch }),
    shield: side('X (t >= 9, 2D): T, else halve(A - Seff) of e, joins t\'s other-axis lane L (transfer)', { after: thunderShield }),
  },
  K: {
    name: 'Cosmo',
    match: NONE,
    attack: side('L: a shifter on the landing cell, orientation int(2) (shifter)', { launch: cosmoLaunch }),
    shield: side('H: the shifter nearest to f in lane L, else a random one, turns R<->F (spin)', { hit: hitAt(4, cosmoShield) }),
  },
  X: {
    name: 'Dimension',
    match: NONE,
    attack: side('L: a warp on the landing cell (warp)', { launch: dimensionLaunch }),
    shield: side('H: the warped block nearest to f in lane L, else a random one, swaps with a neighbour (swap); settle(t)', { hit: hitAt(4, dimensionShield) }),
  },
  O: {
    name: 'Oracle',
    match: NONE,
    attack: side('X: if T was present and Tel is not Oracle: pend if T.s > 0 (reverse), else curse (curse)', { after: oracleAttack }),
    shield: side('H (last): Seff = S + the strongest other shield (steal), else S + quarter(S) (boost)', { hit: hitAt(4, oracleShield) }),
  },
};
