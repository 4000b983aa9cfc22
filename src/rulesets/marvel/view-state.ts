/**
 * Marvel's state for the `--events` stream and the viewer (docs/events.md): the STATUS block's data (phase,
 * round, whose turn, each participant's side, vitality, PA, life state, statuses, effects, modifiers and
 * cooldowns, status.ts) with the result once the combat is over. Plain JSON.
 */
import type { Ctx } from './ctx.js';
import type { Event } from './events.js';
import type { Result } from './state.js';
import { statusEvent } from './status.js';

export type MarvelViewState = Omit<Extract<Event, { t: 'status' }>, 't'> & { readonly result: Result | null };

export function marvelViewState(c: Ctx): MarvelViewState {
  const { t: _t, ...status } = statusEvent(c) as Extract<Event, { t: 'status' }>;
  return { ...status, result: c.s.result === null ? null : { ...c.s.result } };
}
