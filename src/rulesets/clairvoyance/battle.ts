/**
 * The Clairvoyance battle as the core's Battle: the initiative order, then one prompt after another
 * (spec 7). `next` plays the next living unit's turn — its header, and for a mob one AI step — and the
 * end check runs before every prompt (D9): (v2) the OUTCOME rules first, then with at most one team
 * standing the combat is over. (v2) Every accepted command that changes the state, `next` included,
 * records an undo entry (state.ts); `undo` takes the latest back, the dice generator with it (D28).
 */
import { choice, InternalError, type Battle, type Feed, type Pending } from '../../core/battle.js';
import { runAction } from './ai/actions.js';
import { holdsWithoutActor, StepView } from './ai/conditions.js';
import { step } from './ai/evaluator.js';
import { parseCommand, syntaxDetail, type CommandOptions } from './commands.js';
import { runCommand, walkPath, type CommandContext } from './rules.js';
import type { Step } from './commands.js';
import { makeDice, type Dice, type DiceMode } from './dice.js';
import { rejection, type RejectionCode } from './errors.js';
import type { ClvEvent } from './events.js';
import { initiativeOrder } from './initiative.js';
import type { EncounterModel } from './model.js';
import { eventLines, openingLines, queryLines, type Presentation, type View } from './presenter.js';
import { BattleState, unitLabel, type UnitState } from './state.js';
import { clairvoyanceViewState, type ClairvoyanceViewState } from './view-state.js';

export interface BattleOptions {
  readonly dice: DiceMode;
  /** Every event, in log order (the `--events` log). */
  readonly onEvent?: (e: ClvEvent) => void;
  /** A person's terminal: boards with coordinates and a legend (never in a log). */
  readonly view?: View;
  /** (v2) `--crits` (10.6, D37). */
  readonly crits?: boolean;
  /** (v2) `--round-header` (7, D35). */
  readonly roundHeader?: boolean;
  /** (v2) `--user-coords` (4.2, D36). */
  readonly userCoords?: boolean;
}

/** The commands whose accepted lines `undo` can take back (8.4). */
const UNDOABLE = new Set(['next', 'move-to', 'move-path', 'attack', 'kill', 'hp', 'add', 'remove']);

export class ClairvoyanceBattle implements Battle {
  readonly state: BattleState;
  private readonly model: EncounterModel;
  private readonly dice: Dice;
  private readonly openingText: string[];
  private readonly onEvent: ((e: ClvEvent) => void) | undefined;
  private readonly presentation: Presentation;
  private readonly commandOptions: CommandOptions;
  private readonly context: CommandContext;
  private readonly crits: boolean;
  private ended = false;

  constructor(model: EncounterModel, options: BattleOptions) {
    this.model = model;
    this.dice = makeDice(options.dice);
    this.onEvent = options.onEvent;
    this.crits = options.crits === true;
    const origin = options.userCoords === true ? model.offset : { column: 0, row: 0 };
    this.presentation = { view: options.view ?? 'log', origin, roundHeader: options.roundHeader === true };
    this.commandOptions = { userCoords: options.userCoords === true };
    this.context = { model, typed: origin, crits: this.crits };
    this.state = new BattleState(model);
    this.state.order.push(...initiativeOrder(model.units, this.dice, (e) => this.state.report(e)));
    // Initiative rolls print nothing (the events log has them).
    this.render();
    this.openingText = [...openingLines(this.order, this.state, this.presentation), ...this.endCheck()];
  }

  /** The turn order: the initiative order, then (v2) added units. */
  get order(): readonly number[] {
    return this.state.order;
  }

  viewState(): ClairvoyanceViewState {
    return clairvoyanceViewState(this.state, this.order, this.state.slot, this.ended);
  }

  opening(): readonly string[] {
    return this.openingText;
  }

  pending(): Pending {
    if (this.ended) return { kind: 'ended' };
    return { kind: 'awaiting', expects: 'a command', prompt: '> ', choices: () => this.choices().map((line) => choice(line, line === 'quit' ? 'quit' : line === 'undo' ? 'undo' : undefined)) };
  }

  step(): string {
    if (this.state.slot < 0) return 'the pre-combat prompt';
    const u = this.state.units[this.order[this.state.slot]!]!;
    return `the prompt after the turn of ${unitLabel(u.spec)} (round ${this.state.round})`;
  }

  /**
   * Accepted lines for random play: every command kind on every unit (a sample of cells and paths), and
   * (v2) the state commands: hp, remove, add of each block and undo.
   */
  choices(): readonly string[] {
    if (this.ended) return [];
    // `next` weighs as much as a unit's commands: random games play turns, not only commands.
    const lines = [...Array<string>(3 + 4 * this.state.units.length).fill('next'), 'show board', 'help', 'quit', 'round'];
    const empty = this.state.cells.indexOf(-1);
    const { origin } = this.presentation;
    const cell = (i: number) => `(${(i % this.state.width) - origin.column},${Math.floor(i / this.state.width) - origin.row})`;
    if (this.state.undoDepth() > 0) lines.push('undo');
    for (const u of this.state.units) {
      lines.push(`show ${u.index}`, `show ${u.spec.team}:${u.spec.name}:${u.spec.id}`);
      if (!u.alive) continue;
      lines.push(`kill ${u.index}`, `attack ${u.index} 15 3`, `attack ${u.index} 0 1`, `remove ${u.index}`);
      if (u.spec.maxHp !== null) lines.push(`hp ${u.index} -3`, `hp ${u.index} +2`, `hp ${u.index} =${Math.ceil(u.spec.maxHp / 2)}`);
      for (const [text, steps] of SAMPLE_PATHS) if (walkPath(this.state, u.position, steps) !== null) lines.push(`move ${u.index} ${text}`);
      if (empty >= 0) lines.push(`move ${u.index} ${cell(empty)}`);
    }
    if (empty >= 0) {
      const teams = this.state.teams;
      for (const [name, block] of this.model.blocks) {
        if (block.kind === 'player') lines.push(`add ${teams[0]} ${name} ${cell(empty)}`);
        else lines.push(`add ${teams[teams.length - 1]} ${name}, ${this.model.aiNames[0]} ${cell(empty)}`);
      }
    }
    return lines;
  }

  feed(line: string): Feed {
    if (this.ended) throw new InternalError('clairvoyance: a line was fed after the combat ended');
    const command = parseCommand(line, this.commandOptions);
    if (command === null) return reject('E_SYNTAX', syntaxDetail(line, this.commandOptions));
    if (command.kind === 'quit') {
      this.ended = true;
      return { ok: true, lines: [] };
    }
    if (command.kind === 'undo') {
      const entry = this.state.undo();
      if (entry === null) return reject('E_UNDO');
      this.dice.restore(entry.dice);
      this.state.report({ kind: 'undone', line: entry.line });
      return { ok: true, lines: [...this.render(), ...this.endCheck()] };
    }
    const undoable = UNDOABLE.has(command.kind);
    if (undoable) this.state.begin(line.trim(), this.dice.snapshot());
    if (command.kind === 'next') {
      this.playNextTurn();
      this.state.commit();
      // A turn's block ends with an empty line.
      return { ok: true, lines: [...this.render(), '', ...this.endCheck()] };
    }
    const outcome = runCommand(this.state, command, this.context);
    if (!outcome.ok) {
      this.state.discard();
      return reject(outcome.code, outcome.detail);
    }
    if (undoable) this.state.commit();
    const shown = outcome.query === undefined ? [] : queryLines(outcome.query, this.state, this.presentation);
    return { ok: true, lines: [...shown, ...this.render(), ...this.endCheck()] };
  }

  /** The lines of the events reported since the last answer (and each event to `--events`). */
  private render(): string[] {
    const lines: string[] = [];
    for (const e of this.state.drain()) {
      this.onEvent?.(e);
      lines.push(...eventLines(e, this.state, this.presentation));
    }
    return lines;
  }

  /** Slots of dead (or gone) units pass silently; the round goes up when the order wraps around. */
  private playNextTurn(): void {
    const { state } = this;
    for (let k = 0; k <= state.order.length; k++) {
      state.slot++;
      if (state.slot === state.order.length) {
        state.slot = 0;
        state.round++;
      }
      const u = state.units[state.order[state.slot]!]!;
      if (!u.alive) continue;
      state.report({ kind: 'turn', round: state.round, unit: u.index });
      if (u.spec.mob !== null) this.aiStep(u);
      return;
    }
    throw new InternalError('clairvoyance: no living unit in the initiative order');
  }

  private aiStep(actor: UnitState): void {
    const { state, dice, crits } = this;
    const view = new StepView(state, actor);
    const stepped = step(actor.program, {
      holds: (c) => view.holds(c),
      play: (actions) => {
        let ok = true;
        for (const action of actions) {
          // D14: a unit that dies (or, v2, leaves) during its own turn does nothing more.
          if (!actor.alive) break;
          if (!runAction(state, dice, actor, action, crits)) ok = false;
        }
        return ok;
      },
    });
    state.setProgram(actor, stepped.program);
  }

  /** Before every prompt: (v2) the first OUTCOME rule that holds (D33), then D9's at most one team standing. */
  private endCheck(): string[] {
    for (const rule of this.model.outcome) {
      if (!holdsWithoutActor(this.state, rule.condition)) continue;
      this.ended = true;
      this.state.report(rule.kind === 'win' ? { kind: 'ended', winner: rule.team.value } : { kind: 'lost', loser: rule.team.value });
      return this.render();
    }
    if (this.state.livingTeamCount() > 1) return [];
    const living = this.state.livingTeams();
    this.ended = true;
    this.state.report({ kind: 'ended', winner: living[0] ?? null });
    return this.render();
  }
}

const SAMPLE_PATHS: readonly (readonly [string, readonly Step[]])[] = [['U', ['U']], ['D', ['D']], ['L', ['L']], ['R', ['R']], ['DR-L', ['DR', 'L']], ['UL-U', ['UL', 'U']]];

function reject(code: RejectionCode, detail?: string | null): Feed {
  return { ok: false, error: rejection(code, detail), lines: [] };
}
