/**
 * verify --exec: cases run through another program. The programs are Arbiter itself (identical), Arbiter
 * with a planted difference (test/fixtures/external/planted.mjs), and hostile ones: a program that hangs,
 * crashes, is not there, floods stdout, prints binary or ignores stdin. The CI reporters and sharding are
 * in verify.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUTATING } from '../helpers/cli.js';
import { caseSubset, healSuite } from '../helpers/heal-suite.js';
import { runInProcess as run } from '../helpers/in-process.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';

const PLANTED = join(REPO_ROOT, 'test', 'fixtures', 'external', 'planted.mjs');
const node = JSON.stringify(process.execPath);
const arbiter = (ruleset: string) => `${node} ${JSON.stringify(CLI)} ${ruleset}`;
const planted = (plant: string, ruleset: string) => `${node} ${JSON.stringify(PLANTED)} ${plant} ${ruleset}`;
const SMT_SUITE = healSuite();
const HOSTILE_SUITE = healSuite(4);
const CLV_SUITE = 'test-cases/clairvoyance/seeded';
const TACTICS_SUITE = 'test-cases/tactics';

const fails = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('FAIL '));

describe.skipIf(MUTATING)('verify --exec against Arbiter itself', () => {
  it.each([
    ['smt', SMT_SUITE, ['--teams']],
    ['clairvoyance', caseSubset(CLV_SUITE, 8), []],
    ['tactics', `${TACTICS_SUITE}/movement`, []],
    ['marauders', 'test-cases/marauders/endings', []],
    ['marvel', 'test-cases/marvel/endings', []],
  ])('%s: every case identical (exit 0)', async (ruleset, suite, extra) => {
    const r = await run([ruleset, 'verify', suite, '--exec', `${arbiter(ruleset)} ${extra.join(' ')}`, '--quiet']);
    expect(r.stdout).toMatch(/^(\d+)\/\1 identical$/m);
    expect(r.code).toBe(0);
  });
});

describe.skipIf(MUTATING)('verify --exec against a planted difference', () => {
  it('SMT: each differing transcript is a FAIL with its first differing line; exit 1', async () => {
    const r = await run(['smt', 'verify', SMT_SUITE, '--exec', `${planted('smt-heal', 'smt')} --teams`, '--jobs', '2']);
    expect(r.code).toBe(1);
    const lines = fails(r.stdout);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(/\[stdout L\d+\] expected: .* termina con HP:(\d+)\/\1 \/ actual: .* termina con HP:\d+\/\d+$/);
  });

  it('a case folder whose program drops the last line: stdout differs at that line', async () => {
    const r = await run(['tactics', 'verify', `${TACTICS_SUITE}/example`, '--exec', planted('tail', 'tactics')]);
    expect(r.code).toBe(1);
    expect(fails(r.stdout)[0]).toMatch(/\[stdout L\d+\] expected: .* \/ actual: /);
  });
});

describe.skipIf(MUTATING)('verify --exec against hostile programs: one clear line each, the other cases go on', () => {
  it.each([
    ['a program that hangs', `sh -c 'sleep 30'`, /timeout: still running after 0\.5 s; killed with its process group/],
    ['a program that crashes', `sh -c 'echo starting; echo "Unhandled exception: boom" >&2; exit 134'`, /crashed: exit 134; stderr ends: Unhandled exception: boom/],
    ['a command that does not exist', 'no-such-program-arbiter', /crashed: exit 127 \(command not found\?\)/],
    ['a program that floods stdout', 'yes', /output over 100000 bytes; killed/],
  ])('%s', async (_, command, message) => {
    // Four transcripts: a hanging program costs its timeout per case.
    const r = await run(['smt', 'verify', HOSTILE_SUITE, '--exec', command, '--timeout', '0.5', '--max-output', '100000', '--jobs', '2']);
    expect(r.code).toBe(1);
    const lines = fails(r.stdout);
    // Every case is reported, each on its own line.
    expect(lines).toHaveLength(4);
    for (const l of lines) expect(l).toMatch(message);
  });

  it('a program that exits at once, prints binary or ignores stdin: a difference on stdout', async () => {
    for (const command of ['true', 'head -c 300 /dev/urandom', 'echo hello']) {
      const r = await run(['smt', 'verify', 'test-cases/smt/edge-cases-Tests/001.txt', '--teams', 'test-cases/smt/edge-cases', '--exec', command]);
      expect(r.code, command).toBe(1);
      expect(fails(r.stdout)[0], command).toMatch(/\[stdout L1\]/);
    }
  });

  it('--strip-input-lines compares a program that does not echo its input', async () => {
    const noEcho = `${arbiter('smt')} --no-echo-input --teams`;
    expect((await run(['smt', 'verify', SMT_SUITE, '--exec', noEcho, '--quiet'])).code).toBe(1);
    const r = await run(['smt', 'verify', SMT_SUITE, '--exec', noEcho, '--strip-input-lines', '--quiet']);
    expect(r.code).toBe(0);
  });

  it('--timeout without --exec is a usage error', async () => {
    const r = await run(['smt', 'verify', SMT_SUITE, '--timeout', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--timeout goes with --exec/);
  });
});

describe.skipIf(MUTATING)("a failing program's exit code and stderr are always in its report (issue 21 item 1)", () => {
  const TRANSCRIPT = 'test-cases/smt/edge-cases-Tests/001.txt';
  /** Prints one line, then an uncaught exception as Node, Python and Java end: two stderr lines and exit 1. */
  const uncaught = `sh -c 'echo first; printf "Error: boom\\\\033[31m\\\\n    at main (prog.js:1:1)\\\\n" >&2; exit 1'`;

  it('verify: a program that exits 1 with an exception on stderr: the FAIL names the exit code and the end of stderr, escaped', async () => {
    const r = await run(['smt', 'verify', TRANSCRIPT, '--teams', 'test-cases/smt/edge-cases', '--exec', uncaught]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\[stdout L\d+\]/);
    // A transcript fixes no exit code: the note gives the program's without claiming what was expected.
    expect(r.stdout).toMatch(/program: exit 1; /);
    expect(r.stdout).toContain('stderr ends: Error: boom\\x1b[31m | at main (prog.js:1:1)');
    expect(r.stdout).not.toContain('\x1b');
  });

  it('JSON carries the same note beside the first difference', async () => {
    const r = await run(['smt', 'verify', TRANSCRIPT, '--teams', 'test-cases/smt/edge-cases', '--exec', uncaught, '--json']);
    const failure = (JSON.parse(r.stdout) as { failures: { line: number | null; program?: string }[] }).failures[0]!;
    expect(failure.line).not.toBeNull();
    expect(failure.program).toMatch(/^exit 1; stderr ends: Error: boom/);
  });

  it('a stderr line of 100 KB is cut like a diagnostic', async () => {
    const long = `sh -c 'head -c 100000 /dev/zero | tr "\\\\0" x >&2; exit 1'`;
    const r = await run(['smt', 'verify', TRANSCRIPT, '--teams', 'test-cases/smt/edge-cases', '--exec', long]);
    const cut = /stderr ends: (x+)\.\.\. \((\d+) more characters\)/.exec(r.stdout);
    expect(cut).not.toBeNull();
    expect(cut![1]!.length + Number(cut![2])).toBe(100_000);
    expect(cut![1]!.length).toBeLessThan(1000);
    expect(r.stdout.length).toBeLessThan(5_000);
  });

  it('a program that exits 0 but differs and writes nothing to stderr: no note (nothing to tell)', async () => {
    const r = await run(['smt', 'verify', TRANSCRIPT, '--teams', 'test-cases/smt/edge-cases', '--exec', 'echo hello', '--json']);
    const failure = (JSON.parse(r.stdout) as { failures: { program?: string }[] }).failures[0]!;
    expect(failure.program).toBeUndefined();
  });

  it('a crash keeps its one line, its stderr escaped', async () => {
    const r = await run(['smt', 'verify', TRANSCRIPT, '--teams', 'test-cases/smt/edge-cases', '--exec', `sh -c 'printf "\\\\033]0;pwned\\\\007\\\\n" >&2; exit 134'`]);
    expect(fails(r.stdout)[0]).toContain('crashed: exit 134; stderr ends: \\x1b]0;pwned\\x07');
  });

  it('fuzz: the DIFF line of a program that exits 2 names its exit code and stderr', async () => {
    const out = mkdtempSync(join(tmpdir(), 'arbiter-exec-fuzz-'));
    try {
      // Exit 2: Arbiter's own game may end with exit 0 or 1 (a case fuzz writes fixes it), never 2.
      const r = await run(['tactics', 'fuzz', 'data/tactics/game.setup', '--exec', uncaught.replace('exit 1', 'exit 2'), '--games', '1', '--out-dir', out]);
      expect(r.stdout).toMatch(/^DIFF game 1.*; program: exit 2 \(expected [01]\); stderr ends: Error: boom\\x1b\[31m \| at main/m);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
