/**
 * Element effects inside a hit (5): the shield effects of step 4 (with the defend extras Freeze, Poisoning
 * and Yin Yang), the post-hit attack effects of step 8 and the post-hit shield effects of step 9.
 */
import { swapMakesLine } from './board.js';
import {
  isKind, markInLaneOrRandom, neighbours, placeMark, randomEligible, rotateLane, sunChange,
} from './board-effects.js';
import { effect, resTag } from './common.js';
import type { FieldRef } from './events.js';
import { clearShield, join, laneView, setS } from './fields.js';
import type { Hit } from './hit-state.js';
import { halve, otherAxis, quarter, type Dir, type El, type MirrorO, type PlayerId } from './model.js';
import { nextTurnOf } from './schedule.js';
import { settle } from './settle.js';
import { axes, lanes, player, type Ctx } from './state.js';
import { strike } from './strike.js';

const STEP4: readonly El[] = ['I', 'L', 'D', 'P', 'W', 'U', 'M', 'V', 'C', 'K', 'X', 'O'];
const OPPOSITE: Record<Dir, Dir> = { E: 'W', W: 'E', N: 'S', S: 'N' };

export function shieldStep(ctx: Ctx, h: Hit): void {
  for (const name of STEP4) {
    if (h.shieldFx && h.Tel === name) naturalShield(ctx, h, name);
    if (h.defExtra === name) {
      if (name === 'I') iceHalve(ctx, h, 'I');
      if (name === 'P') poisonShield(ctx, h, 'P');
      // D45: no second Oracle when the natural Oracle shield already ran on this hit
      if (name === 'O' && h.oracle === null) oracleShield(ctx, h);
    }
  }
}

function settleFor(ctx: Ctx, h: Hit, owner: PlayerId, extra: { swap?: { c1: number; c2: number }; dimension?: boolean; changed?: number[] } = {}): void {
  settle(ctx, { owner, axis: h.res.ax, tag: resTag(h.res, owner, h.res.ax), ...extra });
}

function naturalShield(ctx: Ctx, h: Hit, name: El): void {
  const { st } = ctx;
  const t = h.t;
  switch (name) {
    case 'I':
      return iceHalve(ctx, h, 'I');
    case 'L': {
      const pl = player(st, t);
      const from = pl.force;
      pl.force += 2;
      return effect(ctx, t, 'L', { v: 'force', from, to: pl.force });
    }
    case 'D': {
      const l = lanes(st, h.a, h.at.ax)[h.at.lane]!;
      l.nodef = nextTurnOf(st.cfg, st.t, h.a, 'DEFEND');
      return effect(ctx, t, 'D', { v: 'no-collect', at: { p: h.a, ax: h.at.ax, lane: h.at.lane } });
    }
    case 'P':
      return poisonShield(ctx, h, 'P');
    case 'W': {
      const c = markInLaneOrRandom(ctx, h.at.ax, h.at.lane, t, () => true);
      if (c === null) return effect(ctx, t, 'W', { v: 'restore-none' });
      st.board.mark[c] = null;
      effect(ctx, t, 'W', { v: 'restore', cell: c });
      return settleFor(ctx, h, t, { changed: [c] });
    }
    case 'U': {
      const ch = sunChange(ctx, h.at.ax, h.at.lane);
      effect(ctx, t, 'U', { v: 'change', cell: ch.cell, from: ch.from, to: ch.to });
      return settleFor(ctx, h, t, { changed: [ch.cell] });
    }
    case 'M': {
      if (h.e === 'M') return effect(ctx, t, 'M', { v: 'cancelled' });
      const dir = OPPOSITE[h.atk.arrival!.dir];
      rotateLane(ctx, h.at.ax, h.at.lane, dir);
      effect(ctx, t, 'M', { v: 'shift', ax: h.at.ax, lane: h.at.lane, dir });
      return settleFor(ctx, h, t, { changed: laneOf(st.cfg.n, h.at) });
    }
    case 'V':
      return soundShield(ctx, h);
    case 'C':
    case 'K': {
      const kind = name === 'C' ? 'mirror' : 'shifter';
      const c = markInLaneOrRandom(ctx, h.at.ax, h.at.lane, t, isKind(kind));
      if (c === null) return;
      const m = st.board.mark[c]!;
      const from = m.o!;
      const to = spin(kind, from, st.cfg.mode === '1d');
      st.board.mark[c] = { ...m, o: to };
      return effect(ctx, t, name, { v: 'spin', cell: c, from, to });
    }
    case 'X':
      return dimensionShield(ctx, h);
    case 'O':
      return oracleShield(ctx, h);
    default:
      return;
  }
}

function laneOf(n: number, at: FieldRef): number[] {
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(at.ax === 'X' ? at.lane * n + k : k * n + at.lane);
  return out;
}

function spin(kind: 'mirror' | 'shifter', o: MirrorO, oneD: boolean): MirrorO {
  if (kind === 'shifter') return o === 'R' ? 'F' : 'R';
  if (oneD) return o === 'V' ? 'H' : 'V';
  const cycle: MirrorO[] = ['V', 'R', 'H', 'F'];
  return cycle[(cycle.indexOf(o) + 1) % 4]!;
}

function iceHalve(ctx: Ctx, h: Hit, el: El): void {
  const from = h.A;
  h.A = halve(h.A);
  effect(ctx, h.t, el, { v: 'halve-attack', from, to: h.A });
}

/** Poison shield (and Poisoning defend): a random present shield of a loses 3, else a is poisoned. */
function poisonShield(ctx: Ctx, h: Hit, el: El): void {
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
    return effect(ctx, h.t, el, { v: 'poison', m: h.a });
  }
  const l = lanes(st, c.p, c.ax)[c.lane]!;
  const from = l.s;
  setS(l, Math.max(0, l.s - 3));
  effect(ctx, h.t, el, { v: 'barrier', at: c, from, to: l.s });
}

function soundShield(ctx: Ctx, h: Hit): void {
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
  settleFor(ctx, h, h.t, { changed: [cell] });
}

function dimensionShield(ctx: Ctx, h: Hit): void {
  const { st } = ctx;
  const b = st.board;
  const w = markInLaneOrRandom(ctx, h.at.ax, h.at.lane, h.t, isKind('warp'));
  if (w === null) return effect(ctx, h.t, 'X', { v: 'swap-none' });
  const cand = neighbours(b.n, w).filter((c) => b.mark[c]?.kind !== 'warp');
  const pref = cand.filter((c) => swapMakesLine(b, w, c));
  const partner = ctx.draws.partner(w, pref.length > 0 ? pref : cand);
  if (partner === null) return effect(ctx, h.t, 'X', { v: 'swap-none' });
  const e = b.el[w]!;
  const m = b.mark[w]!;
  b.el[w] = b.el[partner]!;
  b.mark[w] = b.mark[partner]!;
  b.el[partner] = e;
  b.mark[partner] = m;
  effect(ctx, h.t, 'X', { v: 'swap', a: w, b: partner });
  settleFor(ctx, h, h.t, { swap: { c1: w, c2: partner }, dimension: true });
}

/** Oracle shield (and Yin Yang defend): steal the strongest other shield, else boost by a quarter. */
function oracleShield(ctx: Ctx, h: Hit): void {
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

/** Step 8: Star, Poison, Earth, Dark, Oracle; then the attack extras Shine, Poisoning, Yin Yang. */
export function postHitAttack(ctx: Ctx, h: Hit): void {
  if (!h.atkFx) return;
  const { st } = ctx;
  const e = h.e;
  if (e === 'S' && h.Tel !== null && h.A < h.Seff) {
    const g = halve(h.Seff - h.A);
    if (g > 0) joinEffect(ctx, h.a, 'S', 'gain', { p: h.a, ax: h.at.ax, lane: h.at.lane }, g, h.Tel, h);
  }
  if (e === 'P') poisonAttack(ctx, h, 'P');
  if (e === 'E') {
    if (h.Tel === 'E') effect(ctx, h.a, 'E', { v: 'cancelled' });
    else {
      h.T.lockD = true;
      effect(ctx, h.a, 'E', { v: 'lock', at: { ...h.at } });
    }
  }
  if (e === 'D') {
    h.T.noatk = nextTurnOf(st.cfg, st.t, h.t, 'ATTACK');
    effect(ctx, h.a, 'D', { v: 'no-collect', at: { ...h.at } });
  }
  if (e === 'O') oracleAttack(ctx, h);
  if (h.atkExtra === 'S' && h.dmg > 0 && h.A > h.Seff) {
    joinEffect(ctx, h.a, 'S', 'shine', { p: h.a, ax: h.at.ax, lane: h.at.lane }, h.A - h.Seff, e, h);
  }
  if (h.atkExtra === 'P') poisonAttack(ctx, h, 'P');
  if (h.atkExtra === 'O') oracleAttack(ctx, h);
}

function poisonAttack(ctx: Ctx, h: Hit, el: El): void {
  if (h.dmg > 0) {
    player(ctx.st, h.t).poison = 3;
    effect(ctx, h.a, el, { v: 'poison', m: h.t });
  } else if (h.T.s > 0) {
    const from = h.T.s;
    setS(h.T, Math.max(0, from - 3));
    effect(ctx, h.a, el, { v: 'barrier', at: { ...h.at }, from, to: h.T.s });
  }
}

function oracleAttack(ctx: Ctx, h: Hit): void {
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

function joinEffect(ctx: Ctx, p: PlayerId, el: El, verb: 'gain' | 'shine' | 'transfer', at: FieldRef, g: number, shieldEl: El, h: Hit): void {
  const l = lanes(ctx.st, at.p, at.ax)[at.lane]!;
  join(l, g, shieldEl, resTag(h.res, at.p, at.ax));
  effect(ctx, p, el, { v: verb, at, g, token: laneView(l, at.lane) });
}

/** Step 9: Star, Neutral, Earth, Thunder, Steam; then the defend extras Shine, Spike. */
export function postHitShield(ctx: Ctx, h: Hit): void {
  const { st } = ctx;
  if (h.shieldFx) {
    const Tel = h.Tel;
    if (Tel === 'S' && h.Seff > 0 && h.Seff <= h.A) {
      const g = halve(h.A - h.Seff);
      if (g > 0) joinEffect(ctx, h.t, 'S', 'gain', { ...h.at }, g, h.e, h);
    }
    if (Tel === 'N') bounce(ctx, h);
    if (Tel === 'E') {
      if (h.e === 'E') effect(ctx, h.t, 'E', { v: 'cancelled' });
      else if (h.T.s > 0) {
        const s = h.T.s;
        clearShield(h.T);
        effect(ctx, h.t, 'E', { v: 'counter' });
        strike(ctx, 'counter', h.t, { p: h.a, ax: h.at.ax, lane: h.at.lane }, s);
      }
    }
    if (Tel === 'Z' && st.t >= 9 && st.cfg.mode === '2d') {
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
    if (Tel === 'H') {
      const field = lanes(st, h.t, h.at.ax);
      const cands = field.map((l, i) => (l.rose ? -1 : i)).filter((i) => i >= 0);
      const lane = ctx.draws.lane('random-lane', cands, h.t, h.at.ax);
      if (lane !== null) {
        field[lane]!.rose = true;
        effect(ctx, h.t, 'H', { v: 'rose-lane', at: { p: h.t, ax: h.at.ax, lane } });
      }
    }
  }
  if (h.defExtra === 'S' && h.dmg > 0 && h.A > h.Seff) {
    joinEffect(ctx, h.t, 'S', 'shine', { ...h.at }, h.A - h.Seff, h.e, h);
  }
  if (h.defExtra === 'N') bounce(ctx, h);
}

function bounce(ctx: Ctx, h: Hit): void {
  // r uses T.s when the bounce runs (after step 8's barrier, as the reference corpus has it)
  const r = h.Seff - h.T.s;
  const s = halve(r);
  if (s <= 0) return;
  effect(ctx, h.t, 'N', { v: 'bounce' });
  strike(ctx, 'bounce', h.t, { p: h.a, ax: h.at.ax, lane: h.at.lane }, s);
}
