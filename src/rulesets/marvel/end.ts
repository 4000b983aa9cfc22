/** End of combat and result (§11): side-out with the literal count (D32), and the referee's endings. */
import { type Ctx, activeOf, emit } from './ctx.js';
import type { Fighter, Result, Side } from './state.js';

function defeated(c: Ctx, side: Side): number {
  return c.s.fighters.filter((f) => f.side === side && f.state !== 'active').length;
}

/** Ends the combat: END, and POSTCOMBAT with the winner's undefeated members for a win. */
export function finish(c: Ctx, result: Result): void {
  c.s.result = result;
  c.s.phase = 'OVER';
  emit(c, { t: 'end', result, defeatedA: defeated(c, 'A'), defeatedB: defeated(c, 'B') });
  if (result.winner !== 'draw') emit(c, { t: 'postcombat', ids: activeOf(c, result.winner).map((f) => f.id) });
}

/** The side-out check; true when the combat is (now) over. */
export function checkEnd(c: Ctx): boolean {
  if (c.s.phase === 'OVER') return true;
  if (c.s.phase === 'SETUP') return false;
  const aOut = activeOf(c, 'A').length === 0;
  const bOut = activeOf(c, 'B').length === 0;
  if (!aOut && !bOut) return false;
  const da = defeated(c, 'A');
  const db = defeated(c, 'B');
  finish(c, { winner: da < db ? 'A' : db < da ? 'B' : 'draw', reason: 'side-out' });
  return true;
}

/** A participant reaching VIT 0 falls. */
export function fall(c: Ctx, f: Fighter): void {
  f.state = 'fallen';
  emit(c, { t: 'fall', id: f.id });
}

export const isOver = (c: Ctx) => c.s.phase === 'OVER';
