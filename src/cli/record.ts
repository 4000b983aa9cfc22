/**
 * `arbiter <id> record`: writes golden output. With `--input F --out FILE` it plays one choices file (echo
 * on) and writes its log; with case folders it re-runs each case and writes `expected.txt`,
 * `expected.stderr` (only when stderr is not empty) and `expected.exit`. Every file goes through a
 * temporary file, and nothing is written for a run that could not produce a log.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { writeAtomically } from '../core/files.js';
import { playLines, type PreparedRun } from '../core/run.js';
import { EXIT_SETUP, MemorySink } from '../core/session.js';
import type { RulesetEntry } from '../core/ruleset.js';
import { findCases, runCaseFolder, type RunArgv } from './cases.js';
import { UsageError, type Io } from './io.js';
import { readChoices } from './play.js';

/** An output path that can be written: its folder exists and it is not a folder itself (usage error otherwise). */
export function checkOutputFile(io: Io, out: string, inputs: readonly string[] = []): string {
  const path = resolve(io.cwd, out);
  if (inputs.some((input) => resolve(io.cwd, input) === path)) throw new UsageError(`--out ${out} is also an input file; it would be overwritten`);
  let folder: boolean;
  try {
    folder = statSync(dirname(path)).isDirectory();
  } catch {
    folder = false;
  }
  if (!folder) throw new UsageError(`--out ${out}: the folder ${dirname(out)} does not exist`);
  if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`--out ${out} is a folder; expected a file path`);
  return path;
}

export function recordOne(run: PreparedRun, io: Io, input: string, out: string): number {
  const path = checkOutputFile(io, out, [input]);
  const choices = readChoices(io, input);
  if (!choices.ok) {
    io.err(choices.message + '\n');
    return EXIT_SETUP;
  }
  const sink = new MemorySink();
  const code = playLines(run, choices.lines, sink, input, true);
  for (const line of sink.stderr) io.err(line + '\n');
  const saved = writeAtomically(path, sink.text());
  if (!saved.ok) {
    io.err(`${out}: E_IO: cannot write the log (${saved.reason})\n`);
    return EXIT_SETUP;
  }
  return code;
}

/** A path for messages: relative to the working folder when inside it. */
function shown(io: Io, path: string): string {
  const rel = relative(io.cwd, path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}

/** Re-records every case under `paths`; returns 0, or 2 when a case could not be written. */
export async function recordCases(entry: RulesetEntry, io: Io, paths: readonly string[], runArgv: RunArgv): Promise<number> {
  const cases: string[] = [];
  for (const path of paths) {
    const found = findCases(resolve(io.cwd, path));
    if (found.length === 0) throw new UsageError(`${path}: no case folders (with args.txt) in it`);
    cases.push(...found);
  }
  for (const dir of cases) if (!existsSync(join(dir, 'commands.txt'))) throw new UsageError(`${dir}: the case has no commands.txt`);
  let worst = 0;
  for (const dir of cases) {
    const run = await runCaseFolder(dir, entry.meta, runArgv);
    const writes: [string, string | null][] = [
      ['expected.txt', run.stdout],
      ['expected.stderr', run.stderr === '' ? null : run.stderr],
      ['expected.exit', `${run.exitCode}\n`],
    ];
    for (const [name, text] of writes) {
      const path = join(dir, name);
      if (text === null) {
        rmSync(path, { force: true });
        continue;
      }
      const saved = writeAtomically(path, text);
      if (!saved.ok) {
        io.err(`${path}: E_IO: cannot write (${saved.reason})\n`);
        worst = EXIT_SETUP;
      }
    }
    io.err(`recorded ${shown(io, dir)} (exit ${run.exitCode})\n`);
  }
  return worst;
}
