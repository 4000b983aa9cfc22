/**
 * Spell triggers (6): at S4 of the caster's next own turn, in the mode of that turn's role. Through the spell
 * table: a spell that acts now runs its trigger here; the others become the caster's extras for the next
 * resolution (run by resolve.ts and hit.ts).
 */
import { triggerExclusive } from './exclusive.js';
import { isEl, other, type PlayerId, type SpellChoice } from './model.js';
import { turnInfo } from './schedule.js';
import { SPELL_RULES } from './spell-table.js';
import { player, type Ctx } from './state.js';

export function triggerSpell(ctx: Ctx, p: PlayerId, el: SpellChoice): void {
  const { st } = ctx;
  const info = turnInfo(st.cfg, st.t);
  const mode = info.role === 'ATTACK' ? 'attack' : 'defend';
  ctx.ev.push({ k: 'spell', p, el, mode });
  if (!isEl(el)) return triggerExclusive(ctx, p, el, info.axis, mode);
  const rule = SPELL_RULES[el][mode];
  if (rule.kind === 'extra') {
    player(st, p).extra = { el, mode };
    return;
  }
  rule.trigger(ctx, { p, m: other(p), el, mode, ax: info.axis, tag: info.role === 'ATTACK' ? 'A' : 'D' });
}
