/**
 * Element effects and spell extras outside the hits of a resolution (4.1, 5, 6): the pre effects of R2 (Wind
 * and Metal shields), the launch effects of R3 (with the launch extras Thunderstorm and Freeze) and the R7
 * extras Earthquake and Thunderstorm (defend). The tables name them; resolve.ts runs them.
 */
import { landingCell, placeMark, rotateLane, sunChange } from './board-effects.js';
import { effect, resTag, type Res } from './common.js';
import type { SettleOpts } from './effect-types.js';
import { clearShield, join, laneView, type Lane } from './fields.js';
import { halve, otherAxis, quarter, type Axis, type Dir, type Mark, type PlayerId } from './model.js';
import { lanes, player, setHp, type Ctx } from './state.js';
import { strike, type Attack } from './strike.js';

/** The direction an attack leaves its field in (4.2). */
export const START_DIR: Record<string, Dir> = { 'P1.X': 'E', 'P2.X': 'W', 'P1.Y': 'N', 'P2.Y': 'S' };

function metalActive(ctx: Ctx): boolean {
  return ctx.st.t >= 9 && ctx.st.cfg.mode === '2d';
}

/** The lane of a field with the highest (or lowest) s, lowest index on a tie. */
function extremeLane(field: readonly Lane[], highest: boolean): number {
  let best = 0;
  field.forEach((l, i) => {
    if (highest ? l.s > field[best]!.s : l.s < field[best]!.s) best = i;
  });
  return best;
}

/** Metal split: half the attack strikes the defender's other-axis lane (highest s for the shield, lowest for the attack). */
function split(ctx: Ctx, atk: Attack, printer: PlayerId, a: PlayerId, d: PlayerId, highest: boolean): void {
  const h = halve(atk.A);
  if (h <= 0) return;
  atk.A -= h;
  effect(ctx, printer, 'T', { v: 'split' });
  const oax = otherAxis(atk.from.ax);
  strike(ctx, 'split', a, { p: d, ax: oax, lane: extremeLane(lanes(ctx.st, d, oax), highest) }, h);
}

function allLanes(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Thunder attack and Thunderstorm (attack): quarter(A) to a drawn lane of the attacker's other axis. */
function duplicate(ctx: Ctx, res: Res, atk: Attack, printerEl: 'Z'): void {
  const g = quarter(atk.A);
  if (g < 1) return;
  const { st } = ctx;
  const oax = otherAxis(atk.from.ax);
  const lane = ctx.draws.lane('thunder-lane', allLanes(st.cfg.n), atk.owner, oax)!;
  const el = ctx.draws.element('thunder-element', st.cfg.elements);
  const l = lanes(st, atk.owner, oax)[lane]!;
  join(l, g, el, resTag(res, atk.owner, oax));
  effect(ctx, atk.owner, printerEl, { v: 'duplicate', at: { p: atk.owner, ax: oax, lane }, g, token: laneView(l, lane) });
}

// R2 Pre: shield effects of d's shield T0 in the launch lane

export function windPre(ctx: Ctx, res: Res, atk: Attack): void {
  if (!atk.fx) return;
  atk.fx = false;
  effect(ctx, res.d, 'A', { v: 'ignore-attack' });
}

export function metalPre(ctx: Ctx, res: Res, atk: Attack): void {
  if (!metalActive(ctx)) return;
  if (atk.el === 'T') effect(ctx, res.d, 'T', { v: 'cancelled' });
  else split(ctx, atk, res.d, res.a, res.d, true);
}

// R3 Launch effects

/** A mark on the landing cell (D27), then a settle (D15: a warp can leave no legal matching swap: a reset). */
function markLaunch(m: Mark, verb: 'cover' | 'filter' | 'rose' | 'mirror' | 'shifter' | 'warp'): (ctx: Ctx, res: Res, atk: Attack) => SettleOpts | void {
  return (ctx, res, atk) => markAt(ctx, res, atk, m, verb);
}

function markAt(ctx: Ctx, res: Res, atk: Attack, m: Mark, verb: 'cover' | 'filter' | 'rose' | 'mirror' | 'shifter' | 'warp'): SettleOpts | void {
  const a = atk.owner;
  const { ax, lane } = atk.from;
  const c = landingCell(ctx, m, ax, lane, res.d);
  if (c === null) return;
  const placed = m.kind === 'shifter' ? { ...m, o: ctx.draws.orientation(c) } : m;
  placeMark(ctx, c, placed, true);
  effect(ctx, a, atk.el, { v: verb, cell: c });
  return { owner: a, axis: res.ax, tag: resTag(res, a, res.ax), changed: [c] };
}

export const waterLaunch = markLaunch({ kind: 'cover' }, 'cover');
export const steamLaunch = markLaunch({ kind: 'rose' }, 'rose');
export const cosmoLaunch = markLaunch({ kind: 'shifter', o: 'R' }, 'shifter');
export const dimensionLaunch = markLaunch({ kind: 'warp' }, 'warp');

export function soundLaunch(ctx: Ctx, res: Res, atk: Attack): SettleOpts | void {
  return markAt(ctx, res, atk, { kind: 'filter', owner: atk.owner }, 'filter');
}

export function crystalLaunch(ctx: Ctx, res: Res, atk: Attack): SettleOpts | void {
  return markAt(ctx, res, atk, { kind: 'mirror', o: atk.from.ax === 'X' ? 'V' : 'H' }, 'mirror');
}

export function lightLaunch(ctx: Ctx, res: Res, atk: Attack): void {
  const { st } = ctx;
  const a = atk.owner;
  const ap = player(st, a);
  if (ap.hp >= player(st, res.d).hp) return;
  setHp(st, a, ap.hp + 1);
  return effect(ctx, a, 'L', { v: 'heal', hp: ap.hp, max: st.cfg.maxHp });
}

export function metalLaunch(ctx: Ctx, res: Res, atk: Attack): void {
  const T0 = lanes(ctx.st, res.d, atk.from.ax)[atk.from.lane]!;
  if (!metalActive(ctx)) return;
  if (T0.s > 0 && T0.el === 'T') return effect(ctx, atk.owner, 'T', { v: 'cancelled' });
  return split(ctx, atk, atk.owner, atk.owner, res.d, false);
}

export function thunderLaunch(ctx: Ctx, res: Res, atk: Attack): void {
  if (metalActive(ctx)) duplicate(ctx, res, atk, 'Z');
}

export function iceLaunch(ctx: Ctx, _res: Res, atk: Attack): void {
  player(ctx.st, atk.owner).iceStrikes += 1;
  return effect(ctx, atk.owner, 'I', { v: 'strike-scheduled' });
}

export function sunLaunch(ctx: Ctx, res: Res, atk: Attack): SettleOpts {
  const a = atk.owner;
  const ch = sunChange(ctx, atk.from.ax, atk.from.lane);
  effect(ctx, a, 'U', { v: 'change', cell: ch.cell, from: ch.from, to: ch.to });
  return { owner: a, axis: res.ax, tag: resTag(res, a, res.ax), changed: [ch.cell] };
}

export function moonLaunch(ctx: Ctx, res: Res, atk: Attack): SettleOpts | void {
  const { st } = ctx;
  const a = atk.owner;
  const { ax, lane } = atk.from;
  const T0 = lanes(st, res.d, ax)[lane]!;
  if (T0.s > 0 && T0.el === 'M') return effect(ctx, a, 'M', { v: 'cancelled' });
  const dir = START_DIR[`P${a}.${ax}`]!;
  rotateLane(ctx, ax, lane, dir);
  effect(ctx, a, 'M', { v: 'shift', ax, lane, dir });
  const n = st.cfg.n;
  const cells = Array.from({ length: n }, (_, k) => (ax === 'X' ? lane * n + k : k * n + lane));
  return { owner: a, axis: res.ax, tag: resTag(res, a, res.ax), changed: cells };
}

// R3 launch extras of the attacker

/** Thunderstorm (attack, D36, D57): as the Thunder attack, in 2D with no t >= 9 limit. */
export function thunderstormLaunch(ctx: Ctx, res: Res, atk: Attack): void {
  if (ctx.st.cfg.mode === '2d') duplicate(ctx, res, atk, 'Z');
}

/** Freeze (attack): as the Ice attack. */
export function freezeLaunch(ctx: Ctx, res: Res, _atk: Attack): void {
  player(ctx.st, res.a).iceStrikes += 1;
  effect(ctx, res.a, 'I', { v: 'strike-scheduled' });
}

// R7 extras of the defender

/** Earthquake (defend): each present, unlocked shield of d on x is cleared and STRIKEs quake a's same lane. */
export function quakeEnd(ctx: Ctx, res: Res): void {
  const { a, d, ax } = res;
  lanes(ctx.st, d, ax).forEach((l, lane) => {
    if (l.s <= 0 || l.lockD || l.lockS) return;
    const s = l.s;
    clearShield(l);
    strike(ctx, 'quake', d, { p: a, ax, lane }, s);
  });
}

/** Thunderstorm (defend): d's lanes on x move to the other axis, then the broken lanes give A - Seff. */
export function thunderstormEnd(ctx: Ctx, res: Res): void {
  if (ctx.st.cfg.mode !== '2d') return;
  const { d, ax } = res;
  const oax = otherAxis(ax);
  lanes(ctx.st, d, ax).forEach((l, lane) => {
    if (l.s <= 0) return;
    const g = l.s;
    const el = l.el!;
    clearShield(l);
    joinTo(ctx, res, d, 'Z', { p: d, ax: oax, lane }, g, el);
  });
  for (const b of res.broken) if (b.g > 0) joinTo(ctx, res, d, 'Z', { p: d, ax: oax, lane: b.lane }, b.g, b.el);
}

function joinTo(ctx: Ctx, res: Res, p: PlayerId, el: 'Z', at: { p: PlayerId; ax: Axis; lane: number }, g: number, shieldEl: Lane['el']): void {
  const l = lanes(ctx.st, at.p, at.ax)[at.lane]!;
  join(l, g, shieldEl!, resTag(res, at.p, at.ax));
  effect(ctx, p, el, { v: 'transfer', at, g, token: laneView(l, at.lane) });
}
