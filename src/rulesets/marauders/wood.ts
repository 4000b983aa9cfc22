/**
 * Wood (5) and Supply (6): force when a pass matches Wood blocks at force 0 (M), and the spending rules of hit
 * step 6 for a Wood attack or shield, natural or Supply's, with Supply's cap of 20 per resolution.
 */
import { effect, type Res } from './common.js';
import type { Hit } from './hit-state.js';
import type { PlayerId } from './model.js';
import { player, type Ctx } from './state.js';

/** M (3.5, D17, D61): force = the uncovered Wood blocks matched in the pass, when the owner has none. */
export function woodForce(ctx: Ctx, owner: PlayerId, cells: readonly number[]): void {
  const { st } = ctx;
  let wood = 0;
  for (const c of cells) if (st.board.el[c] === 'G' && st.board.mark[c]?.kind !== 'cover') wood++;
  const pl = player(st, owner);
  if (wood > 0 && pl.force === 0) {
    pl.force = wood;
    ctx.ev.push({ k: 'effect', p: owner, el: 'G', e: { v: 'wood-force', to: wood } });
  }
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

/** Step 6, attack (Wood attack or Supply attack): spend to push further into the shield (D31). */
export function woodAttack(ctx: Ctx, h: Hit): void {
  const ap = player(ctx.st, h.a);
  if (h.A < h.Seff) {
    const f = Math.min(spendable(ctx, h.res, h.a), h.Seff - h.A);
    if (f > 0) {
      const from = ap.force;
      spend(ctx, h.res, h.a, f);
      effect(ctx, h.a, 'G', { v: 'spend', from, to: ap.force });
      h.fAtk = f;
    }
  }
}

/** Step 6, shield (Wood shield or Supply defend): spend to take damage off (D31). */
export function woodShield(ctx: Ctx, h: Hit): void {
  const tp = player(ctx.st, h.t);
  if (h.dmg > 0) {
    const f = Math.min(spendable(ctx, h.res, h.t), h.dmg);
    if (f > 0) {
      const from = tp.force;
      spend(ctx, h.res, h.t, f);
      effect(ctx, h.t, 'G', { v: 'spend', from, to: tp.force, dmg: [h.dmg, h.dmg - f] });
      h.dmg -= f;
    }
  }
}
