/**
 * Case folders (CONVENTIONS, "Cases, verify and record"), the layout every ruleset has: `args.txt` holds
 * the command line after the program, `commands.txt` the input stream, `expected.txt` /
 * `expected.stderr` / `expected.exit` what the run must give. A folder becomes the one case model
 * (core/case.ts); the runner (case-run.ts) plays it as `arbiter $(cat args.txt) --input commands.txt`
 * would from inside the folder. Rulesets add their own layouts beside this one (RulesetEngine.layouts).
 */
import { basename, join } from 'node:path';
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
  // A folder that cannot be listed may hold cases: it is one case of its own, which fails with the reason
  // when read, so a case that never ran is never counted green. A path that is no folder holds none.
  if (!folders.ok) return folders.reason === 'file not found' || folders.reason === 'not a folder' ? [] : [path];
  return folders.value.flatMap((name) => findCases(join(path, name), files));
}

/** The arguments of a case after the ruleset id; a problem with args.txt is fatal (a usage error, exit 2). */
export function caseArgs(dir: string, rulesetId: string, files: Files = diskFiles()): string[] | BrokenCase {
  const path = join(dir, ARGS_FILE);
  const fatal = (message: string): BrokenCase => ({ broken: `${path}: ${message}`, fatal: true });
  const text = files.read(path);
  if (!text.ok) {
    // The user's access, not the case, is wrong: that case fails with its reason and the others still run.
    if (text.reason === 'permission denied') return { broken: `${dir}: E_IO: cannot read the case folder (${text.reason})` };
    return fatal(`cannot read the case's arguments (${text.reason})`);
  }
  const words = shellWords(splitLines(text.value).join(' '));
  if (typeof words === 'string') return fatal(words);
  if (words.length === 0) return fatal('holds no arguments');
  if (words[0] !== rulesetId) return fatal(`the case is for '${words[0]}', not '${rulesetId}'`);
  return words.slice(1);
}

/** Unquoted characters a shell would give a meaning beyond the word: refused in args.txt. */
const SPECIAL = '|&;<>()$`*?';
/** What ends a run of plain characters in a word. */
const PLAIN_ENDS = `${SPECIAL} \t'"\\`;

/**
 * The words of a command line as a POSIX shell splits them (CONVENTIONS reads args.txt by shell rules), or
 * why it is not one. Only words and quotes are allowed: an operator, a variable, a command substitution or
 * a pattern would make the case depend on a shell and its environment. One pass, no recursion and no
 * backtracking regex, so a word of any length is read in linear time (shell-quote overflowed the stack on a
 * 10 MB word).
 */
export function shellWords(line: string): string[] | string {
  const refused = (c: string) => {
    const what = c === '#' ? 'comments' : c === '$' || c === '`' ? 'variables or command substitution' : c === '*' || c === '?' ? 'patterns' : 'shell operators';
    return `only words and quotes are allowed (no ${what})`;
  };
  const words: string[] = [];
  let word: string[] | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      if (word !== null) words.push(word.join(''));
      word = null;
      continue;
    }
    if (c === '#' && word === null) return refused('#');
    word ??= [];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return 'unbalanced quote: a \' is never closed';
      word.push(line.slice(i + 1, end));
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        const d = line[j]!;
        if (d === '$' || d === '`') return refused(d);
        // Inside double quotes a backslash escapes only these; before anything else it stays.
        if (d === '\\' && j + 1 < line.length && '$`"\\'.includes(line[j + 1]!)) word.push(line[++j]!);
        else word.push(d);
      }
      if (j >= line.length) return 'unbalanced quote: a " is never closed';
      i = j;
    } else if (c === '\\') {
      // A backslash at the very end escapes the newline that joined the lines: nothing.
      if (i + 1 < line.length) word.push(line[++i]!);
    } else if (SPECIAL.includes(c)) {
      return refused(c);
    } else {
      // A run of plain characters at once: a 10 MB word is one slice, not ten million.
      let j = i + 1;
      while (j < line.length && !PLAIN_ENDS.includes(line[j]!)) j++;
      word.push(line.slice(i, j));
      i = j - 1;
    }
  }
  if (word !== null) words.push(word.join(''));
  return words;
}

/**
 * A case's optional file, or undefined where there is none (a folder of that name is none either): one
 * read, no stat first. One that is there but cannot be read (a device, a FIFO, no permission, past the size
 * limit) breaks the case: taken as absent, a case would pass without its commands or its expected output.
 */
function readOptional(files: Files, path: string): string | undefined | BrokenCase {
  const text = files.read(path);
  if (text.ok) return text.value;
  return text.reason === 'file not found' || text.reason === 'is a folder' ? undefined : { broken: `${path}: E_IO: cannot read ${basename(path)} (${text.reason})` };
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
      const read = [COMMANDS_FILE, 'expected.txt', 'expected.stderr', 'expected.exit'].map((name) => readOptional(files, join(dir, name)));
      const broken = read.find((r): r is BrokenCase => typeof r === 'object');
      if (broken !== undefined) return broken;
      const [commands, stdout, stderr, exit] = read as (string | undefined)[];
      const args = commands === undefined ? words : [...words, '--input', COMMANDS_FILE];
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
