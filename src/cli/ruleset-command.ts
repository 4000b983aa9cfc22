/**
 * The one place that turns a ruleset's meta into commander commands: `arbiter <id>` (play, batch),
 * `arbiter <id> record` and `arbiter <id> verify`, the same for every registered ruleset.
 */
import { Command, Option } from 'commander';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { diskFiles, ioReason } from '../core/files.js';
import type { RulesetEntry, RulesetOptions } from '../core/ruleset.js';
import { prepareRun, type PreparedRun } from '../core/run.js';
import { EXIT_SETUP } from '../core/session.js';
import { UsageError, type Io } from './io.js';
import { type Outcome, addRulesetOptions, checkOptions, collect, examples, parseSeed, rulesetOptions, setupArgs, setupArgument } from './ruleset-options.js';
import { fuzzCommand, generateCommand } from './fuzz-command.js';
import { checkPlayOptions, play } from './play.js';
import { exitCodeFor, routeToIo } from './exit.js';
import { defaultJobs, parseJobs, parsePositive, parseShard, type Reporter, type Shard } from './verify-options.js';

export type { Outcome } from './ruleset-options.js';

export interface Loading {
  readonly entry: RulesetEntry;
  readonly io: Io;
  readonly args: readonly string[];
  readonly options: RulesetOptions;
  readonly seed: number | undefined;
  readonly onEvent?: (json: string) => void;
}

/** Loads the setup; on failure prints what the ruleset prints and returns null (exit 2). */
export async function load(request: Loading): Promise<PreparedRun | null> {
  const engine = await request.entry.engine();
  const prepared = prepareRun(request.entry.meta, engine, {
    args: request.args,
    options: request.options,
    files: request.io.files ?? diskFiles(request.io.cwd),
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(request.onEvent === undefined ? {} : { onEvent: request.onEvent }),
  });
  if (!prepared.ok) {
    for (const line of prepared.stdout) request.io.out(line + '\n');
    for (const line of prepared.stderr) request.io.err(line + '\n');
    return null;
  }
  for (const w of prepared.run.warnings) request.io.err(w + '\n');
  return prepared.run;
}

interface PlayFlags {
  seed?: number;
  input?: string[];
  outDir?: string;
  echoInput?: boolean;
  events?: string;
}

/** A play command line, parsed and checked: what `arbiter <id> …` (and a case's args.txt) asks to run. */
export interface PlayRequest {
  readonly args: readonly string[];
  readonly options: RulesetOptions;
  readonly flags: PlayFlags;
}

/** `arbiter <id>`'s arguments and options, without an action: the play command and the case parser share it. */
function playDefinition(entry: RulesetEntry): Command {
  const { meta } = entry;
  const cmd = new Command(meta.id)
    .description(`${meta.title} (rules v${meta.rulesVersion}, ${meta.maturity})`)
    .enablePositionalOptions()
    // `arbiter smt help verify` as well as `arbiter smt verify --help`.
    .helpCommand(true);
  setupArgument(cmd, meta, 'play');
  addRulesetOptions(cmd, meta, 'play');
  if (meta.seeded) cmd.option('--seed <n>', 'seed of the xoroshiro128plus generator, 0..4294967295 (default: the setup\'s, else 0)', parseSeed);
  cmd
    .option('--input <file>', 'read choices from this file instead of stdin (repeat with --out-dir; - is stdin)', collect)
    .option('--out-dir <folder>', 'write one log per --input file to <folder>/<basename>')
    .option('--echo-input', 'print each choice as "INPUT: <line>" (default when input is not a terminal)')
    .option('--no-echo-input', 'do not print the choices');
  if (meta.events === true) cmd.option('--events <file>', 'also write every event (rolls included) as JSON lines to <file>');
  cmd.addHelpText('after', examples(meta.examples.play));
  return cmd;
}

const SUBCOMMANDS = ['record', 'verify', 'generate', 'fuzz'] as const;

/** The request of commander's action arguments, checked (usage errors before anything is loaded). */
function playRequest(entry: RulesetEntry, received: readonly unknown[]): PlayRequest {
  const { meta } = entry;
  const flags = received[received.length - 2] as PlayFlags & Record<string, unknown>;
  const options = rulesetOptions(meta, flags, 'play');
  checkOptions(meta, options, flags.seed, 'play');
  checkPlayOptions(flags);
  if (flags.events !== undefined && flags.outDir !== undefined) throw new UsageError('--events writes one battle; it cannot be combined with --out-dir');
  return { args: setupArgs(meta, meta.setup.kind === 'none' ? undefined : received[0]), options, flags };
}

/** Runs a play request: loads the setup, plays, writes the events file; returns the exit code. */
export async function runPlay(entry: RulesetEntry, io: Io, request: PlayRequest): Promise<number> {
  const { flags } = request;
  const events: string[] = [];
  if (flags.events !== undefined) writeEvents(io, flags.events, events);
  const run = await load({ entry, io, args: request.args, options: request.options, seed: flags.seed, ...(flags.events === undefined ? {} : { onEvent: (e: string) => void events.push(e) }) });
  if (run === null) return EXIT_SETUP;
  const code = await play(run, io, flags);
  if (flags.events !== undefined) writeEvents(io, flags.events, events);
  return code;
}

/**
 * A case's command line (the words after the ruleset id) parsed by the play command's own definition: the
 * same usage errors in the same words, printed to `io`. A request, or the exit code of a failed parse.
 */
export async function parsePlayLine(entry: RulesetEntry, argv: readonly string[], io: Io): Promise<PlayRequest | number> {
  const cmd = playDefinition(entry);
  // Bare subcommands keep commander's parse as the full command has it (see rulesetCommand).
  for (const name of SUBCOMMANDS) cmd.addCommand(new Command(name));
  let request: PlayRequest | undefined;
  cmd.action((...received: unknown[]) => {
    request = playRequest(entry, received);
  });
  routeToIo(cmd, io);
  try {
    await cmd.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    return exitCodeFor(error, io);
  }
  // A subcommand name in args.txt parses to a bare command that does nothing: not a case.
  if (request === undefined) throw new UsageError(`a case runs the play command; '${argv.find((a) => (SUBCOMMANDS as readonly string[]).includes(a))}' is not one`);
  return request;
}

/** `reachable`: whether the command line can reach a subcommand (see buildProgram); the rest stay bare names. */
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
  };
  // An unreachable subcommand is still added, bare: commander parses a command with subcommands differently
  // (a negative number is an option, not an operand), so the parse stays the same.
  for (const name of SUBCOMMANDS) cmd.addCommand(reachable(name) ? build[name]() : new Command(name));
  return cmd;
}

/** Writes the events file; called once before play (so a bad path fails first) and once after. */
function writeEvents(io: Io, file: string, lines: readonly string[]): void {
  try {
    writeFileSync(resolve(io.cwd, file), lines.map((l) => l + '\n').join(''));
  } catch (error) {
    throw new UsageError(`--events ${file}: cannot write the file (${ioReason(error)})`);
  }
}

function recordCommand(entry: RulesetEntry, io: Io, outcome: Outcome): Command {
  const { meta } = entry;
  const cmd = new Command('record').description('write golden output: re-record case folders, or play one choices file (--input) into a transcript (--out)');
  setupArgument(cmd, meta, 'record');
  addRulesetOptions(cmd, meta, 'record');
  if (meta.seeded) cmd.option('--seed <n>', 'seed of the generator, 0..4294967295', parseSeed);
  cmd
    .option('--input <file>', 'the choices, one per line (with --out)')
    .option('--out <file>', 'where to write the log (with --input); nothing is written unless the setup loads');
  cmd.addHelpText('after', examples(meta.examples.record));
  cmd.action(async (paths: string[], flags: { seed?: number; input?: string; out?: string } & Record<string, unknown>) => {
    const options = rulesetOptions(meta, flags, 'record');
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
    .addOption(new Option('--reporter <name>', 'report format').choices(['table', 'json', 'junit', 'tap']))
    .option('--out <file>', 'write the report to <file> instead of stdout')
    .option('--shard <i/n>', 'check only the i-th of n equal shares of the sorted cases (a CI matrix)', parseShard)
    .option('--exec <command>', 'run each case through this program instead of Arbiter (the case\'s arguments are appended; input on stdin)')
    .option('--timeout <seconds>', 'with --exec: seconds before a case is killed (default 10)', parsePositive)
    .option('--strip-input-lines', 'with --exec: ignore INPUT: lines on both sides (for programs that do not echo their input)')
    .option('--max-output <bytes>', 'with --exec: bytes of output kept per case before the program is killed (default 64 MiB)', parsePositive);
  cmd.addHelpText('after', examples(meta.examples.verify));
  cmd.action(async (paths: string[], flags: VerifyFlags & Record<string, unknown>) => {
    const execOnly = ['timeout', 'stripInputLines', 'maxOutput'].filter((k) => flags[k] !== undefined);
    if (flags.exec === undefined && execOnly.length > 0) throw new UsageError(`--${execOnly[0]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} goes with --exec`);
    if (flags.json === true && flags.reporter !== undefined && flags.reporter !== 'json') throw new UsageError('--json and --reporter exclude each other');
    // Loaded here: worker threads and child processes are not needed to play.
    const { verifyCommand } = await import('./verify.js');
    outcome.code = await verifyCommand(
      {
        entry,
        options: rulesetOptions(meta, flags, 'verify'),
        paths,
        json: flags.json === true,
        // External programs are separate processes: they use every CPU by default.
        jobs: flags.jobs ?? (flags.exec === undefined ? defaultJobs() : availableParallelism()),
        ...(flags.maxFailures === undefined ? {} : { maxFailures: flags.maxFailures }),
        quiet: flags.quiet === true,
        ...(flags.color === undefined ? {} : { colour: flags.color }),
        ...(flags.reporter === undefined ? {} : { reporter: flags.reporter }),
        ...(flags.out === undefined ? {} : { out: flags.out }),
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
