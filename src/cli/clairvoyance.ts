/** The `clairvoyance` command: run an encounter file, record a golden case, or verify case folders. */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { UsageError } from './play.js';
import { collect, parseJobs } from './options.js';

interface RunOptions {
  seed?: number;
  dice?: 'max' | 'min';
  input?: string[];
  outDir?: string;
  echoInput?: boolean;
  strict?: boolean;
  events?: string;
}

const EXAMPLES = `
Examples:
  $ arbiter clairvoyance data/clairvoyance/skirmish.clv --seed 7 < data/clairvoyance/demo-commands.txt
  $ arbiter clairvoyance encounter.clv --dice max --input commands.txt
  $ arbiter clairvoyance encounter.clv --input a.txt --input b.txt --out-dir logs/
  $ arbiter clairvoyance encounter.clv --strict --events events.jsonl --input commands.txt
  $ arbiter clairvoyance verify ../shared/clairvoyance/reference`;

const VERIFY_EXAMPLES = `
Examples:
  $ arbiter clairvoyance verify ../shared/clairvoyance/reference
  $ arbiter clairvoyance verify test-cases/clairvoyance/seeded/001-approach-open --dice min`;

const RECORD_EXAMPLES = `
Example:
  $ arbiter clairvoyance record encounter.clv --seed 3 --input commands.txt --out expected.txt`;

export function registerClairvoyance(program: Command): void {
  const clv = program
    .command('clairvoyance')
    .description('Clairvoyance (D&D 3.5 encounters with unit behaviours): run an encounter file')
    .argument('<encounter>', 'the encounter file (.clv)')
    .enablePositionalOptions()
    .option('--seed <n>', 'random dice from xoroshiro128plus(n), n in 0..4294967295 (default 0)', parseSeed)
    .addOption(new Option('--dice <mode>', 'forced dice: every die shows its maximum or 1 (no SEED line)').choices(['max', 'min']))
    .option('--input <file>', 'read commands from this file instead of stdin (repeat with --out-dir)', collect)
    .option('--out-dir <folder>', 'write one log per --input file to <folder>/<basename>')
    .option('--echo-input', 'print each command as "INPUT: <line>" (default when input is not a terminal)')
    .option('--no-echo-input', 'print the "> " prompt instead of echoing commands')
    .option('--strict', 'unknown names in AI programs are errors (E_NAME, exit 2), not warnings')
    .option('--events <file>', 'also write every event (rolls included) as JSON lines to <file>')
    .addHelpText('after', EXAMPLES)
    .action(async (encounter: string, options: RunOptions) => {
      const dice = diceMode(options);
      if (options.events !== undefined && options.outDir !== undefined) throw new UsageError('--events writes one battle; it cannot be combined with --out-dir');
      const { readEncounter, createClairvoyanceBattle, CLAIRVOYANCE_META } = await import('../rulesets/clairvoyance/index.js');
      const { eventJson } = await import('../rulesets/clairvoyance/events.js');
      const { play } = await import('./play.js');
      const loaded = readEncounter(encounter, options.strict === true);
      for (const warning of loaded.warnings) process.stderr.write(`${warning}\n`);
      const events: string[] = [];
      const onEvent = options.events === undefined ? undefined : (e: Parameters<typeof eventJson>[0]) => events.push(eventJson(e));
      process.exitCode = await play(
        {
          ruleset: CLAIRVOYANCE_META.id,
          skipBlankAndComments: CLAIRVOYANCE_META.skipBlankAndComments,
          makeBattle: () => createClairvoyanceBattle(loaded.model, { dice, ...(onEvent === undefined ? {} : { onEvent }) }),
        },
        options,
      );
      if (options.events !== undefined) await writeEvents(options.events, events);
    });

  clv
    .command('record')
    .description('run an encounter on a commands file and write its log as a golden expected.txt')
    .argument('<encounter>', 'the encounter file (.clv)')
    .option('--seed <n>', 'random dice from xoroshiro128plus(n) (default 0)', parseSeed)
    .addOption(new Option('--dice <mode>', 'forced dice').choices(['max', 'min']))
    .requiredOption('--input <file>', 'the commands, one per line')
    .requiredOption('--out <file>', 'where to write the log')
    .addHelpText('after', RECORD_EXAMPLES)
    .action(async (encounter: string, options: { seed?: number; dice?: 'max' | 'min'; input: string; out: string }) => {
      const dice = diceMode(options);
      const { readEncounter, createClairvoyanceBattle, CLAIRVOYANCE_META } = await import('../rulesets/clairvoyance/index.js');
      const { record } = await import('./play.js');
      const { SetupError } = await import('../core/battle.js');
      let loaded: ReturnType<typeof readEncounter>;
      try {
        loaded = readEncounter(encounter);
      } catch (error) {
        // A case may record a setup error: its log is the stdout the error prints (`ERROR: …` or nothing).
        if (error instanceof SetupError) await writeLog(options.out, error.stdoutLines);
        throw error;
      }
      for (const warning of loaded.warnings) process.stderr.write(`${warning}\n`);
      process.exitCode = record(
        { ruleset: CLAIRVOYANCE_META.id, skipBlankAndComments: CLAIRVOYANCE_META.skipBlankAndComments, makeBattle: () => createClairvoyanceBattle(loaded.model, { dice }) },
        options.input,
        options.out,
      );
    });

  clv
    .command('verify')
    .description('replay case folders (encounter.clv + expected.txt) and compare stdout, and stderr where expected.stderr exists')
    .argument('<case-dirs...>', 'case folders, or folders of case folders')
    .addOption(new Option('--dice <mode>', 'dice for cases without a SEED line (default max)').choices(['max', 'min']))
    .option('--json', 'print the report as JSON')
    .option('--jobs <n>', 'worker threads (default: the number of CPUs)', parseJobs)
    .addHelpText('after', VERIFY_EXAMPLES)
    .action(async (paths: string[], options: { dice?: 'max' | 'min'; json?: boolean; jobs?: number }) => {
      const { verifyCommand, defaultJobs } = await import('./verify.js');
      process.exitCode = await verifyCommand({
        ruleset: 'clairvoyance',
        options: { dice: options.dice },
        paths,
        json: options.json === true,
        jobs: options.jobs ?? defaultJobs(),
      });
    });
}

type Dice = { kind: 'seed'; seed: number } | { kind: 'max' } | { kind: 'min' };

function diceMode(options: { seed?: number; dice?: 'max' | 'min' }): Dice {
  if (options.seed !== undefined && options.dice !== undefined) throw new UsageError('--seed and --dice exclude each other');
  if (options.dice !== undefined) return { kind: options.dice };
  return { kind: 'seed', seed: options.seed ?? 0 };
}

async function writeLog(file: string, lines: readonly string[]): Promise<void> {
  const { writeFileSync } = await import('node:fs');
  const { makeTranscript } = await import('../core/transcript.js');
  writeFileSync(file, makeTranscript(lines));
}

async function writeEvents(file: string, lines: readonly string[]): Promise<void> {
  const { writeFileSync } = await import('node:fs');
  const { SetupError } = await import('../core/battle.js');
  try {
    writeFileSync(file, lines.map((l) => l + '\n').join(''));
  } catch (error) {
    throw new SetupError(file, 'E_IO', `cannot write the events file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function parseSeed(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) > 0xffffffff) throw new InvalidArgumentError('expected a whole number from 0 to 4294967295');
  return Number(value);
}
