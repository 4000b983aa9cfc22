/**
 * The corpus's case layout: a folder with `encounter.clv` and `expected.txt` (and `expected.stderr`,
 * `commands.txt` where the case has them) but no `args.txt`. Its dice come from the transcript's SEED line,
 * else `--dice` (max by default); its choices are the transcript's INPUT lines, or `commands.txt` when that
 * file consumes exactly those lines (blank and comment lines included, so stderr positions match).
 */
import type { BrokenCase, CaseSpec } from '../../core/case.js';
import type { CaseLayout } from '../../core/ruleset.js';
import type { Files } from '../../core/files.js';
import { isSkippableChoiceLine, splitLines } from '../../core/lines.js';
import { join } from '../../core/platform.js';
import { parseTranscript, transcriptInputs } from '../../core/transcript.js';

const SEED_LINE = /^SEED xoroshiro128plus:(\d+)$/;

/** The seed of a transcript's SEED line, if it has one. */
export function seedOfTranscript(lines: readonly string[]): number | undefined {
  const m = lines.length > 0 ? SEED_LINE.exec(lines[0]!) : null;
  return m === null ? undefined : Number(m[1]);
}

/**
 * encounter.clv + expected.txt and no args.txt (a folder with args.txt is a CONVENTIONS case). Either may
 * be a folder by mistake: the folder is still a case, reported broken when it is read.
 */
function isCorpusCase(dir: string, files: Files): boolean {
  return files.kind(join(dir, 'encounter.clv')) !== 'none' && files.kind(join(dir, 'expected.txt')) !== 'none' && files.kind(join(dir, 'args.txt')) === 'none';
}

/** A corpus case, or every one below a folder (a suite, or a folder of suites), sorted by path. */
function casesBelow(path: string, files: Files): string[] {
  if (isCorpusCase(path, files)) return [path];
  const folders = files.folders(path);
  return folders.ok ? folders.value.flatMap((name) => casesBelow(join(path, name), files)) : [];
}

/** A case file's text; a missing optional one is none, any other unreadable file breaks the case. */
function readCaseFile(dir: string, name: string, files: Files, optional: boolean): string | BrokenCase | undefined {
  const path = join(dir, name);
  const read = files.read(path);
  if (read.ok) return read.value;
  return optional && read.reason === 'file not found' ? undefined : { broken: `${path}: E_IO: cannot read ${name} (${read.reason})` };
}

export const corpusLayout: CaseLayout = {
  name: 'corpus case',
  find(path, files) {
    if (files.kind(path) !== 'folder') return null;
    const cases = casesBelow(path, files);
    return cases.length === 0 ? null : cases;
  },
  read(dir, options, files): CaseSpec | BrokenCase {
    // The encounter is read by the run itself (the core reads the setup slot): here only that it is a file.
    const encounter = join(dir, 'encounter.clv');
    const kind = files.kind(encounter);
    if (kind !== 'file') return { broken: `${encounter}: E_IO: cannot read encounter.clv (${kind === 'folder' ? 'is a folder' : 'file not found'})` };
    const texts: Record<string, string | undefined> = {};
    for (const name of ['expected.txt', 'commands.txt', 'expected.stderr']) {
      const text = readCaseFile(dir, name, files, name !== 'expected.txt');
      if (typeof text === 'object') return text;
      texts[name] = text;
    }
    const expected = parseTranscript(texts['expected.txt']!);
    const seed = seedOfTranscript(expected);
    const dice = seed === undefined ? ['--dice', String(options['dice'] ?? 'max')] : ['--seed', String(seed)];
    const inputs = transcriptInputs(expected);
    const commands = texts['commands.txt'] === undefined ? undefined : splitLines(texts['commands.txt']);
    const consumed = commands?.filter((l) => !isSkippableChoiceLine(l));
    const fromFile = commands !== undefined && inputs.every((line, i) => consumed![i] === line);
    const lines = fromFile ? commands : inputs;
    const stderr = texts['expected.stderr'];
    return {
      path: dir,
      folder: files.resolve(dir),
      args: ['encounter.clv', ...dice],
      input: { kind: 'lines', lines, source: 'commands.txt' },
      expected: { stdout: { text: texts['expected.txt']! }, ...(stderr === undefined ? {} : { stderr }) },
      compare: 'lines',
      // As the case was recorded: the commands file by name, so stderr positions name it; stdin too, for programs without --input.
      external: { args: ['encounter.clv', ...dice, ...(fromFile ? ['--input', 'commands.txt'] : [])], copy: true },
      recordTo: { stdout: files.resolve(join(dir, 'expected.txt')), stderr: files.resolve(join(dir, 'expected.stderr')) },
    };
  },
};
