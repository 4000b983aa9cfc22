/**
 * The spells that act at their trigger (6): Inferno, Rain, Breeze, Earthquake (attack), Luminate, Shockwave,
 * Shine (Sun), Blanket, Pulse, Emission, Bling, Phase, Wormhole. spell-table.ts names them; spells.ts runs them.
 */
import { eligibleCells } from './board.js';
import { placeMark } from './board-effects.js';
import { changeHp, checkOver, effect } from './common.js';
import type { SpellCast } from './effect-types.js';
import { clearShield } from './fields.js';
import type { Mark } from './model.js';
import { settle, sunReset } from './settle.js';
import { has, lanes, player, setHp, type Ctx } from './state.js';

/** A spell's settle: the caster as owner, the turn's axis, the tag of the caster's role this turn. */
function settleHere(ctx: Ctx, c: SpellCast): void {
  settle(ctx, { owner: c.p, axis: c.ax, tag: c.tag });
}

/** `count` marks, each on a random eligible cell (a shifter then draws its orientation). */
function placeMany(ctx: Ctx, c: SpellCast, count: number, mark: () => Mark, verb: 'cover' | 'rose' | 'mirror' | 'shifter' | 'warp'): void {
  const { st } = ctx;
  for (let k = 0; k < count; k++) {
    const probe = mark();
    const cell = ctx.draws.cell('spell-placement', eligibleCells(st.board, st.cfg.mode, probe));
    if (cell === null) continue;
    const placed = verb === 'shifter' ? { ...probe, o: ctx.draws.orientation(cell) } : probe;
    placeMark(ctx, cell, placed, false);
    effect(ctx, c.p, c.el, { v: verb, cell });
  }
}

export function inferno(ctx: Ctx, c: SpellCast): void {
  const { st } = ctx;
  const enemy = player(st, c.m);
  changeHp(ctx, c.m, enemy.hp - 7);
  effect(ctx, c.p, 'F', { v: 'inferno', m: c.m, hp: enemy.hp, max: st.cfg.maxHp });
  return checkOver(ctx);
}

export function rain(ctx: Ctx, c: SpellCast): void {
  placeMany(ctx, c, ctx.st.cfg.elements.length, () => ({ kind: 'cover' }), 'cover');
  return settleHere(ctx, c);
}

export function breeze(ctx: Ctx, c: SpellCast): void {
  player(ctx.st, c.m).breeze = true;
  return effect(ctx, c.p, 'A', { v: 'breeze', m: c.m });
}

/** Earthquake, attack mode: the enemy's lanes on the turn's axis skip its next launch. */
export function earthquakeLock(ctx: Ctx, c: SpellCast): void {
  for (const l of lanes(ctx.st, c.m, c.ax)) l.lockS = true;
  return effect(ctx, c.p, 'E', { v: 'lock-field', m: c.m, ax: c.ax });
}

export function luminate(ctx: Ctx, c: SpellCast): void {
  const { st } = ctx;
  setHp(st, c.p, player(st, c.p).hp + 7);
  return effect(ctx, c.p, 'L', { v: 'heal', hp: player(st, c.p).hp, max: st.cfg.maxHp });
}

/** Shockwave (6, D35). */
export function shockwave(ctx: Ctx, c: SpellCast): void {
  const { st } = ctx;
  const { p, m, mode, ax } = c;
  if (mode === 'attack' && !has(st.cfg, 'reverse')) {
    st.earlyTurn = st.t;
    st.skipTurn = st.t + 1;
    return effect(ctx, p, 'D', { v: 'shockwave' });
  }
  const reverseAttack = mode === 'attack';
  lanes(st, m, ax).forEach((l, lane) => {
    if (l.s <= 0 || (reverseAttack && l.tag !== 'D')) return;
    clearShield(l);
    effect(ctx, p, 'D', { v: 'destroy', at: { p: m, ax, lane } });
  });
}

/** Shine (Sun): a board reset with no force penalty. */
export function sunShine(ctx: Ctx, c: SpellCast): void {
  sunReset(ctx, { owner: c.p, axis: c.ax, tag: c.tag });
}

export function blanket(ctx: Ctx, c: SpellCast): void {
  const b = ctx.st.board;
  const n = b.n;
  const el0 = [...b.el];
  const mk0 = [...b.mark];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n);
    const col = i % n;
    const to = ((r - 1 + n) % n) * n + ((col + 1) % n);
    b.el[to] = el0[i]!;
    b.mark[to] = mk0[i]!;
  }
  effect(ctx, c.p, 'M', { v: 'blanket' });
  return settleHere(ctx, c);
}

export function pulse(ctx: Ctx, c: SpellCast): void {
  const { st } = ctx;
  const { p, m } = c;
  for (let k = 0; k < 4; k++) {
    const theirs: number[] = [];
    st.board.mark.forEach((mk, i) => {
      if (mk?.kind === 'filter' && mk.owner === m) theirs.push(i);
    });
    const cell0 = ctx.draws.cell('random-mark', theirs);
    if (cell0 !== null) {
      st.board.mark[cell0] = { kind: 'filter', owner: p };
      effect(ctx, p, 'V', { v: 'convert', cell: cell0 });
      continue;
    }
    const cell = ctx.draws.cell('spell-placement', eligibleCells(st.board, st.cfg.mode, { kind: 'filter', owner: p }));
    if (cell === null) continue;
    placeMark(ctx, cell, { kind: 'filter', owner: p }, false);
    effect(ctx, p, 'V', { v: 'filter', cell });
  }
  return settleHere(ctx, c);
}

export function emission(ctx: Ctx, c: SpellCast): void {
  const { p, ax } = c;
  placeMany(ctx, c, 4, () => ({ kind: 'rose' }), 'rose');
  const own = lanes(ctx.st, p, ax);
  for (let k = 0; k < 2; k++) {
    const lane = ctx.draws.lane('random-lane', own.map((l, i) => (l.rose ? -1 : i)).filter((i) => i >= 0), p, ax);
    if (lane === null) break;
    own[lane]!.rose = true;
    effect(ctx, p, 'H', { v: 'rose-lane', at: { p, ax, lane } });
  }
  return settleHere(ctx, c);
}

export function bling(ctx: Ctx, c: SpellCast): void {
  placeMany(ctx, c, 4, () => ({ kind: 'mirror', o: c.ax === 'X' ? 'V' : 'H' }), 'mirror');
  return settleHere(ctx, c);
}

export function phase(ctx: Ctx, c: SpellCast): void {
  placeMany(ctx, c, 4, () => ({ kind: 'shifter', o: 'R' }), 'shifter');
  return settleHere(ctx, c);
}

export function wormhole(ctx: Ctx, c: SpellCast): void {
  placeMany(ctx, c, 4, () => ({ kind: 'warp' }), 'warp');
  return settleHere(ctx, c);
}
