/**
 * Rounds, turns and frames (§6.2-6.4, §7.3): round start and end, the turn order with SKIP lines, the end
 * of a frame (empty action, ENDTURN, RESUME), and the end of a counted action (ticks, Na, arming).
 */
import { type Ctx, emit, fighterOf, total } from './ctx.js';
import { actionCountdown, roundCountdown, tickDots } from './effects.js';
import { checkEnd, fall, finish, isOver } from './end.js';
import { roundOrder } from './order.js';
import { type Frame, topFrame } from './state.js';
import { placeOf } from './positions.js';

/** v2: a frame remembers its actor's cell and facing when it opens (R9.8, D74); nothing without positions. */
export function frameStart(c: Ctx, id: string): Pick<Frame, 'start'> {
  if (!c.s.grid) return {};
  const p = placeOf(c, id);
  return { start: p === undefined ? null : { x: p.x, y: p.y, facing: p.facing } };
}

export function startRound(c: Ctx, n: number): void {
  const s = c.s;
  s.round = n;
  for (const f of s.fighters) {
    f.paMax = total(c, f, 'PA');
    f.paLeft = f.paMax;
    f.freeUsed = 0;
    f.uses = {};
    f.blocked = [];
  }
  s.roundActive = false;
  s.order = roundOrder(c, n);
  s.phase = 'TURN';
  emit(c, { t: 'round', n, order: [...s.order] });
  s.cursor = -1;
  nextTurn(c);
}

function endRound(c: Ctx): void {
  const s = c.s;
  roundCountdown(c);
  s.quiet = s.roundActive ? 0 : s.quiet + 1;
  emit(c, { t: 'endround', n: s.round, quiet: s.quiet });
  if (s.quiet >= 10) finish(c, { winner: 'draw', reason: 'stalemate' });
  else startRound(c, s.round + 1);
}

/** Moves to the next turn of the round (SKIP for members who left), or ends the round. */
export function nextTurn(c: Ctx): void {
  const s = c.s;
  for (;;) {
    s.cursor++;
    const id = s.order[s.cursor];
    if (id === undefined) return endRound(c);
    const f = fighterOf(c, id);
    if (f.state !== 'active') {
      emit(c, { t: 'skip', id, reason: f.state });
      continue;
    }
    s.frames.push({ kind: 'own', actor: id, counted: 0, freeCounted: false, combo: false, ...frameStart(c, id) });
    s.phase = 'TURN';
    emit(c, { t: 'turn', id, round: s.round, paLeft: f.paLeft, paMax: f.paMax });
    if (s.round === 1 && s.opener !== null && s.opener.actor === id && !s.opener.replayed) c.steps.replayOpener(c);
    return;
  }
}

/**
 * The end of a counted action of X (§7.3): armed dots tick, then Na countdown and arming, then the end
 * check. A tick that fells X stops there (D48). Nothing runs for an X that is no longer active.
 */
export function countedActionEnd(c: Ctx, id: string): void {
  const f = fighterOf(c, id);
  if (f.state !== 'active') return;
  if (tickDots(c, f)) {
    fall(c, f);
    checkEnd(c);
    return;
  }
  actionCountdown(c, f);
  checkEnd(c);
}

/** Ends the top frame: the empty action, ENDTURN (not for an interference action), then RESUME or the next turn. */
export function endTopFrame(c: Ctx, reason: string): void {
  const s = c.s;
  const frame = topFrame(s);
  if (frame === undefined) return;
  const f = fighterOf(c, frame.actor);
  if (frame.kind !== 'iaction') {
    if (f.state === 'active' && frame.counted === 0) {
      countedActionEnd(c, f.id);
      if (isOver(c)) return;
    }
    emit(c, { t: 'endturn', id: f.id, actions: frame.counted, reason });
  }
  s.frames.pop();
  s.phase = 'TURN';
  if (frame.kind === 'own') return nextTurn(c);
  const below = topFrame(s)!;
  emit(c, { t: 'resume', id: below.actor });
  const x = fighterOf(c, below.actor);
  if (x.state !== 'active') endTopFrame(c, x.state);
}

/**
 * After a use resolved (or was dropped): the counted-action processing, then the frame ends if it was an
 * interference action or its actor left the combat (D10).
 */
export function endOfAction(c: Ctx, actor: string, counted: boolean): void {
  const s = c.s;
  s.acting = null;
  s.action = null;
  if (s.phase !== 'PREP') s.phase = 'TURN';
  if (counted) countedActionEnd(c, actor);
  if (isOver(c) || s.phase === 'PREP') return;
  const frame = topFrame(s);
  if (frame === undefined || frame.actor !== actor) return;
  const f = fighterOf(c, actor);
  if (f.state !== 'active') endTopFrame(c, f.state);
  else if (frame.kind === 'iaction') endTopFrame(c, 'pass');
}

/** A participant left the combat by a command (flee, yield, ref defeat, ref vit): end check, then its frame. */
export function afterLeaving(c: Ctx, id: string): void {
  if (checkEnd(c)) return;
  const frame = topFrame(c.s);
  if (c.s.phase === 'TURN' && frame !== undefined && frame.actor === id) endTopFrame(c, fighterOf(c, id).state);
}
