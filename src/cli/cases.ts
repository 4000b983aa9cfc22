/**
 * Case folders (CONVENTIONS, "Cases, verify and record"), the layout every ruleset has: `args.txt` holds
 * the command line after the program, `commands.txt` the input stream, `expected.txt` /
 * `expected.stderr` / `expected.exit` what the run must give. A folder becomes the one case model
 * (core/case.ts); the runner (case-run.ts) plays it as `arbiter $(cat args.txt) --input commands.txt`
 * would from inside the folder. Rulesets add their own layouts beside this one (RulesetEngine.layouts).
 */
import { join } from 'node:path';
import { parse } from 'shell-quote';
import type { BrokenCase, CaseSpec } from '../core/case.js';
import { diskFiles, type Files } from '../core/files.js';
import { splitLines } from '../core/lines.js';
import type { CaseLayout, RulesetEngine } from '../core/ruleset.js';

export const ARGS_FILE = 'args.txt';
export const COMMANDS_FILE = 'commands.txt';

/** A case folder itself, or every case folder below a folder, sorted by path; [] when there is none. */
export function findCases(path: string, files: Files = diskFiles()): string[] {
  if (files.kind(join(path, ARGS_FILE)) === 'file') return [path];
  const folders = files.folders(path);
  return folders.ok ? folders.value.flatMap((name) => findCases(join(path, name), files)) : [];
}

/** The arguments of a case after the ruleset id; a problem with args.txt is fatal (a usage error, exit 2). */
export function caseArgs(dir: string, rulesetId: string, files: Files = diskFiles()): string[] | BrokenCase {
  const path = join(dir, ARGS_FILE);
  const fatal = (message: string): BrokenCase => ({ broken: `${path}: ${message}`, fatal: true });
  const text = files.read(path);
  if (!text.ok) return fatal("cannot read the case's arguments");
  const words = parse(splitLines(text.value).join(' '));
  if (!words.every((w): w is string => typeof w === 'string')) return fatal('only words and quotes are allowed (no shell operators)');
  if (words.length === 0) return fatal('holds no arguments');
  if (words[0] !== rulesetId) return fatal(`the case is for '${words[0]}', not '${rulesetId}'`);
  return words.slice(1);
}

/** A case's file, or undefined where there is none (a folder of that name is none either): one read, no stat first. */
function readOptional(files: Files, path: string): string | undefined {
  const text = files.read(path);
  return text.ok ? text.value : undefined;
}

/** The CONVENTIONS layout for one ruleset (args.txt must name it). */
export function caseFolderLayout(rulesetId: string): CaseLayout {
  return {
    name: 'case folder',
    find: (path, files) => {
      const found = findCases(path, files);
      return found.length === 0 ? null : found;
    },
    read: (dir, _options, files): CaseSpec | BrokenCase => {
      const words = caseArgs(dir, rulesetId, files);
      if (!Array.isArray(words)) return words;
      const commands = readOptional(files, join(dir, COMMANDS_FILE));
      const args = commands === undefined ? words : [...words, '--input', COMMANDS_FILE];
      const stdout = readOptional(files, join(dir, 'expected.txt'));
      const stderr = readOptional(files, join(dir, 'expected.stderr'));
      const exit = readOptional(files, join(dir, 'expected.exit'));
      return {
        path: dir,
        folder: files.resolve(dir),
        args,
        input: { kind: 'args' },
        ...(stdout === undefined ? { unrecorded: `${join(dir, 'expected.txt')}: missing (record the case first)` } : {}),
        expected: { stdout: { text: stdout ?? '' }, ...(stderr === undefined ? {} : { stderr }), ...(exit === undefined ? {} : { exit: Number(exit.trim()) }) },
        compare: 'exact',
        // The commands also go to stdin, for programs that only read stdin (their stderr positions then differ where a case fixes stderr).
        external: { args, stdin: commands ?? '', copy: true },
        recordTo: { stdout: files.resolve(join(dir, 'expected.txt')), stderr: files.resolve(join(dir, 'expected.stderr')), exit: files.resolve(join(dir, 'expected.exit')) },
      };
    },
  };
}

/** Every layout a ruleset's verify knows: case folders first, then the ruleset's own. */
export function layoutsOf(rulesetId: string, engine: RulesetEngine): readonly CaseLayout[] {
  return [caseFolderLayout(rulesetId), ...(engine.layouts ?? [])];
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
