/**
 * The process as the CLI sees it: working folder, streams and environment. Commands take an Io instead of
 * touching `process`, so a case folder runs in-process (verify, record, tests) exactly as a spawned
 * `arbiter` would, with its own folder and captured streams.
 */
import type { Readable } from 'node:stream';

export interface Io {
  /** The folder relative paths are resolved against. */
  readonly cwd: string;
  out(text: string): void;
  err(text: string): void;
  /** Null: standard input is empty. */
  readonly stdin: Readable | null;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export function processIo(): Io {
  return {
    cwd: process.cwd(),
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    stdin: process.stdin,
    stdinIsTTY: process.stdin.isTTY === true,
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

export function memoryIo(cwd: string): MemoryIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd,
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

/** A mistake on the command line (exit 2): reported as one `error: <message>` line. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
