/**
 * STRIKEs (D21): derived hits straight onto a lane, with no travel and no effects; a `rose` lane makes one
 * harmless. Also the attack record shared by the resolution and the hit procedure.
 */
import { changeHp, checkOver, effect } from './common.js';
import type { FieldRef, ShieldRef, StrikeKind } from './events.js';
import { clearShield, setS } from './fields.js';
import type { Axis, Dir, El, PlayerId } from './model.js';
import { lanes, player, type Ctx } from './state.js';

export interface Attack {
  /** Launch index (launch order). */
  readonly idx: number;
  readonly owner: PlayerId;
  /** The launch field and lane, naming the attack in TRAVEL lines. */
  readonly from: FieldRef;
  A: number;
  el: El;
  fx: boolean;
  shifted: boolean;
  /** Where it arrived and the direction it was travelling; null when stopped. */
  arrival: { at: FieldRef; dir: Dir } | null;
}

export function shieldOf(ctx: Ctx, at: FieldRef): ShieldRef {
  const l = lanes(ctx.st, at.p, at.ax)[at.lane]!;
  return { el: l.el, s: l.s };
}

/** D21: a STRIKE of strength s from q on the lane `at`. D51: a strike of 0 does nothing. */
export function strike(ctx: Ctx, kind: StrikeKind, q: PlayerId, at: FieldRef, s: number): void {
  if (s <= 0) return;
  const { st } = ctx;
  const l = lanes(st, at.p, at.ax)[at.lane]!;
  const vs = { el: l.el, s: l.s };
  let dmg = 0;
  if (l.rose) {
    l.rose = false;
    effect(ctx, at.p, 'H', { v: 'invincible' });
  } else {
    dmg = Math.max(0, s - l.s);
    if (l.s < 0) clearShield(l);
    else setS(l, Math.max(0, l.s - s));
  }
  const target = player(st, at.p);
  changeHp(ctx, at.p, target.hp - dmg);
  if (at.p !== q) player(st, q).force += dmg;
  ctx.ev.push({
    k: 'strike',
    kind,
    q,
    at,
    s,
    vs,
    dmg,
    hp: target.hp,
    max: st.cfg.maxHp,
    force: player(st, q).force,
    left: { el: l.el, s: l.s },
  });
  checkOver(ctx);
}

export function fieldAxisOf(dir: Dir): Axis {
  return dir === 'E' || dir === 'W' ? 'X' : 'Y';
}
