/**
 * fuzz: differential testing against another program, with shrinking. The other programs: Arbiter itself,
 * Arbiter with a planted one-line difference (test/fixtures/external/planted.mjs), and programs that hang
 * or crash.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUTATING } from '../helpers/cli.js';
import { runInProcess as run } from '../helpers/in-process.js';
import { scratchDir } from '../helpers/scratch.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';

const tmp = scratchDir('fuzz');
const PLANTED = join(REPO_ROOT, 'test', 'fixtures', 'external', 'planted.mjs');
const node = JSON.stringify(process.execPath);

describe.skipIf(MUTATING)('fuzz', () => {
  it('against Arbiter itself: no differences, exit 0', async () => {
    const r = await run(['smt', 'fuzz', '--teams', 'data/smt/teams', '--exec', `${node} ${JSON.stringify(CLI)} smt --teams`, '--games', '4', '--seed', '1', '--out-dir', join(tmp, 'same')]);
    expect(r.stdout).toContain('smt fuzz: 4 game(s) from seed 1; no differences');
    expect(r.code).toBe(0);
  });

  it('against a planted one-line rule change: found, shrunk to a few choices, written as a transcript that verify --exec replays', async () => {
    const out = join(tmp, 'planted');
    const exec = `${node} ${JSON.stringify(PLANTED)} smt-heal smt --teams`;
    const r = await run(['smt', 'fuzz', '--teams', 'data/smt/teams', '--exec', exec, '--games', '2', '--seed', '3', '--max-steps', '40', '--out-dir', out]);
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
