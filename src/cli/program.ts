/**
 * Arbiter's command line as a function: `runArgv(argv, io)` builds the commander program (one command per
 * registered ruleset), runs it and returns the exit code; the process entry calls it. A case's command
 * line is parsed by its ruleset's play command alone (case-run.ts), never through the whole program.
 */
import { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../core/package-root.js';
import { RULESETS } from '../rulesets/registry.js';
import type { RulesetEntry } from '../core/ruleset.js';
import { exitCodeFor, routeToIo } from './exit.js';
import { UsageError, withSafeDiagnostics, type Io } from './io.js';
import { playDefinition, SUBCOMMANDS } from './play-command.js';
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

/** Levenshtein distance, stopping early: only "within 2" matters. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

function closest(word: string, names: readonly string[]): string | undefined {
  return names.map((name) => ({ name, d: distance(word.toLowerCase(), name) })).filter((c) => c.d <= 2).sort((x, y) => x.d - y.d)[0]?.name;
}

/**
 * Usage errors commander cannot give: a ruleset it does not know (it would name no ruleset), and a
 * misspelt subcommand, which commander takes for a setup file ("too many arguments", "cannot read").
 * A word that names an existing path is a setup, never a typo.
 */
function checkWords(argv: readonly string[], io: Io, rulesets: readonly RulesetEntry[]): void {
  const first = argv[0];
  if (first === undefined || first.startsWith('-') || first === 'help') return;
  const entry = rulesets.find((r) => r.meta.id === first);
  if (entry === undefined) {
    const ids = rulesets.map((r) => r.meta.id);
    const near = closest(first, ids);
    throw new UsageError(`unknown command '${first}'${near === undefined ? '' : ` (did you mean '${near}'?)`}; the rulesets are ${ids.join(', ')}`);
  }
  // The first operand: a subcommand may follow the play options (`smt --teams t verify …`).
  const options = playDefinition(entry).options;
  let at = 1;
  while (at < argv.length && argv[at]!.startsWith('-')) {
    const word = argv[at]!;
    const option = options.find((o) => o.long === word || o.short === word);
    at += option !== undefined && (option.required || option.optional) ? 2 : 1;
  }
  const second = argv[at];
  if (second === undefined || !/^[a-z]+$/i.test(second) || (SUBCOMMANDS as readonly string[]).includes(second) || second === 'help') return;
  const near = closest(second, SUBCOMMANDS);
  if (near !== undefined && !existsSync(resolve(io.cwd, second))) throw new UsageError(`unknown command '${second}' for '${first}' (did you mean '${near}'?)`);
}

/** Runs one command line (the words after the program name); returns the exit code. */
export async function runArgv(argv: readonly string[], givenIo: Io, rulesets: readonly RulesetEntry[] = RULESETS): Promise<number> {
  const outcome: Outcome = { code: 0 };
  const io = withSafeDiagnostics(givenIo);
  try {
    checkWords(argv, io, rulesets);
    await buildProgram(io, outcome, rulesets, argv).parseAsync([...argv], { from: 'user' });
    return outcome.code;
  } catch (error) {
    return exitCodeFor(error, io);
  }
}
