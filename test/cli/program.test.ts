/**
 * The program (src/cli/program.ts) in-process: --version, the program help's ruleset table and examples,
 * help for a subcommand, subcommands built only when a command line can reach them (the parse unchanged),
 * and the exit code and stderr line of each kind of failure (setup error, internal error, a stdout that
 * cannot be written or whose reader went away); a full disk through the built CLI.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { type Io, memoryIo, OutputError } from '../../src/cli/io.js';
import { buildProgram, runArgv } from '../../src/cli/program.js';
import { InternalError } from '../../src/core/battle.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { hasStackTrace, MUTATING, runShell } from '../helpers/cli.js';
import { runInProcess as run } from '../helpers/in-process.js';
import { folderWith, PROBE, probeWith, runProbe } from '../helpers/probe-ruleset.js';
import { scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/shared.js';

const root = scratchDir('program');

const LONG = probeWith({ id: 'probe-with-a-long-id', title: 'Second probe', rulesVersion: '2', maturity: 'stable', examples: { play: ['probe-with-a-long-id s.txt'], record: ['x'], verify: ['probe-with-a-long-id verify c'] } });

describe('the program', () => {
  it('--version prints the package version, exit 0', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    for (let i = 0; i < 2; i++) expect(await runProbe(['--version'], root)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('--help: the description, a ruleset table aligned on the longest id, and one example per line', async () => {
    const r = await runProbe(['--help'], root, { rulesets: [PROBE, LONG] });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Deterministic combat-rules engine: reads setup files and choices, prints a\ncanonical log');
    const width = 'probe-with-a-long-id'.length;
    expect(r.stdout).toContain(
      `\n  ${'probe'.padEnd(width)}  Probe (test fixture); rules v7, beta\n  probe-with-a-long-id  Second probe; rules v2, stable\n`,
    );
    expect(r.stdout).toContain(
      '\nExamples:\n  $ arbiter probe setup.txt --input go.txt\n  $ arbiter probe verify cases\n  $ arbiter probe-with-a-long-id s.txt\n  $ arbiter probe-with-a-long-id verify c\n',
    );
  });

  it('no command at all: the help on stderr, exit 2', async () => {
    const r = await runProbe([], root);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Usage: arbiter \[options\] \[command\]/);
  });

  it('an unknown command or option: commander\'s message, exit 2', async () => {
    expect((await runProbe(['nope'], root)).code).toBe(2);
    const r = await runProbe(['probe', 's.txt', '--zzz'], root);
    expect(r).toEqual({ code: 2, stdout: '', stderr: "error: unknown option '--zzz'\n" });
  });
});

describe('misspelt words', () => {
  const usage = (message: string) => ({ code: 2, stdout: '', stderr: `error: ${message}\n` });

  it.each([
    [['tactics', 'verfy', 'test-cases/tactics'], 'verfy', 'tactics', 'verify'],
    [['marvel', 'verfy', 'x'], 'verfy', 'marvel', 'verify'],
    [['smt', 'recrod', '--teams', 'data/smt/teams'], 'recrod', 'smt', 'record'],
    [['marauders', 'gnerate'], 'gnerate', 'marauders', 'generate'],
    [['clairvoyance', 'FUZ', 'x.clv'], 'FUZ', 'clairvoyance', 'fuzz'],
  ])('%j: a usage error that suggests the subcommand', async (argv, word, id, near) => {
    expect(await run(argv)).toEqual(usage(`unknown command '${word}' for '${id}' (did you mean '${near}'?)`));
  });

  it('a setup file whose name is near a subcommand is played, not corrected', async () => {
    const dir = folderWith(root, { verfy: 'rounds 1\n', 'go.txt': 'go\n' });
    const r = await runProbe(['probe', 'verfy', '--input', 'go.txt'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('a word far from every subcommand keeps the setup\'s own error', async () => {
    const r = await run(['marvel', 'nosuchsheet']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('did you mean');
    expect(r.stderr).toContain('nosuchsheet');
  });

  it('an unknown ruleset lists the rulesets, and suggests a near one', async () => {
    const ids = RULESETS.map((e) => e.meta.id).join(', ');
    expect(await run(['foo'])).toEqual(usage(`unknown command 'foo'; the rulesets are ${ids}`));
    expect(await run(['tactcs', 'x'])).toEqual(usage(`unknown command 'tactcs' (did you mean 'tactics'?); the rulesets are ${ids}`));
  });
});

describe('exit codes of failures', () => {
  const dir = folderWith(root, { 'ts.txt': 'throw-setup\n', 'th.txt': 'throw\n', 'ok.txt': 'rounds 1\n', 'go.txt': 'go\n' });

  it('a SetupError from a load: its positioned message alone, exit 2', async () => {
    expect(await runProbe(['probe', 'ts.txt'], dir)).toEqual({ code: 2, stdout: '', stderr: 'ts.txt:1: E_DATA: unusable data\n' });
  });

  it('any other error from a load: an internal error with its name, exit 3', async () => {
    expect(await runProbe(['probe', 'th.txt'], dir)).toEqual({ code: 3, stdout: '', stderr: 'internal error: arbiter: Error: load exploded\n' });
  });

  it('an InternalError from a start is named InternalError; a thrown non-Error is shown as it is', async () => {
    const internal = probeWith({}, { start: () => { throw new InternalError('no generator'); } });
    expect(await runProbe(['probe', 'ok.txt'], dir, { rulesets: [internal] })).toEqual({ code: 3, stdout: '', stderr: 'internal error: arbiter: InternalError: no generator\n' });
    const odd = probeWith({}, { start: () => { throw 42; } });
    expect(await runProbe(['probe', 'ok.txt'], dir, { rulesets: [odd] })).toEqual({ code: 3, stdout: '', stderr: 'internal error: arbiter: 42\n' });
  });

  /** An Io whose stdout write fails with `message`; stderr kept, or failing too. */
  function failingIo(message: string, stderrFails = false): { io: Io; stderr: () => string } {
    const base = memoryIo(dir);
    return {
      io: {
        ...base,
        out: () => {
          throw new OutputError(message);
        },
        err: (text) => {
          if (stderrFails) throw new OutputError('cannot write to standard error (no space left on device)');
          base.err(text);
        },
      },
      stderr: base.stderr,
    };
  }

  it('a stdout that cannot be written (a full disk): one line on stderr, exit 2', async () => {
    const { io, stderr } = failingIo('cannot write to standard output (no space left on device)');
    expect(await runArgv(['probe', 'ok.txt', '--input', 'go.txt'], io, [PROBE])).toBe(2);
    expect(stderr()).toBe('arbiter: cannot write to standard output (no space left on device)\n');
  });

  it('stderr failing as well: still exit 2, nothing thrown', async () => {
    const { io } = failingIo('cannot write to standard output (no space left on device)', true);
    expect(await runArgv(['probe', 'ok.txt', '--input', 'go.txt'], io, [PROBE])).toBe(2);
  });

  it('a reader that went away (broken pipe): quiet, with the exit code the process had', async () => {
    const saved = process.exitCode;
    try {
      process.exitCode = undefined;
      const quiet = failingIo('cannot write to standard output (broken pipe)');
      expect(await runArgv(['probe', 'ok.txt', '--input', 'go.txt'], quiet.io, [PROBE])).toBe(0);
      expect(quiet.stderr()).toBe('');
      process.exitCode = 1;
      const epipe = failingIo('EPIPE: write after end');
      expect(await runArgv(['probe', 'ok.txt', '--input', 'go.txt'], epipe.io, [PROBE])).toBe(1);
      expect(epipe.stderr()).toBe('');
    } finally {
      process.exitCode = saved;
    }
  });
});

async function runHelp(argv: string[]) {
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
    expect(game.map((c) => c.name())).toEqual(['record', 'verify', 'generate', 'fuzz', 'view']);
    expect(game.filter(built)).toEqual([]);
    expect(subcommandsOf(program(['smt', '--teams', 'x', 'verify', 'y']), 'smt').filter(built).map((c) => c.name())).toEqual(['verify']);
    for (const help of [['smt', '--help'], ['smt', '-h'], ['smt', 'help', 'fuzz'], ['smt', 'record', '--help']]) {
      expect(subcommandsOf(program(help), 'smt').every(built), help.join(' ')).toBe(true);
    }
  });

  it('a negative number is still an unknown option (commander reads it as an operand only without subcommands)', async () => {
    const r = await runHelp(['tactics', 'data/tactics/game.setup', '-5']);
    expect(r.code).toBe(2);
    expect(r.err).toBe("error: unknown option '-5'\n");
  });

  it('a subcommand named after the ruleset options still runs, and a misspelt one gets a suggestion', async () => {
    const verify = await runHelp(['smt', '--teams', 'data/smt/teams', 'verify', 'test-cases/smt/edge-cases-Tests', '--quiet']);
    expect(verify.code).toBe(0);
    expect(verify.out).toMatch(/^\d+\/\d+ identical$/m);
    const typo = await runHelp(['smt', '--teams', 'data/smt/teams', 'verfy', 'x']);
    expect(typo.code).toBe(2);
    expect(typo.err).toBe("error: unknown command 'verfy' for 'smt' (did you mean 'verify'?)\n");
  });

  it('help lists every subcommand with its arguments, and each one\'s own help shows its options', async () => {
    const help = await runHelp(['marvel', '--help']);
    for (const line of [/^ {2}record \[options\] \[paths\.\.\.\]/m, /^ {2}verify \[options\]/m, /^ {2}generate \[options\]/m, /^ {2}fuzz \[options\]/m]) expect(help.out).toMatch(line);
    const fuzz = await runHelp(['marvel', 'help', 'fuzz']);
    expect(fuzz.out).toContain('--exec <command>');
    expect(fuzz.out).toContain('--max-output <bytes>');
  });
});

describe('help a newcomer asks for', () => {
  it('"arbiter smt help verify" shows verify\'s help', async () => {
    const r = await run(['smt', 'help', 'verify']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: arbiter smt verify');
  });

  it('the top-level help names verify and record', async () => {
    const r = await run(['--help']);
    expect(r.stdout).toMatch(/verify/);
    expect(r.stdout).toMatch(/record/);
  });
});

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe.skipIf(MUTATING)('output failures', () => {
  it.each(['smt --teams data/smt/teams --input data/smt/demo-choices.txt', '--help', '--version', 'smt verify test-cases/smt/edge-cases-Tests'])(
    'arbiter %s > /dev/full: one line on stderr, exit 2, no stack trace',
    (args) => {
      const r = runShell(`node dist/cli.cjs ${args} > /dev/full`);
      expect(r.status).toBe(2);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(lines(r.stderr)).toEqual(['arbiter: cannot write to standard output (no space left on device)']);
    },
  );
});
