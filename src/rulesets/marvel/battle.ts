/**
 * The marvel Battle (core contract): parse a line, check it against a read-only state, run it, and keep the
 * undo history (D44). Lines are read after OVER so `ref undo` can reopen the combat (D40).
 */
import { choice, InternalError, type Battle, type ChoiceTag, type Feed, type Pending, type Rejection } from '../../core/battle.js';
import { legalCommands } from './choices.js';
import { type Command, type Parsed, parseCommand } from './commands.js';
import { checkCommand, runCommand } from './player.js';
import type { Ctx, Steps } from './ctx.js';
import { rejections as E } from './errors.js';
import type { Event } from './events.js';
import type { Character } from './model.js';
import { presentAll } from './presenter.js';
import { checkRef, runRef } from './referee.js';
import { type State, fighter, initialState, topFrame } from './state.js';
import { passiveStatTotal } from './stats-base.js';
import { statusEvent } from './status.js';
import { PLAIN, type Paint, colourPaint } from './paint.js';
import { replayOpener } from './use.js';
import { helpLines, refHelp, sheetLines } from './help.js';
import { pendingTargets } from './attack.js';
import { mapLines } from './grid-view.js';
import { marvelViewState, type MarvelViewState } from './view-state.js';

/** The steps flow.ts reaches through the Ctx (see Steps): wired here, where no import cycle can form. */
const STEPS: Steps = { replayOpener };

export class MarvelBattle implements Battle {
  private state: State = initialState();
  /**
   * Each accepted command's line (D44), and at every UNDO_CHECKPOINT-th entry the state before it as JSON (the
   * state is plain data: a property test holds it to a strict round trip). The combat is deterministic (no
   * dice), so the state before any entry is its checkpoint's state with the lines between played again:
   * `ref undo` replays fewer than UNDO_CHECKPOINT commands, and a line costs no copy of the state (which was
   * a quarter of a long combat's time), while a combat can still be undone back to its start.
   */
  private readonly history: { line: string; state?: string }[] = [];
  private readonly roster: ReadonlyMap<string, Character>;

  /**
   * `colour`: a referee's terminal that takes colour (paint.ts); the log never gets any. `terminal`: a referee
   * types at a terminal, so `help`, `sheet <X>` and `skills <X>` are answered and a bare `ref` lists the ref
   * commands (help.ts); without it these lines keep the spec's E_SYNTAX bytes.
   */
  constructor(
    private readonly characters: readonly Character[],
    private readonly options: { readonly colour?: boolean; readonly terminal?: boolean } = {},
  ) {
    this.roster = new Map(characters.map((ch) => [ch.id, ch]));
  }

  /** How lines are coloured, with each participant's side as it stands in `state`. */
  private paint(state: State): Paint {
    if (this.options.colour !== true) return PLAIN;
    return colourPaint((id) => fighter(state, id)?.side);
  }

  /** The state, for tests (a copy: the battle's own state never leaks). */
  snapshot(): State {
    return structuredClone(this.state);
  }

  viewState(): MarvelViewState {
    return marvelViewState(this.ctx(this.state));
  }

  historyLength(): number {
    return this.history.length;
  }

  opening(): readonly string[] {
    return presentAll(
      this.characters.map((ch): Event => ({
        t: 'sheet',
        id: ch.id,
        vit: passiveStatTotal(ch, 'VIT'),
        pa: passiveStatTotal(ch, 'PA'),
        ref: passiveStatTotal(ch, 'REF'),
        vel: passiveStatTotal(ch, 'VEL'),
        skills: ch.skills.length,
      })),
    );
  }

  pending(): Pending {
    const settled = this.state.phase === 'OVER';
    return { kind: 'awaiting', expects: this.expects(), ...(settled ? { settled } : {}), choices: () => this.choices().map((line) => choice(line, tagOf(line))) };
  }

  /** What the prompt expects, in words (a combat never ends: after OVER the referee may still undo). */
  private expects(): string {
    const s = this.state;
    switch (s.phase) {
      case 'SETUP':
        return 'start';
      case 'PREP':
        return 'prep command or begin';
      case 'TURN':
        return `turn command for ${topFrame(s)!.actor}`;
      case 'WINDOW':
        return `reaction or take from ${pendingTargets(s.action!.window!).join(',')}`;
      case 'SUB':
        return `reaction or take from ${s.action!.actor}`;
      case 'OVER':
        return 'status, ref undo or ref note';
    }
  }

  step(): string {
    const s = this.state;
    if (s.phase === 'TURN' || s.phase === 'WINDOW' || s.phase === 'SUB') return `${s.phase} of ${topFrame(s)?.actor ?? '-'}`;
    return s.phase;
  }

  choices(): readonly string[] {
    return legalCommands(this.characters, this.state, (line) => this.check(line) === null);
  }

  private ctx(state: State, out: Event[] = []): Ctx {
    return { roster: this.roster, s: state, out, steps: STEPS };
  }

  /** The rejection a line would get, or null when it would be accepted (reads the state only). */
  check(raw: string): Rejection | null {
    return this.checked(parseCommand(raw));
  }

  private checked(parsed: Parsed): Rejection | null {
    if (!parsed.ok) return E.syntax(parsed.line, parsed.form);
    const cmd = parsed.cmd;
    if (cmd.v === 'ref') {
      if (cmd.ref.s === 'undo') return this.history.length === 0 ? E.undo() : null;
      return checkRef(this.ctx(this.state), cmd.sub, cmd.ref);
    }
    return checkCommand(this.ctx(this.state), cmd);
  }

  /**
   * The answer to a query (`help [<command>]`, `sheet <X>`, `skills <X>`, `map`), or null for any other line.
   * It changes nothing and is not recorded for `ref undo`; the line keeps its E_SYNTAX in the log (help.ts).
   */
  private query(line: string): string[] | null {
    const words = line === '' ? [] : line.split(' ');
    const verb = (words[0] ?? '').toLowerCase();
    if (verb === 'help') return helpLines(words.slice(1));
    if ((verb === 'sheet' || verb === 'skills') && words.length <= 2) return sheetLines(this.roster, verb, words[1]);
    if (verb === 'map' && words.length === 1) return mapLines(this.ctx(this.state), this.paint(this.state));
    return null;
  }

  feed(raw: string): Feed {
    // Parsed once: checked, then run.
    const parsed = parseCommand(raw);
    const rejected = this.checked(parsed);
    if (rejected !== null) {
      // The spec's bytes stay in the log; a person at a terminal gets the answer on stderr. Never elsewhere:
      // a case fixes the stderr of these lines too (reference errors-syntax: a bare `ref`).
      const answer = parsed.ok || this.options.terminal !== true ? null : (this.query(parsed.line) ?? (parsed.form === 'a ref command' ? refHelp() : null));
      return { ok: false, error: rejected, lines: [], ...(answer === null ? {} : { notes: answer }) };
    }
    if (!parsed.ok) throw new Error('unreachable');
    const cmd = parsed.cmd;
    if (cmd.v === 'status') {
      const lines = presentAll([statusEvent(this.ctx(this.state))], this.paint(this.state));
      // a terminal also gets the grid once the combat has positions (never a log: the option is off there)
      const map = this.options.terminal === true && this.state.grid ? mapLines(this.ctx(this.state), this.paint(this.state)) : [];
      return { ok: true, lines: [...lines, ...map] };
    }
    if (cmd.v === 'ref' && cmd.ref.s === 'note') {
      return { ok: true, lines: presentAll([{ t: 'ref', args: cmd.args }, { t: 'note', text: cmd.ref.text }]) };
    }
    if (cmd.v === 'ref' && cmd.ref.s === 'undo') {
      this.state = this.stateBefore(this.history.length - 1);
      const last = this.history.pop()!;
      return { ok: true, lines: presentAll([{ t: 'ref', args: cmd.args }, { t: 'undo', text: last.line }]) };
    }
    const checkpoint = this.history.length % UNDO_CHECKPOINT === 0 ? JSON.stringify(this.state) : undefined;
    const c = this.ctx(this.state);
    try {
      run(c, cmd);
    } catch (error) {
      // a broken rule leaves the state as it was before the line, not half changed
      this.state = this.stateBefore(this.history.length, checkpoint);
      throw error;
    }
    this.history.push(checkpoint === undefined ? { line: parsed.line } : { line: parsed.line, state: checkpoint });
    return { ok: true, lines: presentAll(c.out, this.paint(c.s)) };
  }

  /**
   * The state before history entry `at` (or, at the history's end, before the command being run, whose
   * checkpoint is `pending`): the nearest checkpoint at or before it, then the entries between replayed.
   */
  private stateBefore(at: number, pending?: string): State {
    const from = at - (at % UNDO_CHECKPOINT);
    const saved = from === at && at === this.history.length ? pending : this.history[from]?.state;
    if (saved === undefined) throw new InternalError(`undo history: no checkpoint before entry ${at}`);
    const state = JSON.parse(saved) as State;
    for (let k = from; k < at; k++) {
      const parsed = parseCommand(this.history[k]!.line);
      if (!parsed.ok) throw new InternalError(`undo history: entry ${k} '${this.history[k]!.line}' no longer parses`);
      run(this.ctx(state), parsed.cmd);
    }
    return state;
  }
}

/** How many undo history entries share one saved state (see MarvelBattle.history). */
export const UNDO_CHECKPOINT = 32;

/** Runs an accepted (checked) command on the context's state. */
function run(c: Ctx, cmd: Command): void {
  if (cmd.v === 'ref') runRef(c, cmd.args, cmd.ref);
  else runCommand(c, cmd);
}

/** The referee's undo, and a side giving up (`yield`) or a fighter leaving (`flee`), as drivers tell them apart. */
function tagOf(line: string): ChoiceTag | undefined {
  if (line === 'ref undo') return 'undo';
  if (line.startsWith('yield ')) return 'surrender';
  if (line.startsWith('flee ')) return 'quit';
  return undefined;
}
