/**
 * A ruleset needs nothing outside its own folder plus one registry entry (issue 9, "Done when"): the
 * `coin` fixture (test/fixtures/coin, not shipped in src/) is plugged in with one entry
 * (test/fixtures/rulesets.ts) and gets the whole generic CLI in-process: --help, play with --input and
 * stdin, batch with --out-dir, record of case folders, and verify of them and of corrupted copies.
 *
 * Expected logs are not copied from program output: `model()` below plays the coin rules (meta.ts) on the
 * core generator, written from the rules, and every run is compared with it.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo, type Io } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { isSkippableChoiceLine, splitLines } from '../../src/core/lines.js';
import { Prng } from '../../src/core/prng.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { COIN, WITH_FIXTURES } from '../fixtures/rulesets.js';
import { REPO_ROOT } from '../helpers/shared.js';

const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'coin');
const scratch = mkdtempSync(join(tmpdir(), 'arbiter-coin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
/** A fresh working folder holding the fixture's setup and commands (and whatever `extra` adds). */
function workdir(extra: Record<string, string> = {}): string {
  const dir = join(scratch, `w${++folders}`);
  cpSync(FIXTURE, dir, { recursive: true });
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return dir;
}

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function cli(argv: readonly string[], cwd: string, stdin?: string): Promise<Run> {
  const base = memoryIo(cwd);
  const io: Io & { stdout(): string; stderr(): string } = stdin === undefined ? base : { ...base, stdin: Readable.from([stdin]) };
  const code = await runArgv(argv, io, WITH_FIXTURES);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/**
 * The coin rules, played independently of the fixture's engine: SEED line, opening, then per choice line
 * (blank and `#` lines skipped) the echo and its result; E_EOF when input ends before the game.
 */
function model(seed: number, target: number, input: string, source: string): { stdout: string; stderr: string; code: number } {
  const rng = Prng.seeded(seed);
  const out = [`SEED xoroshiro128plus:${seed}`, `Coin: first to ${target} heads`];
  const err: string[] = [];
  let flips = 0;
  let heads = 0;
  let over = false;
  let rejected = false;
  const lines = splitLines(input);
  for (let i = 0; i < lines.length && !over; i++) {
    const line = lines[i]!;
    if (isSkippableChoiceLine(line)) continue;
    out.push(`INPUT: ${line}`);
    const choice = line.trim();
    if (choice === 'flip') {
      const side = rng.int(0, 1);
      flips++;
      heads += side;
      out.push(`Flip ${flips}: ${side === 1 ? 'heads' : 'tails'} (${heads}/${target})`);
      if (heads >= target) {
        out.push(`WINNER: heads after ${flips} flips`);
        over = true;
      }
    } else if (choice === 'quit') {
      out.push(`QUIT after ${flips} flips`);
      over = true;
    } else {
      rejected = true;
      out.push(`ERROR E_SYNTAX: expected 'flip' or 'quit', got '${choice}'`);
      err.push(`${source}:${i + 1}: E_SYNTAX: expected 'flip' or 'quit', got '${choice}'`);
    }
  }
  if (!over) {
    out.push("ERROR E_EOF: input ended; expected 'flip' or 'quit'");
    err.push(`${source}:${lines.length + 1}: E_EOF: input ended; expected 'flip' or 'quit'`);
  }
  const text = (l: string[]) => (l.length === 0 ? '' : l.join('\n') + '\n');
  return { stdout: text(out), stderr: text(err), code: over && !rejected ? 0 : 1 };
}

const DEMO_COMMANDS = readFileSync(join(FIXTURE, 'commands.txt'), 'utf8');

describe('the coin fixture is a ruleset of its own folder', () => {
  it('its files import only the core contract (src/core) and each other', () => {
    for (const name of ['meta.ts', 'engine.ts']) {
      const source = readFileSync(join(FIXTURE, name), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      expect(imports.length, name).toBeGreaterThan(0);
      for (const path of imports) expect(path, `${name} imports ${path}`).toMatch(/^(\.\/|\.\.\/\.\.\/\.\.\/src\/core\/)/);
    }
  });

  it('is not shipped: the registry does not list it, the test registry adds exactly one entry', () => {
    expect(RULESETS.map((r) => r.meta.id)).not.toContain('coin');
    expect(WITH_FIXTURES.length).toBe(RULESETS.length + 1);
    expect(WITH_FIXTURES[WITH_FIXTURES.length - 1]).toBe(COIN);
  });

  it('the model agrees with the demo it is checked against (the demo ends, exit 0)', () => {
    const m = model(11, 3, DEMO_COMMANDS, 'commands.txt');
    expect(m.code).toBe(0);
    expect(m.stdout).toContain('WINNER: heads after');
  });
});

describe('coin --help', () => {
  it('shows the setup argument, --seed, the I/O options and every play example', async () => {
    const r = await cli(['coin', '--help'], scratch);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: arbiter coin \[options\]/);
    expect(r.stdout).toMatch(/^Arguments:\n  setup +the setup$/m);
    for (const flag of ['--seed <n>', '--input <file>', '--out-dir <folder>', '--echo-input', '--no-echo-input']) expect(r.stdout).toContain(flag);
    for (const example of COIN.meta.examples.play) expect(r.stdout).toContain(`$ arbiter ${example}`);
    expect(r.stdout).toContain('Coin: first to N heads (test fixture) (rules v1, alpha)');
  });

  it('record --help and verify --help show their examples', async () => {
    const record = await cli(['coin', 'record', '--help'], scratch);
    const verify = await cli(['coin', 'verify', '--help'], scratch);
    expect([record.code, verify.code]).toEqual([0, 0]);
    for (const example of COIN.meta.examples.record) expect(record.stdout).toContain(`$ arbiter ${example}`);
    for (const example of COIN.meta.examples.verify) expect(verify.stdout).toContain(`$ arbiter ${example}`);
  });

  it('the program help lists coin beside the shipped rulesets', async () => {
    const r = await cli(['--help'], scratch);
    expect(r.code).toBe(0);
    for (const entry of WITH_FIXTURES) expect(r.stdout).toMatch(new RegExp(`^  ${entry.meta.id} +${entry.meta.title.replace(/[()]/g, '\\$&')}`, 'm'));
    expect(r.stdout).toContain(`$ arbiter ${COIN.meta.examples.play[0]}`);
  });
});

describe('coin: play', () => {
  it('--input: the log the rules give, with the setup seed', async () => {
    const dir = workdir();
    const r = await cli(['coin', 'coin.setup', '--input', 'commands.txt'], dir);
    expect(r).toEqual({ ...model(11, 3, DEMO_COMMANDS, 'commands.txt'), code: 0, stderr: '' });
  });

  it('--seed beats the setup seed', async () => {
    const dir = workdir();
    const r = await cli(['coin', 'coin.setup', '--seed', '3', '--input', 'commands.txt'], dir);
    expect(r.stdout).toBe(model(3, 3, DEMO_COMMANDS, 'commands.txt').stdout);
    expect(r.code).toBe(0);
  });

  it('a setup without a seed plays seed 0', async () => {
    const dir = workdir({ 'noseed.setup': 'target 2\n' });
    const r = await cli(['coin', 'noseed.setup', '--input', 'commands.txt'], dir);
    expect(r.stdout).toBe(model(0, 2, DEMO_COMMANDS, 'commands.txt').stdout);
  });

  it('stdin gives the same log as --input (source <stdin>)', async () => {
    const dir = workdir();
    const input = 'flip\nflip\n';
    const r = await cli(['coin', 'coin.setup'], dir, input);
    expect(r).toEqual(model(11, 3, input, '<stdin>'));
  });

  it('a bad line is echoed, rejected with ERROR E_SYNTAX, positioned on stderr; nothing else changes', async () => {
    const dir = workdir({ 'bad.txt': 'flip\n\n# c\nflip twice\nflip\nflip\nflip\nflip\nflip\nflip\nflip\nflip\nflip\n' });
    const r = await cli(['coin', 'coin.setup', '--input', 'bad.txt'], dir);
    const expected = model(11, 3, readFileSync(join(dir, 'bad.txt'), 'utf8'), 'bad.txt');
    expect(r).toEqual(expected);
    expect(r.stdout).toContain("INPUT: flip twice\nERROR E_SYNTAX: expected 'flip' or 'quit', got 'flip twice'\n");
    expect(r.stderr).toBe("bad.txt:4: E_SYNTAX: expected 'flip' or 'quit', got 'flip twice'\n");
    expect(r.code).toBe(1);
  });

  it('quit ends the game (exit 0); input cut short is E_EOF (exit 1)', async () => {
    const dir = workdir({ 'quit.txt': 'flip\nquit\nflip\n', 'short.txt': 'flip\n' });
    const quit = await cli(['coin', 'coin.setup', '--input', 'quit.txt'], dir);
    expect(quit).toEqual(model(11, 3, 'flip\nquit\nflip\n', 'quit.txt'));
    expect(quit.stdout.endsWith('INPUT: quit\nQUIT after 1 flips\n')).toBe(true);
    const short = await cli(['coin', 'coin.setup', '--input', 'short.txt'], dir);
    expect(short).toEqual(model(11, 3, 'flip\n', 'short.txt'));
    expect(short.code).toBe(1);
  });

  it('--no-echo-input drops the INPUT lines and nothing else', async () => {
    const dir = workdir();
    const r = await cli(['coin', 'coin.setup', '--no-echo-input', '--input', 'commands.txt'], dir);
    const echoed = model(11, 3, DEMO_COMMANDS, 'commands.txt').stdout;
    expect(r.stdout).toBe(echoed.split('\n').filter((l) => !l.startsWith('INPUT: ')).join('\n'));
  });

  it('setup errors are positioned, exit 2, and nothing is simulated', async () => {
    const dir = workdir({ 'bad.setup': '# c\ntarget 3\nturbo on\n', 'empty.setup': '# nothing\n', 'big.setup': 'target 99\n' });
    const cases: [string, string][] = [
      ['missing.setup', 'missing.setup: E_IO: cannot read missing.setup (file not found)\n'],
      ['bad.setup', "bad.setup:3:1: E_SYNTAX: expected 'target N' or 'seed N', got 'turbo on'\n"],
      ['empty.setup', "empty.setup:2: E_SYNTAX: missing 'target N'\n"],
      ['big.setup', "big.setup:1: E_RANGE: expected a target from 1 to 20, got '99'\n"],
    ];
    for (const [setup, stderr] of cases) {
      const r = await cli(['coin', setup, '--input', 'commands.txt'], dir);
      expect(r, setup).toEqual({ code: 2, stdout: '', stderr });
    }
  });

  it('usage errors exit 2: a bad --seed, a missing setup argument, an unknown option', async () => {
    const dir = workdir();
    for (const argv of [
      ['coin', 'coin.setup', '--seed', '4294967296'],
      ['coin', 'coin.setup', '--seed', '-1'],
      ['coin', 'coin.setup', '--seed', '1e3'],
      ['coin'],
      ['coin', 'coin.setup', '--dice', 'max'],
    ]) {
      const r = await cli(argv, dir);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout, argv.join(' ')).toBe('');
      expect(r.stderr, argv.join(' ')).toMatch(/^error: /);
    }
  });
});

describe('coin: batch', () => {
  it('one log per --input in --out-dir, each a fresh battle; one summary line', async () => {
    const dir = workdir({ 'a.txt': DEMO_COMMANDS, 'b.txt': 'flip\nquit\n' });
    const r = await cli(['coin', 'coin.setup', '--input', 'a.txt', '--input', 'b.txt', '--out-dir', 'logs'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('coin: 2 battle(s) written to logs; all succeeded\n');
    expect(readFileSync(join(dir, 'logs', 'a.txt'), 'utf8')).toBe(model(11, 3, DEMO_COMMANDS, 'a.txt').stdout);
    // b starts from the seed again: battles share nothing.
    expect(readFileSync(join(dir, 'logs', 'b.txt'), 'utf8')).toBe(model(11, 3, 'flip\nquit\n', 'b.txt').stdout);
  });

  it('a missing input file fails alone: no log for it, the others written, exit 2, summary in input order', async () => {
    const dir = workdir({ 'a.txt': DEMO_COMMANDS, 'c.txt': 'flip\n' });
    const r = await cli(['coin', 'coin.setup', '--input', 'a.txt', '--input', 'missing.txt', '--input', 'c.txt', '--out-dir', 'logs'], dir);
    expect(r.code).toBe(2);
    const stderr = r.stderr.split('\n').filter((l) => l !== '');
    expect(stderr).toEqual([
      'missing.txt: E_IO: cannot read choices file (file not found)',
      "c.txt:2: E_EOF: input ended; expected 'flip' or 'quit'",
      'coin: 2 battle(s) written to logs; 2 failed: missing.txt (exit 2), c.txt (exit 1)',
    ]);
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual(['a.txt', 'c.txt']);
    expect(readFileSync(join(dir, 'logs', 'c.txt'), 'utf8')).toBe(model(11, 3, 'flip\n', 'c.txt').stdout);
  });

  it('a batch whose setup fails writes nothing and creates no folder', async () => {
    const dir = workdir();
    const r = await cli(['coin', 'nope.setup', '--input', 'commands.txt', '--out-dir', 'logs'], dir);
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'logs'))).toBe(false);
  });
});

describe('coin: record and verify of case folders', () => {
  const CASES = join(FIXTURE, 'cases');
  const EXPECTED = ['expected.txt', 'expected.stderr', 'expected.exit'];

  /** The committed cases, checked against the rules rather than trusted. */
  it('the committed golden cases are what the rules give', () => {
    const win = join(CASES, 'win');
    const m1 = model(5, 2, readFileSync(join(win, 'commands.txt'), 'utf8'), 'commands.txt');
    expect(readFileSync(join(win, 'expected.txt'), 'utf8')).toBe(m1.stdout);
    expect(readFileSync(join(win, 'expected.exit'), 'utf8')).toBe('0\n');
    expect(existsSync(join(win, 'expected.stderr'))).toBe(false);
    const bad = join(CASES, 'bad-line-then-eof');
    const m2 = model(7, 4, readFileSync(join(bad, 'commands.txt'), 'utf8'), 'commands.txt');
    expect(readFileSync(join(bad, 'expected.txt'), 'utf8')).toBe(m2.stdout);
    expect(readFileSync(join(bad, 'expected.stderr'), 'utf8')).toBe(m2.stderr);
    expect(readFileSync(join(bad, 'expected.exit'), 'utf8')).toBe('1\n');
  });

  it('record writes expected.txt, expected.stderr (only when stderr is not empty) and expected.exit', async () => {
    const dir = workdir();
    for (const c of ['win', 'bad-line-then-eof']) for (const f of EXPECTED) rmSync(join(dir, 'cases', c, f), { force: true });
    // A stale expected.stderr is removed when the run prints nothing on stderr.
    writeFileSync(join(dir, 'cases', 'win', 'expected.stderr'), 'stale\n');
    const r = await cli(['coin', 'record', 'cases'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('recorded cases/bad-line-then-eof (exit 1)\nrecorded cases/win (exit 0)\n');
    for (const c of ['win', 'bad-line-then-eof']) {
      for (const f of EXPECTED) {
        const committed = join(CASES, c, f);
        const recorded = join(dir, 'cases', c, f);
        expect(existsSync(recorded), `${c}/${f}`).toBe(existsSync(committed));
        if (existsSync(committed)) expect(readFileSync(recorded, 'utf8'), `${c}/${f}`).toBe(readFileSync(committed, 'utf8'));
      }
      expect(readdirSync(join(dir, 'cases', c)).filter((n) => n.endsWith('.partial'))).toEqual([]);
    }
  });

  it('record --input --out writes one transcript', async () => {
    const dir = workdir();
    const r = await cli(['coin', 'record', 'coin.setup', '--input', 'commands.txt', '--out', 'log.txt'], dir);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toBe(model(11, 3, DEMO_COMMANDS, 'commands.txt').stdout);
  });

  it('verify of the committed cases: all identical, exit 0, cases unchanged', async () => {
    const before = readdirSync(join(CASES, 'win')).sort();
    const r = await cli(['coin', 'verify', '--jobs', '1', 'test/fixtures/coin/cases'], REPO_ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^2\/2 identical$/m);
    expect(readdirSync(join(CASES, 'win')).sort()).toEqual(before);
  });

  describe('verify of corrupted copies', () => {
    function corrupted(name: string, file: string, change: (lines: string[]) => string[]): string {
      const dir = workdir();
      const caseDir = join(dir, 'cases', name);
      const path = join(caseDir, file);
      const lines = readFileSync(path, 'utf8').split('\n');
      // split() leaves '' after the final newline; keep it last so the file still ends with one.
      lines.pop();
      writeFileSync(path, change(lines).map((l) => l + '\n').join(''));
      return caseDir;
    }

    it('expected.txt with its last lines removed: exit 1, the stdout line where the expected log ends', async () => {
      const caseDir = corrupted('win', 'expected.txt', (l) => l.slice(0, -2));
      const expected = readFileSync(join(CASES, 'win', 'expected.txt'), 'utf8').split('\n');
      const n = expected.length - 2; // 1-based line of the first removed line
      const r = await cli(['coin', 'verify', '--jobs', '1', caseDir], REPO_ROOT);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`FAIL ${caseDir} [stdout L${n}] expected: <end of log> / actual: ${expected[n - 1]}`);
      expect(r.stdout).toMatch(/^0\/1 identical$/m);
    });

    it('expected.txt with lines appended: exit 1, the first extra line', async () => {
      const caseDir = corrupted('win', 'expected.txt', (l) => [...l, 'INPUT: flip', 'Flip 5: heads (3/2)']);
      const n = readFileSync(join(CASES, 'win', 'expected.txt'), 'utf8').split('\n').length; // lines + 1
      const r = await cli(['coin', 'verify', '--jobs', '1', caseDir], REPO_ROOT);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`FAIL ${caseDir} [stdout L${n}] expected: INPUT: flip / actual: <end of log>`);
    });

    it('expected.stderr changed: exit 1, named as the stderr stream', async () => {
      const caseDir = corrupted('bad-line-then-eof', 'expected.stderr', (l) => [l[0]!, l[1]!.replace(':5:', ':6:')]);
      const r = await cli(['coin', 'verify', '--jobs', '1', caseDir], REPO_ROOT);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`FAIL ${caseDir} [stderr L2] expected: commands.txt:6: E_EOF`);
    });

    it('expected.exit changed: exit 1, named as the exit stream', async () => {
      const caseDir = corrupted('win', 'expected.exit', () => ['1']);
      const r = await cli(['coin', 'verify', '--jobs', '1', caseDir], REPO_ROOT);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`FAIL ${caseDir} [exit] expected: 1 / actual: 0`);
    });

    // CONVENTIONS ("Cases, verify and record"): the report names the stream of every failure, stdout too.
    it('a stdout difference names the stdout stream in the report', async () => {
      const caseDir = corrupted('win', 'expected.txt', (l) => l.slice(0, -1));
      const text = await cli(['coin', 'verify', '--jobs', '1', caseDir], REPO_ROOT);
      const json = await cli(['coin', 'verify', '--jobs', '1', '--json', caseDir], REPO_ROOT);
      expect(text.stdout).toMatch(/FAIL .* \[stdout L\d+\]/);
      expect((JSON.parse(json.stdout) as { failures: { stream?: string }[] }).failures[0]!.stream).toBe('stdout');
    });

    it('verify never changes the case folder (it runs in a scratch copy)', async () => {
      const caseDir = corrupted('win', 'expected.txt', (l) => l.slice(0, -1));
      const before = readdirSync(caseDir).sort().map((f) => [f, readFileSync(join(caseDir, f), 'utf8')]);
      await cli(['coin', 'verify', '--jobs', '1', caseDir], REPO_ROOT);
      expect(readdirSync(caseDir).sort().map((f) => [f, readFileSync(join(caseDir, f), 'utf8')])).toEqual(before);
    });
  });

  it('usage errors before anything runs (exit 2): no cases, a case for another ruleset, an empty args.txt', async () => {
    const dir = workdir();
    const cases = join(dir, 'cases');
    const none = await cli(['coin', 'verify', join(dir, 'no-such-folder')], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^error: .*no-such-folder: no cases found/);
    writeFileSync(join(cases, 'win', 'args.txt'), 'smt --teams x\n');
    const other = await cli(['coin', 'verify', '--jobs', '1', cases], dir);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("the case is for 'smt', not 'coin'");
    expect(other.stdout).toBe('');
    writeFileSync(join(cases, 'win', 'args.txt'), '\n');
    const empty = await cli(['coin', 'verify', '--jobs', '1', cases], dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('holds no arguments');
  });

  // The Io contract: relative paths are resolved against its working folder, for verify as for play and record.
  it('verify resolves a relative case path against the working folder of its Io', async () => {
    const dir = workdir();
    const r = await cli(['coin', 'verify', '--jobs', '1', 'cases'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
