/**
 * Arbiter's command line as a function: `runArgv(argv, io)` builds the commander program (one command per
 * registered ruleset), runs it and returns the exit code; the process entry calls it. A case's command
 * line is parsed by its ruleset's play command alone (case-run.ts), never through the whole program.
 */
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/package-root.js';
import { RULESETS } from '../rulesets/registry.js';
import type { RulesetEntry } from '../core/ruleset.js';
import { exitCodeFor, routeToIo } from './exit.js';
import { withSafeDiagnostics, type Io } from './io.js';
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
  for (const entry of rulesets) if (only === undefined || entry.meta.id === only) program.addCommand(rulesetCommand(entry, io, outcome, reachable));
  routeToIo(program, io);
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
