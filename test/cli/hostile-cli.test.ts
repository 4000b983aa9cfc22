/**
 * What a newcomer and a hostile user found (issue 10): each case here failed before its fix. In-process
 * through runArgv (the same program as dist/cli.cjs) except where the process itself matters.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { hasStackTrace, runShell } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { scratchDir } from '../helpers/scratch.js';

const tmp = scratchDir('hostile');
const SKIRMISH = join(REPO_ROOT, 'data', 'clairvoyance', 'skirmish.clv');
const COMMANDS = join(REPO_ROOT, 'data', 'clairvoyance', 'demo-commands.txt');
const TEAMS = join(REPO_ROOT, 'data', 'smt', 'teams');
const CHOICES = join(REPO_ROOT, 'data', 'smt', 'demo-choices.txt');

async function run(argv: readonly string[], cwd = REPO_ROOT) {
  const io = memoryIo(cwd);
  const code = await runArgv(argv, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

function folder(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('record never destroys a golden file (items 2, 3, 17)', () => {
  it('a typo in the encounter name keeps the old expected.txt (exit 2, nothing written)', async () => {
    const dir = folder('typo');
    writeFileSync(join(dir, 'expected.txt'), 'the good golden log\n');
    const r = await run(['clairvoyance', 'record', join(dir, 'encounterTYPO.clv'), '--input', COMMANDS, '--out', join(dir, 'expected.txt')]);
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, 'expected.txt'), 'utf8')).toBe('the good golden log\n');
    expect(lines(r.stderr)).toHaveLength(1);
  });

  it('a parse error keeps the old file too', async () => {
    const dir = folder('parse');
    writeFileSync(join(dir, 'bad.clv'), 'MAP { Layout: Rectangle 3, 3\n');
    writeFileSync(join(dir, 'expected.txt'), 'old\n');
    const r = await run(['clairvoyance', 'record', join(dir, 'bad.clv'), '--input', COMMANDS, '--out', join(dir, 'expected.txt')]);
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, 'expected.txt'), 'utf8')).toBe('old\n');
  });

  it.each([
    ['a missing folder', (d: string) => join(d, 'nowhere', 'x.txt'), /does not exist/],
    ['a folder', (d: string) => d, /is a folder/],
    ['its own input', () => CHOICES, /input/],
  ])('--out to %s is a usage error (exit 2, one line, no .partial left)', async (_, out, message) => {
    const dir = folder(`out-${_.replace(/\W/g, '')}`);
    const before = readFileSync(CHOICES, 'utf8');
    const r = await run(['smt', 'record', '--teams', TEAMS, '--input', CHOICES, '--out', out(dir)]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(readFileSync(CHOICES, 'utf8')).toBe(before);
  });
});

describe('batch output (items 4 and 17)', () => {
  it('refuses to overwrite an input with its own log, before anything runs', async () => {
    const dir = folder('self');
    writeFileSync(join(dir, 'a.txt'), readFileSync(CHOICES, 'utf8'));
    const r = await run(['smt', '--teams', TEAMS, '--input', join(dir, 'a.txt'), '--out-dir', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/would be overwritten/);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe(readFileSync(CHOICES, 'utf8'));
  });

  it('counts only the logs written, and leaves no empty output folder when none was', async () => {
    const out = join(tmp, 'never-created');
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

describe('options a newcomer tries (items 5, 7, 12)', () => {
  it('--jobs above the number of CPUs is capped, and says so', () => {
    // Worker threads load the built dist/cli/verify-worker.js, so this one runs the built CLI.
    const r = runShell('node dist/cli.cjs smt verify test-cases/smt/edge-cases-Tests --jobs 1000 --quiet');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/--jobs 1000 capped at \d+/);
  });

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

  it('--events with a bad path fails before play starts (nothing on stdout)', async () => {
    const r = await run(['clairvoyance', SKIRMISH, '--input', COMMANDS, '--events', join(tmp, 'no', 'such', 'dir', 'e.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--events .*cannot write/);
  });

  it('--data naming a file says it is not a folder', async () => {
    const r = await run(['smt', '--teams', TEAMS, '--data', 'README.md', '--input', CHOICES]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('README.md: E_IO: cannot read the catalogue folder (not a folder)\n');
  });

  it('--input - reads standard input', () => {
    const r = runShell(`node dist/cli.cjs smt --teams data/smt/teams --input - < data/smt/demo-choices.txt`);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Ganador:');
    expect(r.stdout).toContain('INPUT: 0');
  });
});

describe('diagnostics are safe on a terminal (items 11, 19)', () => {
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

describe('verify for CI (item 10)', () => {
  it('--quiet prints the total and the verdict only; the time column says wall', async () => {
    const r = await run(['smt', 'verify', 'test-cases/smt/edge-cases-Tests', 'test-cases/smt/ailments-Tests', '--quiet']);
    expect(lines(r.stdout)).toHaveLength(3);
    expect(r.stdout).toMatch(/^folder +passed +failed +wall$/m);
    expect(r.stdout).toMatch(/^\d+\/\d+ identical$/m);
  });

  it('--max-failures stops after n failed cases', async () => {
    const tests = folder('maxfail/edge-cases-Tests');
    for (const f of readdirSync(join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases-Tests')).filter((f) => f.endsWith('.txt')).slice(0, 6)) {
      writeFileSync(join(tests, f), readFileSync(join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases-Tests', f), 'utf8') + 'extra line\n');
    }
    const r = await run(['smt', 'verify', tests, '--teams', join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases'), '--max-failures', '2', '--jobs', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout.match(/^FAIL /gm)).toHaveLength(2);
    expect(r.stdout).toContain('stopped after 2 failure(s): 4 case(s) not run');
  });

  it.each([
    [['--color'], {}, true],
    [['--no-color'], { FORCE_COLOR: '1' }, false],
    [[], { FORCE_COLOR: '1' }, true],
    [[], { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
    [[], {}, false],
  ])('colour with %j and env %j: %s', async (flags, env, coloured) => {
    const io = { ...memoryIo(REPO_ROOT), env };
    await runArgv(['smt', 'verify', 'test-cases/smt/edge-cases-Tests', '--quiet', ...flags], io);
    expect(/\u001b\[/.test(io.stdout())).toBe(coloured);
  });
});

describe('output failures (item 16)', () => {
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
