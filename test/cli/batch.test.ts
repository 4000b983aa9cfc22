/**
 * Batch mode (several --input files and --out-dir, src/cli/play.ts) in-process: the output folder (kept,
 * created, removed when nothing was written, never a missing parent), logs that cannot be written, an
 * input that its own log would overwrite, the count of logs written, and the worst exit code.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace } from '../helpers/cli.js';
import { runInProcess as run } from '../helpers/in-process.js';
import { runProbe, twoRoundProbe } from '../helpers/probe-ruleset.js';
import { scratchDir, subfolder } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/shared.js';

const root = scratchDir('batch');

const { work, twoGoes } = twoRoundProbe(root);

const TEAMS = join(REPO_ROOT, 'data', 'smt', 'teams');
const CHOICES = join(REPO_ROOT, 'data', 'smt', 'demo-choices.txt');

/** A folder `name` under the scratch folder. */
const folder = (name: string) => subfolder(root, name);

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

describe('batch output', () => {
  it('refuses to overwrite an input with its own log, before anything runs', async () => {
    const dir = folder('self');
    writeFileSync(join(dir, 'a.txt'), readFileSync(CHOICES, 'utf8'));
    const r = await run(['smt', '--teams', TEAMS, '--input', join(dir, 'a.txt'), '--out-dir', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/would be overwritten/);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe(readFileSync(CHOICES, 'utf8'));
  });

  it('counts only the logs written, and leaves no empty output folder when none was', async () => {
    const out = join(root, 'never-created');
    const r = await run(['smt', '--teams', TEAMS, '--input', 'missing-1.txt', '--input', 'missing-2.txt', '--out-dir', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`smt: 0 battle(s) written to ${out}; 2 failed: missing-1.txt (exit 2), missing-2.txt (exit 2)`);
    expect(existsSync(out)).toBe(false);
  });

  it('a log whose name is an existing folder is one E_IO line and exit 2; the other logs are written', async () => {
    const out = folder('clash');
    mkdirSync(join(out, 'demo-choices.txt'));
    const other = join(folder('clash-in'), 'other.txt');
    writeFileSync(other, readFileSync(CHOICES, 'utf8'));
    const r = await run(['smt', '--teams', TEAMS, '--input', CHOICES, '--input', other, '--out-dir', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/demo-choices\.txt: E_IO: cannot write the log \(is a folder\)/);
    expect(r.stderr).toContain('smt: 1 battle(s) written to');
    expect(readFileSync(join(out, 'other.txt'), 'utf8')).toContain('Ganador:');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)('an unwritable output folder is a usage error before anything is played', async () => {
    const out = folder('readonly');
    chmodSync(out, 0o500);
    const r = await run(['smt', '--teams', TEAMS, '--input', CHOICES, '--out-dir', out]);
    chmodSync(out, 0o700);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot write in the folder/);
    expect(r.stdout).toBe('');
  });
});
