/** `arbiter <id> generate` and `arbiter <id> fuzz`: random valid games, written or played through another program. */
import { Command, InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';
import type { RulesetEntry } from '../core/ruleset.js';
import type { GameSetup } from './games.js';
import { UsageError, type Io } from './io.js';
import { parsePositive } from './verify-options.js';
import { type Outcome, addRulesetOptions, checkOptions, examples, parseSeed, rulesetOptions, setupArgs, setupArgument } from './ruleset-options.js';

function count(value: string): number {
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || n < 1 || n > 1_000_000) throw new InvalidArgumentError('expected a whole number from 1 to 1000000');
  return n;
}

interface GameFlags {
  games?: number;
  seed?: number;
  maxSteps?: number;
  outDir?: string;
  exec?: string;
  timeout?: number;
  stripInputLines?: boolean;
  maxOutput?: number;
}

function gameCommand(entry: RulesetEntry, name: 'generate' | 'fuzz', description: string): Command {
  const cmd = new Command(name).description(description);
  setupArgument(cmd, entry.meta, 'play');
  addRulesetOptions(cmd, entry.meta, 'play');
  cmd
    .option('--games <n>', 'how many games (default 20)', count)
    .option('--seed <s>', 'seed of the game generator, 0..4294967295 (default 0); each game draws its own battle seed from it', parseSeed)
    .option('--max-steps <k>', 'choices per game at most (default 300)', count);
  return cmd;
}

async function gameSetup(entry: RulesetEntry, io: Io, received: unknown[], flags: GameFlags & Record<string, unknown>): Promise<GameSetup> {
  const { meta } = entry;
  const options = rulesetOptions(meta, flags, 'play');
  checkOptions(meta, options, undefined, 'play');
  return { meta, engine: await entry.engine(), args: setupArgs(meta, meta.setup.kind === 'none' ? undefined : received[0]), options, cwd: io.cwd };
}

/** The ruleset's first play example without its input and seed: what the game commands' examples start from. */
function exampleSetup(entry: RulesetEntry): string {
  return entry.meta.examples.play[0]!.split(' --input')[0]!.split(' < ')[0]!.replace(/ --seed \d+/, '');
}

export function generateCommand(entry: RulesetEntry, io: Io, outcome: Outcome): Command {
  const example = exampleSetup(entry);
  const generateCmd = gameCommand(entry, 'generate', 'write random valid games (choices drawn from each prompt\'s options, some rejected lines mixed in) as new golden cases')
    .requiredOption('--out-dir <folder>', 'where to write the games')
    .addHelpText('after', examples([`${example.replace(entry.meta.id, `${entry.meta.id} generate`)} --games 5 --seed 1 --out-dir /tmp/${entry.meta.id}-games`]));
  generateCmd.action(async (...received: unknown[]) => {
    const flags = received[received.length - 2] as GameFlags & Record<string, unknown>;
    const setup = await gameSetup(entry, io, received, flags);
    const { generate } = await import('./fuzz.js');
    outcome.code = generate(setup, { games: flags.games ?? 20, seed: flags.seed ?? 0, maxSteps: flags.maxSteps ?? 300, outDir: resolve(io.cwd, flags.outDir!) }, io);
  });
  return generateCmd;
}

export function fuzzCommand(entry: RulesetEntry, io: Io, outcome: Outcome): Command {
  const example = exampleSetup(entry);
  const fuzzCmd = gameCommand(entry, 'fuzz', 'differential testing: play random valid games through another program and shrink every game whose output differs')
    .requiredOption('--exec <command>', 'the program to check, run by the shell in each game\'s own scratch folder (not this one: give its paths absolute, e.g. $PWD/...); the game\'s arguments are appended, its input on stdin')
    .option('--out-dir <folder>', 'where shrunk differing games are written as cases (default fuzz-out, git-ignored)')
    .option('--timeout <seconds>', 'seconds before a game is killed (default 10)', parsePositive)
    .option('--strip-input-lines', 'ignore INPUT: lines on both sides (for programs that do not echo their input)')
    .option('--max-output <bytes>', 'bytes of output kept per game before the program is killed (default 64 MiB)', parsePositive)
    .addHelpText('after', examples(entry.meta.examples.fuzz ?? [`${example.replace(entry.meta.id, `${entry.meta.id} fuzz`)} --exec "node $PWD/dist/cli.cjs ${entry.meta.id}" --games 3`]));
  fuzzCmd.action(async (...received: unknown[]) => {
    const flags = received[received.length - 2] as GameFlags & Record<string, unknown>;
    const setup = await gameSetup(entry, io, received, flags);
    if (flags.exec === undefined) throw new UsageError('--exec is required');
    const { fuzz } = await import('./fuzz.js');
    outcome.code = await fuzz(
      setup,
      {
        games: flags.games ?? 20,
        seed: flags.seed ?? 0,
        maxSteps: flags.maxSteps ?? 300,
        outDir: resolve(io.cwd, flags.outDir ?? 'fuzz-out'),
        exec: { command: flags.exec, timeoutMs: (flags.timeout ?? 10) * 1000, stripInputs: flags.stripInputLines === true, maxOutput: flags.maxOutput ?? 64 * 1024 * 1024 },
      },
      io,
    );
  });
  return fuzzCmd;
}
