/**
 * The damage ledger and healing by kind (§10.5, D78, D79): every VIT loss is recorded by kind when taken, because
 * mental damage heals only by mental means and soul damage only by mystic means [R7.1.6, R7.1.9].
 */
import { type Ctx, emit, fighterOf, sheetOf, vitMax } from './ctx.js';
import type { Kind } from './kinds.js';
import type { FxItem } from './model.js';
import type { Fighter } from './state.js';
import { evalExpr } from './stats.js';

/** The bucket of a loss with no kinds (a negative `ref vit`, a kindless hit or dot). */
export const NO_KIND = '-';
/** D79: what only a special method heals goes first, then the other kinds, then kindless damage. */
const HEAL_ORDER = ['men', 'alma', 'fis', 'ign', 'gel', 'ene', 'ele', 'son', 'tem', 'mis', NO_KIND] as const;

/** Takes `amount` VIT from f and records what was actually lost, split evenly over the kinds (D78). */
export function loseVit(f: Fighter, amount: number, kinds: readonly Kind[]): void {
  const lost = Math.min(f.vit, amount);
  f.vit -= lost;
  if (lost <= 0) return;
  if (kinds.length === 0) {
    f.hurt[NO_KIND] = (f.hurt[NO_KIND] ?? 0) + lost;
    return;
  }
  const share = Math.floor(lost / kinds.length);
  const rest = lost - share * kinds.length;
  kinds.forEach((k, i) => {
    f.hurt[k] = (f.hurt[k] ?? 0) + share + (i < rest ? 1 : 0);
  });
}

/** Whether a method of these kinds may heal a bucket (§10.5). */
function healable(bucket: string, method: readonly Kind[]): boolean {
  if (bucket === 'men') return method.includes('men');
  if (bucket === 'alma') return method.includes('mis') || method.includes('alma');
  return true;
}

/** A `heal:` item of `user`'s supplementary skill on `holder`: no conditions, no bonuses (§10.5). */
export function applyHeal(c: Ctx, user: string, holder: string, item: Extract<FxItem, { t: 'heal' }>): void {
  const f = fighterOf(c, holder);
  const method = item.kinds ?? [];
  const amount = evalExpr(sheetOf(c, user), item.amount, fighterOf(c, user).mods);
  const max = vitMax(c, f);
  const open = HEAL_ORDER.filter((b) => healable(b, method)).reduce((sum, b) => sum + (f.hurt[b] ?? 0), 0);
  let left = Math.max(0, Math.min(amount, max - f.vit, open));
  const healed = left;
  f.vit += healed;
  for (const b of HEAL_ORDER) {
    if (left === 0) break;
    if (!healable(b, method)) continue;
    const take = Math.min(left, f.hurt[b] ?? 0);
    if (take > 0) f.hurt[b] = f.hurt[b]! - take;
    left -= take;
  }
  const blocked = HEAL_ORDER.filter((b) => !healable(b, method)).reduce((sum, b) => sum + (f.hurt[b] ?? 0), 0);
  emit(c, { t: 'fx-heal', id: holder, amount, kinds: [...method], healed, blocked, vit: f.vit, vitMax: max });
}
