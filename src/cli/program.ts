/**
 * Arbiter's command line as a function: `runArgv(argv, io)` builds the commander program (one command per
 * registered ruleset), runs it and returns the exit code. The process entry (cli.ts), verify's case runner
 * and its worker threads all call it, so a case runs in-process exactly as the command would.
 */
import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/package-root.js';
import { SetupError } from '../core/battle.js';
import { EXIT_INTERNAL, EXIT_SETUP } from '../core/session.js';
import { RULESETS } from '../rulesets/registry.js';
import type { RulesetEntry } from '../core/ruleset.js';
import type { RunArgv } from './cases.js';
import { OutputError, UsageError, withSafeDiagnostics, type Io } from './io.js';
import { rulesetCommand, type Outcome } from './ruleset-command.js';

let cachedVersion: string | null = null;
function version(): string {
  cachedVersion ??= (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return cachedVersion;
}

function rulesetTable(rulesets: readonly RulesetEntry[]): string {
  const width = Math.max(...rulesets.map((r) => r.meta.id.length));
  return rulesets.map((r) => `  ${r.meta.id.padEnd(width)}  ${r.meta.title}; rules v${r.meta.rulesVersion}, ${r.meta.maturity}`).join('\n');
}

/**
 * The program over a list of rulesets (the registry; tests add fixtures), built for the command line `argv`:
 * the ruleset it names gets its commands and the others none, and of that ruleset's subcommands only those
 * it names are built in full (all of them when it asks for help, which lists them). What it cannot reach
 * is never parsed, and building it is a measurable part of a game's start-up and of each case verify runs.
 */
export function buildProgram(io: Io, outcome: Outcome, rulesets: readonly RulesetEntry[], argv: readonly string[]): Command {
  const only = rulesets.find((r) => r.meta.id === argv[0])?.meta.id;
  const asksHelp = argv.some((word) => word === 'help' || word === '--help' || word === '-h');
  const reachable = (subcommand: string) => asksHelp || argv.includes(subcommand);
  const runWith: RunArgv = (argv, innerIo) => runArgv(argv, innerIo, rulesets);
  const program = new Command('arbiter')
    .description('Deterministic combat-rules engine: reads setup files and choices, prints a canonical log')
    .version(version())
    .enablePositionalOptions()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  program.addHelpText(
    'after',
    `
Rulesets (each has "arbiter <id> --help", "arbiter <id> record --help" and "arbiter <id> verify --help"):
${rulesetTable(rulesets)}

Examples:
${rulesets.flatMap((r) => [r.meta.examples.play[0]!, r.meta.examples.verify[0]!]).map((e) => `  $ arbiter ${e}`).join('\n')}`,
  );
  for (const entry of rulesets) if (only === undefined || entry.meta.id === only) program.addCommand(rulesetCommand(entry, io, outcome, runWith, reachable));
  const exitOverride = (cmd: Command) => {
    cmd.exitOverride().configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
    for (const sub of cmd.commands) exitOverride(sub);
  };
  exitOverride(program);
  return program;
}

/** Runs one command line (the words after the program name); returns the exit code. */
export async function runArgv(argv: readonly string[], givenIo: Io, rulesets: readonly RulesetEntry[] = RULESETS): Promise<number> {
  const outcome: Outcome = { code: 0 };
  const io = withSafeDiagnostics(givenIo);
  try {
    await buildProgram(io, outcome, rulesets, argv).parseAsync([...argv], { from: 'user' });
    return outcome.code;
  } catch (error) {
    return exitCodeFor(error, io);
  }
}

function exitCodeFor(error: unknown, io: Io): number {
  if (error instanceof CommanderError) {
    // --help and --version exit 0; every parse failure is a usage error (commander already printed it).
    return error.exitCode === 0 ? 0 : EXIT_SETUP;
  }
  if (error instanceof SetupError) {
    io.err(`${error.message}\n`);
    return EXIT_SETUP;
  }
  if (error instanceof OutputError) {
    if (/\(broken pipe\)|EPIPE/.test(error.message)) return outcomeOfClosedPipe();
    try {
      io.err(`arbiter: ${error.message}\n`);
    } catch {
      // stderr is gone too: the exit code is all that is left.
    }
    return EXIT_SETUP;
  }
  if (error instanceof UsageError) {
    io.err(`error: ${error.message}\n`);
    return EXIT_SETUP;
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  io.err(`internal error: arbiter: ${detail}\n`);
  return EXIT_INTERNAL;
}

/** A reader that went away (`| head -1`) is not an error: the run ends quietly with the code it had. */
function outcomeOfClosedPipe(): number {
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}
