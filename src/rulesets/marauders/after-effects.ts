/**
 * Element effects after a hit (5, 4.3 steps 8-9): the post-hit attack effects (Star, Poison, Earth, Dark,
 * Oracle; the attack extras Shine, Poisoning, Yin Yang) and the post-hit shield effects (Star, Neutral, Earth,
 * Thunder, Steam; the defend extras Shine, Spike). The tables name them; hit.ts runs them.
 */
import { effect, resTag } from './common.js';
import type { FieldRef } from './events.js';
import { clearShield, join, laneView, setS } from './fields.js';
import type { Hit } from './hit-state.js';
import { halve, otherAxis, type El, type PlayerId } from './model.js';
import { nextTurnOf } from './schedule.js';
import { lanes, player, type Ctx } from './state.js';
import { strike } from './strike.js';

function joinEffect(ctx: Ctx, p: PlayerId, el: El, verb: 'gain' | 'shine' | 'transfer', at: FieldRef, g: number, shieldEl: El, h: Hit): void {
  const l = lanes(ctx.st, at.p, at.ax)[at.lane]!;
  join(l, g, shieldEl, resTag(h.res, at.p, at.ax));
  effect(ctx, p, el, { v: verb, at, g, token: laneView(l, at.lane) });
}

// Step 8: attack side

export function starAttack(ctx: Ctx, h: Hit): void {
  if (h.Tel !== null && h.A < h.Seff) {
    const g = halve(h.Seff - h.A);
    if (g > 0) joinEffect(ctx, h.a, 'S', 'gain', { p: h.a, ax: h.at.ax, lane: h.at.lane }, g, h.Tel, h);
  }
}

/** Poison attack (and Poisoning attack). */
export function poisonAttack(ctx: Ctx, h: Hit): void {
  if (h.dmg > 0) {
    player(ctx.st, h.t).poison = 3;
    effect(ctx, h.a, 'P', { v: 'poison', m: h.t });
  } else if (h.T.s > 0) {
    const from = h.T.s;
    setS(h.T, Math.max(0, from - 3));
    effect(ctx, h.a, 'P', { v: 'barrier', at: { ...h.at }, from, to: h.T.s });
  }
}

export function earthAttack(ctx: Ctx, h: Hit): void {
  if (h.Tel === 'E') effect(ctx, h.a, 'E', { v: 'cancelled' });
  else {
    h.T.lockD = true;
    effect(ctx, h.a, 'E', { v: 'lock', at: { ...h.at } });
  }
}

export function darkAttack(ctx: Ctx, h: Hit): void {
  const { st } = ctx;
  const until = nextTurnOf(st.cfg, st.t, h.t, 'ATTACK');
  if (until === null) return;
  h.T.noatk = until;
  effect(ctx, h.a, 'D', { v: 'no-collect', at: { ...h.at } });
}

/** Oracle attack (and Yin Yang attack). */
export function oracleAttack(ctx: Ctx, h: Hit): void {
  if (h.S0 <= 0) return;
  if (h.Tel === 'O') return effect(ctx, h.a, 'O', { v: 'cancelled' });
  if (h.T.s > 0) {
    h.T.pend = true;
    effect(ctx, h.a, 'O', { v: 'reverse', at: { ...h.at } });
  } else {
    h.T.curse = true;
    effect(ctx, h.a, 'O', { v: 'curse', at: { ...h.at } });
  }
}

/** Shine (Star's spell), attack mode (D43). */
export function shineAttack(ctx: Ctx, h: Hit): void {
  if (h.dmg > 0 && h.A > h.Seff) {
    joinEffect(ctx, h.a, 'S', 'shine', { p: h.a, ax: h.at.ax, lane: h.at.lane }, h.A - h.Seff, h.e, h);
  }
}

// Step 9: shield side

export function starShield(ctx: Ctx, h: Hit): void {
  if (h.Seff > 0 && h.Seff <= h.A) {
    const g = halve(h.A - h.Seff);
    if (g > 0) joinEffect(ctx, h.t, 'S', 'gain', { ...h.at }, g, h.e, h);
  }
}

/** Neutral shield (and Spike defend). */
export function bounce(ctx: Ctx, h: Hit): void {
  // r uses T.s when the bounce runs (after step 8's barrier, as the reference corpus has it)
  const r = h.Seff - h.T.s;
  const s = halve(r);
  if (s <= 0) return;
  effect(ctx, h.t, 'N', { v: 'bounce' });
  strike(ctx, 'bounce', h.t, { p: h.a, ax: h.at.ax, lane: h.at.lane }, s);
}

export function earthShield(ctx: Ctx, h: Hit): void {
  if (h.e === 'E') effect(ctx, h.t, 'E', { v: 'cancelled' });
  else if (h.T.s > 0) {
    const s = h.T.s;
    clearShield(h.T);
    effect(ctx, h.t, 'E', { v: 'counter' });
    strike(ctx, 'counter', h.t, { p: h.a, ax: h.at.ax, lane: h.at.lane }, s);
  }
}

export function thunderShield(ctx: Ctx, h: Hit): void {
  const { st } = ctx;
  if (st.t >= 9 && st.cfg.mode === '2d') {
    const to: FieldRef = { p: h.t, ax: otherAxis(h.at.ax), lane: h.at.lane };
    if (h.T.s > 0) {
      const g = h.T.s;
      const el = h.T.el!;
      clearShield(h.T);
      joinEffect(ctx, h.t, 'Z', 'transfer', to, g, el, h);
    } else if (h.A > h.Seff) {
      const g = halve(h.A - h.Seff);
      if (g > 0) joinEffect(ctx, h.t, 'Z', 'transfer', to, g, h.e, h);
    }
  }
}

export function steamShield(ctx: Ctx, h: Hit): void {
  const field = lanes(ctx.st, h.t, h.at.ax);
  const cands = field.map((l, i) => (l.rose ? -1 : i)).filter((i) => i >= 0);
  const lane = ctx.draws.lane('random-lane', cands, h.t, h.at.ax);
  if (lane !== null) {
    field[lane]!.rose = true;
    effect(ctx, h.t, 'H', { v: 'rose-lane', at: { p: h.t, ax: h.at.ax, lane } });
  }
}

/** Shine (Star's spell), defend mode (D43). */
export function shineShield(ctx: Ctx, h: Hit): void {
  if (h.dmg > 0 && h.A > h.Seff) {
    joinEffect(ctx, h.t, 'S', 'shine', { ...h.at }, h.A - h.Seff, h.e, h);
  }
}
