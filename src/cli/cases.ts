/**
 * Case folders (CONVENTIONS, "Cases, verify and record"): `args.txt` holds the command line after the
 * program, `commands.txt` the input stream, `expected.txt` / `expected.stderr` / `expected.exit` what the
 * run must give. A case runs in-process, exactly as `arbiter $(cat args.txt) --input commands.txt` would
 * from inside its folder, and leaves the folder as it was (runCaseFolder).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { diskFiles, makeScratchCopy, overlayFiles, removeScratchCopy } from '../core/files.js';
import { splitLines } from '../core/lines.js';
import type { CaseOutcome, ExternalCase, RulesetMeta, StreamCheck } from '../core/ruleset.js';
import { UsageError, memoryIo, type Io, type MemoryIo } from './io.js';

export const ARGS_FILE = 'args.txt';
export const COMMANDS_FILE = 'commands.txt';

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

export const isCaseFolder = (dir: string) => isFile(join(dir, ARGS_FILE));

/** A case folder itself, or every case folder below a folder, sorted by path; [] when there is none. */
export function findCases(path: string): string[] {
  if (isCaseFolder(path)) return [path];
  const found: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(path, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
  for (const name of entries) found.push(...findCases(join(path, name)));
  return found;
}

/** The arguments of a case, checked to start with `rulesetId` (else a usage error). */
export function caseArgs(dir: string, rulesetId: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(dir, ARGS_FILE), 'utf8');
  } catch {
    throw new UsageError(`${join(dir, ARGS_FILE)}: cannot read the case's arguments`);
  }
  const words = parse(splitLines(text).join(' '));
  if (!words.every((w): w is string => typeof w === 'string')) throw new UsageError(`${join(dir, ARGS_FILE)}: only words and quotes are allowed (no shell operators)`);
  if (words.length === 0) throw new UsageError(`${join(dir, ARGS_FILE)}: holds no arguments`);
  if (words[0] !== rulesetId) throw new UsageError(`${join(dir, ARGS_FILE)}: the case is for '${words[0]}', not '${rulesetId}'`);
  return words.slice(1);
}

export interface CaseRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** The in-process command line: `argv` after the program, run with an Io. Set by cli.ts (no import cycle). */
export type RunArgv = (argv: readonly string[], io: Io) => Promise<number>;

/** Runs a case folder as `arbiter $(cat args.txt) --input commands.txt` from inside it; nothing in the folder changes. */
export async function runCaseFolder(dir: string, meta: RulesetMeta, runArgv: RunArgv): Promise<CaseRun> {
  const args = caseCommandLine(dir, meta.id);
  const run = async (io: MemoryIo): Promise<CaseRun> => {
    const exitCode = await runArgv([meta.id, ...args], io);
    return { stdout: io.stdout(), stderr: io.stderr(), exitCode };
  };
  // A case runs in place, what its ruleset saves kept in memory (overlayFiles): a scratch copy would be
  // the same run at a cost per case that is a large part of verifying a small corpus. Only play's own
  // output options write past the ruleset's files, and those cases get a copy.
  if (!args.some(writesOutput)) return run(memoryIo(dir, overlayFiles(diskFiles(dir))));
  const copy = makeScratchCopy(dir);
  try {
    return await run(memoryIo(copy));
  } finally {
    removeScratchCopy(copy);
  }
}

/** A case's command line after the ruleset: args.txt's arguments, and `--input commands.txt` when it has one. */
function caseCommandLine(dir: string, rulesetId: string): string[] {
  const args = caseArgs(dir, rulesetId);
  return existsSync(join(dir, COMMANDS_FILE)) ? [...args, '--input', COMMANDS_FILE] : args;
}

/** Play's options that write files: `--out-dir <folder>`, `--events <file>` (or `--opt=value`). */
function writesOutput(arg: string): boolean {
  return ['--out-dir', '--events'].some((option) => arg === option || arg.startsWith(`${option}=`));
}

/** Marks a text without a final newline, as diff does, so byte-exact comparison still reads as lines. */
export const NO_FINAL_NEWLINE = '\\ No newline at end of file';

/** The lines of a text, exactly: a missing final newline becomes a last line of its own. */
export function exactLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines.push(NO_FINAL_NEWLINE);
  return lines;
}

/** A case's file, or undefined where there is none (a folder of that name is none either). */
function readOptional(dir: string, name: string): string | undefined {
  try {
    return readFileSync(join(dir, name), 'utf8');
  } catch (error) {
    if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

const IDENTICAL: StreamCheck = { expected: [], actual: [] };

/** Two texts compared as lines; equal texts (a passing case) need no lines. */
function streamCheck(expected: string, actual: string): StreamCheck {
  return expected === actual ? IDENTICAL : { expected: exactLines(expected), actual: exactLines(actual) };
}

/** What a case fixes: its expected stdout (a case must have one), and stderr and exit code where present. */
function caseExpectation(dir: string): { stdout: string; stderr: string | undefined; exit: number | undefined } {
  const stdout = readOptional(dir, 'expected.txt');
  if (stdout === undefined) throw new UsageError(`${join(dir, 'expected.txt')}: missing (record the case first)`);
  const exit = readOptional(dir, 'expected.exit');
  return { stdout, stderr: readOptional(dir, 'expected.stderr'), exit: exit === undefined ? undefined : Number(exit.trim()) };
}

/** Compares a case run with what the case fixes: stdout always, stderr and exit code where present. */
export function caseOutcome(dir: string, run: CaseRun): CaseOutcome {
  const expected = caseExpectation(dir);
  return {
    stdout: streamCheck(expected.stdout, run.stdout),
    ...(expected.stderr === undefined ? {} : { stderr: streamCheck(expected.stderr, run.stderr) }),
    ...(expected.exit === undefined ? {} : { exit: { expected: expected.exit, actual: run.exitCode } }),
  };
}

/**
 * A case folder as another program runs it, in a scratch copy: the arguments of args.txt and
 * `--input commands.txt`, as CONVENTIONS defines a case; the commands also go to stdin, for programs
 * that only read stdin (their stderr positions then differ where a case fixes stderr).
 */
export function externalCaseFolder(dir: string, rulesetId: string): ExternalCase {
  const expected = caseExpectation(dir);
  return {
    args: caseCommandLine(dir, rulesetId),
    folder: dir,
    copy: true,
    stdin: readOptional(dir, COMMANDS_FILE) ?? '',
    expected: {
      stdout: exactLines(expected.stdout),
      ...(expected.stderr === undefined ? {} : { stderr: exactLines(expected.stderr) }),
      ...(expected.exit === undefined ? {} : { exit: expected.exit }),
    },
    compare: 'exact',
  };
}
