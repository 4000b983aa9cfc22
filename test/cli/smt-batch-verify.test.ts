/**
 * Batch mode (`--input ... --out-dir`) and `verify` on the project's own data, through the compiled CLI
 * (src/rulesets/smt/README.md "Commands", CONVENTIONS "Invocation").
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choices, hasStackTrace, linesOf, runCliAsync, type CliResult } from '../helpers/cli.js';
import { DATA_SMT } from '../helpers/shared.js';

const TEAMS = join(DATA_SMT, 'teams');
/** A full short game on team file 0 (Flynn surrenders at the end). */
const GOOD = ['0', '1', '1', '1', '1', '4', '4', '6'];
/** Ends at Flynn's target menu (1..5). */
const EARLY = ['0', '1'];

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'arbiter-cli-batch-'));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('batch mode: several --input files and --out-dir', () => {
  let dir: string;
  let batch: CliResult;
  const single = new Map<string, CliResult>();

  beforeAll(async () => {
    dir = join(tmp, 'batch');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.txt'), choices(GOOD));
    writeFileSync(join(dir, 'b.txt'), choices(EARLY));
    copyFileSync(join(DATA_SMT, 'demo-choices.txt'), join(dir, 'c.txt'));
    const runs = await Promise.all([
      runCliAsync(['smt', '--teams', TEAMS, '--data', DATA_SMT, '--input', 'a.txt', '--input', 'b.txt', '--input', 'c.txt', '--out-dir', 'out'], { cwd: dir }),
      ...['a.txt', 'b.txt', 'c.txt'].map((f) => runCliAsync(['smt', '--teams', TEAMS, '--data', DATA_SMT, '--input', f], { cwd: dir })),
    ]);
    batch = runs[0]!;
    ['a.txt', 'b.txt', 'c.txt'].forEach((f, i) => single.set(f, runs[i + 1]!));
  });

  it('exits 1 and ends stderr with a one-line summary naming the failed file', () => {
    expect(batch.status).toBe(1);
    expect(hasStackTrace(batch.stderr)).toBe(false);
    expect(linesOf(batch.stderr)).toEqual([
      'b.txt:3: E_EOF: input ended; expected a number from 1 to 5',
      'smt: 3 battle(s) written to out; 1 failed: b.txt (exit 1)',
    ]);
    expect(batch.stdout).toBe('');
  });

  it('writes one log per input and leaves no .partial file', () => {
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('the good logs are complete and byte-identical to single runs', () => {
    for (const f of ['a.txt', 'c.txt']) {
      const run = single.get(f)!;
      expect(run.status).toBe(0);
      expect(readFileSync(join(dir, 'out', f), 'utf8')).toBe(run.stdout);
    }
    expect(linesOf(single.get('a.txt')!.stdout).pop()).toBe('Ganador: Kei (J2)');
    expect(linesOf(single.get('c.txt')!.stdout).pop()).toBe('Ganador: Flynn (J1)');
  });

  it('the log of the file that ends early stops at its ERROR E_EOF line, as a single run does', () => {
    const log = readFileSync(join(dir, 'out', 'b.txt'), 'utf8');
    expect(log).toBe(single.get('b.txt')!.stdout);
    const lines = linesOf(log);
    expect(lines.filter((l) => l.startsWith('INPUT: '))).toEqual(['INPUT: 0', 'INPUT: 1']);
    expect(lines[lines.length - 1]).toBe('ERROR E_EOF: input ended; expected a number from 1 to 5');
    expect(single.get('b.txt')!.status).toBe(1);
  });

  // Regression, fixed: two --input files with the same basename are both written to <out-dir>/<basename>; the second
  // silently replaces the first, and the run still reports success.
  it('two inputs with the same basename do not silently overwrite each other', async () => {
    const root = join(tmp, 'same-name');
    mkdirSync(join(root, 'x'), { recursive: true });
    mkdirSync(join(root, 'y'));
    writeFileSync(join(root, 'x', 'game.txt'), choices(GOOD));
    writeFileSync(join(root, 'y', 'game.txt'), choices(['0', '6']));
    const run = await runCliAsync(['smt', '--teams', TEAMS, '--data', DATA_SMT, '--input', 'x/game.txt', '--input', 'y/game.txt', '--out-dir', 'out'], { cwd: root });
    // The clash is refused before anything runs: a usage error naming both files, and no log written.
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('x/game.txt');
    expect(run.stderr).toContain('y/game.txt');
    expect(existsSync(join(root, 'out'))).toBe(false);
  });
});

describe('verify on the project data', () => {
  let good: string;
  let lone: Promise<CliResult> | undefined;
  const loneRun = () => (lone ??= runCliAsync(['smt', 'verify', join(tmp, 'lone', '001.txt'), '--data', DATA_SMT]));

  beforeAll(async () => {
    const run = await runCliAsync(['smt', '--teams', TEAMS, '--data', DATA_SMT], { stdin: choices(GOOD) });
    expect(run.status).toBe(0);
    expect(linesOf(run.stdout).pop()).toBe('Ganador: Kei (J2)');
    good = run.stdout;
    // A course-like layout: team folder `own/` beside transcript folder `own-Tests/`.
    mkdirSync(join(tmp, 'own'));
    for (const f of readdirSync(TEAMS)) copyFileSync(join(TEAMS, f), join(tmp, 'own', f));
    mkdirSync(join(tmp, 'own-Tests'));
    writeFileSync(join(tmp, 'own-Tests', '001.txt'), good);
    mkdirSync(join(tmp, 'crlf-Tests'));
    writeFileSync(join(tmp, 'crlf-Tests', '001.txt'), good.replace(/\n/g, '\r\n'));
    mkdirSync(join(tmp, 'lone'));
    writeFileSync(join(tmp, 'lone', '001.txt'), good);
  });

  it('a piped log is a transcript: verify finds its team folder (sibling without -Tests) and exits 0', async () => {
    const run = await runCliAsync(['smt', 'verify', join(tmp, 'own-Tests', '001.txt'), '--data', DATA_SMT]);
    expect(run.stdout).not.toContain('FAIL');
    expect(linesOf(run.stdout).pop()).toBe('1/1 identical');
    expect(run.status).toBe(0);
  });

  it('a transcript outside a -Tests folder, without --teams: a clear error, not a pass', async () => {
    const run = await loneRun();
    expect(hasStackTrace(run.stderr + run.stdout)).toBe(false);
    expect(run.stdout + run.stderr).toContain('not in a "-Tests" folder; pass --teams');
    expect(run.stdout).not.toMatch(/^1\/1 identical$/m);
    expect(run.status).not.toBe(0);
  });

  // Regression, fixed (README.md "Exit codes": verify exits 2 on a usage error): the missing team folder is reported as E_USAGE but
  // counted as a differing transcript ("0/1 identical"), exit 1.
  it('a transcript outside a -Tests folder without --teams is a usage error, exit 2', async () => {
    const run = await loneRun();
    expect(run.status).toBe(2);
  });

  // Regression, fixed (CONVENTIONS: CR line ends are accepted and stripped): verify compares "line\r" with "line", so a
  // transcript checked out with CRLF line ends fails at line 1.
  it('a CRLF transcript verifies as identical', async () => {
    const run = await runCliAsync(['smt', 'verify', join(tmp, 'crlf-Tests', '001.txt'), '--teams', join(tmp, 'own'), '--data', DATA_SMT]);
    expect(run.status).toBe(0);
  });
});
