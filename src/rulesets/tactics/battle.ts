/**
 * The tactics game as the core's Battle: one state machine over the input stream (6.4) with the check
 * order of 7.2. Every command runs on copies (state and generator) and is committed only when accepted, so
 * a rejected line changes nothing (D19, I2).
 */
import { choice, type Battle, type Feed, type Pending, type Rejection } from '../../core/battle.js';
import type { Prng } from '../../core/prng.js';
import { allowedInPhase, parseCommand, type Command, type Phase } from './commands.js';
import { checkGridRows, checkStart } from './defs.js';
import { defMsg, err } from './errors.js';
import type { TacticsEvent } from './events.js';
import { act, concede, endTurn, move, reachQuery } from './rules.js';
import { checkFocus } from './geometry.js';
import { normalize } from './lexer.js';
import type { Config } from './model.js';
import { reach } from './path.js';
import { autoplace, legalSectors, place, startGame, type Outcome } from './placement.js';
import { PLAIN, type Paint } from './paint.js';
import { present } from './presenter.js';
import { helpLines } from './help.js';
import { applyDefinition, type Host } from './script.js';
import { onMap, Work, type GameState } from './state.js';
import { tacticsViewState, type TacticsViewState } from './view-state.js';

/**
 * A rejection that belongs to an earlier line: a bad grid block is reported after its last row, but its
 * stderr copy carries the line of the first bad row (section 9). `consumedLinesBack` counts consumed
 * (echoed) lines back from the current one; the core's Session does not read it yet (see the report).
 */
export interface TacticsRejection extends Rejection {
  readonly consumedLinesBack?: number;
}

type Mode =
  | { readonly kind: 'setup'; readonly config: Config; readonly rows: readonly string[] | null }
  | { readonly kind: 'game'; readonly game: GameState };

type Step =
  | { readonly ok: true; readonly mode: Mode; readonly rng: Prng; readonly events: readonly TacticsEvent[] }
  /** `closes`: the one rejection that still changes the mode, a bad grid block ending (the old grid stays). */
  | { readonly ok: false; readonly error: TacticsRejection; readonly closes?: Mode };

export class TacticsBattle implements Battle {
  private mode: Mode;
  private rng: Prng;

  constructor(
    start: { readonly config: Config } | { readonly game: GameState },
    rng: Prng,
    private readonly host: Host,
    private readonly openingLines: readonly string[] = [],
    /** Colours for a person's terminal; the log's PLAIN by default. */
    private readonly paint: Paint = PLAIN,
    /** A person plays at a terminal: `help` is answered on stderr, and `reach` marks its cells on the board. */
    private readonly terminal = false,
  ) {
    this.mode = 'game' in start ? { kind: 'game', game: start.game } : { kind: 'setup', config: start.config, rows: null };
    this.rng = rng;
  }

  opening(): readonly string[] {
    return this.openingLines;
  }

  pending(): Pending {
    const expects = this.expects();
    return expects === null ? { kind: 'ended' } : { kind: 'awaiting', expects, choices: () => this.choices().map((line) => choice(line, line === 'concede' ? 'surrender' : undefined)) };
  }

  /** What the prompt expects, in words; null once the game is over. */
  private expects(): string | null {
    const mode = this.mode;
    if (mode.kind === 'setup') return mode.rows === null ? 'setup command or start' : `grid row ${mode.rows.length}`;
    const stage = mode.game.stage;
    if (stage.kind === 'placing') return `placement for P${stage.player}`;
    if (stage.kind === 'turn') return `command for P${stage.player}`;
    return null;
  }

  step(): string {
    return this.expects() ?? 'game over';
  }

  /** The state, for tests (I2: a rejected line leaves it deep-equal). */
  snapshot(): { readonly mode: Mode; readonly rng: readonly number[] } {
    return { mode: this.mode, rng: this.rng.state() };
  }

  viewState(): TacticsViewState {
    return tacticsViewState(this.mode);
  }

  feed(line: string): Feed {
    if (this.expects() === null) return { ok: true, lines: [] };
    // Only for a person at a terminal: a case fixes the stderr of a rejected line too.
    const help = this.terminal ? this.help(line) : null;
    const result = this.run(line);
    if (!result.ok) {
      if (result.closes !== undefined) this.mode = result.closes;
      return { ok: false, error: result.error, lines: [], ...(help === null ? {} : { notes: help }) };
    }
    this.mode = result.mode;
    this.rng = result.rng;
    return { ok: true, lines: present(result.events, this.paint) };
  }

  /**
   * `help [<command>]` (not inside a grid block, whose rows are any text): its lines, or null. The line is
   * still refused with the spec's E_COMMAND bytes; the help goes to stderr (help.ts).
   */
  private help(line: string): string[] | null {
    if (this.mode.kind === 'setup' && this.mode.rows !== null) return null;
    const words = normalize(line).split(' ');
    return words[0]!.toLowerCase() === 'help' && words.length <= 2 ? helpLines(words.slice(1)) : null;
  }

  private run(line: string): Step {
    const mode = this.mode;
    if (mode.kind === 'setup' && mode.rows !== null) return this.gridRow(mode.config, mode.rows, normalize(line));
    const parsed = parseCommand(line);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const { word, command } = parsed.parsed;
    if (command.kind === 'seed') return { ok: false, error: err.seedInStream() };
    const phase: Phase = mode.kind === 'setup' ? 'setup' : mode.game.stage.kind === 'placing' ? 'placement' : 'battle';
    if (!allowedInPhase(command, phase)) return { ok: false, error: err.phase(word, phase) };
    return mode.kind === 'setup' ? this.setupCommand(mode.config, command) : this.gameCommand(mode.game, command);
  }

  private gridRow(config: Config, rows: readonly string[], row: string): Step {
    const map = config.map!;
    const all = [...rows, row];
    if (all.length < map.height) return this.stay({ kind: 'setup', config, rows: all });
    const bad = checkGridRows(map, all);
    const closed: Mode = { kind: 'setup', config: bad === null ? { ...config, map: { ...map, grid: all } } : config, rows: null };
    if (bad === null) return this.stay(closed);
    // The block is over either way: the old grid stays and the setup prompt comes back.
    return { ok: false, error: { ...err.def(bad.message), consumedLinesBack: all.length - 1 - bad.row }, closes: closed };
  }

  private stay(mode: Mode, events: readonly TacticsEvent[] = [], rng: Prng = this.rng): Step {
    return { ok: true, mode, rng, events };
  }

  private setupCommand(config: Config, command: Command): Step {
    switch (command.kind) {
      case 'grid':
        if (config.map === null) return { ok: false, error: err.def(defMsg.noMap()) };
        return this.stay({ kind: 'setup', config, rows: [] });
      case 'show':
        if (config.map === null) return { ok: false, error: err.def(defMsg.noMap()) };
        if (config.map.grid === null) return { ok: false, error: err.def(defMsg.noGrid()) };
        return this.stay(this.mode, [{ t: 'map-board', map: config.map }]);
      case 'start': {
        const problem = checkStart(config);
        if (problem !== null) return { ok: false, error: problem };
        const rng = this.rng.clone();
        const started = startGame(config, rng);
        return this.stay({ kind: 'game', game: started.state }, started.events, rng);
      }
      default: {
        const applied = applyDefinition(config, command, this.host);
        if (!applied.ok) return applied;
        return this.stay({ kind: 'setup', config: applied.value.config, rows: null }, applied.value.events);
      }
    }
  }

  private gameCommand(game: GameState, command: Command): Step {
    const outcome = (o: Outcome): Step => (o.ok ? this.stay({ kind: 'game', game: o.state }, o.events) : o);
    switch (command.kind) {
      case 'show': {
        const current = game.stage.kind === 'turn' ? game.stage.player : null;
        return this.stay(this.mode, [{ t: 'board', board: new Work(game).board(current) }]);
      }
      case 'map-file':
      case 'units-file': {
        const applied = applyDefinition(game.config, command, this.host);
        return applied.ok ? this.stay(this.mode, applied.value.events) : applied;
      }
      case 'place':
        return outcome(place(game, command.unit, command.at));
      case 'autoplace': {
        const rng = this.rng.clone();
        const o = autoplace(game, rng);
        return o.ok ? this.stay({ kind: 'game', game: o.state }, o.events, rng) : o;
      }
      case 'move':
        return outcome(move(game, command.unit, command.at));
      case 'act':
        return outcome(act(game, command.unit, command.action, command.at));
      case 'end':
        return outcome(endTurn(game));
      case 'concede':
        return outcome(concede(game));
      case 'reach': {
        const r = reachQuery(game, command.unit);
        if (!r.ok) return r;
        if (!this.terminal) return this.stay(this.mode, r.events);
        // A person sees the cells on the board; the log keeps the REACH line alone (8.1).
        const marks = r.events.flatMap((e) => (e.t === 'reach' ? e.cells.map((c) => c.at) : []));
        const current = game.stage.kind === 'turn' ? game.stage.player : null;
        return this.stay(this.mode, [...r.events, { t: 'board', board: { ...new Work(game).board(current), marks } }]);
      }
      default:
        return { ok: false, error: err.phase(command.kind, 'battle') };
    }
  }

  /** The legal progress commands of the prompt (I12): place/autoplace, or move/act/end/concede. */
  choices(): readonly string[] {
    const mode = this.mode;
    if (mode.kind === 'setup') return mode.rows === null && checkStart(mode.config) === null ? ['start'] : [];
    const game = mode.game;
    const stage = game.stage;
    const work = new Work(game);
    if (stage.kind === 'placing') {
      const legal = legalSectors(work, stage.player);
      const out = ['autoplace'];
      for (const u of game.units) if (u.player === stage.player && u.status === 'unplaced') for (const c of legal) out.push(`place ${u.id} ${c.x},${c.y}`);
      return out;
    }
    if (stage.kind !== 'turn') return [];
    const out: string[] = [];
    const { width, height } = game.map;
    for (const u of game.units) {
      if (u.player !== stage.player || !onMap(u)) continue;
      if (!u.moved) {
        reach(work.field(), u.at!, u.player, u.mp, game.movecost).cost.forEach((c, i) => {
          if (c !== null) out.push(`move ${u.id} ${i % width},${Math.floor(i / width)}`);
        });
      }
      if (u.acted) continue;
      const type = game.types.find((t) => t.name === u.type)!;
      for (const a of type.actions) {
        for (let y = Math.max(0, u.at!.y - a.range); y <= Math.min(height - 1, u.at!.y + a.range); y++) {
          for (let x = Math.max(0, u.at!.x - a.range); x <= Math.min(width - 1, u.at!.x + a.range); x++) {
            if (checkFocus(game.map, u.at!, { x, y }, a) === null) out.push(`act ${u.id} ${a.name} ${x},${y}`);
          }
        }
      }
    }
    out.push('end', 'concede');
    return out;
  }
}
