#!/usr/bin/env node
/**
 * Arbiter's command line: one subcommand per ruleset. Ruleset code is loaded only by the command that
 * needs it, to keep start-up lean.
 */
import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './core/package-root.js';
import { SetupError } from './core/battle.js';
import { EXIT_INTERNAL, EXIT_SETUP } from './core/session.js';
import { quietOnClosedPipe } from './cli/output.js';
import { UsageError } from './cli/play.js';
import { registerClairvoyance } from './cli/clairvoyance.js';
import { registerSmt } from './cli/smt.js';

function version(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export async function main(argv: readonly string[]): Promise<void> {
  quietOnClosedPipe();
  const program = new Command('arbiter')
    .description('Deterministic combat-rules engine: reads setup files and choices, prints a canonical log')
    .version(version())
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  program.addHelpText(
    'after',
    `
Examples:
  $ arbiter smt --teams data/smt/teams --input data/smt/demo-choices.txt
  $ arbiter smt verify ../shared/smt/course/E1-BasicCombat-Tests --data ../shared/smt/course
  $ arbiter smt --help
  $ arbiter clairvoyance encounter.clv --seed 7 --input commands.txt
  $ arbiter clairvoyance verify ../shared/clairvoyance/reference`,
  );
  registerSmt(program);
  registerClairvoyance(program);
  for (const command of program.commands) command.exitOverride();
  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    process.exitCode = exitCodeFor(error);
  }
}

function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) {
    // --help and --version exit 0; every parse failure is a usage error (commander already printed it).
    return error.exitCode === 0 ? 0 : EXIT_SETUP;
  }
  if (error instanceof SetupError) {
    // A ruleset may print its own stdout line for a setup error (Clairvoyance's `ERROR: <message>`).
    for (const line of error.stdoutLines) process.stdout.write(`${line}\n`);
    process.stderr.write(`${error.message}\n`);
    return EXIT_SETUP;
  }
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n`);
    return EXIT_SETUP;
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`internal error: arbiter: ${detail}\n`);
  return EXIT_INTERNAL;
}

await main(process.argv);
