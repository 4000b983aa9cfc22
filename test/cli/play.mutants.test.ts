/**
 * src/cli/play.ts in-process, aimed at mutants that survived the suite (npm run mutate): the input option
 * checks, a choices file that cannot be read, batch mode's folder handling and write failures, and stdin
 * read as a pipe (a first empty line, an unterminated last line, a battle that ends before its input does,
 * a stream error).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { folderWith, runProbe } from '../helpers/probe-ruleset.js';

const root = mkdtempSync(join(tmpdir(), 'arbiter-play-mutants-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder with a two-round setup (seed 1) and the choices files named in `extra`. */
const work = (extra: Record<string, string> = {}) => folderWith(root, { 'setup.txt': 'rounds 2\nseed 1\n', ...extra });

/** The log of the two-round setup for `go`, `go` from `source` (read once, from a file). */
async function twoGoes(): Promise<string> {
  const dir = work({ 'go.txt': 'go\ngo\n' });
  const r = await runProbe(['probe', 'setup.txt', '--input', 'go.txt'], dir);
  expect(r).toMatchObject({ code: 0, stderr: '' });
  return r.stdout;
}

describe('input option checks (usage errors, exit 2, nothing played)', () => {
  const cases: [string, string[], string][] = [
    ['--out-dir without --input', ['--out-dir', 'logs'], 'error: --out-dir needs at least one --input file\n'],
    ['two --input without --out-dir', ['--input', 'a.txt', '--input', 'b.txt'], 'error: several --input files need --out-dir (one log per file)\n'],
    ['--input - with --out-dir', ['--input', 'a.txt', '--input', '-', '--out-dir', 'logs'], 'error: --input - (stdin) cannot be used with --out-dir\n'],
    ['two inputs with one basename', ['--input', 'a.txt', '--input', 'sub/a.txt', '--out-dir', 'logs'], `error: --input a.txt and --input sub/a.txt would both be written to ${join('logs', 'a.txt')}\n`],
    ['an input inside --out-dir', ['--input', 'logs/a.txt', '--out-dir', 'logs'], 'error: --input logs/a.txt would be overwritten by its own log in --out-dir logs\n'],
  ];
  for (const [name, args, stderr] of cases) {
    it(name, async () => {
      const dir = work({ 'a.txt': 'go\ngo\n', 'b.txt': 'go\ngo\n', 'sub/a.txt': 'go\n', 'logs/a.txt': 'go\n' });
      const r = await runProbe(['probe', 'setup.txt', ...args], dir);
      expect(r).toEqual({ code: 2, stdout: '', stderr });
      expect(readdirSync(join(dir, 'logs'))).toEqual(['a.txt']);
    });
  }

  it('one input and --out-dir is a batch of one; distinct basenames pass', async () => {
    const dir = work({ 'a.txt': 'go\ngo\n', 'sub/b.txt': 'go\ngo\n' });
    const r = await runProbe(['probe', 'setup.txt', '--input', 'a.txt', '--input', 'sub/b.txt', '--out-dir', 'logs'], dir);
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'probe: 2 battle(s) written to logs; all succeeded\n' });
  });
});

describe('--input FILE', () => {
  it('a choices file that cannot be read: one E_IO line, exit 2, no log', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt', '--input', 'missing.txt'], dir);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'missing.txt: E_IO: cannot read choices file (file not found)\n' });
  });

  it('--input - reads standard input (source <stdin>), not a file named -', async () => {
    const dir = work({ '-': 'go\ngo\n' });
    const r = await runProbe(['probe', 'setup.txt', '--input', '-'], dir, { stdin: 'go\nbad\n' });
    expect(r.stdout).toContain('INPUT: bad\n');
    expect(r.stderr).toBe("<stdin>:2: E_SYNTAX: expected 'go', got 'bad'\n<stdin>:3: E_EOF: input ended; expected 'go'\n");
    expect(r.code).toBe(1);
  });
});

describe('batch (--out-dir)', () => {
  it('an existing folder is used as it is and kept even when no log could be written', async () => {
    const dir = work({ 'logs/keep.txt': 'mine\n' });
    const r = await runProbe(['probe', 'setup.txt', '--input', 'missing.txt', '--out-dir', 'logs'], dir);
    expect(r.code).toBe(2);
    expect(readdirSync(join(dir, 'logs'))).toEqual(['keep.txt']);
    expect(readFileSync(join(dir, 'logs', 'keep.txt'), 'utf8')).toBe('mine\n');
  });

  it('a folder the run created and wrote nothing into is removed', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt', '--input', 'missing.txt', '--out-dir', 'logs'], dir);
    expect(r.stderr).toBe('missing.txt: E_IO: cannot read choices file (file not found)\nprobe: 0 battle(s) written to logs; 1 failed: missing.txt (exit 2)\n');
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'logs'))).toBe(false);
  });

  it('a log that cannot be written (a folder in its place): E_IO, exit 2, not counted, the others still written', async () => {
    const dir = work({ 'a.txt': 'go\ngo\n', 'b.txt': 'go\ngo\n', 'logs/a.txt/': '' });
    const r = await runProbe(['probe', 'setup.txt', '--input', 'a.txt', '--input', 'b.txt', '--out-dir', 'logs'], dir);
    expect(r.stderr).toBe(`${join('logs', 'a.txt')}: E_IO: cannot write the log (is a folder)\nprobe: 1 battle(s) written to logs; 1 failed: a.txt (exit 2)\n`);
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, 'logs', 'b.txt'), 'utf8')).toBe(await twoGoes());
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('the worst exit code wins; the write check leaves nothing behind', async () => {
    const dir = work({ 'a.txt': 'go\n', 'b.txt': 'go\ngo\n' });
    const r = await runProbe(['probe', 'setup.txt', '--input', 'a.txt', '--input', 'b.txt', '--out-dir', 'out'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("a.txt:2: E_EOF: input ended; expected 'go'\nprobe: 2 battle(s) written to out; 1 failed: a.txt (exit 1)\n");
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('only the folder itself is created, never a missing parent', async () => {
    const dir = work({ 'a.txt': 'go\ngo\n' });
    const r = await runProbe(['probe', 'setup.txt', '--input', 'a.txt', '--out-dir', 'no/such/logs'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --out-dir no/such/logs: cannot create the folder (file not found)\n');
    expect(existsSync(join(dir, 'no'))).toBe(false);
  });
});

// A mutant that breaks the end of input makes these hang: they fail fast instead of at the suite's timeout.
describe('standard input as a pipe', { timeout: 5_000 }, () => {
  it('no stdin at all (null): the battle starts and input ends at once (E_EOF on line 1), exit 1', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt'], dir);
    expect(r).toEqual({
      code: 1,
      stdout: "SEED xoroshiro128plus:1\nPROBE setup.txt rounds 2\nERROR E_EOF: input ended; expected 'go'\n",
      stderr: "<stdin>:1: E_EOF: input ended; expected 'go'\n",
    });
  });

  it('gives the same log as --input for the same bytes', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt'], dir, { stdin: 'go\ngo\n' });
    expect(r).toEqual({ code: 0, stdout: await twoGoes(), stderr: '' });
  });

  it('a first empty line is a line of its own (skipped), not the start of the next one', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt'], dir, { stdin: '\ngo\n\ngo\n' });
    expect(r).toEqual({ code: 0, stdout: await twoGoes(), stderr: '' });
  });

  it('lines split across chunks, and an unterminated last line, are played', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt'], dir, { stdin: Readable.from(['g', 'o\n', '\r\ng', 'o']) });
    expect(r).toEqual({ code: 0, stdout: await twoGoes(), stderr: '' });
  });

  it('the run ends when the battle does, without waiting for the end of stdin', async () => {
    const dir = work();
    const stdin = new PassThrough();
    stdin.write('go\ngo\ngo\n');
    // stdin is never ended: the run must still finish.
    const r = await runProbe(['probe', 'setup.txt'], dir, { stdin });
    expect(r).toEqual({ code: 0, stdout: await twoGoes(), stderr: '' });
    stdin.destroy();
  });

  it('a battle over before its first read does not read stdin', async () => {
    const dir = work({ 'done.txt': 'rounds 0\n' });
    const stdin = new PassThrough();
    const r = await runProbe(['probe', 'done.txt'], dir, { stdin });
    expect(r).toEqual({ code: 0, stdout: 'SEED xoroshiro128plus:0\nPROBE done.txt rounds 0\n', stderr: '' });
    stdin.destroy();
  });

  it('a battle that breaks in its opening: exit 3, stdin not read', async () => {
    const dir = work({ 'crash.txt': 'crash-opening\n' });
    const stdin = new PassThrough();
    const r = await runProbe(['probe', 'crash.txt'], dir, { stdin });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('internal error: probe at round 1, last input none: Error: opening exploded\n');
    stdin.destroy();
  });

  it('a stream error ends the input: what was read counts, then E_EOF', async () => {
    const dir = work();
    const stdin = new PassThrough();
    const pending = runProbe(['probe', 'setup.txt'], dir, { stdin });
    stdin.write('go\n');
    await new Promise((resolve) => setImmediate(resolve));
    stdin.emit('error', new Error('EIO'));
    const r = await pending;
    expect(r.code).toBe(1);
    const firstGo = (await twoGoes()).split('\n').slice(0, 4).join('\n');
    expect(r.stdout).toBe(`${firstGo}\nERROR E_EOF: input ended; expected 'go'\n`);
    expect(r.stderr).toBe("<stdin>:2: E_EOF: input ended; expected 'go'\n");
  });

  it('--no-echo-input with a prompt: the prompt before each read, none once the battle is over', async () => {
    const dir = work({ 'p.txt': 'rounds 2\nseed 1\nprompt\n' });
    const r = await runProbe(['probe', 'p.txt', '--no-echo-input'], dir, { stdin: 'go\ngo\n' });
    const rolls = [...(await twoGoes()).matchAll(/^go \d roll \d$/gm)].map((m) => m[0]);
    expect(r.stdout).toBe(`SEED xoroshiro128plus:1\nPROBE p.txt rounds 2\n> ${rolls[0]}\n> ${rolls[1]}\nDONE\n`);
    expect(r.code).toBe(0);
  });

  it('stdin that is not a terminal echoes by default; --echo-input and --no-echo-input override', async () => {
    const dir = work();
    const echoed = await runProbe(['probe', 'setup.txt', '--echo-input'], dir, { stdin: 'go\ngo\n' });
    expect(echoed.stdout).toBe(await twoGoes());
    const quiet = await runProbe(['probe', 'setup.txt', '--no-echo-input'], dir, { stdin: 'go\ngo\n' });
    expect(quiet.stdout).toBe((await twoGoes()).replace(/^INPUT: .*\n/gm, ''));
  });
});

it('a choices file in a sub-folder is read relative to the working folder', async () => {
  const dir = work();
  mkdirSync(join(dir, 'in'));
  const r = await runProbe(['probe', 'setup.txt', '--input', join('in', 'none.txt')], dir);
  expect(r.stderr).toBe(`${join('in', 'none.txt')}: E_IO: cannot read choices file (file not found)\n`);
});
