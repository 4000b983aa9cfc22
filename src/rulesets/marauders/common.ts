/**
 * Small rule helpers shared by turns, resolutions and spells: events, hp changes with the game-over check,
 * the board print point, and the tag of a join (D60).
 */
import { boardKey } from './board.js';
import type { EffectVerb } from './events.js';
import type { Axis, El, PlayerId } from './model.js';
import { other } from './model.js';
import { player, setHp, type Ctx } from './state.js';

/** Thrown after WINNER or DRAW is printed: the match stops at once (2.2). */
export class MatchOver {
  readonly over = true;
}

export function effect(ctx: Ctx, p: PlayerId, el: El | 'Exclusive', e: EffectVerb): void {
  ctx.ev.push({ k: 'effect', p, el, e });
}

/** After every hp change: a player at 0 loses (D13). */
export function changeHp(ctx: Ctx, p: PlayerId, hp: number): void {
  setHp(ctx.st, p, hp);
}

export function checkOver(ctx: Ctx): void {
  for (const p of [1, 2] as const) {
    if (player(ctx.st, p).hp <= 0) {
      const w = other(p);
      ctx.ev.push({ k: 'winner', p: w, name: player(ctx.st, w).name });
      ctx.st.over = true;
      throw new MatchOver();
    }
  }
}

/** A print point: BOARD only if the block text changed since the last print (9.5). */
export function showBoard(ctx: Ctx): void {
  const b = ctx.st.board;
  const key = boardKey(b);
  if (key === ctx.st.shownBoard) return;
  ctx.st.shownBoard = key;
  // a snapshot: the board changes on, its marks do not (they are replaced, never edited)
  ctx.ev.push({ k: 'board', n: b.n, el: b.el.slice(), mark: b.mark.slice() });
}

/** The running resolution: attacker, defender, axis and what its effects remember. */
export interface Res {
  readonly a: PlayerId;
  readonly d: PlayerId;
  readonly ax: Axis;
  /** The lane and strength of each launched attack (the Sound shield's "strongest launched attack"). */
  readonly launched: { lane: number; s: number }[];
  /** Force spent per player in this resolution (Supply's cap of 20). */
  readonly spent: [number, number];
  /** Thunderstorm (defend): the caster's lanes on x broken by a hit with A > Seff. */
  readonly broken: { lane: number; g: number; el: El }[];
}

/** D60: during a resolution, `D` in the defender's field on its axis, `A` in every other field. */
export function resTag(res: Res, p: PlayerId, ax: Axis): 'A' | 'D' {
  return p === res.d && ax === res.ax ? 'D' : 'A';
}
