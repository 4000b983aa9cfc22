/**
 * The one place that turns a ruleset's meta into commander commands: `arbiter <id>` (play, batch),
 * `arbiter <id> record` and `arbiter <id> verify`, the same for every registered ruleset.
 */
import { Command, Option } from 'commander';
import type { RulesetEntry } from '../core/ruleset.js';
import { EXIT_SETUP } from '../core/session.js';
import { UsageError, type Io } from './io.js';
import { type Outcome, addRulesetOptions, checkOptions, examples, parseSeed, rulesetOptions, setupArgs, setupArgument } from './ruleset-options.js';
import { fuzzCommand, generateCommand } from './fuzz-command.js';
import { viewCommand } from './view-command.js';
import { load, playDefinition, playRequest, runPlay, SUBCOMMANDS } from './play-command.js';
import { defaultJobs, parseJobs, parsePositive, parseShard, type Reporter, type Shard } from './verify-options.js';
import { os } from '../entry/builtins.js';

export type { Outcome } from './ruleset-options.js';

export function rulesetCommand(entry: RulesetEntry, io: Io, outcome: Outcome, reachable: (subcommand: string) => boolean = () => true): Command {
  const cmd = playDefinition(entry);
  cmd.action(async (...received: unknown[]) => {
    outcome.code = await runPlay(entry, io, playRequest(entry, received));
  });
  const build: Record<(typeof SUBCOMMANDS)[number], () => Command> = {
    record: () => recordCommand(entry, io, outcome),
    verify: () => verifySubcommand(entry, io, outcome),
    generate: () => generateCommand(entry, io, outcome),
    fuzz: () => fuzzCommand(entry, io, outcome),
    view: () => viewCommand(entry, io, outcome),
  };
  // An unreachable subcommand is still added, bare: commander parses a command with subcommands differently
  // (a negative number is an option, not an operand), so the parse stays the same.
  for (const name of SUBCOMMANDS) cmd.addCommand(reachable(name) ? build[name]() : new Command(name));
  return cmd;
}

/** Writes the events file; called once before play (so a bad path fails first) and once after. */
function recordCommand(entry: RulesetEntry, io: Io, outcome: Outcome): Command {
  const { meta } = entry;
  const cmd = new Command('record').description('write golden output: re-record case folders, or play one choices file (--input) into a transcript (--out)');
  setupArgument(cmd, meta, 'record');
  addRulesetOptions(cmd, meta, 'record');
  if (meta.seeded) cmd.option('--seed <n>', 'seed of the generator, 0..4294967295', parseSeed);
  cmd
    .option('--input <file>', 'the choices, one per line (with --out)')
    .option('--out <file>', 'where to write the log (with --input); nothing is written unless the setup loads')
    .option('--case <folder>', 'instead of --out: write a new case folder (args.txt, commands.txt, the setup copied in, expected.*) that verify replays from any folder');
  cmd.addHelpText('after', examples(meta.examples.record));
  cmd.action(async (paths: string[], flags: { seed?: number; input?: string; out?: string; case?: string } & Record<string, unknown>) => {
    const options = rulesetOptions(meta, flags, 'record');
    if (flags.case !== undefined) {
      if (flags.out !== undefined) throw new UsageError('--case and --out are alternatives: give one');
      if (flags.input === undefined) throw new UsageError('--case needs --input <file>');
      checkOptions(meta, options, flags.seed, 'record');
      const args = setupArgs(meta, meta.setup.kind === 'files' ? paths : paths[0]);
      // Nothing is written unless the setup loads (the same errors as play).
      if ((await load({ entry, io, args, options, seed: flags.seed })) === null) {
        outcome.code = EXIT_SETUP;
        return;
      }
      outcome.code = await (await import('./record.js')).recordNewCase(entry, io, { args, options, seed: flags.seed, input: flags.input, dir: flags.case });
      return;
    }
    if (flags.out === undefined && flags.input === undefined) {
      if (paths.length === 0) throw new UsageError('record needs case folders, or --input <file> and --out <file>');
      const { recordCases } = await import('./record.js');
      outcome.code = await recordCases(entry, io, paths);
      return;
    }
    if (flags.out === undefined || flags.input === undefined) throw new UsageError('--input and --out go together');
    checkOptions(meta, options, flags.seed, 'record');
    const run = await load({ entry, io, args: setupArgs(meta, meta.setup.kind === 'files' ? paths : paths[0]), options, seed: flags.seed });
    outcome.code = run === null ? EXIT_SETUP : (await import('./record.js')).recordOne(run, io, flags.input, flags.out);
  });
  return cmd;
}

interface VerifyFlags {
  json?: boolean;
  jobs?: number;
  maxFailures?: number;
  quiet?: boolean;
  color?: boolean;
  reporter?: Reporter;
  out?: string;
  shard?: Shard;
  exec?: string;
  timeout?: number;
  stripInputLines?: boolean;
  maxOutput?: number;
  embedPassing?: boolean;
}

function verifySubcommand(entry: RulesetEntry, io: Io, outcome: Outcome): Command {
  const { meta } = entry;
  const cmd = new Command('verify')
    .description('replay golden transcripts or case folders and compare stdout (and stderr and exit code where a case fixes them)')
    .argument('<paths...>', 'case folders, folders of cases, or transcript files');
  addRulesetOptions(cmd, meta, 'verify');
  cmd
    .option('--json', 'print the report as JSON')
    .option('--jobs <n>', 'worker threads, at most the number of CPUs (default: 1 on 2 CPUs or fewer, else one per CPU)', parseJobs)
    .option('--max-failures <n>', 'stop after n failed cases', parseJobs)
    .option('--quiet', 'print only the total and the verdict')
    .option('--color', 'colour the report (default: on a terminal, or when FORCE_COLOR is set; never with NO_COLOR)')
    .option('--no-color', 'never colour the report')
    .addOption(new Option('--reporter <name>', 'report format (html: one self-contained page, whole transcripts of failing cases side by side)').choices(['table', 'json', 'junit', 'tap', 'html']))
    .option('--out <file>', 'write the report to <file> instead of stdout')
    .option('--embed-passing', 'with --reporter html: embed the text of passing cases too (collapsed)')
    .option('--shard <i/n>', 'check only the i-th of n equal shares of the sorted cases (a CI matrix); a share with no case is a usage error (exit 2)', parseShard)
    .option('--exec <command>', 'run each case through this program instead of Arbiter (the case\'s arguments are appended; input on stdin)')
    .option('--timeout <seconds>', 'with --exec: seconds before a case is killed (default 10)', parsePositive)
    .option('--strip-input-lines', 'with --exec: ignore INPUT: lines on both sides (for programs that do not echo their input)')
    .option('--max-output <bytes>', 'with --exec: bytes of output kept per case before the program is killed (default 64 MiB)', parsePositive);
  cmd.addHelpText('after', examples(meta.examples.verify));
  cmd.action(async (paths: string[], flags: VerifyFlags & Record<string, unknown>) => {
    const execOnly = ['timeout', 'stripInputLines', 'maxOutput'].filter((k) => flags[k] !== undefined);
    if (flags.exec === undefined && execOnly.length > 0) throw new UsageError(`--${execOnly[0]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} goes with --exec`);
    if (flags.json === true && flags.reporter !== undefined && flags.reporter !== 'json') throw new UsageError('--json and --reporter exclude each other');
    if (flags.embedPassing === true && flags.reporter !== 'html') throw new UsageError('--embed-passing goes with --reporter html');
    // Loaded here: worker threads and child processes are not needed to play.
    const { verifyCommand } = await import('./verify.js');
    outcome.code = await verifyCommand(
      {
        entry,
        options: rulesetOptions(meta, flags, 'verify'),
        paths,
        json: flags.json === true,
        // External programs are separate processes: they use every CPU by default.
        jobs: flags.jobs ?? (flags.exec === undefined ? defaultJobs() : os().availableParallelism()),
        ...(flags.maxFailures === undefined ? {} : { maxFailures: flags.maxFailures }),
        quiet: flags.quiet === true,
        ...(flags.color === undefined ? {} : { colour: flags.color }),
        ...(flags.reporter === undefined ? {} : { reporter: flags.reporter }),
        ...(flags.out === undefined ? {} : { out: flags.out }),
        ...(flags.embedPassing === true ? { embedPassing: true } : {}),
        ...(flags.shard === undefined ? {} : { shard: flags.shard }),
        ...(flags.exec === undefined
          ? {}
          : { exec: { command: flags.exec, timeoutMs: (flags.timeout ?? 10) * 1000, stripInputs: flags.stripInputLines === true, maxOutput: flags.maxOutput ?? 64 * 1024 * 1024 } }),
      },
      io,
    );
  });
  return cmd;
}
