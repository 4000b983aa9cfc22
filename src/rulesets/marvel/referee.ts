/**
 * Referee commands (§13, D44-D45, D57) other than `ref undo` and `ref note`, which the battle handles
 * itself: checks in the order of §6 (names, phase, state, then what X holds) and their effects.
 */
import type { Rejection } from '../../core/battle.js';
import type { RefCommand } from './commands.js';
import { sideWord } from './player.js';
import { type Ctx, emit, fighterOf, sheetOf, vitMax } from './ctx.js';
import { flightOf } from './model.js';
import { placeOf, takenBy } from './positions.js';
import { addDot, addMod, addStatus, removeMod } from './effects.js';
import { checkEnd, fall, finish } from './end.js';
import { rejections as E } from './errors.js';
import { afterLeaving, endTopFrame } from './flow.js';
import { timeoutWindow } from './react.js';
import { loseVit } from './ledger.js';
import { fighter, topFrame } from './state.js';

const MANAGE = ['PREP', 'TURN'];
/** v2: the referee may place characters before the start, for the challenge range (§6, D75). */
const PLACE = ['SETUP', 'PREP', 'TURN'];

function phaseFor(c: Ctx, sub: string, allowed: readonly string[]): Rejection | null {
  if (c.s.phase === 'OVER') return E.over();
  return allowed.includes(c.s.phase) ? null : E.phase(`ref ${sub}`, c.s.phase);
}

/** Checks a referee command (its syntax already parsed). */
export function checkRef(c: Ctx, sub: string, ref: RefCommand): Rejection | null {
  switch (ref.s) {
    case 'undo':
    case 'note':
      return null;
    case 'timeout':
      return phaseFor(c, sub, ['TURN', 'WINDOW', 'SUB']);
    case 'quiet':
      return phaseFor(c, sub, ['TURN']);
    case 'withdraw':
      if (ref.winner !== null && sideWord(ref.winner) === null) return E.unknown('side', ref.winner);
      return phaseFor(c, sub, MANAGE);
    case 'end':
      if (ref.side.toLowerCase() !== 'draw' && sideWord(ref.side) === null) return E.unknown('side', ref.side);
      return phaseFor(c, sub, MANAGE);
    default:
      break;
  }
  if (!c.roster.has(ref.x)) return E.unknown('character', ref.x);
  const phase = phaseFor(c, sub, ref.s === 'place' ? PLACE : MANAGE);
  if (phase !== null) return phase;
  if (ref.s === 'place') return checkPlace(c, ref);
  const f = fighter(c.s, ref.x);
  if (f === undefined) return E.state(ref.x, 'not in the combat');
  if (f.state !== 'active') return E.state(ref.x, f.state);
  switch (ref.s) {
    case 'unmod':
      return f.mods.some((m) => m.id === ref.id) ? null : E.unknown('modifier', ref.written);
    case 'undot':
      return f.dots.some((d) => d.type === ref.type) ? null : E.unknown('dot', ref.type);
    case 'status-remove':
      return f.statuses.some((l) => l.name === ref.name) ? null : E.unknown('status', ref.name);
    case 'fly': {
      const p = placeOf(c, f.id);
      if (p === undefined) return E.range(`${f.id} has no cell`);
      const n = flightOf(sheetOf(c, f.id));
      return ref.h > n ? E.range(`${f.id} cannot fly higher than ${n}`) : null;
    }
    case 'hide':
    case 'reveal': {
      const p = placeOf(c, f.id);
      if (ref.s === 'hide' && p?.hidden === true) return E.state(f.id, 'already hidden');
      if (ref.s === 'reveal' && p?.hidden !== true) return E.state(f.id, 'not hidden');
      return p === undefined ? E.range(`${f.id} has no cell`) : null;
    }
    default:
      return null;
  }
}

/** `ref place`: any loaded character, a participant only while active; the cell must be free (§13, D75). */
function checkPlace(c: Ctx, ref: Extract<RefCommand, { s: 'place' }>): Rejection | null {
  const f = fighter(c.s, ref.x);
  if (f !== undefined && f.state !== 'active') return E.state(ref.x, f.state);
  const who = takenBy(c, ref.cx, ref.cy, ref.x);
  return who === undefined ? null : E.cell(ref.cx, ref.cy, who);
}

/** After a change that may bring X to VIT 0: FALL, the end check and X's frame (§13). */
function afterVitChange(c: Ctx, id: string): void {
  const f = fighterOf(c, id);
  if (f.vit === 0 && f.state === 'active') {
    fall(c, f);
    afterLeaving(c, id);
  } else {
    checkEnd(c);
  }
}

/** Runs an accepted referee command; its REF line first. */
export function runRef(c: Ctx, args: string, ref: RefCommand): void {
  emit(c, { t: 'ref', args });
  const s = c.s;
  switch (ref.s) {
    case 'undo':
    case 'note':
      return;
    case 'timeout':
      if (s.phase === 'TURN') endTopFrame(c, topFrame(s)!.kind === 'iaction' ? 'pass' : 'timeout');
      else timeoutWindow(c);
      return;
    case 'quiet':
      s.quiet = 0;
      return;
    case 'withdraw':
      finish(c, { winner: ref.winner === null ? 'draw' : sideWord(ref.winner)!, reason: 'withdraw' });
      return;
    case 'end':
      finish(c, { winner: sideWord(ref.side) ?? 'draw', reason: 'referee' });
      return;
    default:
      break;
  }
  if (ref.s === 'place') {
    const old = placeOf(c, ref.x);
    const facing = ref.facing ?? old?.facing ?? 'N';
    s.cells[ref.x] = { x: ref.cx, y: ref.cy, facing, up: old?.up ?? 0, hidden: old?.hidden ?? false };
    s.grid = true;
    emit(c, { t: 'place', id: ref.x, x: ref.cx, y: ref.cy, facing });
    return;
  }
  const f = fighterOf(c, ref.x);
  switch (ref.s) {
    case 'fly':
      placeOf(c, f.id)!.up = ref.h;
      emit(c, { t: 'fly', id: f.id, up: ref.h });
      return;
    case 'hide':
    case 'reveal':
      placeOf(c, f.id)!.hidden = ref.s === 'hide';
      emit(c, { t: ref.s, id: f.id });
      return;
    case 'defeat':
      f.state = 'defeated';
      emit(c, { t: 'defeat', id: f.id });
      afterLeaving(c, f.id);
      return;
    case 'vit':
      // a loss is kindless damage in the ledger (§10.5); a gain is a raw change that heals no bucket
      if (ref.n < 0) loseVit(f, -ref.n, []);
      f.vit = Math.min(vitMax(c, f), Math.max(0, f.vit + Math.max(0, ref.n)));
      afterVitChange(c, f.id);
      return;
    case 'pa':
      f.paLeft = Math.min(f.paMax, Math.max(0, f.paLeft + ref.n));
      return;
    case 'mod':
      addMod(c, f.id, { chan: ref.cv.chan, value: ref.cv.value, dur: ref.dur, src: ref.src, ...(ref.cv.stat === undefined ? {} : { stat: ref.cv.stat }) });
      afterVitChange(c, f.id);
      return;
    case 'unmod':
      removeMod(c, f, f.mods.find((m) => m.id === ref.id)!);
      afterVitChange(c, f.id);
      return;
    case 'dot':
      addDot(c, f.id, ref.type, ref.amount, ref.ticks, ref.kinds);
      return;
    case 'undot':
      f.dots = f.dots.filter((d) => d.type !== ref.type);
      emit(c, { t: 'expire', id: f.id, what: 'dot', name: ref.type });
      return;
    case 'status-add':
      addStatus(c, f.id, ref.name, ref.dur);
      return;
    case 'status-remove':
      f.statuses = f.statuses.filter((l) => l.name !== ref.name);
      emit(c, { t: 'expire', id: f.id, what: 'status', name: ref.name });
      return;
  }
}

