/**
 * The state machine of 2.2: turn start (S1-S6), the AWAIT commands (3.1), turn end (E1-E7) and the loop
 * through skipped turns. Game over is the MatchOver signal thrown after WINNER or DRAW.
 */
import { InternalError } from '../../core/battle.js';
import { shapeOf, swapCells, swapMakesLine } from './board.js';
import type { Command } from './commands.js';
import { changeHp, checkOver, MatchOver, showBoard } from './common.js';
import type { LaneView } from './events.js';
import { laneView, lanePrintable, setS } from './fields.js';
import { halve, MOVES_PER_TURN, SPELL_COST } from './model.js';
import { runMerger } from './exclusive.js';
import { resolve } from './resolve.js';
import { turnInfo } from './schedule.js';
import { settle } from './settle.js';
import { triggerSpell } from './spells.js';
import { axes, has, lanes, player, singleAttacks, spellView, useAllowance, type Ctx } from './state.js';

type EndReason = 'pass' | 'no-match' | 'moves' | 'skipped';

/** Runs `work`; a MatchOver ends the match quietly (its line is already out). */
export function guarded(ctx: Ctx, work: () => void): void {
  try {
    work();
  } catch (e) {
    if (e instanceof MatchOver) {
      ctx.st.over = true;
      return;
    }
    throw e;
  }
}

function stateLines(ctx: Ctx): void {
  const { st } = ctx;
  for (const p of [1, 2] as const) {
    const pl = player(st, p);
    const attacks = p === 1 && has(st.cfg, 'single') ? { attacks: singleAttacks(st.cfg) - st.attacksUsed } : {};
    ctx.ev.push({ k: 'state', p, hp: pl.hp, max: st.cfg.maxHp, force: pl.force, spell: spellView(st, p), poison: pl.poison, ...attacks });
  }
}

/** S1-S6; returns true when the turn waits for input, false when it is skipped. */
function startTurn(ctx: Ctx): boolean {
  const { st } = ctx;
  const info = turnInfo(st.cfg, st.t);
  ctx.ev.push({ k: 'turn', t: st.t, p: info.actor, role: info.role, ax: info.axis });
  if (info.role === 'DEFEND') for (const ax of axes(st.cfg)) for (const l of lanes(st, info.actor, ax)) l.lockD = false;
  for (const p of [1, 2] as const) {
    const pl = player(st, p);
    if (pl.poison > 0) {
      changeHp(ctx, p, pl.hp - 1);
      pl.poison -= 1;
      ctx.ev.push({ k: 'poison', p, hp: pl.hp, max: st.cfg.maxHp, left: pl.poison });
      checkOver(ctx);
    }
  }
  const actor = player(st, info.actor);
  if (actor.pending !== null) {
    const el = actor.pending;
    actor.pending = null;
    triggerSpell(ctx, info.actor, el);
    showBoard(ctx);
  }
  if (st.skipTurn === st.t) {
    st.skipTurn = null;
    stateLines(ctx);
    return false;
  }
  st.moves = MOVES_PER_TURN;
  stateLines(ctx);
  return true;
}

/** E1-E7. */
function endTurn(ctx: Ctx, reason: EndReason): void {
  const { st } = ctx;
  const info = turnInfo(st.cfg, st.t);
  ctx.ev.push({ k: 'turn-end', reason });
  const actor = player(st, info.actor);
  if (actor.armed) {
    actor.armed = false;
    ctx.ev.push({ k: 'fizzle', p: info.actor });
  }
  actor.freeSwap = false;
  // Plain loops, here and below: a callback per lane and an array per shown lane (forEach, flatMap) were a
  // large part of a long game (its 95k-line game: 1,844M instructions before, 1,631M after).
  const fields = Object.values(st.fields);
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    for (let j = 0; j < f.length; j++) {
      const l = f[j]!;
      if (l.noatk === st.t) l.noatk = null;
      if (l.nodef === st.t) l.nodef = null;
    }
  }
  // E4: a waiting Merger joins at the caster's attack turn, before the bout resolves (D85)
  if (info.role === 'ATTACK' && actor.merger) runMerger(ctx, info.actor, info.axis);
  const early = st.earlyTurn === st.t;
  const resolves = early || (info.closes && st.resolvedBout !== info.bout);
  if (early) st.earlyTurn = null;
  if (resolves) {
    st.resolvedBout = info.bout;
    st.attacksUsed += 1;
    resolve(ctx, info.attacker, info.axis);
  }
  const fieldAxes = axes(st.cfg);
  for (const p of [1, 2] as const) {
    for (let a = 0; a < fieldAxes.length; a++) {
      const ax = fieldAxes[a]!;
      const field = lanes(st, p, ax);
      for (let lane = 0; lane < field.length; lane++) {
        const l = field[lane]!;
        if (!l.pend) continue;
        l.pend = false;
        if (l.s <= 0 || l.el === 'P') continue;
        const from = l.s;
        setS(l, -halve(from));
        ctx.ev.push({ k: 'reverse', at: { p, ax, lane }, from, to: l.s });
      }
    }
  }
  for (const p of [1, 2] as const) {
    for (let a = 0; a < fieldAxes.length; a++) {
      const ax = fieldAxes[a]!;
      const field = lanes(st, p, ax);
      const shown: LaneView[] = [];
      for (let lane = 0; lane < field.length; lane++) {
        const l = field[lane]!;
        if (lanePrintable(l)) shown.push(laneView(l, lane));
      }
      ctx.ev.push({ k: 'shields', p, ax, lanes: shown });
    }
  }
  showBoard(ctx);
  // E6a (single, D70): P1's last allowed attack has resolved and nobody has won
  if (resolves && has(st.cfg, 'single') && st.attacksUsed >= singleAttacks(st.cfg)) {
    ctx.ev.push({ k: 'winner', p: 2, name: player(st, 2).name });
    st.over = true;
    throw new MatchOver();
  }
  if (st.t === st.cfg.turnLimit) {
    ctx.ev.push({ k: 'draw' });
    st.over = true;
    throw new MatchOver();
  }
}

/** Ends the current turn and runs on to the next prompt (through skipped turns) or the end. */
function finishTurn(ctx: Ctx, reason: EndReason): void {
  let why = reason;
  for (let guard = 0; ; guard++) {
    if (guard > 10000) throw new InternalError('marauders: too many turns without a prompt');
    endTurn(ctx, why);
    ctx.st.t += 1;
    if (startTurn(ctx)) return;
    why = 'skipped';
  }
}

/** The opening turn (after the setup lines). */
export function openMatch(ctx: Ctx): void {
  guarded(ctx, () => {
    if (!startTurn(ctx)) finishTurn(ctx, 'skipped');
  });
}

/** Applies an accepted command (checks already passed, so nothing here can be refused). */
export function applyCommand(ctx: Ctx, cmd: Command): void {
  guarded(ctx, () => {
    const { st } = ctx;
    const info = turnInfo(st.cfg, st.t);
    const pl = player(st, cmd.p);
    if (cmd.kind === 'cast') {
      const from = pl.force;
      pl.force -= SPELL_COST;
      ctx.ev.push({ k: 'armed', p: cmd.p, from, to: pl.force });
      const choice = st.cfg.choices?.[cmd.p - 1];
      if (choice === undefined) {
        pl.armed = true;
        return;
      }
      // non-matching (D78): cast at once, no spell swap and no FIZZLE
      pl.pending = choice;
      useAllowance(st, cmd.p, st.t);
      ctx.ev.push({ k: 'cast', p: cmd.p, el: choice });
      return;
    }
    if (cmd.kind === 'pass') return finishTurn(ctx, 'pass');
    if (cmd.kind === 'view') {
      ctx.ev.push({ k: 'view', cell: cmd.cell, el: st.board.el[cmd.cell]!, mark: st.board.mark[cmd.cell] ?? null });
      return;
    }
    const { c1, c2 } = cmd;
    // a Free Swap is spent by the next swap, line or not (D80)
    const freeSwap = pl.freeSwap;
    pl.freeSwap = false;
    if (!swapMakesLine(st.board, c1, c2, shapeOf(st.cfg.options))) {
      ctx.ev.push({ k: 'nomatch', a: c1, b: c2 });
      return finishTurn(ctx, 'no-match');
    }
    swapCells(st.board, c1, c2);
    const armed = pl.armed;
    settle(ctx, {
      owner: cmd.p,
      axis: info.axis,
      tag: info.role === 'ATTACK' ? 'A' : 'D',
      swap: { c1, c2 },
      ...(freeSwap && { freeSwap }),
      ...(armed && {
        onSpellSwap: (el) => {
          pl.armed = false;
          pl.pending = el;
          useAllowance(st, cmd.p, st.t);
          ctx.ev.push({ k: 'cast', p: cmd.p, el });
        },
      }),
    });
    st.moves -= 1;
    ctx.ev.push({ k: 'moves', left: st.moves });
    showBoard(ctx);
    if (st.moves === 0) finishTurn(ctx, 'moves');
  });
}
