/**
 * Element effects inside a hit (5, 4.3 steps 1-5): Rotator (step 1), the attack modifiers of step 3 (Wind,
 * Neutral and Spike, Fire), the shield effects of step 4 (with the defend extras Freeze, Poisoning and Yin
 * Yang) and the Fire shield's step 5. The tables (element-table.ts, spell-table.ts) name them; hit.ts runs them.
 */
import { shapeOf, swapMakesLine } from './board.js';
import {
  isKind, markInLaneOrRandom, neighbours, placeMark, randomEligible, rotateLane, sunChange,
} from './board-effects.js';
import { effect, resTag } from './common.js';
import type { SettleOpts } from './effect-types.js';
import type { FieldRef } from './events.js';
import { setS } from './fields.js';
import type { Hit } from './hit-state.js';
import { halve, quarter, type Dir, type MirrorO, type PlayerId } from './model.js';
import { nextTurnOf } from './schedule.js';
import { axes, lanes, player, type Ctx } from './state.js';

const OPPOSITE: Record<Dir, Dir> = { E: 'W', W: 'E', N: 'S', S: 'N' };

/** The settle a shield effect asks for: the target's, on the resolution axis (returned, run by hit.ts). */
function settleFor(h: Hit, owner: PlayerId, extra: { swap?: { c1: number; c2: number }; dimension?: boolean; changed?: number[] } = {}): SettleOpts {
  return { owner, axis: h.res.ax, tag: resTag(h.res, owner, h.res.ax), ...extra };
}

/**
 * Step 1: Rotator moves the attack to another lane of the same field (6). Each mode is its own rule: when both
 * players' Rotators apply, hit.ts runs the attacker's, then the defender's on the new lane (D86).
 */
function rotate(ctx: Ctx, h: Hit, mode: 'attack' | 'defend'): void {
  const field = lanes(ctx.st, h.at.p, h.at.ax);
  const T = field[h.at.lane]!;
  if (h.e === 'T' || h.e === 'A') return;
  if (T.s > 0 && (T.el === 'T' || T.el === 'A')) return;
  let to = -1;
  if (mode === 'attack' && h.A <= T.s) {
    let best = 0;
    field.forEach((l, i) => {
      if (l.s < field[best]!.s) best = i;
    });
    if (field[best]!.s < T.s) to = best;
  } else if (mode === 'defend' && h.A > T.s) {
    let best = 0;
    field.forEach((l, i) => {
      if (l.s > field[best]!.s) best = i;
    });
    if (field[best]!.s > T.s) to = best;
  }
  if (to < 0) return;
  effect(ctx, mode === 'attack' ? h.a : h.t, 'T', { v: 'rotate', at: { ...h.at }, to });
  h.at = { ...h.at, lane: to };
}

export function rotatorAttack(ctx: Ctx, h: Hit): void {
  rotate(ctx, h, 'attack');
}

export function rotatorDefend(ctx: Ctx, h: Hit): void {
  rotate(ctx, h, 'defend');
}

/** Step 3, Wind attack: prints only; its "no shield effects" is fixed at the start of the hit (D44). */
export function windAttack(ctx: Ctx, h: Hit): void {
  effect(ctx, h.a, 'A', { v: 'ignore-shield' });
}

/** Step 3, Neutral attack (and Spike): halve a present shield for real (`halve-shield`). */
export function halveShield(ctx: Ctx, h: Hit): void {
  if (h.T.s <= 0) return;
  const from = h.T.s;
  setS(h.T, halve(from));
  effect(ctx, h.a, 'N', { v: 'halve-shield', from, to: h.T.s });
}

/** Step 3, Fire attack: the damage of step 5 is at least 1 (D25). */
export function fireAttack(ctx: Ctx, h: Hit): void {
  h.minDmg = 1;
  effect(ctx, h.a, 'F', { v: 'min-damage' });
}

/** Step 5, Fire shield: mods = -1. */
export function fireShield(ctx: Ctx, h: Hit): void {
  h.mods = -1;
  effect(ctx, h.t, 'F', { v: 'damage-1' });
}

/** Step 4, Ice shield (and Freeze defend): the attack is halved. */
export function iceHalve(ctx: Ctx, h: Hit): void {
  const from = h.A;
  h.A = halve(h.A);
  effect(ctx, h.t, 'I', { v: 'halve-attack', from, to: h.A });
}

export function lightShield(ctx: Ctx, h: Hit): void {
  const pl = player(ctx.st, h.t);
  const from = pl.force;
  pl.force += 2;
  effect(ctx, h.t, 'L', { v: 'force', from, to: pl.force });
}

export function darkShield(ctx: Ctx, h: Hit): void {
  const { st } = ctx;
  const l = lanes(st, h.a, h.at.ax)[h.at.lane]!;
  const until = nextTurnOf(st.cfg, st.t, h.a, 'DEFEND');
  if (until === null) return;
  l.nodef = until;
  effect(ctx, h.t, 'D', { v: 'no-collect', at: { p: h.a, ax: h.at.ax, lane: h.at.lane } });
}

/** Poison shield (and Poisoning defend): a random present shield of a loses 3, else a is poisoned. */
export function poisonShield(ctx: Ctx, h: Hit): void {
  const { st } = ctx;
  const cands: FieldRef[] = [];
  for (const ax of axes(st.cfg)) {
    lanes(st, h.a, ax).forEach((l, lane) => {
      if (l.s > 0) cands.push({ p: h.a, ax, lane });
    });
  }
  const c = ctx.draws.shield('random-shield', cands);
  if (c === null) {
    player(st, h.a).poison = 3;
    return effect(ctx, h.t, 'P', { v: 'poison', m: h.a });
  }
  const l = lanes(st, c.p, c.ax)[c.lane]!;
  const from = l.s;
  setS(l, Math.max(0, l.s - 3));
  effect(ctx, h.t, 'P', { v: 'barrier', at: c, from, to: l.s });
}

export function waterShield(ctx: Ctx, h: Hit): SettleOpts | void {
  const t = h.t;
  const c = markInLaneOrRandom(ctx, h.at.ax, h.at.lane, t, () => true);
  if (c === null) return effect(ctx, t, 'W', { v: 'restore-none' });
  ctx.st.board.mark[c] = null;
  effect(ctx, t, 'W', { v: 'restore', cell: c });
  return settleFor(h, t, { changed: [c] });
}

export function sunShield(ctx: Ctx, h: Hit): SettleOpts {
  const ch = sunChange(ctx, h.at.ax, h.at.lane);
  effect(ctx, h.t, 'U', { v: 'change', cell: ch.cell, from: ch.from, to: ch.to });
  return settleFor(h, h.t, { changed: [ch.cell] });
}

export function moonShield(ctx: Ctx, h: Hit): SettleOpts | void {
  const t = h.t;
  if (h.e === 'M') return effect(ctx, t, 'M', { v: 'cancelled' });
  const dir = OPPOSITE[h.atk.arrival!.dir];
  rotateLane(ctx, h.at.ax, h.at.lane, dir);
  effect(ctx, t, 'M', { v: 'shift', ax: h.at.ax, lane: h.at.lane, dir });
  return settleFor(h, t, { changed: laneOf(ctx.st.cfg.n, h.at) });
}

function laneOf(n: number, at: FieldRef): number[] {
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(at.ax === 'X' ? at.lane * n + k : k * n + at.lane);
  return out;
}

/** Crystal and Cosmo shields: the mirror (shifter) of the lane nearest to f, else a random one, turns. */
function spinShield(kind: 'mirror' | 'shifter', name: 'C' | 'K'): (ctx: Ctx, h: Hit) => void {
  return (ctx, h) => {
    const { st } = ctx;
    const c = markInLaneOrRandom(ctx, h.at.ax, h.at.lane, h.t, isKind(kind));
    if (c === null) return;
    const m = st.board.mark[c]!;
    const from = m.o!;
    const to = spin(kind, from, st.cfg.mode === '1d');
    st.board.mark[c] = { ...m, o: to };
    return effect(ctx, h.t, name, { v: 'spin', cell: c, from, to });
  };
}
export const crystalShield = spinShield('mirror', 'C');
export const cosmoShield = spinShield('shifter', 'K');

function spin(kind: 'mirror' | 'shifter', o: MirrorO, oneD: boolean): MirrorO {
  if (kind === 'shifter') return o === 'R' ? 'F' : 'R';
  if (oneD) return o === 'V' ? 'H' : 'V';
  const cycle: MirrorO[] = ['V', 'R', 'H', 'F'];
  return cycle[(cycle.indexOf(o) + 1) % 4]!;
}

export function soundShield(ctx: Ctx, h: Hit): SettleOpts | void {
  const { st } = ctx;
  const b = st.board;
  const ofA = (m: { kind: string; owner?: PlayerId }) => m.kind === 'filter' && m.owner === h.a;
  const c = markInLaneOrRandom(ctx, h.at.ax, h.at.lane, h.t, ofA);
  if (c !== null) {
    b.mark[c] = { ...b.mark[c]!, owner: h.t };
    return effect(ctx, h.t, 'V', { v: 'convert', cell: c });
  }
  // a has no filter: one of t's on the lane of the strongest launched attack
  const filter = { kind: 'filter' as const, owner: h.t };
  let strongest: { lane: number; s: number } | null = null;
  for (const l of h.res.launched) if (strongest === null || l.s > strongest.s) strongest = l;
  let cell: number | null = null;
  if (strongest !== null) {
    const n = b.n;
    const inLane = laneOf(n, { p: h.t, ax: h.res.ax, lane: strongest.lane }).sort((x, y) => x - y);
    const elig = inLane.filter((i) => b.mark[i] === null && b.el[i] !== 'V');
    cell = ctx.draws.cell('random-cell', elig);
  }
  if (cell === null) cell = randomEligible(ctx, filter);
  if (cell === null) return;
  placeMark(ctx, cell, filter, true);
  effect(ctx, h.t, 'V', { v: 'filter', cell });
  return settleFor(h, h.t, { changed: [cell] });
}

export function dimensionShield(ctx: Ctx, h: Hit): SettleOpts | void {
  const { st } = ctx;
  const b = st.board;
  const w = markInLaneOrRandom(ctx, h.at.ax, h.at.lane, h.t, isKind('warp'));
  if (w === null) return effect(ctx, h.t, 'X', { v: 'swap-none' });
  const cand = neighbours(b.n, w).filter((c) => b.mark[c]?.kind !== 'warp');
  const pref = cand.filter((c) => swapMakesLine(b, w, c, shapeOf(ctx.st.cfg.options)));
  const partner = ctx.draws.partner(w, pref.length > 0 ? pref : cand);
  if (partner === null) return effect(ctx, h.t, 'X', { v: 'swap-none' });
  const e = b.el[w]!;
  const m = b.mark[w]!;
  b.el[w] = b.el[partner]!;
  b.mark[w] = b.mark[partner]!;
  b.el[partner] = e;
  b.mark[partner] = m;
  effect(ctx, h.t, 'X', { v: 'swap', a: w, b: partner });
  return settleFor(h, h.t, { swap: { c1: w, c2: partner }, dimension: true });
}

/** Oracle shield (and Yin Yang defend): steal the strongest other shield, else boost by a quarter. */
export function oracleShield(ctx: Ctx, h: Hit): void {
  const { st } = ctx;
  const S = h.T.s;
  let best: { at: FieldRef; s: number } | null = null;
  for (const p of [h.t, h.t === 1 ? 2 : 1] as PlayerId[]) {
    for (const ax of axes(st.cfg)) {
      lanes(st, p, ax).forEach((l, lane) => {
        if (l.s <= 0 || (p === h.at.p && ax === h.at.ax && lane === h.at.lane)) return;
        if (best === null || l.s > best.s) best = { at: { p, ax, lane }, s: l.s };
      });
    }
  }
  const c = best as { at: FieldRef; s: number } | null;
  if (c !== null) {
    h.oracle = { seff: S + c.s, stolen: c.at };
    return effect(ctx, h.t, 'O', { v: 'steal', at: c.at, s: c.s });
  }
  h.oracle = { seff: S + quarter(S), stolen: null };
  effect(ctx, h.t, 'O', { v: 'boost', from: S, to: S + quarter(S) });
}

/** Yin Yang defend: the Oracle shield, unless the natural one already ran on this hit (D45). */
export function yinYangShield(ctx: Ctx, h: Hit): void {
  if (h.oracle === null) oracleShield(ctx, h);
}
