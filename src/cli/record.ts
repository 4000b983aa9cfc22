/**
 * `arbiter <id> record`: writes golden output. With `--input F --out FILE` it plays one choices file (echo
 * on) and writes its log; with cases (of any layout) it re-runs each and writes what it expects: for a
 * case folder `expected.txt`, `expected.stderr` (only when stderr is not empty) and `expected.exit`. With
 * `--input F --case DIR` it writes a new CONVENTIONS case folder of the game that `verify DIR` replays from
 * any folder. Every file goes through a temporary file, and nothing is written for a run that could not
 * produce a log.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isBroken, type CaseSpec } from '../core/case.js';
import { diskFiles, writeAtomically } from '../core/files.js';
import { playLines, type PreparedRun } from '../core/run.js';
import { EXIT_SETUP, MemorySink } from '../core/session.js';
import type { RulesetEngine, RulesetEntry, RulesetOptions } from '../core/ruleset.js';
import { makeTranscript } from '../core/transcript.js';
import { runCase } from './case-run.js';
import { layoutsOf } from './cases.js';
import { writeCaseFolder } from './games.js';
import { optionKey } from './option-keys.js';
import { shownPath, UsageError, type Io } from './io.js';
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
    io.err(`recorded ${shownPath(io.cwd, spec.path)} (exit ${exitCode})\n`);
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

export interface CaseRecording {
  /** Setup paths and ruleset options as given, relative to the working folder. */
  readonly args: readonly string[];
  readonly options: RulesetOptions;
  readonly seed: number | undefined;
  readonly input: string;
  readonly dir: string;
}

/**
 * `record <setup> --input F --case DIR`: the game as a new case folder (args.txt, commands.txt, expected.*)
 * with everything its setup reads copied in, so the case does not depend on the folder it was made in:
 * the setup files' folders (as generate copies them) and every option that names a folder (SMT's `--teams`,
 * `--data`), copied to `DIR/<option>` and named so in args.txt. The caller has checked that the setup loads.
 */
export async function recordNewCase(entry: RulesetEntry, io: Io, request: CaseRecording): Promise<number> {
  const dir = resolve(io.cwd, request.dir);
  // A new case only: copying a setup into a folder that holds other files would mix the two.
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) throw new UsageError(`--case ${request.dir}: already exists and is not an empty folder`);
  if (!existsSync(dirname(dir))) throw new UsageError(`--case ${request.dir}: the folder ${dirname(request.dir)} does not exist`);
  const choices = readChoices(io, request.input);
  if (!choices.ok) {
    io.err(choices.message + '\n');
    return EXIT_SETUP;
  }
  const options: Record<string, string | boolean | undefined> = { ...request.options };
  for (const spec of entry.meta.options) {
    const key = optionKey(spec.flags);
    const value = options[key];
    if (!/<folder>/.test(spec.flags) || typeof value !== 'string') continue;
    cpSync(resolve(io.cwd, value), join(dir, key), { recursive: true });
    options[key] = key;
  }
  // writeCaseFolder copies the setup paths (relative to `cwd`) and plays inside the case, where the option folders now are.
  const setup = { meta: entry.meta, engine: await entry.engine(), args: request.args, options, cwd: io.cwd };
  const written = writeCaseFolder(setup, { seed: request.seed, lines: choices.lines }, dir, `recorded from ${request.input}`);
  io.err(`recorded ${shownPath(io.cwd, written)} (exit ${readFileSync(join(written, 'expected.exit'), 'utf8').trim()})\n`);
  return 0;
}
