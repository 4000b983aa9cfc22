/**
 * `arbiter clairvoyance` through the compiled CLI: options and their usage errors, --strict, --events,
 * batch mode, echo off with the `> ` prompt, record, and verify (a corrupted case names its first
 * differing line, on stdout or stderr).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { hasStackTrace, linesOf, runCliAsync } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { rulesetEvents } from '../helpers/events.js';

const tmp = mkdtempSync(join(tmpdir(), 'arbiter-clv-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ENCOUNTER = `MAP { Layout: Rectangle 6, 3; Obstacles: ; }
PLAYER Hero { Initiative: +9 }
UNIT Orc { HP: 12; Initiative: +5; Speed: 4; AC: 14; Attack: Melee +4 1d8+2; Full Attack: Melee +4 1d8+2, Melee -1 1d6; }
AI Brute { while enemy count > 0 { Attack closest enemy; } }
AI Lost { Attack closest Elves; }
TEAM Good { Hero x1 : (0,1); }
TEAM Bad { Orc, Brute x1 : (5,1); }
`;
const file = join(tmp, 'e.clv');
writeFileSync(file, ENCOUNTER);
writeFileSync(join(tmp, 'a.txt'), 'next\nnext\nnext\nnext\n');
writeFileSync(join(tmp, 'b.txt'), 'show 1\nkill 1\n');

describe.concurrent('arbiter clairvoyance', () => {
  it('--seed N prints the SEED line first; the same seed gives the same bytes', async () => {
    const a = await runCliAsync(['clairvoyance', 'e.clv', '--seed', '42', '--input', 'a.txt'], { cwd: tmp });
    const b = await runCliAsync(['clairvoyance', 'e.clv', '--seed', '42'], { cwd: tmp, stdin: 'next\nnext\nnext\nnext\n' });
    expect(linesOf(a.stdout)[0]).toBe('SEED xoroshiro128plus:42');
    expect(b.stdout).toBe(a.stdout);
    expect(a.stderr).toBe("e.clv:5:26: W_NAME: unknown team 'Elves' in AI 'Lost'\na.txt:5: E_EOF: input ended; expected a command\n");
    expect(b.stderr).toContain('<stdin>:5: E_EOF');
  });

  it('no dice option means --seed 0', async () => {
    const run = await runCliAsync(['clairvoyance', 'e.clv'], { cwd: tmp });
    expect(linesOf(run.stdout)[0]).toBe('SEED xoroshiro128plus:0');
  });

  it.each([
    [['--seed', '1', '--dice', 'max'], '--dice and --seed exclude each other'],
    [['--dice', 'mid'], "Allowed choices are max, min"],
    [['--seed', '4294967296'], 'expected a whole number from 0 to 4294967295'],
    [['--seed', '-1'], ''],
  ])('usage errors exit 2: %j', async (args, message) => {
    const run = await runCliAsync(['clairvoyance', 'e.clv', ...args], { cwd: tmp });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });

  it('an unreadable encounter is a setup error (exit 2)', async () => {
    const run = await runCliAsync(['clairvoyance', 'missing.clv'], { cwd: tmp });
    expect(run.stderr).toBe('missing.clv: E_IO: cannot read missing.clv (file not found)\n');
    expect(run.status).toBe(2);
  });

  it('--strict turns the warnings into E_NAME errors: nothing simulated, exit 2', async () => {
    const run = await runCliAsync(['clairvoyance', 'e.clv', '--strict', '--input', 'a.txt'], { cwd: tmp });
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe("e.clv:5:26: E_NAME: unknown team 'Elves' in AI 'Lost'\n");
    expect(run.status).toBe(2);
  });

  it('--events writes JSON lines and leaves stdout unchanged', async () => {
    const plain = await runCliAsync(['clairvoyance', 'e.clv', '--dice', 'max', '--input', 'a.txt'], { cwd: tmp });
    const withEvents = await runCliAsync(['clairvoyance', 'e.clv', '--dice', 'max', '--input', 'a.txt', '--events', 'ev.jsonl'], { cwd: tmp });
    expect(withEvents.stdout).toBe(plain.stdout);
    const events = rulesetEvents(linesOf(readFileSync(join(tmp, 'ev.jsonl'), 'utf8')));
    expect(events[0]).toEqual({ t: 'initiative', unit: 0, d20: 20, total: 29 });
    expect(events.map((e) => e.t)).toContain('move');
  });

  it('batch mode: one log per --input in --out-dir and one summary line', async () => {
    const run = await runCliAsync(['clairvoyance', 'e.clv', '--dice', 'max', '--input', 'a.txt', '--input', 'b.txt', '--out-dir', 'out'], { cwd: tmp });
    expect(linesOf(run.stderr).pop()).toBe('clairvoyance: 2 battle(s) written to out; 1 failed: a.txt (exit 1)');
    expect(readFileSync(join(tmp, 'out', 'b.txt'), 'utf8').endsWith('INPUT: kill 1\n- Bad: Orc: 1 died.\nCombat over. Winner: Good.\n')).toBe(true);
    expect(run.status).toBe(1);
  });

  it('echo off: the "> " prompt before each read, as upstream', async () => {
    const run = await runCliAsync(['clairvoyance', 'e.clv', '--dice', 'max', '--no-echo-input'], { cwd: tmp, stdin: 'kill 1\n' });
    expect(run.stdout.endsWith('\n> - Bad: Orc: 1 died.\nCombat over. Winner: Good.\n')).toBe(true);
  });

  it('a validation error prints ERROR: on stdout and the positioned error on stderr', async () => {
    writeFileSync(join(tmp, 'bad.clv'), ENCOUNTER.replace('(5,1)', '(6,1)'));
    const run = await runCliAsync(['clairvoyance', 'bad.clv'], { cwd: tmp });
    expect(run.stdout).toBe('ERROR: Coordinate (6,1) out of bounds in unit Orc in team Bad.\n');
    expect(run.stderr).toContain('bad.clv:7:28: E_TEAM: Coordinate (6,1) out of bounds in unit Orc in team Bad.');
    expect(run.status).toBe(2);
  });

  it('record writes a case log that verify then replays identically', async () => {
    const dir = join(tmp, 'case');
    mkdirSync(dir);
    writeFileSync(join(dir, 'encounter.clv'), ENCOUNTER);
    writeFileSync(join(dir, 'commands.txt'), 'next\nnext\nshow 1\n');
    const rec = await runCliAsync(['clairvoyance', 'record', 'encounter.clv', '--seed', '5', '--input', 'commands.txt', '--out', 'expected.txt'], { cwd: dir });
    expect(rec.status).toBe(1);
    expect(readFileSync(join(dir, 'expected.txt'), 'utf8').startsWith('SEED xoroshiro128plus:5\n')).toBe(true);
    const ver = await runCliAsync(['clairvoyance', 'verify', dir]);
    expect(linesOf(ver.stdout).pop()).toBe('1/1 identical');
    expect(ver.status).toBe(0);
  });

  it('verify names the first difference of a corrupted case, on stdout or on stderr', async () => {
    const root = join(tmp, 'corrupt');
    cpSync(join(REPO_ROOT, 'test-cases', 'clairvoyance', 'seeded', '005-hit-or-miss'), join(root, 'a'), { recursive: true });
    cpSync(join(REPO_ROOT, 'test-cases', 'clairvoyance', 'seeded', '030-name-warnings'), join(root, 'b'), { recursive: true });
    const text = readFileSync(join(root, 'a', 'expected.txt'), 'utf8').split('\n');
    text[1] = 'Initiative order?';
    writeFileSync(join(root, 'a', 'expected.txt'), text.join('\n'));
    writeFileSync(join(root, 'b', 'expected.stderr'), readFileSync(join(root, 'b', 'expected.stderr'), 'utf8').replace("'Orcs'", "'Orks'"));
    const run = await runCliAsync(['clairvoyance', 'verify', root, '--jobs', '1']);
    const fails = linesOf(run.stdout).filter((l) => l.startsWith('FAIL '));
    expect(fails).toEqual([
      `FAIL ${join(root, 'a')} [stdout L2] expected: Initiative order? / actual: Initiative order:`,
      `FAIL ${join(root, 'b')} [stderr L1] expected: encounter.clv:10:14: W_NAME: unknown team 'Orks' in AI 'Lost' / actual: encounter.clv:10:14: W_NAME: unknown team 'Orcs' in AI 'Lost'`,
    ]);
    expect(linesOf(run.stdout).pop()).toBe('0/2 identical');
    expect(run.status).toBe(1);
  });

  it('verify of a folder without cases is a usage error', async () => {
    const run = await runCliAsync(['clairvoyance', 'verify', tmp + '/out']);
    expect(run.status).toBe(2);
    expect(existsSync(tmp)).toBe(true);
  });
});
