/**
 * buildProgram builds in full only the subcommands a command line names (all of them when it asks for
 * help); the others stay bare names. The parse must not change: these command lines are the ones where
 * commander's behaviour depends on what subcommands exist, and each is checked against the program with
 * every subcommand built.
 */
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { memoryIo } from '../../src/cli/io.js';
import { buildProgram, runArgv } from '../../src/cli/program.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { REPO_ROOT } from '../helpers/shared.js';

async function run(argv: string[]) {
  const io = memoryIo(REPO_ROOT);
  const code = await runArgv(argv, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

const subcommandsOf = (program: Command, id: string) => program.commands.find((c) => c.name() === id)!.commands;
const built = (c: Command) => c.options.length > 0;

describe('subcommands built only when the command line can reach them', () => {
  it('a game builds none in full; a command line naming one builds that one; help builds all', () => {
    const program = (argv: string[]) => buildProgram(memoryIo(REPO_ROOT), { code: 0 }, RULESETS, argv);
    const game = subcommandsOf(program(['tactics', 'data/tactics/game.setup']), 'tactics');
    expect(game.map((c) => c.name())).toEqual(['record', 'verify', 'generate', 'fuzz']);
    expect(game.filter(built)).toEqual([]);
    expect(subcommandsOf(program(['smt', '--teams', 'x', 'verify', 'y']), 'smt').filter(built).map((c) => c.name())).toEqual(['verify']);
    for (const help of [['smt', '--help'], ['smt', '-h'], ['smt', 'help', 'fuzz'], ['smt', 'record', '--help']]) {
      expect(subcommandsOf(program(help), 'smt').every(built), help.join(' ')).toBe(true);
    }
  });

  it('a negative number is still an unknown option (commander reads it as an operand only without subcommands)', async () => {
    const r = await run(['tactics', 'data/tactics/game.setup', '-5']);
    expect(r.code).toBe(2);
    expect(r.err).toBe("error: unknown option '-5'\n");
  });

  it('a subcommand named after the ruleset options still runs, and a misspelt one is an operand of the game', async () => {
    const verify = await run(['smt', '--teams', 'data/smt/teams', 'verify', 'test-cases/smt/edge-cases-Tests', '--quiet']);
    expect(verify.code).toBe(0);
    expect(verify.out).toMatch(/^\d+\/\d+ identical$/m);
    const typo = await run(['smt', 'verfy']);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("too many arguments for 'smt'");
  });

  it('help lists every subcommand with its arguments, and each one\'s own help shows its options', async () => {
    const help = await run(['marvel', '--help']);
    for (const line of [/^ {2}record \[options\] \[paths\.\.\.\]/m, /^ {2}verify \[options\]/m, /^ {2}generate \[options\]/m, /^ {2}fuzz \[options\]/m]) expect(help.out).toMatch(line);
    const fuzz = await run(['marvel', 'help', 'fuzz']);
    expect(fuzz.out).toContain('--exec <command>');
    expect(fuzz.out).toContain('--max-output <bytes>');
  });
});
