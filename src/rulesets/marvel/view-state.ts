/**
 * Marvel's state for the `--events` stream and the viewer (docs/events.md): the STATUS block's data (phase,
 * round, whose turn, each participant's side, vitality, PA, life state, statuses, effects, modifiers and
 * cooldowns, status.ts) with the result once the combat is over. Plain JSON.
 */
import type { Ctx } from './ctx.js';
import type { Event } from './events.js';
import type { Result } from './state.js';
import { statusEvent } from './status.js';

export type MarvelViewState = Omit<Extract<Event, { t: 'status' }>, 't'> & {
  readonly result: Result | null;
  /** (v2, §10.5) Each fighter's damage ledger: VIT lost and not yet healed, by kind (`-` for none), kinds sorted. */
  readonly hurt: Readonly<Record<string, Readonly<Record<string, number>>>>;
};

export function marvelViewState(c: Ctx): MarvelViewState {
  const { t: _t, ...status } = statusEvent(c) as Extract<Event, { t: 'status' }>;
  // Positions ride in the STATUS rows (`place`, in a combat with positions); the ledger is not in STATUS.
  const hurt = Object.fromEntries(c.s.fighters.map((f) => [f.id, Object.fromEntries(Object.entries(f.hurt).filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))]));
  return { ...status, result: c.s.result === null ? null : { ...c.s.result }, hurt };
}
