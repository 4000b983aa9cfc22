/**
 * The process as the CLI sees it: working folder, streams and environment. Commands take an Io instead of
 * touching `process`, so a case folder runs in-process (verify, record, tests) exactly as a spawned
 * `arbiter` would, with its own folder and captured streams.
 */
import { fstatSync, readSync, writeSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { relative } from 'node:path';
import { ioReason, type Files } from '../core/files.js';
import { OutputError } from '../core/session.js';
import { tty } from '../entry/builtins.js';
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

// Writing the log failed: one line on stderr and exit 2 (a reader gone away: a quiet end), never a stack trace.
export { OutputError };

type StandardStream = 'stdout' | 'stderr';

const STREAMS = {
  stdout: { fd: 1, what: 'standard output' },
  stderr: { fd: 2, what: 'standard error' },
} as const;

const guarded = new Set<StandardStream>();

/** Why a process stream failed, in one wording for the stream's error event and a direct write. */
const cannotWrite = (name: StandardStream, error: unknown) => `cannot write to ${STREAMS[name].what} (${ioReason(error)})`;

/**
 * process.stdout or process.stderr, made on first use with its failures handled: a closed reader (EPIPE)
 * ends the process silently, any other failure (a full disk) with one line on stderr and exit 2. Every use
 * of the process's streams goes through here; a run whose output goes to a pipe or a file never makes them.
 */
export function processStream(name: StandardStream): NodeJS.WriteStream {
  const stream = process[name];
  if (!guarded.has(name)) {
    guarded.add(name);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      try {
        process.stderr.write(`arbiter: ${cannotWrite(name, error)}\n`);
      } finally {
        process.exit(2);
      }
    });
  }
  return stream;
}

/**
 * Whether a descriptor is a pipe, a file or a socket, on Linux: such a descriptor is never a terminal, and
 * is written with blocking writes (as Node writes its stdout there anyway), without making the stream, which
 * loads node:net, node:tty and the stream modules (about 8M instructions of every start). Terminals and
 * other devices (/dev/null, /dev/full) keep Node's stream.
 */
export function isPlainDescriptor(fd: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isFile() || stat.isSocket();
  } catch {
    return false;
  }
}

/** How a writer reaches its descriptor; tests give their own. */
export interface DescriptorAccess {
  readonly write: (fd: number, bytes: Uint8Array, offset: number) => number;
  readonly stream: () => { write(chunk: string | Uint8Array): unknown };
}

const processAccess = (name: StandardStream): DescriptorAccess => ({ write: (fd, bytes, offset) => writeSync(fd, bytes, offset), stream: () => processStream(name) });

/**
 * Writes text to a process stream: straight to its descriptor when `direct`, else through Node's stream. A
 * descriptor that does not block (EAGAIN: another process made it non-blocking) hands the rest, and every
 * later write, to the stream, which waits for it. Failures are OutputErrors: a full disk, and a reader gone
 * away (exitCodeFor ends the run quietly then).
 */
export function streamWriter(name: StandardStream, direct: boolean, access: DescriptorAccess = processAccess(name)): (text: string) => void {
  const { fd } = STREAMS[name];
  let straight = direct;
  return (text) => {
    try {
      if (straight) {
        const bytes = Buffer.from(text, 'utf8');
        let at = 0;
        try {
          while (at < bytes.length) at += access.write(fd, bytes, at);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
          straight = false;
          access.stream().write(bytes.subarray(at));
          return;
        }
      }
      access.stream().write(text);
    } catch (error) {
      throw new OutputError(cannotWrite(name, error));
    }
  };
}

export function processIo(): Io {
  const stdoutPlain = isPlainDescriptor(1);
  const stderrPlain = isPlainDescriptor(2);
  return {
    cwd: process.cwd(),
    out: streamWriter('stdout', stdoutPlain),
    err: streamWriter('stderr', stderrPlain),
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
      return !isPlainDescriptor(0) && tty().isatty(0);
    },
    stdoutIsTTY: !stdoutPlain && processStream('stdout').isTTY === true,
    stderrIsTTY: !stderrPlain && processStream('stderr').isTTY === true,
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
