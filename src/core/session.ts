/**
 * The session driver: takes choice lines one at a time (push style, so the same code serves stdin, files
 * and arrays), echoes them, hands them to the battle and writes what comes back. It owns the CONVENTIONS
 * rules for echo, rejected lines, end of input and internal errors; a ruleset owns none of them.
 */
import { InternalError, type Battle, type Feed } from './battle.js';
import { MAX_FILE_BYTES } from './files.js';
import { BOM, cleanLine, isSkippableChoiceLine } from './lines.js';

export interface Sink {
  /** One stdout line (the sink adds the line end). */
  out(line: string): void;
  err(line: string): void;
  /** Stdout text without a line end, shown before a read (a prompt); the next `out` continues its line. */
  partial(text: string): void;
}

/** Where a step ends: after the opening, after an input line, after E_EOF. */
export type StepAt = 'open' | 'input' | 'eof';

/** Told after each step (the `--events` stream, event-stream.ts): the input line, and its rejection code when refused. */
export interface StepObserver {
  step(at: StepAt, input: string | null, rejected: string | null): void;
}

export interface SessionOptions {
  /** Print every consumed line as `INPUT: <line>`. */
  readonly echo: boolean;
  /** Name of the choice source for stderr positions (a file name, or `<stdin>`). */
  readonly source: string;
  /** Ruleset id, for internal-error reports. */
  readonly ruleset: string;
  /** Skip (and do not echo) empty lines and `#` comments; every ruleset but SMT does. */
  readonly skipBlankAndComments: boolean;
  /** Write the positioned stderr copy of a rejected line and of E_EOF (default true; off when it would show twice on one terminal). */
  readonly copyRejections?: boolean;
  /** Lines printed before the battle's opening (the SEED line the core prints for drawing rulesets). */
  readonly preamble?: readonly string[];
  /** The `--events` stream: told after the opening, each consumed line and E_EOF (its sink counts the lines). */
  readonly observer?: StepObserver;
}

/**
 * The longest choice line a battle is given: no ruleset's command comes near it, and a parser handed a
 * 40 MB line could take minutes. A longer line is rejected (E_SYNTAX naming the limit); state is unchanged.
 */
export const MAX_LINE = 65_536;

/**
 * The most of one line a stream is read for: a file's size limit, so stdin can give no line a file could
 * not. Past it the line is rejected and reading stops (stdin from /dev/zero never ends its line).
 */
export const MAX_STREAM_LINE = MAX_FILE_BYTES;

function tooLong(length: number, menu: readonly string[], unfinished = false): Feed {
  const size = unfinished ? `more than ${MAX_STREAM_LINE} characters without a line end, and reading stopped` : `${length} characters`;
  return { ok: false, error: { code: 'E_SYNTAX', message: `line too long: ${size}; the limit is ${MAX_LINE}` }, lines: menu };
}

export const EXIT_OK = 0;
export const EXIT_REJECTED = 1;
export const EXIT_SETUP = 2;
export const EXIT_INTERNAL = 3;

/** Writing the log failed (a full disk, a reader gone away): a sink throws it, and it is never the battle's fault. */
export class OutputError extends Error {
  override readonly name = 'OutputError';
}

export class Session {
  private lineNumber = 0;
  /** Raw line numbers of the consumed (echoed) lines, for rejections that point back into a block. */
  private readonly consumed: number[] = [];
  private lastInput: string | null = null;
  private rejected = false;
  private failed = false;
  /** The battle has ended (settle). */
  private ended = false;
  /** A prompt was printed and no line has ended it yet. */
  private promptOpen = false;

  constructor(
    private readonly battle: Battle,
    private readonly sink: Sink,
    private readonly options: SessionOptions,
  ) {}

  /** Writes the opening lines. Returns false if the battle broke before its first prompt. */
  start(): boolean {
    this.write(this.options.preamble ?? []);
    this.guarded(() => this.write(this.battle.opening()));
    this.options.observer?.step('open', null, null);
    this.settle();
    return !this.failed;
  }

  /**
   * After the opening and after each line fed: whether the battle ended (only feeding changes what it
   * awaits, so `done` reads this instead of asking the battle again for every line), and, with echo off,
   * a ruleset's prompt text before the next read (with echo on, the echo replaces it).
   */
  private settle(): void {
    if (this.failed) return;
    const pending = this.battle.pending();
    this.ended = pending.kind === 'ended';
    if (this.options.echo || pending.kind === 'ended' || pending.prompt === undefined) return;
    this.sink.partial(pending.prompt);
    this.promptOpen = true;
  }

  /** True once nothing more will be read: the battle ended or broke. */
  get done(): boolean {
    return this.failed || this.ended;
  }

  /** Offers one raw line as read from the source (a CR or BOM is removed here). */
  offer(rawLine: string): void {
    this.lineNumber++;
    if (this.done) return;
    const line = cleanLine(rawLine, this.lineNumber === 1);
    this.consume(line, line.length, isSkippableChoiceLine(line));
  }

  /**
   * A raw line longer than MAX_LINE that a stream reader did not keep whole (a pipe, where it may never
   * end): its first characters, its raw length, whether it is blank or a `#` comment and whether it ends
   * with a CR. It is skipped or rejected as `offer` would; its echo is its first MAX_LINE characters.
   * `unfinished`: the reader stopped at MAX_STREAM_LINE before the line ended.
   */
  offerOverlong(head: string, rawLength: number, skippable: boolean, endsWithCR: boolean, unfinished = false): void {
    this.lineNumber++;
    if (this.done) return;
    const bom = this.lineNumber === 1 && head.startsWith(BOM) ? 1 : 0;
    this.consume(head.slice(bom, bom + MAX_LINE), rawLength - bom - (endsWithCR ? 1 : 0), skippable, unfinished);
  }

  private consume(line: string, length: number, skippable: boolean, unfinished = false): void {
    if (this.options.skipBlankAndComments && skippable) return;
    this.consumed.push(this.lineNumber);
    if (this.options.echo) this.sink.out(`INPUT: ${line}`);
    // Without echo, the typed line ended the prompt's line on a terminal; on a pipe nothing did.
    else this.promptOpen = false;
    this.lastInput = line;
    let rejected: string | null = null;
    this.guarded(() => {
      const fed: Feed = length > MAX_LINE ? tooLong(length, this.menu(), unfinished) : this.battle.feed(line);
      if (!fed.ok) {
        this.rejected = true;
        rejected = fed.error.code;
        this.sink.out(fed.error.display ?? `ERROR ${fed.error.code}: ${fed.error.message}`);
        const back = fed.error.consumedLinesBack ?? 0;
        const at = this.consumed[this.consumed.length - 1 - back] ?? this.lineNumber;
        if (this.options.copyRejections !== false) this.sink.err(`${this.options.source}:${at}: ${fed.error.code}: ${fed.error.message}`);
      }
      for (const note of fed.notes ?? []) this.sink.err(note);
      this.write(fed.lines);
    });
    this.options.observer?.step('input', line, rejected);
    this.settle();
  }

  /** The pending menu, printed again after a line the core refused itself. */
  private menu(): readonly string[] {
    const pending = this.battle.pending();
    return pending.kind === 'awaiting' ? (pending.menu?.() ?? []) : [];
  }

  /** Call when the source is exhausted. Reports E_EOF if the battle still waits; returns the exit code. */
  finish(): number {
    if (this.failed) return EXIT_INTERNAL;
    const pending = this.battle.pending();
    if (pending.kind === 'awaiting' && pending.settled !== true) {
      const message = `input ended; expected ${pending.expects}`;
      // An open prompt is ended by a line end first, so the error starts a line of its own.
      if (this.promptOpen) this.sink.out('');
      this.sink.out(`ERROR E_EOF: ${message}`);
      // Like a rejected line's copy: on one terminal the stdout line says it all.
      if (this.options.copyRejections !== false) this.sink.err(`${this.options.source}:${this.lineNumber + 1}: E_EOF: ${message}`);
      this.options.observer?.step('eof', null, 'E_EOF');
      return EXIT_REJECTED;
    }
    if (this.rejected) return EXIT_REJECTED;
    return pending.kind === 'ended' ? (pending.exit ?? EXIT_OK) : EXIT_OK;
  }

  private write(lines: readonly string[]): void {
    if (lines.length > 0) this.promptOpen = false;
    for (const line of lines) this.sink.out(line);
  }

  private guarded(work: () => void): void {
    try {
      work();
    } catch (error) {
      // The log could not be written: the caller reports that, not an internal error of the battle.
      if (error instanceof OutputError) throw error;
      this.failed = true;
      const detail = error instanceof Error ? error.message : String(error);
      const kind = error instanceof InternalError ? '' : `${error instanceof Error ? error.name : 'error'}: `;
      let step: string;
      try {
        step = this.battle.step();
      } catch {
        step = 'unknown step';
      }
      const last = this.lastInput === null ? 'none' : `'${this.lastInput}'`;
      this.sink.err(`internal error: ${this.options.ruleset} at ${step}, last input ${last}: ${kind}${detail}`);
    }
  }
}

/** Runs a whole battle on an in-memory list of lines; returns the exit code. */
export function runLines(battle: Battle, lines: Iterable<string>, sink: Sink, options: SessionOptions, stop?: () => boolean): number {
  const session = new Session(battle, sink, options);
  if (!session.start()) return session.finish();
  for (const line of lines) {
    // `stop`: the caller has seen enough (verify's first difference).
    if (session.done || stop?.() === true) break;
    session.offer(line);
  }
  return session.finish();
}

/** A sink that keeps everything in memory (tests, verify, batch mode). */
export class MemorySink implements Sink {
  readonly stdout: string[] = [];
  readonly stderr: string[] = [];
  private pending = '';
  out(line: string): void {
    this.stdout.push(this.pending + line);
    this.pending = '';
  }
  partial(text: string): void {
    this.pending += text;
  }
  err(line: string): void {
    this.stderr.push(line);
  }
  /** The stdout log as a file: `\n` line ends and a final newline (CONVENTIONS, Output). */
  text(): string {
    return (this.stdout.length === 0 ? '' : this.stdout.join('\n') + '\n') + this.pending;
  }
}
