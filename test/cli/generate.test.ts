/**
 * generate: random valid games written as golden cases (the course layout for SMT, case folders for the
 * others) that verify replays identically, the same for the same seed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess as run } from '../helpers/in-process.js';
import { scratchDir } from '../helpers/scratch.js';

const tmp = scratchDir('generate');

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

  it('marvel: games play on until the battle ends (giving up is not drawn early), not two commands and a yield', async () => {
    const out = join(tmp, 'gen-marvel-50');
    const r = await run(['marvel', 'generate', 'data/marvel/demo.sheet', '--games', '50', '--seed', '0', '--out-dir', out]);
    expect(r.code, r.stderr).toBe(0);
    const cases = readdirSync(out).sort();
    expect(cases).toHaveLength(50);
    for (const c of cases) {
      const commands = readFileSync(join(out, c, 'commands.txt'), 'utf8').split('\n').filter((l) => l !== '');
      expect(commands.length, `${c}: ${commands.join(' / ')}`).toBeGreaterThanOrEqual(20);
      expect(readFileSync(join(out, c, 'expected.txt'), 'utf8'), c).toMatch(/^END /m);
      expect(existsSync(join(out, c, 'expected.stderr')) ? readFileSync(join(out, c, 'expected.stderr'), 'utf8') : '', c).not.toContain('E_EOF');
    }
  });

  it("tactics: a case's setup holds the setup file and the files it loads, not the choices files beside it", async () => {
    const out = join(tmp, 'gen-tactics-setup');
    const r = await run(['tactics', 'generate', 'data/tactics/game.setup', '--games', '2', '--seed', '3', '--out-dir', out]);
    expect(r.code, r.stderr).toBe(0);
    for (const c of readdirSync(out)) expect(readdirSync(join(out, c, 'setup')).sort(), c).toEqual(['basic.units', 'game.setup', 'valley.map']);
    expect((await run(['tactics', 'verify', out, '--quiet'])).stdout).toContain('2/2 identical');
  });
});
