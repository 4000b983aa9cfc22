/**
 * The process as the CLI sees it: working folder, streams and environment. Commands take an Io instead of
 * touching `process`, so a case folder runs in-process (verify, record, tests) exactly as a spawned
 * `arbiter` would, with its own folder and captured streams.
 */
import { readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { relative } from 'node:path';
import { isatty } from 'node:tty';
import { ioReason, type Files } from '../core/files.js';
import { safeDiagnostic } from '../core/lines.js';

export interface Io {
  /** The folder relative paths are resolved against. */
  readonly cwd: string;
  out(text: string): void;
  err(text: string): void;
  /** Null: standard input is empty. */
  readonly stdin: Readable | null;
  /**
   * A blocking read of standard input into `into`: the number of bytes, 0 at its end; throws (EAGAIN) when
   * the descriptor does not block. When there is one, a piped game reads through it rather than `stdin`.
   */
  readonly readStdin?: (into: Uint8Array) => number;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The files a run reads and writes; default: the disk, relative to `cwd`. */
  readonly files?: Files;
}

/** Writing the log failed (a full disk): one line on stderr and exit 2, never a stack trace. */
export class OutputError extends Error {
  override readonly name = 'OutputError';
}

/** A write to a process stream; a file on a full disk fails synchronously, a pipe through 'error' events. */
function writeTo(stream: NodeJS.WriteStream, what: string, text: string): void {
  try {
    stream.write(text);
  } catch (error) {
    throw new OutputError(`cannot write to ${what} (${ioReason(error)})`);
  }
}

export function processIo(): Io {
  return {
    cwd: process.cwd(),
    out: (text) => writeTo(process.stdout, 'standard output', text),
    err: (text) => writeTo(process.stderr, 'standard error', text),
    // Created when read: a run that never reads stdin (verify, a game with --input) does not build the
    // stream, nor load what a terminal's stream needs.
    get stdin() {
      return process.stdin;
    },
    // A piped game reads with blocking reads instead of building the stream (a few ms of every start).
    // Linux only: there a pipe's stdout is written synchronously, so what a game printed is out before it
    // blocks for its next line; elsewhere such writes may wait for the event loop a blocking read holds up.
    ...(process.platform === 'linux' ? { readStdin: (into: Uint8Array) => readSync(0, into) } : {}),
    get stdinIsTTY() {
      return isatty(0);
    },
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    env: process.env,
  };
}

/** An Io whose streams are strings in memory and whose stdin is empty. */
export interface MemoryIo extends Io {
  readonly stdout: () => string;
  readonly stderr: () => string;
}

export function memoryIo(cwd: string, files?: Files): MemoryIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd,
    ...(files === undefined ? {} : { files }),
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    stdin: null,
    stdinIsTTY: false,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env: {},
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}

/** The same Io with every stderr line made safe for a terminal (control characters escaped, length capped). */
export function withSafeDiagnostics(io: Io): Io {
  let pending = '';
  // Field by field, not a spread: a spread would read `stdin` and `stdinIsTTY`, creating the process's stream.
  return {
    cwd: io.cwd,
    out: (text) => io.out(text),
    get stdin() {
      return io.stdin;
    },
    ...(io.readStdin === undefined ? {} : { readStdin: io.readStdin }),
    get stdinIsTTY() {
      return io.stdinIsTTY;
    },
    stdoutIsTTY: io.stdoutIsTTY,
    stderrIsTTY: io.stderrIsTTY,
    env: io.env,
    ...(io.files === undefined ? {} : { files: io.files }),
    err: (text) => {
      pending += text;
      const end = pending.lastIndexOf('\n');
      if (end < 0) return;
      const lines = pending.slice(0, end).split('\n');
      pending = pending.slice(end + 1);
      io.err(lines.map(safeDiagnostic).join('\n') + '\n');
    },
  };
}

/** A mistake on the command line (exit 2): reported as one `error: <message>` line. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A path for messages: relative to the working folder `cwd` when inside it, else as it is. */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}
