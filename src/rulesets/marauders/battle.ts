/**
 * The Battle the core drives: builds the match from a checked setup (2.2 SETUP, with the setup draws of
 * section 8), then feeds choice lines through the checks of 9.4 and the state machine. Every draw goes through
 * Draws (draws.ts); with `--events` the battle writes them and its structural events (event-log.ts).
 */
import { choice, type Battle, type Feed, type Pending } from '../../core/battle.js';
import type { Prng } from '../../core/prng.js';
import { generateBoard, markAllowed, shapeOf, type Board } from './board.js';
import { checkCommand, legalCommands } from './commands.js';
import { showBoard } from './common.js';
import { rejections } from './errors.js';
import { Draws } from './draws.js';
import { setupJson, stepJson, writeStep, type EventSink } from './event-log.js';
import {
  ALL_LETTERS, canonical, DEFAULT_TIER, DEFAULT_TURN_LIMIT, markFromToken, maxHpFor, tierCount, tierFixedElements,
  tierSize, type El, type SpellChoice,
} from './model.js';
import { PLAIN, type Paint } from './paint.js';
import { eventLines, openingHeader, viewDetail } from './presenter.js';
import { turnInfo } from './schedule.js';
import { maraudersViewState, type MaraudersViewState } from './view-state.js';
import type { SetupDoc } from './setup-doc.js';
import {
  has, newFields, player, revive, singleAttacks, serialise, setHp, useAllowance, lanes, type Config, type Ctx, type GravitySide, type MState,
  type Player,
} from './state.js';
import { applyCommand, openMatch } from './turn.js';

const SIDES: readonly GravitySide[] = ['left', 'right', 'up', 'down'];

/** The setup draws (8): elements, gravity-fixed's side, the board; then fixtures. */
export function buildState(doc: SetupDoc, draws: Draws): MState {
  const tier = doc.tier ?? DEFAULT_TIER;
  const options = doc.options ?? [];
  const n = tierSize(tier);
  let elements: El[];
  const fixed = tierFixedElements(tier);
  if (fixed !== null) elements = fixed;
  else if (doc.elements !== undefined) elements = canonical(doc.elements);
  else elements = canonical(draws.shuffle('elements-shuffle', [...ALL_LETTERS]).slice(0, tierCount(tier)));
  const fixedGravity = options.includes('gravity-fixed') ? draws.side('gravity-fixed', SIDES) : null;
  const cfg: Config = {
    mode: doc.mode ?? '2d',
    tier,
    n,
    elements,
    options,
    turnLimit: doc.turnLimit ?? DEFAULT_TURN_LIMIT,
    startTurn: doc.startTurn ?? 1,
    maxHp: maxHpFor(options),
    fixedGravity,
    ...(options.includes('non-matching') && {
      choices: [1, 2].map((p) => doc.spells?.find((x) => x.p === p)?.choice) as unknown as [SpellChoice, SpellChoice],
    }),
  };
  let board: Board;
  if (doc.board !== undefined) {
    const el = doc.board.join('').split('') as El[];
    board = { n, el, mark: el.map(() => null) };
  } else board = generateBoard(n, elements, draws, shapeOf(options));
  for (const m of doc.marks) {
    const mark = markFromToken(m.token)!;
    const i = m.r * n + m.c;
    // On a generated board an ineligible fixture mark is dropped (D49's rule); a given board was checked.
    if (markAllowed(board, cfg.mode, i, mark)) board.mark[i] = mark;
  }
  const mkPlayer = (p: 1 | 2): Player => ({
    name: doc.names[p] ?? `P${p}`,
    hp: cfg.maxHp,
    force: doc.force?.[p - 1] ?? 0,
    poison: 0,
    armed: false,
    pending: null,
    casts: 0,
    lastCastTurn: null,
    w1: 'unused',
    w2: 'unused',
    iceStrikes: 0,
    breeze: false,
    extra: null,
    freeSwap: false,
    disperser: false,
    merger: false,
  });
  const st: MState = {
    cfg,
    board,
    fields: newFields(cfg),
    players: [mkPlayer(1), mkPlayer(2)],
    t: cfg.startTurn,
    moves: 0,
    over: false,
    resolvedBout: -1,
    skipTurn: null,
    earlyTurn: null,
    shownBoard: '',
    attacksUsed: 0,
  };
  for (const p of [1, 2] as const) setHp(st, p, doc.hp?.[p - 1] ?? cfg.maxHp);
  for (const pf of doc.pending) {
    player(st, pf.p).pending = pf.el;
    useAllowance(st, pf.p, cfg.startTurn - 1);
  }
  for (const s of doc.shields) {
    const l = lanes(st, s.p, s.ax)[s.lane]!;
    l.el = s.el;
    l.s = s.s;
    l.tag = 'A';
  }
  return st;
}

export class MaraudersBattle implements Battle {
  private readonly first: readonly string[];

  private constructor(
    private st: MState,
    private readonly draws: Draws,
    first: readonly string[] | null,
    private readonly sink: EventSink | null,
    private readonly paint: Paint,
    /**
     * A person plays at a terminal (RunContext.terminal): a line before each prompt says whose turn it is
     * (turnLine). No log, pipe or file ever gets it, so the log's bytes do not change.
     */
    private readonly terminal = false,
  ) {
    if (first !== null) {
      this.first = first;
      return;
    }
    const ctx = this.ctx();
    const head = openingHeader(st.cfg, st.players);
    showBoard(ctx);
    openMatch(ctx);
    this.emit(ctx.ev);
    this.first = [...head, ...eventLines(st.cfg.n, ctx.ev, paint, terminal)];
  }

  /**
   * `onEvent`: the `--events` sink (RunContext), given every draw and structural event as a JSON line.
   * `paint`: how the lines are drawn for a person at a colour terminal (PLAIN, the log's bytes, by default).
   */
  static start(doc: SetupDoc, rng: Prng, onEvent?: EventSink, paint: Paint = PLAIN, terminal = false): MaraudersBattle {
    const draws = new Draws(rng, onEvent !== undefined);
    onEvent?.(setupJson(rng.seed));
    const st = buildState(doc, draws);
    if (onEvent !== undefined) writeStep(onEvent, st.cfg.n, [], draws.take());
    return new MaraudersBattle(st, draws, null, onEvent ?? null, paint, terminal);
  }

  /** I1: a battle continued from a serialised state (its opening is not replayed). */
  static revive(text: string): MaraudersBattle {
    const { st, rng } = revive(text);
    return new MaraudersBattle(st, new Draws(rng), [], null, PLAIN);
  }

  /** A step's context: its draws are placed among its rule events. */
  private ctx(): Ctx {
    const ctx: Ctx = { st: this.st, draws: this.draws, ev: [] };
    this.draws.follow(ctx.ev);
    return ctx;
  }

  private emit(ev: Ctx['ev']): void {
    if (this.sink !== null) writeStep(this.sink, this.st.cfg.n, ev, this.draws.take());
  }

  serialise(): string {
    return serialise(this.st, this.draws.prng);
  }

  /** A deep copy of the state, for tests (rejected lines change nothing). */
  snapshot(): MState {
    return JSON.parse(JSON.stringify(this.st)) as MState;
  }

  viewState(): MaraudersViewState {
    return maraudersViewState(this.st);
  }

  rngState(): readonly number[] {
    return this.draws.prng.state();
  }

  opening(): readonly string[] {
    return [...this.first, ...this.turnLine()];
  }

  /**
   * At a terminal, before each prompt: whose turn it is, its role and axis, the moves left and the commands
   * (`P1 to play: turn 3, ATTACK Y, 6 moves left; P1 swap <cell> <cell> | P1 cast | P1 pass`). Nothing in a log.
   */
  private turnLine(): string[] {
    if (!this.terminal || this.st.over) return [];
    const { actor, role, axis } = turnInfo(this.st.cfg, this.st.t);
    const p = `P${actor}`;
    const moves = `${this.st.moves} move${this.st.moves === 1 ? '' : 's'} left`;
    // single: P1's attacks left (2.3), which decide the match as much as hp
    const left = singleAttacks(this.st.cfg) - this.st.attacksUsed;
    const attacks = has(this.st.cfg, 'single') ? `, P1 has ${left} attack${left === 1 ? '' : 's'} left` : '';
    // non-matching's Free Swap: the next swap may name any two cells (6.1), which the usual prompt would not suggest
    const free = player(this.st, actor).freeSwap ? ', free swap ready (any two cells)' : '';
    return [`${p} to play: turn ${this.st.t}, ${role} ${axis}, ${moves}${attacks}${free}; ${p} swap <cell> <cell> | ${p} cast | ${p} pass`];
  }

  pending(): Pending {
    if (this.st.over) return { kind: 'ended' };
    return { kind: 'awaiting', expects: `swap, cast or pass for P${turnInfo(this.st.cfg, this.st.t).actor}`, choices: () => this.choices().map((line) => choice(line)) };
  }

  choices(): readonly string[] {
    return legalCommands(this.st);
  }

  step(): string {
    if (this.st.over) return 'match over';
    return `turn ${this.st.t} of P${turnInfo(this.st.cfg, this.st.t).actor}`;
  }

  feed(line: string): Feed {
    const checked = this.st.over ? ({ ok: false, error: rejections.over() } as const) : checkCommand(this.st, line);
    this.sink?.(stepJson(line, checked.ok ? undefined : checked.error.code));
    if (!checked.ok) return { ok: false, error: checked.error, lines: this.turnLine() };
    const ctx = this.ctx();
    applyCommand(ctx, checked.cmd);
    this.emit(ctx.ev);
    const lines = eventLines(this.st.cfg.n, ctx.ev, this.paint, this.terminal);
    if (!this.terminal) return { ok: true, lines };
    // at a terminal, a view also says in words what the block is worth and what its mark does (never logged)
    const detail = checked.cmd.kind === 'view' ? [viewDetail(this.st.board, checked.cmd.cell)] : [];
    return { ok: true, lines: [...lines, ...detail, ...this.turnLine()] };
  }
}
