/**
 * Summons (rules document 4.1, 5.1; course 3.7): Invocar, Sabbatma, Invitation and Bad Company. A monster
 * summoned onto an occupied slot takes the outgoing unit's place in the action order; onto an empty slot
 * it joins the end of the order. The reserve needs no bookkeeping: it is the roster minus the board.
 */
import { healAmount } from '../damage.js';
import type { SmtState, Team, Unit } from '../model.js';
import type { ActionContext } from './context.js';
import { reviveUnit } from './heal.js';

export function placeSummon(state: SmtState, team: Team, incoming: Unit, slot: number): void {
  const outgoing = team.board[slot] ?? null;
  team.place(incoming, slot);
  if (team.index !== state.active) return;
  const at = outgoing === null ? -1 : state.order.indexOf(outgoing);
  if (at >= 0) state.order[at] = incoming;
  else state.order.push(incoming);
}

/**
 * Summons `incoming` into `slot`. Invitation passes its Power: a dead monster is then revived with that
 * share of its max HP (100: full) right after it is summoned.
 */
export function resolveSummon(ctx: ActionContext, incoming: Unit, slot: number, revivePower: number | null): void {
  placeSummon(ctx.state, ctx.own, incoming, slot);
  ctx.push({ kind: 'summoned', unit: incoming.name });
  if (revivePower !== null && !incoming.alive) {
    reviveUnit(ctx, incoming, healAmount(incoming.maxHp, revivePower, ctx.user.passives.healPleroma));
  }
}

/** Bad Company's pick: the living reserve monster with the highest Str, the earliest in the roster on ties. */
export function strongestInReserve(team: Team): Unit | null {
  let best: Unit | null = null;
  for (const m of team.livingReserve()) if (best === null || m.str > best.str) best = m;
  return best;
}
