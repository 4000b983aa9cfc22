/**
 * The play command, `arbiter <id> [setup] [options]`, without its subcommands: its definition, its checks and
 * its run. The program's command (ruleset-command.ts) and the case runner (case-run.ts), which parses a
 * case's args.txt with it, share it; it imports nothing that plays a case, so neither imports the other.
 */
import { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { diskFiles, ioReason } from '../core/files.js';
import type { RulesetEntry, RulesetOptions } from '../core/ruleset.js';
import { prepareRun, type PreparedRun } from '../core/run.js';
import { EXIT_SETUP } from '../core/session.js';
import { exitCodeFor, routeToIo } from './exit.js';
import { UsageError, type Io } from './io.js';
import { checkPlayOptions, play } from './play.js';
import { addRulesetOptions, checkOptions, collect, examples, parseSeed, rulesetOptions, setupArgs, setupArgument } from './ruleset-options.js';

export interface Loading {
  readonly entry: RulesetEntry;
  readonly io: Io;
  readonly args: readonly string[];
  readonly options: RulesetOptions;
  readonly seed: number | undefined;
  /** The `--events` stream's documents (core/event-stream.ts). */
  readonly onDocument?: (json: string) => void;
}

/** Loads the setup; on failure prints what the ruleset prints and returns null (exit 2). */
export async function load(request: Loading): Promise<PreparedRun | null> {
  const engine = await request.entry.engine();
  const prepared = prepareRun(request.entry.meta, engine, {
    args: request.args,
    options: request.options,
    files: request.io.files ?? diskFiles(request.io.cwd),
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(request.onDocument === undefined ? {} : { onDocument: request.onDocument }),
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
export function playDefinition(entry: RulesetEntry): Command {
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
  if (meta.events === true) cmd.option('--events <file>', 'also write the game as JSON lines to <file>: the state after each step with its log lines, and the ruleset\'s own events (docs/events.md)');
  cmd.addHelpText('after', examples(meta.examples.play));
  return cmd;
}

export const SUBCOMMANDS = ['record', 'verify', 'generate', 'fuzz', 'view'] as const;

/** The request of commander's action arguments, checked (usage errors before anything is loaded). */
export function playRequest(entry: RulesetEntry, received: readonly unknown[]): PlayRequest {
  const { meta } = entry;
  const flags = received[received.length - 2] as PlayFlags & Record<string, unknown>;
  const options = rulesetOptions(meta, flags, 'play');
  checkOptions(meta, options, flags.seed, 'play');
  checkPlayOptions(flags);
  if (flags.events !== undefined && flags.outDir !== undefined) throw new UsageError('--events writes one battle; it cannot be combined with --out-dir');
  return { args: setupArgs(meta, meta.setup.kind === 'none' ? undefined : received[0]), options, flags };
}

/**
 * Runs a play request: loads the setup, plays, writes the events file; returns the exit code. `onDocument`
 * (the viewer, tests): the events stream goes there instead of to the `--events` file; a batch (`--out-dir`),
 * several battles, writes none (as `--events` with `--out-dir` is refused).
 */
export async function runPlay(entry: RulesetEntry, io: Io, request: PlayRequest, onDocument?: (json: string) => void): Promise<number> {
  const { flags } = request;
  const events: string[] = [];
  const file = onDocument === undefined ? flags.events : undefined;
  if (file !== undefined) writeEvents(io, file, events);
  const sink = flags.outDir !== undefined ? undefined : (onDocument ?? (file === undefined ? undefined : (e: string) => void events.push(e)));
  const run = await load({ entry, io, args: request.args, options: request.options, seed: flags.seed, ...(sink === undefined ? {} : { onDocument: sink }) });
  if (run === null) return EXIT_SETUP;
  const code = await play(run, io, flags);
  if (file !== undefined) writeEvents(io, file, events);
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
function writeEvents(io: Io, file: string, lines: readonly string[]): void {
  try {
    writeFileSync(resolve(io.cwd, file), lines.map((l) => l + '\n').join(''));
  } catch (error) {
    throw new UsageError(`--events ${file}: cannot write the file (${ioReason(error)})`);
  }
}
