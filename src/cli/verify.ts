/**
 * `arbiter <ruleset> verify`: replays every transcript with a fresh battle and reports the first differing
 * line of each failure, then a summary per folder. Ruleset-agnostic: the ruleset only says how to build the
 * battle that belongs to a transcript.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SetupError, type Battle } from '../core/battle.js';
import { formatDifference } from '../core/transcript.js';
import { checkTranscript } from '../core/verify.js';
import { UsageError } from './play.js';

export interface VerifyRun {
  readonly ruleset: string;
  readonly skipBlankAndComments: boolean;
  readonly battleFor: (transcriptPath: string) => Battle;
}

/** Files named on the command line, and the `.txt` files of named folders, sorted. */
export function collectTranscripts(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      throw new UsageError(`${path}: no such file or folder`);
    }
    if (isFolder) {
      const files = readdirSync(path).filter((f) => f.endsWith('.txt')).sort();
      if (files.length === 0) throw new UsageError(`${path}: the folder holds no .txt transcripts`);
      out.push(...files.map((f) => join(path, f)));
    } else {
      out.push(path);
    }
  }
  return out;
}

export interface VerifyResult {
  readonly file: string;
  /** Null when identical. */
  readonly failure: string | null;
}

export function verifyOne(run: VerifyRun, file: string): VerifyResult {
  try {
    const check = checkTranscript(readFileSync(file, 'utf8'), run.battleFor(file), {
      ruleset: run.ruleset,
      skipBlankAndComments: run.skipBlankAndComments,
      source: file,
    });
    return { file, failure: check.difference === null ? null : formatDifference(check.difference) };
  } catch (error) {
    if (error instanceof SetupError || error instanceof UsageError) return { file, failure: error.message };
    if ((error as NodeJS.ErrnoException).code !== undefined) return { file, failure: `cannot read: ${(error as Error).message}` };
    throw error;
  }
}

/** Runs verify and prints the report; returns the exit code (0 all identical, 1 some differ). */
export function verify(run: VerifyRun, paths: readonly string[]): number {
  const files = collectTranscripts(paths);
  const folders = new Map<string, { passed: number; failed: number; ms: number }>();
  let failures = 0;
  for (const file of files) {
    const started = performance.now();
    const result = verifyOne(run, file);
    const folder = dirname(file);
    const row = folders.get(folder) ?? { passed: 0, failed: 0, ms: 0 };
    row.ms += performance.now() - started;
    if (result.failure === null) row.passed++;
    else {
      row.failed++;
      failures++;
      process.stdout.write(`FAIL ${file} ${result.failure}\n`);
    }
    folders.set(folder, row);
  }
  const width = Math.max(6, ...[...folders.keys()].map((f) => f.length));
  const line = (name: string, passed: number | string, failed: number | string, time: string) =>
    `${name.padEnd(width)}  ${String(passed).padStart(6)}  ${String(failed).padStart(6)}  ${time.padStart(8)}`;
  const out = [line('folder', 'passed', 'failed', 'time')];
  let total = 0;
  for (const [folder, row] of folders) {
    out.push(line(folder, row.passed, row.failed, `${(row.ms / 1000).toFixed(2)}s`));
    total += row.ms;
  }
  out.push(line('total', files.length - failures, failures, `${(total / 1000).toFixed(2)}s`));
  out.push(`${files.length - failures}/${files.length} identical`);
  process.stdout.write(out.join('\n') + '\n');
  return failures === 0 ? 0 : 1;
}
