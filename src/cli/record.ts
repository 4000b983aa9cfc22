/**
 * `arbiter <id> record`: writes golden output. With `--input F --out FILE` it plays one choices file (echo
 * on) and writes its log; with cases (of any layout) it re-runs each and writes what it expects: for a
 * case folder `expected.txt`, `expected.stderr` (only when stderr is not empty) and `expected.exit`. Every file goes through a
 * temporary file, and nothing is written for a run that could not produce a log.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isBroken, type CaseSpec } from '../core/case.js';
import { diskFiles, writeAtomically } from '../core/files.js';
import { playLines, type PreparedRun } from '../core/run.js';
import { EXIT_SETUP, MemorySink } from '../core/session.js';
import type { RulesetEngine, RulesetEntry } from '../core/ruleset.js';
import { makeTranscript } from '../core/transcript.js';
import { runCase } from './case-run.js';
import { layoutsOf } from './cases.js';
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

/** The file already holds `text` (a folder in its place is for the write to report). */
function unchanged(path: string, text: string): boolean {
  try {
    return statSync(path).isFile() && readFileSync(path, 'utf8') === text;
  } catch {
    return false;
  }
}

/** A path for messages: relative to the working folder when inside it. */
function shown(io: Io, path: string): string {
  const rel = relative(io.cwd, path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}

/** Re-records every case under `paths`, in any layout the ruleset knows; returns 0, or 2 when a case could not be written. */
export async function recordCases(entry: RulesetEntry, io: Io, paths: readonly string[]): Promise<number> {
  const engine = await entry.engine();
  const files = diskFiles(io.cwd);
  const specs: CaseSpec[] = [];
  for (const path of paths) {
    const found = layoutsOf(entry.meta.id, engine).flatMap((layout) => (layout.find(resolve(io.cwd, path), files) ?? []).map((p) => layout.read(p, {}, files)));
    if (found.length === 0) throw new UsageError(`${path}: no case folders (with args.txt) in it`);
    for (const spec of found) {
      if (isBroken(spec)) throw new UsageError(spec.broken);
      specs.push(spec);
    }
  }
  for (const spec of specs) if (spec.input.kind === 'args' && files.kind(join(spec.folder, 'commands.txt')) !== 'file') throw new UsageError(`${spec.path}: the case has no commands.txt`);
  let worst = 0;
  for (const spec of specs) {
    const { written, exitCode } = await recordCase(entry, engine, spec);
    for (const failure of written) {
      io.err(`${failure}\n`);
      worst = EXIT_SETUP;
    }
    io.err(`recorded ${shown(io, spec.path)} (exit ${exitCode})\n`);
  }
  return worst;
}

/**
 * Plays one case and writes what it printed where the case keeps its expectations: a byte-exact case its
 * stdout, its stderr (removed when empty) and its exit code; a transcript its lines. Returns the files that
 * could not be written (as messages) and which files changed.
 */
export async function recordCase(entry: RulesetEntry, engine: RulesetEngine, spec: CaseSpec): Promise<{ written: string[]; changed: string[]; exitCode: number }> {
  const run = await runCase(entry, engine, spec);
  const exact = spec.compare === 'exact';
  const { recordTo } = spec;
  const writes: [string, string | null][] = [[recordTo.stdout, exact ? run.stdout : makeTranscript(run.stdoutLines)]];
  if (recordTo.stderr !== undefined) writes.push([recordTo.stderr, run.stderrLines.length === 0 ? null : exact ? run.stderr : makeTranscript(run.stderrLines)]);
  if (recordTo.exit !== undefined) writes.push([recordTo.exit, `${run.exitCode}\n`]);
  const failures: string[] = [];
  const changed: string[] = [];
  for (const [path, text] of writes) {
    if (text === null) {
      if (existsSync(path)) changed.push(path);
      rmSync(path, { force: true });
      continue;
    }
    if (unchanged(path, text)) continue;
    const saved = writeAtomically(path, text);
    if (saved.ok) changed.push(path);
    else failures.push(`${path}: E_IO: cannot write (${saved.reason})`);
  }
  return { written: failures, changed, exitCode: run.exitCode };
}
