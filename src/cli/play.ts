/**
 * Running battles from the CLI, for any ruleset: one battle on stdin (piped or typed), one battle on an
 * `--input` file, or a batch (one battle per `--input` file) written to `--out-dir`.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ioReason, readTextFile, writeAtomically } from '../core/files.js';
import { splitLines } from '../core/lines.js';
import { playLines, sessionOptions, streamSink, type PreparedRun } from '../core/run.js';
import { EXIT_SETUP, MAX_LINE, MAX_STREAM_LINE, MemorySink, Session } from '../core/session.js';
import { useColour } from './colour.js';
import { processStream, UsageError, type Io } from './io.js';
import { StreamSink } from './output.js';
import { readline } from '../entry/builtins.js';
import type { Interface } from 'node:readline';

export interface PlayOptions {
  readonly input?: readonly string[];
  readonly outDir?: string;
  /** undefined: on when input is not a terminal (CONVENTIONS). */
  readonly echoInput?: boolean;
}

/** Exit code 130: the conventional code for a run ended by Ctrl-C. */
const EXIT_INTERRUPTED = 130;

/** Usage errors of the input options, found before anything is loaded. */
export function checkPlayOptions(options: PlayOptions): void {
  const inputs = options.input ?? [];
  if (options.outDir !== undefined && inputs.length === 0) throw new UsageError('--out-dir needs at least one --input file');
  if (options.outDir === undefined && inputs.length > 1) throw new UsageError('several --input files need --out-dir (one log per file)');
  if (options.outDir !== undefined) {
    if (inputs.includes(STDIN_NAME)) throw new UsageError('--input - (stdin) cannot be used with --out-dir');
    const seen = new Map<string, string>();
    for (const file of inputs) {
      const first = seen.get(basename(file));
      if (first !== undefined) throw new UsageError(`--input ${first} and --input ${file} would both be written to ${join(options.outDir, basename(file))}`);
      seen.set(basename(file), file);
    }
  }
}

/** `--input -` names standard input. */
export const STDIN_NAME = '-';

export async function play(run: PreparedRun, io: Io, options: PlayOptions): Promise<number> {
  const inputs = options.input ?? [];
  if (options.outDir !== undefined) return playBatch(run, io, inputs, options.outDir, options.echoInput ?? true);
  if (inputs.length === 1 && inputs[0] !== STDIN_NAME) return playFile(run, io, inputs[0]!, options.echoInput ?? true);
  return playStdin(run, io, options.echoInput ?? !io.stdinIsTTY);
}

/** The lines of a choices file, or the one-line E_IO message when it cannot be read. */
export function readChoices(io: Io, file: string): { ok: true; lines: string[] } | { ok: false; message: string } {
  try {
    return { ok: true, lines: splitLines(readTextFile(resolve(io.cwd, file))) };
  } catch (error) {
    return { ok: false, message: `${file}: E_IO: cannot read choices file (${ioReason(error)})` };
  }
}

function playFile(run: PreparedRun, io: Io, file: string, echo: boolean): number {
  const choices = readChoices(io, file);
  if (!choices.ok) {
    io.err(choices.message + '\n');
    return EXIT_SETUP;
  }
  const sink = new StreamSink(io);
  const code = playLines(run, choices.lines, sink, file, echo);
  sink.flush();
  return code;
}

/**
 * Each input file is a fresh battle, its log written to `<outDir>/<basename>` through a temporary file so
 * nothing is half-written. A failing file does not stop the others; one summary line goes to stderr.
 */
function playBatch(run: PreparedRun, io: Io, inputs: readonly string[], outDir: string, echo: boolean): number {
  const dir = resolve(io.cwd, outDir);
  for (const file of inputs) {
    if (resolve(dir, basename(file)) === resolve(io.cwd, file)) throw new UsageError(`--input ${file} would be overwritten by its own log in --out-dir ${outDir}`);
  }
  // Only the folder itself is created, never its parents: a typo in a parent is reported, not built.
  let created: string | undefined;
  if (!existsSync(dir)) {
    try {
      mkdirSync(dir);
      created = dir;
    } catch (error) {
      throw new UsageError(`--out-dir ${outDir}: cannot create the folder (${ioReason(error)})`);
    }
  }
  // Found before any battle is played: a folder that cannot take a file.
  const probe = writeAtomically(join(dir, `.arbiter-write-check-${process.pid}`), '');
  if (!probe.ok) {
    if (created !== undefined) rmSync(created, { recursive: true, force: true });
    throw new UsageError(`--out-dir ${outDir}: cannot write in the folder (${probe.reason})`);
  }
  rmSync(join(dir, `.arbiter-write-check-${process.pid}`), { force: true });
  let worst = 0;
  let written = 0;
  const failed: string[] = [];
  for (const file of inputs) {
    const choices = readChoices(io, file);
    if (!choices.ok) {
      // Nothing was simulated: no log is written for this file.
      io.err(choices.message + '\n');
      failed.push(`${basename(file)} (exit ${EXIT_SETUP})`);
      worst = Math.max(worst, EXIT_SETUP);
      continue;
    }
    const sink = new MemorySink();
    let code = playLines(run, choices.lines, sink, file, echo);
    for (const line of sink.stderr) io.err(line + '\n');
    const saved = writeAtomically(join(dir, basename(file)), sink.text());
    if (saved.ok) written++;
    else {
      io.err(`${join(outDir, basename(file))}: E_IO: cannot write the log (${saved.reason})\n`);
      code = Math.max(code, EXIT_SETUP);
    }
    if (code !== 0) failed.push(`${basename(file)} (exit ${code})`);
    worst = Math.max(worst, code);
  }
  // A folder this run created and wrote nothing into is not left behind.
  if (written === 0 && created !== undefined) rmSync(created, { recursive: true, force: true });
  const summary = failed.length === 0 ? 'all succeeded' : `${failed.length} failed: ${failed.join(', ')}`;
  io.err(`${run.meta.id}: ${written} battle(s) written to ${outDir}; ${summary}\n`);
  return worst;
}

/**
 * Stdin, line by line. A pipe or file is split on `\n` exactly as `--input` files are (so the same bytes
 * give the same log either way); a person at a terminal gets node:readline's line editor, no echo,
 * Ctrl-D for end of input and Ctrl-C to stop (exit 130).
 */
function playStdin(run: PreparedRun, io: Io, echo: boolean): Promise<number> {
  const terminal = io.stdinIsTTY && io.stdoutIsTTY && !echo;
  const begun = run.begin(terminal, terminal && useColour(io, undefined));
  const { battle } = begun;
  const sink = new StreamSink(io);
  // On one terminal the stdout ERROR line says it all; the positioned stderr copy would show the same twice.
  const oneScreen = io.stdinIsTTY && io.stdoutIsTTY && io.stderrIsTTY;
  const session = new Session(battle, streamSink(begun, sink), { ...sessionOptions(run.meta, '<stdin>', echo, begun.preamble, begun.stream), copyRejections: !oneScreen });
  // A person's line editor exists before the first prompt is shown: a Ctrl-C as soon as the prompt appears is
  // then its key, not a bare SIGINT that would end the process without a word.
  const editor = io.stdinIsTTY ? lineEditor(io) : null;
  const started = session.start();
  sink.flush();
  if (!started || session.done) {
    editor?.close();
    return Promise.resolve(session.finish());
  }
  if (editor !== null) {
    const pending = battle.pending();
    return playTerminal(session, sink, io, editor, pending.kind === 'awaiting' && pending.prompt === undefined);
  }
  const feeder = new LineFeeder(session, sink);
  if (io.readStdin !== undefined) {
    const read = readBlocking(io.readStdin, feeder);
    if (read !== 'again') return Promise.resolve(feeder.finish(read));
  }
  if (io.stdin === null) return Promise.resolve(feeder.finish('ended'));
  return playPipe(io.stdin, feeder);
}

/** How reading a pipe stopped: the battle wants no more, the input ended, or it could not be read. */
type PipeEnd = 'done' | 'ended' | 'failed';

/**
 * The most of one line a pipe reader holds: the session's limit, plus a BOM and a CR it may remove. A longer
 * line is rejected whatever its rest, so only its head and its length are kept.
 */
const HOLD = MAX_LINE + 2;

/** The first character that is not white space (as `trim` counts it), if any. */
const firstVisible = (text: string): string | undefined => /\S/.exec(text)?.[0];

/** Piped bytes as lines for the session: split on `\n` alone, as `--input` files are; UTF-8 across chunks. */
export class LineFeeder {
  // The current line's pieces, joined once its newline arrives: appending every chunk to one string and
  // searching it again made a long piped line quadratic (40 MB: 51 s).
  private parts: string[] = [];
  private length = 0;
  // Set once the line passes HOLD: its first HOLD characters; the pieces after it are only counted, so a
  // line that never ends (stdin from /dev/zero) holds no more memory than that.
  private head: string | null = null;
  // What decides whether an overlong line is blank or a comment (then skipped, as from a file).
  private visible: string | undefined;
  private lastChar = '';
  // ignoreBOM keeps a leading BOM in the text, where the session removes it from line 1 as from a file's
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(
    private readonly session: Session,
    private readonly sink: StreamSink,
  ) {}

  /** Offers the complete lines the bytes finish; true once the battle wants no more. */
  push(bytes: Uint8Array): boolean {
    if (this.take(this.decoder.decode(bytes, { stream: true }))) return true;
    this.sink.flush();
    return false;
  }

  /** Splits decoded text on `\n`, each piece scanned once; true once the battle wants no more. */
  private take(text: string): boolean {
    let start = 0;
    let newline: number;
    while ((newline = text.indexOf('\n', start)) >= 0) {
      this.add(text.slice(start, newline));
      this.emit();
      start = newline + 1;
      if (this.session.done) return true;
    }
    this.add(start === 0 ? text : text.slice(start));
    if (this.length <= MAX_STREAM_LINE) return false;
    // A line no file could hold (stdin from /dev/zero): rejected as it stands, and nothing more is read.
    this.session.offerOverlong(this.head!, this.length, false, false, true);
    return true;
  }

  private add(piece: string): void {
    if (piece.length === 0) return;
    this.length += piece.length;
    this.lastChar = piece[piece.length - 1]!;
    if (this.head === null) {
      this.parts.push(piece);
      if (this.length <= HOLD) return;
      const whole = this.parts.join('');
      this.head = whole.slice(0, HOLD);
      this.visible = firstVisible(whole);
      this.parts = [];
    } else if (this.visible === undefined) {
      this.visible = firstVisible(piece);
    }
  }

  /** The current line is complete: offered whole, or as an overlong line's head and length. */
  private emit(): void {
    if (this.head === null) this.session.offer(this.parts.length === 1 ? this.parts[0]! : this.parts.join(''));
    else this.session.offerOverlong(this.head, this.length, this.visible === undefined || this.visible === '#', this.lastChar === '\r');
    this.parts = [];
    this.length = 0;
    this.head = null;
    this.visible = undefined;
    this.lastChar = '';
  }

  /** The input ended: its last line, when it has no final newline. */
  end(): void {
    if (this.take(this.decoder.decode())) return;
    if (this.length > 0 && !this.session.done) this.emit();
  }

  /** Reading stopped: the last line when the input ended, then the session's exit code. */
  finish(how: PipeEnd): number {
    if (how === 'ended') this.end();
    this.sink.flush();
    return this.session.finish();
  }
}

/** Blocking reads until the battle or the input ends; 'again' when the descriptor does not block. */
export function readBlocking(read: (into: Uint8Array) => number, feeder: LineFeeder): PipeEnd | 'again' {
  const buffer = new Uint8Array(1 << 16);
  for (;;) {
    let size: number;
    try {
      size = read(buffer);
    } catch (error) {
      // An unreadable stdin ends the input, as the stream's error event does.
      return (error as NodeJS.ErrnoException).code === 'EAGAIN' ? 'again' : 'failed';
    }
    if (size === 0) return 'ended';
    if (feeder.push(buffer.subarray(0, size))) return 'done';
  }
}

/** The stream's chunks (a descriptor that does not block, or an Io without one), on from what was read. */
function playPipe(stdin: NodeJS.ReadableStream, feeder: LineFeeder): Promise<number> {
  return new Promise((resolve) => {
    let settled = false;
    const end = (how: PipeEnd) => {
      if (settled) return;
      settled = true;
      stdin.removeAllListeners('data');
      stdin.pause();
      resolve(feeder.finish(how));
    };
    stdin.on('data', (chunk: Uint8Array | string) => {
      if (feeder.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) end('done');
    });
    stdin.on('end', () => end('ended'));
    stdin.on('error', () => end('failed'));
  });
}

/**
 * A person typing. readline's line editor echoes what is typed on its output: the terminal when stdout is
 * one, else stderr, so `arbiter ... | tee log` keeps a clean log. Rulesets without a prompt of their own
 * (SMT's menus) get `> ` on the terminal only.
 */
/** node:readline on the process's terminal; its echo goes to stdout when that is the terminal, else stderr. */
function lineEditor(io: Io): Interface {
  // Loaded here: a piped game never needs the line editor.
  const { createInterface } = readline();
  return createInterface({ input: process.stdin, output: processStream(io.stdoutIsTTY ? 'stdout' : 'stderr'), terminal: true });
}

async function playTerminal(session: Session, sink: StreamSink, io: Io, rl: Interface, addPrompt: boolean): Promise<number> {
  return new Promise((resolve) => {
    let settled = false;
    const output = processStream(io.stdoutIsTTY ? 'stdout' : 'stderr');
    rl.setPrompt(addPrompt ? '> ' : '');
    const ask = () => {
      if (addPrompt && !session.done) rl.prompt();
    };
    const end = (code: number) => {
      if (settled) return;
      settled = true;
      sink.flush();
      rl.close();
      process.stdin.pause();
      resolve(code);
    };
    rl.on('line', (line) => {
      if (settled) return;
      session.offer(line);
      sink.flush();
      if (session.done) end(session.finish());
      else ask();
    });
    // Ctrl-D: input ended (E_EOF if the battle still waits). Not after Ctrl-C, which already settled.
    rl.on('close', () => {
      if (!settled) end(session.finish());
    });
    rl.on('SIGINT', () => {
      sink.flush();
      output.write('\n');
      io.err('arbiter: interrupted\n');
      end(EXIT_INTERRUPTED);
    });
    ask();
  });
}
