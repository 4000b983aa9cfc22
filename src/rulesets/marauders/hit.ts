/**
 * The hit procedure of 4.3 for one arrival (a launched attack after travel and merges): steps 1-9, with the
 * element effects and spell extras of each step run through the element and spell tables (HIT_ORDER gives
 * the order within steps 3-5).
 */
import { changeHp, checkOver, effect, type Res } from './common.js';
import { NONE, type ExtraRules, type HitRule, type HitStep, type None } from './effect-types.js';
import { ELEMENT_RULES, HIT_ORDER } from './element-table.js';
import type { FieldRef } from './events.js';
import { clearShield, setS, type Lane } from './fields.js';
import { disperserHalve } from './exclusive.js';
import type { Hit } from './hit-state.js';
import type { El } from './model.js';
import { settleIf } from './settle.js';
import { extrasOf } from './spell-table.js';
import { lanes, player, type Ctx } from './state.js';
import type { Attack } from './strike.js';

export type { Hit };

function laneAt(ctx: Ctx, at: FieldRef): Lane {
  return lanes(ctx.st, at.p, at.ax)[at.lane]!;
}

function ruleAt(rule: HitRule | None, step: HitStep): HitRule | null {
  return rule !== NONE && rule.step === step ? rule : null;
}

/** The natural hit rule of the attack (attack effects on) or of the shield (shield effects on). */
function naturalHit(h: Hit, side: 'attack' | 'shield'): HitRule | None {
  if (side === 'attack') return h.atkFx ? ELEMENT_RULES[h.e].attack.hit : NONE;
  return h.shieldFx && h.Tel !== null ? ELEMENT_RULES[h.Tel].shield.hit : NONE;
}

/** The spell extras that apply to this hit on a side (h.atkExtra, h.defExtra), or null. */
function extras(h: Hit, side: 'attack' | 'shield'): ExtraRules | null {
  const el = side === 'attack' ? h.atkExtra : h.defExtra;
  const mode = side === 'attack' ? 'attack' : 'defend';
  return el === null ? null : extrasOf({ el, mode }, mode);
}

function extraHit(h: Hit, side: 'attack' | 'shield'): HitRule | None {
  return extras(h, side)?.hit ?? NONE;
}

/** Steps 3-5: element by element in the step's order, the natural effect and then the extra of that element. */
function stackedStep(ctx: Ctx, h: Hit, step: 3 | 4 | 5): void {
  const side = step === 3 ? 'attack' : 'shield';
  const natural = step === 3 ? h.e : h.Tel;
  const extra = step === 3 ? h.atkExtra : h.defExtra;
  for (const name of HIT_ORDER[step]) {
    if (natural === name) settleIf(ctx, ruleAt(naturalHit(h, side), step)?.run(ctx, h));
    if (extra === name) settleIf(ctx, ruleAt(extraHit(h, side), step)?.run(ctx, h));
  }
}

/** Step 6: one rule per side, the natural one or else the extra's (Supply applies the Wood rule once). */
function onceStep(ctx: Ctx, h: Hit, step: 6, side: 'attack' | 'shield'): void {
  const rule = ruleAt(naturalHit(h, side), step) ?? ruleAt(extraHit(h, side), step);
  if (rule !== null) settleIf(ctx, rule.run(ctx, h));
}

export function runHit(ctx: Ctx, res: Res, atk: Attack): void {
  const { st } = ctx;
  const a = atk.owner;
  const at = atk.arrival!.at;
  const t = at.p;
  const ap = player(st, a);
  const tp = player(st, t);
  // D44: a Wind attack with fx on has no shield effects and no defend extras (its step 3 only prints)
  const windFx = atk.el === 'A' && atk.fx;
  const atkFx = atk.fx && !ap.breeze;
  const h: Hit = {
    res,
    atk,
    a,
    t,
    at: { ...at },
    T: laneAt(ctx, at),
    A0: atk.A,
    A: atk.A,
    e: atk.el,
    S0: 0,
    Tel: null,
    shieldFx: false,
    atkFx,
    atkExtra: atkFx && ap.extra?.mode === 'attack' ? ap.extra.el : null,
    defExtra: t !== a && tp.extra?.mode === 'defend' && !windFx && !tp.breeze ? tp.extra.el : null,
    oracle: null,
    Seff: 0,
    minDmg: 0,
    mods: 0,
    dmg: 0,
    fAtk: 0,
  };
  // step 1: Rotator, the attacker's and then the defender's on the lane it left (D86)
  for (const side of ['attack', 'shield'] as const) settleIf(ctx, ruleAt(extraHit(h, side), 1)?.run(ctx, h));
  h.T = laneAt(ctx, h.at);
  h.S0 = h.T.s;
  h.Tel = h.S0 > 0 ? h.T.el : null;
  h.shieldFx = h.S0 > 0 && !windFx && !tp.breeze;
  const vs = { el: h.T.el, s: h.T.s };

  // step 2: a rose lane makes the hit harmless
  if (h.T.rose) {
    h.T.rose = false;
    effect(ctx, t, 'H', { v: 'invincible' });
    pushHit(ctx, h, vs);
    return;
  }
  // step 3: attack modifiers
  if (atkFx) stackedStep(ctx, h, 3);
  // step 4: shield effects and defend extras, in the order of 4.3
  stackedStep(ctx, h, 4);
  h.Seff = h.oracle !== null ? h.oracle.seff : h.T.s;
  // step 5: damage
  const base = Math.max(0, h.A - h.Seff);
  stackedStep(ctx, h, 5);
  h.dmg = Math.max(h.minDmg, base + h.mods);
  // step 6: Wood (and Supply), attack then shield
  onceStep(ctx, h, 6, 'attack');
  onceStep(ctx, h, 6, 'shield');
  // non-matching's Disperser halves the caster's hits after step 6 (D92)
  h.dmg = disperserHalve(ctx, a, h.dmg);
  // step 7: apply
  if (h.oracle !== null) {
    clearShield(h.T);
    const c = h.oracle.stolen;
    if (c !== null && c.p === t) clearShield(laneAt(ctx, c));
  } else if (h.S0 < 0) clearShield(h.T);
  else setS(h.T, Math.max(0, h.Seff - h.A - h.fAtk));
  if (h.Tel !== null && h.T.s === 0 && h.A > h.Seff && h.at.ax === res.ax && t === res.d) {
    res.broken.push({ lane: h.at.lane, g: h.A - h.Seff, el: h.e });
  }
  changeHp(ctx, t, tp.hp - h.dmg);
  if (t !== a) ap.force += h.dmg;
  pushHit(ctx, h, vs);
  checkOver(ctx);
  // step 8: post-hit attack effects, then the attack extras
  if (h.atkFx) {
    const run = ELEMENT_RULES[h.e].attack.after;
    if (run !== NONE) run(ctx, h);
    const x = extras(h, 'attack');
    if (x !== null && x.after !== NONE) x.after(ctx, h);
  }
  // step 9: post-hit shield effects, then the defend extras
  if (h.shieldFx && h.Tel !== null) {
    const run = ELEMENT_RULES[h.Tel].shield.after;
    if (run !== NONE) run(ctx, h);
  }
  const dx = extras(h, 'shield');
  if (dx !== null && dx.after !== NONE) dx.after(ctx, h);
}

function pushHit(ctx: Ctx, h: Hit, vs: { el: El | null; s: number }): void {
  ctx.ev.push({
    k: 'hit',
    a: h.a,
    at: { ...h.at },
    el: h.e,
    s: h.A0,
    vs,
    dmg: h.dmg,
    hp: player(ctx.st, h.t).hp,
    max: ctx.st.cfg.maxHp,
    force: player(ctx.st, h.a).force,
    left: { el: h.T.el, s: h.T.s },
  });
}
