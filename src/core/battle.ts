/**
 * The contract between the core and a ruleset: a battle is a state machine that either waits on exactly
 * one prompt or has ended. The core never looks inside; it only feeds raw choice lines and prints the
 * lines it gets back.
 */

/** A choice the pending prompt does not accept. `code` is stable (E_SYNTAX, E_RANGE, ...). */
export interface Rejection {
  readonly code: string;
  readonly message: string;
  /**
   * The stdout line, when a ruleset's fixed wording replaces CONVENTIONS' `ERROR <CODE>: <message>`
   * (Clairvoyance keeps upstream's messages). The stderr copy always uses code and message.
   */
  readonly display?: string;
  /**
   * The error is about an earlier line of a multi-line block: how many consumed (echoed) lines back from
   * this one (Tactics' grid rows). The stderr copy then carries that line's number. Absent: this line.
   */
  readonly consumedLinesBack?: number;
}

/**
 * The answer to one choice line: the lines to print, and the rejection when the line was refused. `notes`
 * are for stderr, never part of the log: why a team file is invalid, or the help a person asked for where
 * the spec fixes the log bytes of that line (Tactics' `help` stays E_COMMAND in the log, issue 21 item 7).
 */
export type Feed =
  | { readonly ok: true; readonly lines: readonly string[]; readonly notes?: readonly string[] }
  | { readonly ok: false; readonly error: Rejection; readonly lines: readonly string[]; readonly notes?: readonly string[] };

/** What a choice means when a driver must tell it from an ordinary move (random play, fuzzing). */
export type ChoiceTag = 'cancel' | 'undo' | 'surrender' | 'quit';

/** A line the pending prompt accepts. */
export interface Choice {
  readonly line: string;
  /** cancel: backs out of a menu; undo: takes back the last command; surrender, quit: give the battle up. */
  readonly tag?: ChoiceTag;
}

/** The battle waits for a line. */
export interface Awaiting {
  readonly kind: 'awaiting';
  /** What the prompt expects, in words ("a number from 1 to 6"), for the E_EOF message. */
  readonly expects: string;
  /** The lines it accepts, one per option: input checking, menus and random play share the list. Computed when asked. */
  choices(): readonly Choice[];
  /** Printed before each read when echo is off, without a line end (Clairvoyance's `> `); menu-driven rulesets have none. */
  readonly prompt?: string;
  /** What a menu-driven ruleset prints again after a line the core refused without feeding it (one over the length limit). */
  menu?(): readonly string[];
  /** Input may end here without E_EOF although lines are still read (Marvel after OVER, where `ref undo` still works). */
  readonly settled?: boolean;
}

/** The battle is over: nothing more is read. */
export interface Ended {
  readonly kind: 'ended';
  /** The exit code of a battle that ended normally (default 0). */
  readonly exit?: number;
}

export type Pending = Awaiting | Ended;

/** A state machine that waits on exactly one prompt or has ended: the core asks it one question per step. */
export interface Battle {
  /** Lines printed before the first choice is read, the first prompt included. */
  opening(): readonly string[];
  /** What the battle waits for now, or that it has ended. */
  pending(): Pending;
  /** A short name of the pending step for internal-error reports ("action menu of Flynn"). */
  step(): string;
  /**
   * Offer one raw choice line (terminator and BOM already removed, spaces kept). A rejected line must
   * leave the state exactly as it was.
   */
  feed(line: string): Feed;
  /**
   * The state to draw now, as JSON-serialisable data (the `--events` stream's `state`, the viewer's input;
   * docs/events.md has each ruleset's shape). Read-only: asking never changes the battle.
   */
  viewState?(): unknown;
}

/** The lines of a battle's pending choices ([] once it has ended): what random play draws from. */
export function choiceLines(battle: Battle): string[] {
  const pending = battle.pending();
  return pending.kind === 'ended' ? [] : pending.choices().map((c) => c.line);
}

/** An ordinary choice, or one with its tag. */
export const choice = (line: string, tag?: ChoiceTag): Choice => (tag === undefined ? { line } : { line, tag });

/** Thrown by rules when an invariant breaks; the session reports it as an internal error (exit 3). */
export class InternalError extends Error {
  override readonly name = 'InternalError';
}

/** Thrown when a setup file or catalogue is unusable; the CLI reports it and exits 2. */
export class SetupError extends Error {
  override readonly name = 'SetupError';
  constructor(
    readonly file: string,
    readonly code: string,
    readonly detail: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(formatSetupError(file, code, detail, line, column));
  }
}

export function formatSetupError(file: string, code: string, detail: string, line?: number, column?: number): string {
  const where = line === undefined ? file : column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
  return `${where}: ${code}: ${detail}`;
}

/**
 * Counts automatic steps (steps that need no input). A battle that takes more than `limit` of them in a row
 * is looping; the guard turns that into an internal error instead of a hang.
 */
export class StepGuard {
  private count = 0;
  constructor(private readonly limit: number, private readonly ruleset: string) {}
  tick(step: string): void {
    if (++this.count > this.limit) {
      throw new InternalError(`${this.ruleset}: more than ${this.limit} steps without a prompt (at ${step})`);
    }
  }
  reset(): void {
    this.count = 0;
  }
}
