/**
 * verify's option values and their parsers, apart from verify itself: commander needs them to build every
 * ruleset's `verify` command, while the verifier (worker threads, external programs) loads only when run.
 */
import { InvalidArgumentError } from 'commander';
import { os } from '../entry/builtins.js';

export type Reporter = 'table' | 'json' | 'junit' | 'tap' | 'html';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** `--shard i/n`. */
export function parseShard(value: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const index = m === null ? NaN : Number(m[1]);
  const count = m === null ? NaN : Number(m[2]);
  if (!(count >= 1 && index >= 1 && index <= count)) throw new InvalidArgumentError('expected i/n with 1 <= i <= n, e.g. 2/4');
  return { index, count };
}

/** One thread on small machines, where workers cost more than they save; every CPU on bigger ones. */
export function defaultJobs(): number {
  const cpus = os().availableParallelism();
  return cpus <= 2 ? 1 : cpus;
}

/** `--jobs N`: at least 1. */
export function parseJobs(value: string): number {
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

/** A positive number (seconds, bytes). */
export function parsePositive(value: string): number {
  const n = Number(value);
  if (!(Number.isFinite(n) && n > 0)) throw new InvalidArgumentError('expected a positive number');
  return n;
}
