/**
 * The Clairvoyance battle as the core's Battle: the initiative order, then one prompt after another
 * (spec 7). `next` plays the next living unit's turn — its header, and for a mob one AI step — and the
 * end check runs before every prompt (D9): with at most one team standing the combat is over.
 */
import { choice, InternalError, type Battle, type Feed, type Pending } from '../../core/battle.js';
import { runAction } from './ai/actions.js';
import { StepView } from './ai/conditions.js';
import { step } from './ai/evaluator.js';
import { parseCommand, syntaxDetail } from './commands.js';
import { runCommand, walkPath } from './rules.js';
import type { Step } from './commands.js';
import { makeDice, type Dice, type DiceMode } from './dice.js';
import { rejection, type RejectionCode } from './errors.js';
import type { ClvEvent } from './events.js';
import { initiativeOrder } from './initiative.js';
import type { EncounterModel } from './model.js';
import { eventLines, openingLines, queryLines, type View } from './presenter.js';
import { BattleState, unitLabel, type UnitState } from './state.js';
import { clairvoyanceViewState, type ClairvoyanceViewState } from './view-state.js';

export interface BattleOptions {
  readonly dice: DiceMode;
  /** Every event, in log order (the `--events` log). */
  readonly onEvent?: (e: ClvEvent) => void;
  /** A person's terminal: boards with coordinates and a legend (never in a log). */
  readonly view?: View;
}

export class ClairvoyanceBattle implements Battle {
  readonly state: BattleState;
  readonly order: readonly number[];
  private readonly dice: Dice;
  private readonly openingText: string[];
  private readonly onEvent: ((e: ClvEvent) => void) | undefined;
  private readonly view: View;
  /** Index into `order` of the unit whose turn was played last; -1 before the first turn. */
  private slot = -1;
  private ended = false;

  constructor(model: EncounterModel, options: BattleOptions) {
    this.dice = makeDice(options.dice);
    this.onEvent = options.onEvent;
    this.view = options.view ?? 'log';
    this.state = new BattleState(model);
    this.order = initiativeOrder(model.units, this.dice, (e) => this.state.report(e));
    // Initiative rolls print nothing (the events log has them).
    this.render();
    this.openingText = [...openingLines(this.order, this.state, this.view), ...this.endCheck()];
  }

  viewState(): ClairvoyanceViewState {
    return clairvoyanceViewState(this.state, this.order, this.slot, this.ended);
  }

  opening(): readonly string[] {
    return this.openingText;
  }

  pending(): Pending {
    if (this.ended) return { kind: 'ended' };
    return { kind: 'awaiting', expects: 'a command', prompt: '> ', choices: () => this.choices().map((line) => choice(line, line === 'quit' ? 'quit' : undefined)) };
  }

  step(): string {
    if (this.slot < 0) return 'the pre-combat prompt';
    const u = this.state.units[this.order[this.slot]!]!;
    return `the prompt after the turn of ${unitLabel(u.spec)} (round ${this.state.round})`;
  }

  /** Accepted lines for random play: every command kind on every unit (a sample of cells and paths). */
  choices(): readonly string[] {
    if (this.ended) return [];
    const lines = ['next', 'next', 'next', 'show board', 'help', 'quit'];
    const empty = this.state.cells.indexOf(-1);
    for (const u of this.state.units) {
      lines.push(`show ${u.index}`, `show ${u.spec.team}:${u.spec.name}:${u.spec.id}`);
      if (!u.alive) continue;
      lines.push(`kill ${u.index}`, `attack ${u.index} 15 3`, `attack ${u.index} 0 1`);
      for (const [text, steps] of SAMPLE_PATHS) if (walkPath(this.state, u.position, steps) !== null) lines.push(`move ${u.index} ${text}`);
      if (empty >= 0) lines.push(`move ${u.index} (${empty % this.state.width},${Math.floor(empty / this.state.width)})`);
    }
    return lines;
  }

  feed(line: string): Feed {
    if (this.ended) throw new InternalError('clairvoyance: a line was fed after the combat ended');
    const command = parseCommand(line);
    if (command === null) return reject('E_SYNTAX', syntaxDetail(line));
    if (command.kind === 'quit') {
      this.ended = true;
      return { ok: true, lines: [] };
    }
    if (command.kind === 'next') {
      this.playNextTurn();
      // A turn's block ends with an empty line.
      return { ok: true, lines: [...this.render(), '', ...this.endCheck()] };
    }
    const outcome = runCommand(this.state, command);
    if (!outcome.ok) return reject(outcome.code, outcome.detail);
    const shown = outcome.query === undefined ? [] : queryLines(outcome.query, this.state, this.view);
    return { ok: true, lines: [...shown, ...this.render(), ...this.endCheck()] };
  }

  /** The lines of the events reported since the last answer (and each event to `--events`). */
  private render(): string[] {
    const lines: string[] = [];
    for (const e of this.state.drain()) {
      this.onEvent?.(e);
      lines.push(...eventLines(e, this.state));
    }
    return lines;
  }

  /** Slots of dead units pass silently; the round goes up when the order wraps around. */
  private playNextTurn(): void {
    for (let k = 0; k <= this.order.length; k++) {
      this.slot++;
      if (this.slot === this.order.length) {
        this.slot = 0;
        this.state.round++;
      }
      const u = this.state.units[this.order[this.slot]!]!;
      if (!u.alive) continue;
      this.state.report({ kind: 'turn', round: this.state.round, unit: u.index });
      if (u.spec.mob !== null) this.aiStep(u);
      return;
    }
    throw new InternalError('clairvoyance: no living unit in the initiative order');
  }

  private aiStep(actor: UnitState): void {
    const { state, dice } = this;
    const view = new StepView(state, actor);
    const stepped = step(actor.program, {
      holds: (c) => view.holds(c),
      play: (actions) => {
        let ok = true;
        for (const action of actions) {
          // D14: a unit that dies during its own turn does nothing more.
          if (!actor.alive) break;
          if (!runAction(state, dice, actor, action)) ok = false;
        }
        return ok;
      },
    });
    actor.program = stepped.program;
  }

  /** D9: before every prompt, at most one team with a living unit ends the combat. */
  private endCheck(): string[] {
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
