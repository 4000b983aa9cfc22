/**
 * Running battles from the CLI, for any ruleset: one battle on stdin (piped or typed), one battle per
 * `--input` file, or a batch written to `--out-dir`.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { SetupError, type Battle } from '../core/battle.js';
import { splitLines } from '../core/lines.js';
import { EXIT_SETUP, MemorySink, Session, runLines, type SessionOptions, type Sink } from '../core/session.js';
import { ProcessSink } from './output.js';

export interface RulesetRun {
  readonly ruleset: string;
  readonly skipBlankAndComments: boolean;
  /** A fresh battle; throws `SetupError` when the setup files are unusable. */
  readonly makeBattle: () => Battle;
}

export interface PlayOptions {
  readonly input?: readonly string[];
  readonly outDir?: string;
  /** undefined: on when input is not a terminal (CONVENTIONS). */
  readonly echoInput?: boolean;
}

/** Exit code 130: the conventional code for a run ended by Ctrl-C. */
const EXIT_INTERRUPTED = 130;

export async function play(run: RulesetRun, options: PlayOptions): Promise<number> {
  const inputs = options.input ?? [];
  if (options.outDir !== undefined) {
    if (inputs.length === 0) throw new UsageError('--out-dir needs at least one --input file');
    return playBatch(run, inputs, options.outDir, options.echoInput ?? true);
  }
  if (inputs.length > 1) throw new UsageError('several --input files need --out-dir (one log per file)');
  if (inputs.length === 1) return playFile(run, inputs[0]!, options.echoInput ?? true);
  return playStdin(run, options.echoInput ?? !process.stdin.isTTY);
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

function readChoices(file: string): string[] {
  try {
    return splitLines(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SetupError(file, 'E_IO', `cannot read choices file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function sessionOptions(run: RulesetRun, source: string, echo: boolean): SessionOptions {
  return { echo, source, ruleset: run.ruleset, skipBlankAndComments: run.skipBlankAndComments };
}

/** One fresh battle played on the lines of a choices file; returns the exit code. */
function runChoicesFile(run: RulesetRun, file: string, sink: Sink, echo: boolean): number {
  return runLines(run.makeBattle(), readChoices(file), sink, sessionOptions(run, file, echo));
}

/**
 * Writes a new golden transcript: the battle played on `input` with echo on, its log written to `out`
 * (through a temporary file, so a failed run leaves no half-written transcript).
 */
export function record(run: RulesetRun, input: string, out: string): number {
  const sink = new MemorySink();
  const code = runChoicesFile(run, input, sink, true);
  for (const line of sink.stderr) process.stderr.write(line + '\n');
  writeAtomically(out, sink.text());
  return code;
}

function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.partial`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

function playFile(run: RulesetRun, file: string, echo: boolean): number {
  const sink = new ProcessSink();
  const code = runChoicesFile(run, file, sink, echo);
  sink.flush();
  return code;
}

/**
 * Each input file is a fresh battle, its log written to `<outDir>/<basename>` through a temporary file so
 * nothing is half-written. A failing file does not stop the others; one summary line goes to stderr.
 */
function playBatch(run: RulesetRun, inputs: readonly string[], outDir: string, echo: boolean): number {
  const seen = new Map<string, string>();
  for (const file of inputs) {
    const name = basename(file);
    const first = seen.get(name);
    if (first !== undefined) throw new UsageError(`--input ${first} and --input ${file} would both be written to ${join(outDir, name)}`);
    seen.set(name, file);
  }
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (error) {
    throw new SetupError(outDir, 'E_IO', `cannot create the output folder (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let worst = 0;
  const failed: string[] = [];
  for (const file of inputs) {
    let code: number;
    const sink = new MemorySink();
    try {
      code = runChoicesFile(run, file, sink, echo);
    } catch (error) {
      if (!(error instanceof SetupError)) throw error;
      // Nothing was simulated: no log is written for this file.
      process.stderr.write(`${error.message}\n`);
      failed.push(`${basename(file)} (exit ${EXIT_SETUP})`);
      worst = Math.max(worst, EXIT_SETUP);
      continue;
    }
    for (const line of sink.stderr) process.stderr.write(line + '\n');
    writeAtomically(join(outDir, basename(file)), sink.text());
    if (code !== 0) failed.push(`${basename(file)} (exit ${code})`);
    worst = Math.max(worst, code);
  }
  const summary = failed.length === 0 ? 'all succeeded' : `${failed.length} failed: ${failed.join(', ')}`;
  process.stderr.write(`${run.ruleset}: ${inputs.length} battle(s) written to ${outDir}; ${summary}\n`);
  return worst;
}

/**
 * Stdin, line by line. A pipe or file is split on `\n` exactly as `--input` files are (so the same bytes
 * give the same log either way); a person at a terminal gets node:readline's line editor, no echo,
 * Ctrl-D for end of input and Ctrl-C to stop (exit 130).
 */
function playStdin(run: RulesetRun, echo: boolean): Promise<number> {
  const battle = run.makeBattle();
  const sink = new ProcessSink();
  const session = new Session(battle, sink, sessionOptions(run, '<stdin>', echo));
  const started = session.start();
  sink.flush();
  if (!started || session.done) return Promise.resolve(session.finish());
  return process.stdin.isTTY === true ? playTerminal(session, sink) : playPipe(session, sink);
}

function playPipe(session: Session, sink: ProcessSink): Promise<number> {
  return new Promise((resolve) => {
    let pending = '';
    let settled = false;
    const end = () => {
      if (settled) return;
      settled = true;
      sink.flush();
      process.stdin.removeAllListeners('data');
      process.stdin.pause();
      resolve(session.finish());
    };
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      pending += chunk;
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        session.offer(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        if (session.done) return end();
      }
      sink.flush();
    });
    process.stdin.on('end', () => {
      if (pending.length > 0 && !session.done) session.offer(pending);
      end();
    });
    process.stdin.on('error', end);
  });
}

function playTerminal(session: Session, sink: ProcessSink): Promise<number> {
  return new Promise((resolve) => {
    let settled = false;
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
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
    });
    rl.on('close', () => end(session.finish()));
    rl.on('SIGINT', () => {
      sink.flush();
      process.stdout.write('\n');
      end(EXIT_INTERRUPTED);
    });
  });
}
