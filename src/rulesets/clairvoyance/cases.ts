/**
 * Whole runs in memory, the way the CLI does them: setup errors and name warnings included, so one
 * function serves verify, the golden suites and the tests. A *case* is a folder in the reference-corpus
 * layout: `encounter.clv` and `expected.txt` (plus `expected.stderr` when stderr is fixed); its commands
 * are the INPUT lines of `expected.txt`, its dice come from the SEED line or else the default mode.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SetupError } from '../../core/battle.js';
import { isSkippableChoiceLine, splitLines } from '../../core/lines.js';
import { parseTranscript, transcriptInputs } from '../../core/transcript.js';
import { EXIT_SETUP, MemorySink, runLines } from '../../core/session.js';
import type { DiceMode } from './dice.js';
import type { ClvEvent } from './events.js';
import { CLAIRVOYANCE_META, createClairvoyanceBattle, loadEncounter } from './index.js';

export interface RunOptions {
  readonly dice: DiceMode;
  readonly strict?: boolean;
  /** The encounter's name in diagnostics (as given on the command line). */
  readonly file: string;
  /** The command source's name in diagnostics. */
  readonly source: string;
  readonly echo?: boolean;
  readonly onEvent?: (e: ClvEvent) => void;
}

export interface RunResult {
  readonly stdout: string[];
  readonly stderr: string[];
  readonly exitCode: number;
  /** stdout as a file (`\n` after every line; a trailing prompt kept). */
  readonly text: string;
}

export function runEncounterText(text: string, commands: Iterable<string>, options: RunOptions): RunResult {
  const sink = new MemorySink();
  let exitCode: number;
  try {
    const loaded = loadEncounter(options.file, text, options.strict ?? false);
    for (const w of loaded.warnings) sink.err(w);
    const battle = createClairvoyanceBattle(loaded.model, { dice: options.dice, ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }) });
    exitCode = runLines(battle, commands, sink, {
      echo: options.echo ?? true,
      source: options.source,
      ruleset: CLAIRVOYANCE_META.id,
      skipBlankAndComments: CLAIRVOYANCE_META.skipBlankAndComments,
    });
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    for (const line of error.stdoutLines) sink.out(line);
    for (const line of error.message.split('\n')) sink.err(line);
    exitCode = EXIT_SETUP;
  }
  return { stdout: sink.stdout, stderr: sink.stderr, exitCode, text: sink.text() };
}

function commandsFor(dir: string, inputs: readonly string[]): readonly string[] {
  const file = join(dir, 'commands.txt');
  if (!existsSync(file)) return inputs;
  const lines = splitLines(readFileSync(file, 'utf8'));
  const consumed = lines.filter((l) => !isSkippableChoiceLine(l));
  const same = inputs.every((line, i) => consumed[i] === line);
  return same ? lines : inputs;
}

const SEED_LINE = /^SEED xoroshiro128plus:(\d+)$/;

/** The dice a transcript was made with: its SEED line, else the given forced mode. */
export function diceOfTranscript(lines: readonly string[], fallback: 'max' | 'min'): DiceMode {
  const m = lines.length > 0 ? SEED_LINE.exec(lines[0]!) : null;
  return m === null ? { kind: fallback } : { kind: 'seed', seed: Number(m[1]) };
}

export const isCaseFolder = (dir: string) => existsSync(join(dir, 'encounter.clv')) && existsSync(join(dir, 'expected.txt'));

export interface CaseReplay {
  readonly expected: string[];
  readonly actual: string[];
  readonly stderr?: { readonly expected: string[]; readonly actual: string[] };
  readonly exitCode: number;
}

/**
 * Replays a case folder as if run from inside it (`encounter.clv`, commands named `commands.txt`). The
 * commands are the INPUT lines of expected.txt; when the folder's `commands.txt` consumes exactly those
 * lines it is fed instead, blank and comment lines included, so stderr line numbers match the recording.
 */
export function replayCase(dir: string, fallback: 'max' | 'min' = 'max'): CaseReplay {
  const expected = parseTranscript(readFileSync(join(dir, 'expected.txt'), 'utf8'));
  const inputs = transcriptInputs(expected);
  const result = runEncounterText(readFileSync(join(dir, 'encounter.clv'), 'utf8'), commandsFor(dir, inputs), {
    dice: diceOfTranscript(expected, fallback),
    file: 'encounter.clv',
    source: 'commands.txt',
  });
  const stderrFile = join(dir, 'expected.stderr');
  const stderr = existsSync(stderrFile) ? { expected: parseTranscript(readFileSync(stderrFile, 'utf8')), actual: result.stderr } : undefined;
  return { expected, actual: result.stdout, exitCode: result.exitCode, ...(stderr === undefined ? {} : { stderr }) };
}
