/**
 * src/cli/program.ts in-process, aimed at mutants that survived the suite (npm run mutate): --version,
 * the program help's ruleset table and examples, and the exit code and stderr line for each kind of
 * failure (setup error, internal error, a stdout that cannot be written or whose reader went away).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalError } from '../../src/core/battle.js';
import { memoryIo, OutputError, type Io } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { folderWith, PROBE, probeWith, runProbe } from '../helpers/probe-ruleset.js';

const root = mkdtempSync(join(tmpdir(), 'arbiter-program-mutants-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

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
