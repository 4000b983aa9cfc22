/**
 * Spell triggers (6): at S4 of the caster's next own turn, in the mode of that turn's role. Immediate spells
 * act here; the others become the caster's extras for the next resolution.
 */
import { eligibleCells } from './board.js';
import { placeMark } from './board-effects.js';
import { changeHp, checkOver, effect } from './common.js';
import { clearShield } from './fields.js';
import { other, type Axis, type El, type Mark, type PlayerId } from './model.js';
import { turnInfo } from './schedule.js';
import { resetBoard, settle } from './settle.js';
import { has, lanes, player, setHp, type Ctx } from './state.js';

const EXTRAS: readonly El[] = ['N', 'T', 'Z', 'S', 'G', 'I', 'P', 'O'];

export function triggerSpell(ctx: Ctx, p: PlayerId, el: El): void {
  const { st } = ctx;
  const info = turnInfo(st.cfg, st.t);
  const mode = info.role === 'ATTACK' ? 'attack' : 'defend';
  const m = other(p);
  const ax = info.axis;
  const tag = info.role === 'ATTACK' ? 'A' : 'D';
  const caster = player(st, p);
  const enemy = player(st, m);
  ctx.ev.push({ k: 'spell', p, el, mode });
  const settleHere = () => settle(ctx, { owner: p, axis: ax, tag });
  const placeMany = (count: number, mark: () => Mark, verb: 'cover' | 'rose' | 'mirror' | 'shifter' | 'warp') => {
    for (let k = 0; k < count; k++) {
      const probe = mark();
      const c = ctx.draws.cell('spell-placement', eligibleCells(st.board, st.cfg.mode, probe));
      if (c === null) continue;
      const placed = verb === 'shifter' ? { ...probe, o: ctx.draws.orientation(c) } : probe;
      placeMark(ctx, c, placed, false);
      effect(ctx, p, el, { v: verb, cell: c });
    }
  };
  if (EXTRAS.includes(el) || (el === 'E' && mode === 'defend')) {
    caster.extra = { el, mode };
    return;
  }
  switch (el) {
    case 'F':
      changeHp(ctx, m, enemy.hp - 7);
      effect(ctx, p, 'F', { v: 'inferno', m, hp: enemy.hp, max: st.cfg.maxHp });
      return checkOver(ctx);
    case 'W':
      placeMany(st.cfg.elements.length, () => ({ kind: 'cover' }), 'cover');
      return settleHere();
    case 'A':
      enemy.breeze = true;
      return effect(ctx, p, 'A', { v: 'breeze', m });
    case 'E':
      for (const l of lanes(st, m, ax)) l.lockS = true;
      return effect(ctx, p, 'E', { v: 'lock-field', m, ax });
    case 'L':
      setHp(st, p, caster.hp + 7);
      return effect(ctx, p, 'L', { v: 'heal', hp: caster.hp, max: st.cfg.maxHp });
    case 'D':
      return shockwave(ctx, p, mode, ax);
    case 'U':
      return resetBoard(ctx, true);
    case 'M': {
      const b = st.board;
      const n = b.n;
      const el0 = [...b.el];
      const mk0 = [...b.mark];
      for (let i = 0; i < n * n; i++) {
        const r = Math.floor(i / n);
        const c = i % n;
        const to = ((r - 1 + n) % n) * n + ((c + 1) % n);
        b.el[to] = el0[i]!;
        b.mark[to] = mk0[i]!;
      }
      effect(ctx, p, 'M', { v: 'blanket' });
      return settleHere();
    }
    case 'V':
      for (let k = 0; k < 4; k++) {
        const theirs: number[] = [];
        st.board.mark.forEach((mk, i) => {
          if (mk?.kind === 'filter' && mk.owner === m) theirs.push(i);
        });
        const c = ctx.draws.cell('random-mark', theirs);
        if (c !== null) {
          st.board.mark[c] = { kind: 'filter', owner: p };
          effect(ctx, p, 'V', { v: 'convert', cell: c });
          continue;
        }
        const cell = ctx.draws.cell('spell-placement', eligibleCells(st.board, st.cfg.mode, { kind: 'filter', owner: p }));
        if (cell === null) continue;
        placeMark(ctx, cell, { kind: 'filter', owner: p }, false);
        effect(ctx, p, 'V', { v: 'filter', cell });
      }
      return settleHere();
    case 'H': {
      placeMany(4, () => ({ kind: 'rose' }), 'rose');
      const own = lanes(st, p, ax);
      for (let k = 0; k < 2; k++) {
        const lane = ctx.draws.lane('random-lane', own.map((l, i) => (l.rose ? -1 : i)).filter((i) => i >= 0), p, ax);
        if (lane === null) break;
        own[lane]!.rose = true;
        effect(ctx, p, 'H', { v: 'rose-lane', at: { p, ax, lane } });
      }
      return settleHere();
    }
    case 'C':
      placeMany(4, () => ({ kind: 'mirror', o: ax === 'X' ? 'V' : 'H' }), 'mirror');
      return settleHere();
    case 'K':
      placeMany(4, () => ({ kind: 'shifter', o: 'R' }), 'shifter');
      return settleHere();
    case 'X':
      placeMany(4, () => ({ kind: 'warp' }), 'warp');
      return settleHere();
    default:
      return;
  }
}

/** Shockwave (6, D35). */
function shockwave(ctx: Ctx, p: PlayerId, mode: 'attack' | 'defend', ax: Axis): void {
  const { st } = ctx;
  const m = other(p);
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
