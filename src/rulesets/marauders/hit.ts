/**
 * The hit procedure of 4.3, steps 1-7, for one arrival (a launched attack after travel and merges). The
 * shield effects of step 4 and the post-hit effects of steps 8-9 are in hit-effects.ts.
 */
import { changeHp, checkOver, effect, type Res } from './common.js';
import type { FieldRef } from './events.js';
import { clearShield, setS, type Lane } from './fields.js';
import { postHitAttack, postHitShield, shieldStep } from './hit-effects.js';
import type { Hit } from './hit-state.js';

export type { Hit };
import { halve, type El, type PlayerId } from './model.js';
import { lanes, player, type Ctx } from './state.js';
import type { Attack } from './strike.js';

function laneAt(ctx: Ctx, at: FieldRef): Lane {
  return lanes(ctx.st, at.p, at.ax)[at.lane]!;
}

/** Supply caps a caster's spending in a resolution at 20 (6). */
export function spendable(ctx: Ctx, res: Res, p: PlayerId): number {
  const pl = player(ctx.st, p);
  return pl.extra?.el === 'G' ? Math.max(0, Math.min(pl.force, 20 - res.spent[p - 1]!)) : pl.force;
}

function spend(ctx: Ctx, res: Res, p: PlayerId, f: number): void {
  player(ctx.st, p).force -= f;
  res.spent[p - 1]! += f;
}

export function runHit(ctx: Ctx, res: Res, atk: Attack): void {
  const { st } = ctx;
  const a = atk.owner;
  const at = atk.arrival!.at;
  const t = at.p;
  const ap = player(st, a);
  const tp = player(st, t);
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
    dmg: 0,
  };
  rotator(ctx, h);
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
  if (atkFx) {
    if (h.e === 'A') effect(ctx, a, 'A', { v: 'ignore-shield' });
    if (h.e === 'N') halveShield(ctx, h);
    if (h.atkExtra === 'N') halveShield(ctx, h);
    if (h.e === 'F') effect(ctx, a, 'F', { v: 'min-damage' });
  }
  // step 4: shield effects and defend extras, in the order of 4.3
  shieldStep(ctx, h);
  h.Seff = h.oracle !== null ? h.oracle.seff : h.T.s;
  // step 5: damage
  const base = Math.max(0, h.A - h.Seff);
  let mods = 0;
  if (h.shieldFx && h.Tel === 'F') {
    mods = -1;
    effect(ctx, t, 'F', { v: 'damage-1' });
  }
  h.dmg = Math.max(atkFx && h.e === 'F' ? 1 : 0, base + mods);
  // step 6: Wood (and Supply)
  let fAtk = 0;
  if ((atkFx && h.e === 'G') || h.atkExtra === 'G') {
    if (h.A < h.Seff) {
      const f = Math.min(spendable(ctx, res, a), h.Seff - h.A);
      if (f > 0) {
        const from = ap.force;
        spend(ctx, res, a, f);
        effect(ctx, a, 'G', { v: 'spend', from, to: ap.force });
        fAtk = f;
      }
    }
  }
  if ((h.shieldFx && h.Tel === 'G') || h.defExtra === 'G') {
    if (h.dmg > 0) {
      const f = Math.min(spendable(ctx, res, t), h.dmg);
      if (f > 0) {
        const from = tp.force;
        spend(ctx, res, t, f);
        effect(ctx, t, 'G', { v: 'spend', from, to: tp.force, dmg: [h.dmg, h.dmg - f] });
        h.dmg -= f;
      }
    }
  }
  // step 7: apply
  if (h.oracle !== null) {
    clearShield(h.T);
    const c = h.oracle.stolen;
    if (c !== null && c.p === t) clearShield(laneAt(ctx, c));
  } else if (h.S0 < 0) clearShield(h.T);
  else setS(h.T, Math.max(0, h.Seff - h.A - fAtk));
  if (h.Tel !== null && h.T.s === 0 && h.A > h.Seff && h.at.ax === res.ax && t === res.d) {
    res.broken.push({ lane: h.at.lane, g: h.A - h.Seff, el: h.e });
  }
  changeHp(ctx, t, tp.hp - h.dmg);
  if (t !== a) ap.force += h.dmg;
  pushHit(ctx, h, vs);
  checkOver(ctx);
  postHitAttack(ctx, h);
  postHitShield(ctx, h);
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

/** Neutral attack (and Spike): halve a present shield for real (`halve-shield`). */
function halveShield(ctx: Ctx, h: Hit): void {
  if (h.T.s <= 0) return;
  const from = h.T.s;
  setS(h.T, halve(from));
  effect(ctx, h.a, 'N', { v: 'halve-shield', from, to: h.T.s });
}

/** Step 1: Rotator moves the attack to another lane of the same field (6). */
function rotator(ctx: Ctx, h: Hit): void {
  const attackMode = h.atkExtra === 'T';
  const defendMode = h.defExtra === 'T';
  if (!attackMode && !defendMode) return;
  const field = lanes(ctx.st, h.at.p, h.at.ax);
  const T = field[h.at.lane]!;
  if (h.e === 'T' || h.e === 'A') return;
  if (T.s > 0 && (T.el === 'T' || T.el === 'A')) return;
  let to = -1;
  if (attackMode && h.A <= T.s) {
    let best = 0;
    field.forEach((l, i) => {
      if (l.s < field[best]!.s) best = i;
    });
    if (field[best]!.s < T.s) to = best;
  } else if (defendMode && h.A > T.s) {
    let best = 0;
    field.forEach((l, i) => {
      if (l.s > field[best]!.s) best = i;
    });
    if (field[best]!.s > T.s) to = best;
  }
  if (to < 0) return;
  const caster = attackMode ? h.a : h.t;
  effect(ctx, caster, 'T', { v: 'rotate', at: { ...h.at }, to });
  h.at = { ...h.at, lane: to };
}
