/**
 * Section 6 as one table keyed by element: each spell's name, cost, and what it does in attack and in defend
 * mode: act at the trigger (`now`), or become the caster's extras for the next resolution, with a handler at
 * each timing or NONE. spells.ts triggers through it, resolve.ts and hit.ts run the extras through it.
 * test/marauders/handlers.test.ts checks it against the spec's table.
 */
import { bounce, oracleAttack, poisonAttack, shineAttack, shineShield } from './after-effects.js';
import { NONE, type ExtraRules, type SpellMode, type SpellRule, type TriggerFn } from './effect-types.js';
import { hitAt } from './element-table.js';
import { halveShield, iceHalve, poisonShield, rotatorAttack, rotatorDefend, yinYangShield } from './hit-effects.js';
import { SPELL_COST, type El } from './model.js';
import { freezeLaunch, quakeEnd, thunderstormEnd, thunderstormLaunch } from './resolution-effects.js';
import {
  blanket, bling, breeze, earthquakeLock, emission, inferno, luminate, phase, pulse, rain, shockwave, sunShine,
  wormhole,
} from './spell-effects.js';
import { woodAttack, woodShield } from './wood.js';

function now(trigger: TriggerFn): SpellMode {
  return { kind: 'now', trigger };
}

function extra(rules: Partial<ExtraRules>): SpellMode {
  return { kind: 'extra', extra: { launch: NONE, hit: NONE, after: NONE, end: NONE, ...rules } };
}

function spell(name: string, text: string, attack: SpellMode, defend: SpellMode = attack): SpellRule {
  return { name, text, cost: SPELL_COST, attack, defend };
}

export const SPELL_RULES: Readonly<Record<El, SpellRule>> = {
  S: spell('Shine', 'extra: each hit with dmg > 0 and A > Seff joins A - Seff (element e) to the caster\'s lane (shine)',
    extra({ after: shineAttack }), extra({ after: shineShield })),
  F: spell('Inferno', 'enemy hp -= 7 (inferno); not blockable, no force', now(inferno)),
  G: spell('Supply', 'extra: the Wood attack (defend: shield) rule on every caster hit, at most 20 force spent (spend)',
    extra({ hit: hitAt(6, woodAttack) }), extra({ hit: hitAt(6, woodShield) })),
  W: spell('Rain', '#E covers on random eligible cells (cover); then settle', now(rain)),
  I: spell('Freeze', 'extra: attack: iceStrikes += 1 at R3 (strike-scheduled); defend: every arrival is halved (halve-attack)',
    extra({ launch: freezeLaunch }), extra({ hit: hitAt(4, iceHalve) })),
  A: spell('Breeze', 'the enemy gets breeze: its effects and extras are off in the next resolution (breeze)', now(breeze)),
  P: spell('Poisoning', 'extra: the Poison attack (defend: shield) effect on every caster hit (poison, barrier)',
    extra({ after: poisonAttack }), extra({ hit: hitAt(4, poisonShield) })),
  E: spell('Earthquake', 'attack: the enemy\'s lanes on the axis skip its next launch (lock-field); defend (extra): R7 quake strikes',
    now(earthquakeLock), extra({ end: quakeEnd })),
  U: spell('Shine', 'a board reset with no force penalty (RESET force=kept)', now(sunShine)),
  L: spell('Luminate', 'hp += 7, up to max (heal)', now(luminate)),
  M: spell('Blanket', 'every block moves to (row-1, column+1), wrapping (blanket); then settle', now(blanket)),
  D: spell('Shockwave', 'attack: early resolution, the enemy\'s DEFEND turn skipped (shockwave; reverse: D35); defend: destroy',
    now(shockwave)),
  V: spell('Pulse', '4 times: an enemy filter becomes the caster\'s (convert), else a caster filter (filter); then settle', now(pulse)),
  N: spell('Spike', 'extra: attack: the Neutral attack effect (halve-shield); defend: the Neutral shield effect (bounce)',
    extra({ hit: hitAt(3, halveShield) }), extra({ after: bounce })),
  H: spell('Emission', '4 roses (rose), then rose on 2 caster lanes of the axis (rose-lane); then settle', now(emission)),
  T: spell('Rotator', 'extra, hit step 1: the attack moves to another lane of the target field (rotate)',
    extra({ hit: hitAt(1, rotatorAttack) }), extra({ hit: hitAt(1, rotatorDefend) })),
  C: spell('Bling', '4 mirrors across the turn\'s axis on random eligible cells (mirror); then settle', now(bling)),
  Z: spell('Thunderstorm', 'extra, 2D: attack: the Thunder attack at R3 (duplicate); defend: R7 transfers (transfer)',
    extra({ launch: thunderstormLaunch }), extra({ end: thunderstormEnd })),
  K: spell('Phase', '4 shifters on random eligible cells (shifter); then settle', now(phase)),
  X: spell('Wormhole', '4 warps on random eligible cells (warp); then settle', now(wormhole)),
  O: spell('Yin Yang', 'extra: attack: the Oracle attack effect (reverse, curse); defend: the Oracle shield effect (steal, boost)',
    extra({ after: oracleAttack }), extra({ hit: hitAt(4, yinYangShield) })),
};

/** The extras of a player's spell in a mode (null when it has none in that mode). */
export function extrasOf(x: { readonly el: El; readonly mode: 'attack' | 'defend' } | null, mode: 'attack' | 'defend'): ExtraRules | null {
  if (x === null || x.mode !== mode) return null;
  const m = SPELL_RULES[x.el][mode];
  return m.kind === 'extra' ? m.extra : null;
}
