/** Option parsers shared by the ruleset commands. */
import { InvalidArgumentError } from 'commander';

/** A repeatable option (`--input a --input b`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `--jobs N`. */
export function parseJobs(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}
