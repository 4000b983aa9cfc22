/**
 * The `clairvoyance` engine: an encounter file in, battles out; and the corpus's own case form (a folder
 * with `encounter.clv` and `expected.txt`, no `args.txt`), whose dice come from its SEED line, else `--dice`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SetupError } from '../../core/battle.js';
import { diskFiles, ioReason } from '../../core/files.js';
import { isSkippableChoiceLine, splitLines } from '../../core/lines.js';
import type { CaseOutcome, ExternalCase, RulesetEngine, RulesetOptions } from '../../core/ruleset.js';
import { runInMemory } from '../../core/run.js';
import { parseTranscript, transcriptInputs } from '../../core/transcript.js';
import { ClairvoyanceBattle } from './battle.js';
import { loadEncounter, type LoadedEncounter } from './encounter.js';
import { setupFailure } from './errors.js';
import { eventJson } from './events.js';
import { CLAIRVOYANCE_META } from './meta.js';

export const engine: RulesetEngine<LoadedEncounter> = {
  load({ args, options, files }) {
    const file = args[0]!;
    const text = files.read(file);
    if (!text.ok) return setupFailure.unreadable(file, text.reason);
    const loaded = loadEncounter(file, text.value, options['strict'] === true);
    return loaded.ok ? { ok: true, setup: loaded.encounter, warnings: loaded.encounter.warnings } : loaded;
  },
  start(setup, { rng, options, onEvent, terminal }) {
    const dice = rng !== null ? { kind: 'random' as const, prng: rng } : { kind: options['dice'] === 'min' ? ('min' as const) : ('max' as const) };
    return new ClairvoyanceBattle(setup.model, { dice, view: terminal === true ? 'terminal' : 'log', ...(onEvent === undefined ? {} : { onEvent: (e) => onEvent(eventJson(e)) }) });
  },
  ownCases: {
    list(path) {
      try {
        if (!statSync(path).isDirectory()) return null;
      } catch {
        return null;
      }
      const cases = ownCasesBelow(path);
      return cases.length === 0 ? null : cases;
    },
    replay: (dir, options) => replayOwnCase(dir, options),
    output: (dir, options) => {
      const replay = replayOwnCase(dir, options);
      return { stdout: replay.stdout.actual, stderr: replay.stderr?.actual ?? [] };
    },
    expectedFiles: (dir) => ({ stdout: join(dir, 'expected.txt'), stderr: join(dir, 'expected.stderr') }),
    external(dir, options): ExternalCase {
      checkCaseFiles(dir);
      const expected = parseTranscript(readCaseFile(dir, 'expected.txt'));
      const seed = seedOfTranscript(expected);
      const dice = seed === undefined ? ['--dice', String(options['dice'] ?? 'max')] : ['--seed', String(seed)];
      const stderrFile = join(dir, 'expected.stderr');
      const commands = caseCommands(dir, transcriptInputs(expected));
      return {
        // As the case was recorded: the commands file by name, so stderr positions name it; stdin too, for programs without --input.
        args: ['encounter.clv', ...dice, ...(commands.fromFile ? ['--input', 'commands.txt'] : [])],
        folder: dir,
        copy: true,
        stdin: commands.lines.map((l) => l + '\n').join(''),
        expected: { stdout: expected, ...(existsSync(stderrFile) ? { stderr: parseTranscript(readCaseFile(dir, 'expected.stderr')) } : {}) },
        compare: 'lines',
      };
    },
  },
};

export default engine;

/** A corpus-form case, or every one below a folder (a suite, or a folder of suites), sorted by path. */
function ownCasesBelow(path: string): string[] {
  if (isOwnCase(path)) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .flatMap((name) => ownCasesBelow(join(path, name)));
}

/**
 * The corpus form: encounter.clv + expected.txt and no args.txt (a folder with args.txt is a CONVENTIONS
 * case). Either may be a folder by mistake: the folder is still a case, reported broken when it is run.
 */
function isOwnCase(dir: string): boolean {
  return existsSync(join(dir, 'encounter.clv')) && existsSync(join(dir, 'expected.txt')) && !existsSync(join(dir, 'args.txt'));
}

/** A case whose encounter, expected output or commands is not a readable file is broken (verify: a failed case). */
function checkCaseFiles(dir: string): void {
  for (const name of ['encounter.clv', 'expected.txt', 'commands.txt']) {
    const path = join(dir, name);
    let file: boolean;
    try {
      file = statSync(path).isFile();
    } catch (error) {
      if (name === 'commands.txt' && (error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new SetupError(path, 'E_IO', `cannot read ${name} (${ioReason(error)})`);
    }
    if (!file) throw new SetupError(path, 'E_IO', `cannot read ${name} (${statSync(path).isDirectory() ? 'is a folder' : 'not a file'})`);
  }
}

const SEED_LINE = /^SEED xoroshiro128plus:(\d+)$/;

/** The seed of a transcript's SEED line, if it has one. */
export function seedOfTranscript(lines: readonly string[]): number | undefined {
  const m = lines.length > 0 ? SEED_LINE.exec(lines[0]!) : null;
  return m === null ? undefined : Number(m[1]);
}

/**
 * The commands of a case: its INPUT lines; when the folder's `commands.txt` consumes exactly those lines
 * it is fed instead, blank and comment lines included, so stderr line numbers match the recording.
 */
function commandsFor(dir: string, inputs: readonly string[]): readonly string[] {
  return caseCommands(dir, inputs).lines;
}

/** The case's commands and whether they are its commands.txt (then named with --input for other programs). */
function caseCommands(dir: string, inputs: readonly string[]): { readonly lines: readonly string[]; readonly fromFile: boolean } {
  const file = join(dir, 'commands.txt');
  if (!existsSync(file)) return { lines: inputs, fromFile: false };
  const lines = splitLines(readCaseFile(dir, 'commands.txt'));
  const consumed = lines.filter((l) => !isSkippableChoiceLine(l));
  return inputs.every((line, i) => consumed[i] === line) ? { lines, fromFile: true } : { lines: inputs, fromFile: false };
}

function readCaseFile(dir: string, name: string): string {
  try {
    return readFileSync(join(dir, name), 'utf8');
  } catch (error) {
    throw new SetupError(join(dir, name), 'E_IO', `cannot read ${name} (${ioReason(error)})`);
  }
}

export function replayOwnCase(dir: string, options: RulesetOptions): CaseOutcome {
  checkCaseFiles(dir);
  const expected = parseTranscript(readCaseFile(dir, 'expected.txt'));
  const seed = seedOfTranscript(expected);
  const result = runInMemory(CLAIRVOYANCE_META, engine, {
    args: ['encounter.clv'],
    options: seed === undefined ? { dice: options['dice'] ?? 'max' } : {},
    ...(seed === undefined ? {} : { seed }),
    files: diskFiles(dir),
    lines: commandsFor(dir, transcriptInputs(expected)),
    source: 'commands.txt',
  });
  const stderrFile = join(dir, 'expected.stderr');
  return {
    stdout: { expected, actual: result.stdout },
    ...(existsSync(stderrFile) ? { stderr: { expected: parseTranscript(readCaseFile(dir, 'expected.stderr')), actual: result.stderr } } : {}),
  };
}
