/**
 * Playing a game (src/cli/play.ts) in-process, over the probe ruleset and the real ones: the input option
 * checks, --input files (unreadable, `-` for standard input, relative to the working folder), and a bad
 * choice's diagnostics made safe for a terminal. Batch mode is in batch.test.ts, standard input as a pipe
 * in stdin.test.ts.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess as run } from '../helpers/in-process.js';
import { folderWith, runProbe } from '../helpers/probe-ruleset.js';
import { scratchDir, subfolder } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/shared.js';

const root = scratchDir('play');

/** A folder with a two-round setup (seed 1) and the choices files named in `extra`. */
const work = (extra: Record<string, string> = {}) => folderWith(root, { 'setup.txt': 'rounds 2\nseed 1\n', ...extra });

const TEAMS = join(REPO_ROOT, 'data', 'smt', 'teams');

/** A folder `name` under the scratch folder. */
const folder = (name: string) => subfolder(root, name);

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

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

it('a choices file in a sub-folder is read relative to the working folder', async () => {
  const dir = work();
  mkdirSync(join(dir, 'in'));
  const r = await runProbe(['probe', 'setup.txt', '--input', join('in', 'none.txt')], dir);
  expect(r.stderr).toBe(`${join('in', 'none.txt')}: E_IO: cannot read choices file (file not found)\n`);
});

describe('diagnostics are safe on a terminal', () => {
  it('control characters in a bad choice are escaped on stderr; stdout keeps the exact echo', async () => {
    const dir = folder('escape');
    writeFileSync(join(dir, 'c.txt'), '\u001b[2J\u001b[H\n');
    const r = await run(['smt', '--teams', TEAMS, '--input', join(dir, 'c.txt')]);
    expect(r.stdout).toContain('INPUT: \u001b[2J\u001b[H');
    expect(r.stderr).not.toContain('\u001b');
    expect(r.stderr).toContain('\\x1b[2J\\x1b[H');
  });

  it('a 60,000-character bad line (under the line limit, so the ruleset quotes it) gives a short stderr line', async () => {
    const dir = folder('huge');
    writeFileSync(join(dir, 'c.txt'), 'x'.repeat(60_000) + '\n');
    const r = await run(['smt', '--teams', TEAMS, '--input', join(dir, 'c.txt')]);
    expect(r.code).toBe(1);
    for (const line of lines(r.stderr)) expect(line.length).toBeLessThan(1200);
    expect(r.stderr).toMatch(/more characters\)/);
  });
});
