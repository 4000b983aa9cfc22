/**
 * generate and fuzz (issue 15): random valid games written as golden cases, and differential testing
 * against another program, with shrinking. The other programs: Arbiter itself, Arbiter with a planted
 * one-line difference (test/fixtures/external/planted.mjs), and programs that hang or crash.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';
import { scratchDir } from '../helpers/scratch.js';

const tmp = scratchDir('fuzz-test');
const PLANTED = join(REPO_ROOT, 'test', 'fixtures', 'external', 'planted.mjs');
const node = JSON.stringify(process.execPath);

async function run(argv: readonly string[]) {
  const io = memoryIo(REPO_ROOT);
  const code = await runArgv(argv, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('generate', () => {
  it('SMT: games in the course layout that verify replays identically, the same for the same seed', async () => {
    const a = join(tmp, 'gen-a');
    const b = join(tmp, 'gen-b');
    expect((await run(['smt', 'generate', '--teams', 'data/smt/teams', '--games', '4', '--seed', '5', '--out-dir', a])).code).toBe(0);
    await run(['smt', 'generate', '--teams', 'data/smt/teams', '--games', '4', '--seed', '5', '--out-dir', b]);
    const names = readdirSync(join(a, 'games-Tests')).sort();
    expect(names).toEqual(['game-1.txt', 'game-2.txt', 'game-3.txt', 'game-4.txt']);
    for (const n of names) expect(readFileSync(join(a, 'games-Tests', n), 'utf8')).toBe(readFileSync(join(b, 'games-Tests', n), 'utf8'));
    const verify = await run(['smt', 'verify', join(a, 'games-Tests'), '--quiet']);
    expect(verify.stdout).toContain('4/4 identical');
    // Played to an end: a winner, or the invalid team file the demo folder holds on purpose (003.txt).
    for (const n of names) expect(readFileSync(join(a, 'games-Tests', n), 'utf8')).toMatch(/(Ganador: .+|Archivo de equipos inválido)\n$/);
  });

  it.each(['clairvoyance', 'tactics', 'marvel', 'marauders'])('%s: case folders that stand alone and verify identically', async (ruleset) => {
    const example = (await import('../../src/rulesets/registry.js')).RULESETS.find((r) => r.meta.id === ruleset)!.meta.examples.play[0]!;
    const setup = example.split(' ').slice(1).filter((w, i, all) => !w.startsWith('-') && !all[i - 1]?.startsWith('--') && w !== '<' && all[i - 1] !== '<');
    const out = join(tmp, `gen-${ruleset}`);
    const r = await run([ruleset, 'generate', ...setup, '--games', '3', '--seed', '2', '--out-dir', out]);
    expect(r.code, r.stderr).toBe(0);
    const cases = readdirSync(out).sort();
    expect(cases).toHaveLength(3);
    for (const c of cases) for (const f of ['args.txt', 'commands.txt', 'expected.txt', 'expected.exit', 'about.txt']) expect(existsSync(join(out, c, f)), `${c}/${f}`).toBe(true);
    const verify = await run([ruleset, 'verify', out, '--quiet']);
    expect(verify.stdout).toContain('3/3 identical');
  });
});

describe('fuzz', () => {
  it('against Arbiter itself: no differences, exit 0', async () => {
    const r = await run(['smt', 'fuzz', '--teams', 'data/smt/teams', '--exec', `${node} ${JSON.stringify(CLI)} smt --teams`, '--games', '4', '--seed', '1', '--out-dir', join(tmp, 'same')]);
    expect(r.stdout).toContain('smt fuzz: 4 game(s) from seed 1; no differences');
    expect(r.code).toBe(0);
  });

  it('against a planted one-line rule change: found, shrunk to a few choices, written as a transcript that verify --exec replays', async () => {
    const out = join(tmp, 'planted');
    const exec = `${node} ${JSON.stringify(PLANTED)} smt-heal smt --teams`;
    const r = await run(['smt', 'fuzz', '--teams', 'data/smt/teams', '--exec', exec, '--games', '10', '--seed', '3', '--out-dir', out]);
    expect(r.code).toBe(1);
    const diff = /^DIFF game (\d+).*: stdout line \d+: expected: (.*) \/ actual: (.*)$/m.exec(r.stdout)!;
    expect(diff[2]).toMatch(/termina con HP:(\d+)\/\1$/);
    const shrunk = /shrunk from (\d+) to (\d+) choice\(s\)/.exec(r.stdout)!;
    expect(Number(shrunk[2])).toBeLessThan(Number(shrunk[1]));
    expect(Number(shrunk[2])).toBeLessThanOrEqual(8);
    const transcripts = readdirSync(join(out, 'games-Tests'));
    expect(transcripts.length).toBeGreaterThan(0);
    const replay = await run(['smt', 'verify', join(out, 'games-Tests'), '--exec', exec]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toMatch(/termina con HP/);
    // Arbiter itself agrees with the shrunk transcripts: the difference is the other program's.
    expect((await run(['smt', 'verify', join(out, 'games-Tests'), '--quiet'])).code).toBe(0);
  });

  it('against a program that hangs or crashes: each game is reported, shrunk to the shortest input', async () => {
    for (const [command, message] of [
      [`sh -c 'sleep 30'`, /timeout: still running after 0\.3 s/],
      [`sh -c 'echo "fatal: boom" >&2; exit 139'`, /crashed: exit 139; stderr ends: fatal: boom/],
    ] as const) {
      const r = await run(['tactics', 'fuzz', 'data/tactics/game.setup', '--exec', command, '--games', '1', '--timeout', '0.3', '--out-dir', join(tmp, 'hostile')]);
      expect(r.code, command).toBe(1);
      expect(r.stdout, command).toMatch(message);
      expect(r.stdout).toMatch(/shrunk from \d+ to 0 choice\(s\)/);
    }
  });
});
