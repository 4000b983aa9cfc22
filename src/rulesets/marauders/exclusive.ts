/**
 * The seven exclusive spells of `non-matching` (6.1, D79-D85, D91, D92): what each does at its trigger, the
 * Merger's join at E4 and the Disperser's halving inside a hit. Their lines are `EFFECT P<caster> Exclusive ...`.
 */
import { effect } from './common.js';
import type { FieldRef } from './events.js';
import { join, laneView, setS, type Lane } from './fields.js';
import { halve, other, otherAxis, type Axis, type ExclusiveId, type PlayerId } from './model.js';
import { axes, lanes, player, type Ctx } from './state.js';

/** A present shield (s > 0, locked ones included) with its place. */
interface Present {
  readonly lane: number;
  readonly l: Lane;
}

function present(ctx: Ctx, p: PlayerId, ax: Axis): Present[] {
  return lanes(ctx.st, p, ax).flatMap((l, lane) => (l.s > 0 ? [{ lane, l }] : []));
}

/** D79: strongest = s descending, then lane ascending; weakest = s ascending, then lane ascending. */
const strongest = (x: Present, y: Present): number => y.l.s - x.l.s || x.lane - y.lane;
const weakest = (x: Present, y: Present): number => x.l.s - y.l.s || x.lane - y.lane;

/** A shield taken out of its lane: element, strength and tag go with it, the lane's flags stay (D79). */
function lift(l: Lane): { el: NonNullable<Lane['el']>; s: number; tag: 'A' | 'D' } {
  const moved = { el: l.el!, s: l.s, tag: l.tag };
  setS(l, 0);
  return moved;
}

function moveLine(ctx: Ctx, p: PlayerId, verb: 'align' | 'disperse' | 'steal' | 'merge', from: FieldRef, to: FieldRef, g: number): void {
  const l = lanes(ctx.st, to.p, to.ax)[to.lane]!;
  effect(ctx, p, 'Exclusive', { v: 'move', verb, from, to, g, token: laneView(l, to.lane) });
}

/** The trigger of an exclusive spell at S4 of the caster's turn (x = the turn's axis). */
export function triggerExclusive(ctx: Ctx, p: PlayerId, id: ExclusiveId, x: Axis, mode: 'attack' | 'defend'): void {
  const m = other(p);
  const pl = player(ctx.st, p);
  switch (id) {
    case 'free-swap':
      // D80: the caster's next swap this turn may name any two unwarped cells; its pass 1 is worth x3
      pl.freeSwap = true;
      effect(ctx, p, 'Exclusive', { v: 'free-swap' });
      return;
    case 'power-up':
    case 'power-down': {
      // D81: every present shield of the caster (+1) or of the enemy (-1), X then Y, lane order
      const whose = id === 'power-up' ? p : m;
      const d = id === 'power-up' ? 1 : -1;
      for (const ax of axes(ctx.st.cfg)) {
        for (const { lane, l } of present(ctx, whose, ax)) {
          const from = l.s;
          setS(l, from + d);
          effect(ctx, p, 'Exclusive', { v: id, at: { p: whose, ax, lane }, from, to: l.s });
        }
      }
      return;
    }
    case 'aligner': {
      // D82: the caster's k-th strongest shield on x moves to the lane of the enemy's k-th strongest
      const C = present(ctx, p, x).sort(strongest);
      const D = present(ctx, m, x).sort(strongest);
      const moves = C.slice(0, Math.min(C.length, D.length))
        .map((c, k) => ({ from: c.lane, to: D[k]!.lane, l: c.l }))
        .filter((mv) => mv.from !== mv.to)
        .map((mv) => ({ ...mv, shield: lift(mv.l) }))
        .sort((a, b) => a.from - b.from);
      const field = lanes(ctx.st, p, x);
      for (const mv of moves) {
        join(field[mv.to]!, mv.shield.s, mv.shield.el, mv.shield.tag);
        moveLine(ctx, p, 'align', { p, ax: x, lane: mv.from }, { p, ax: x, lane: mv.to }, mv.shield.s);
      }
      return;
    }
    case 'disperser': {
      // D83, D92: enemy shields facing caster shields move to the lowest lane empty on both sides
      const mine = lanes(ctx.st, p, x);
      const theirs = lanes(ctx.st, m, x);
      for (let lane = 0; lane < theirs.length; lane++) {
        const t = theirs[lane]!;
        if (t.s <= 0 || mine[lane]!.s <= 0) continue;
        const to = theirs.findIndex((e, i) => e.s === 0 && mine[i]!.s <= 0);
        if (to < 0) continue;
        const shield = lift(t);
        join(theirs[to]!, shield.s, shield.el, shield.tag);
        moveLine(ctx, p, 'disperse', { p: m, ax: x, lane }, { p: m, ax: x, lane: to }, shield.s);
      }
      // the halving is for this turn's bout, where only an attack-mode caster hits; a defend-mode trigger on a
      // turn a Shockwave skipped comes after that bout resolved and must not reach the next one (D83)
      if (mode === 'attack') pl.disperser = true;
      return;
    }
    case 'burglary': {
      // D84: the floor(#E/4) strongest enemy shields on x move to the caster's field, empty lanes first
      const count = Math.floor(ctx.st.cfg.elements.length / 4);
      const mine = lanes(ctx.st, p, x);
      for (const t of present(ctx, m, x).sort(strongest).slice(0, count)) {
        const shield = lift(t.l);
        const to = mine[t.lane]!.s === 0 ? t.lane : mine.findIndex((l) => l.s === 0);
        const lane = to < 0 ? t.lane : to;
        join(mine[lane]!, shield.s, shield.el, shield.tag);
        moveLine(ctx, p, 'steal', { p: m, ax: x, lane: t.lane }, { p, ax: x, lane }, shield.s);
      }
      return;
    }
    case 'merger':
      // D85, D91: waits for E4 of the caster's next ATTACK turn (a second one adds nothing)
      pl.merger = true;
      return;
  }
}

/**
 * Merger at E4 (D85): the caster's 2 strongest shields on the other axis join its 2 weakest on x, strongest
 * first (element replaced, the target's tag kept); `merge none` without a pair or in 1D.
 */
export function runMerger(ctx: Ctx, p: PlayerId, x: Axis): void {
  player(ctx.st, p).merger = false;
  const S = ctx.st.cfg.mode === '1d' ? [] : present(ctx, p, otherAxis(x)).sort(strongest).slice(0, 2);
  const T = present(ctx, p, x).sort(weakest).slice(0, 2);
  const pairs = Math.min(S.length, T.length);
  if (pairs === 0) return effect(ctx, p, 'Exclusive', { v: 'merge-none' });
  for (let k = 0; k < pairs; k++) {
    const from = S[k]!;
    const to = T[k]!;
    const shield = lift(from.l);
    join(to.l, shield.s, shield.el, to.l.tag);
    moveLine(ctx, p, 'merge', { p, ax: otherAxis(x), lane: from.lane }, { p, ax: x, lane: to.lane }, shield.s);
  }
}

/** Disperser (D92): a hit by the caster deals half, after step 6; printed when there is damage to halve. */
export function disperserHalve(ctx: Ctx, a: PlayerId, dmg: number): number {
  if (!player(ctx.st, a).disperser || dmg <= 0) return dmg;
  const to = halve(dmg);
  effect(ctx, a, 'Exclusive', { v: 'halve-damage', from: dmg, to });
  return to;
}
