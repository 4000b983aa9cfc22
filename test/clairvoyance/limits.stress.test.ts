/**
 * Clairvoyance's limits at full size (npm run test:stress; limits.test.ts holds the same checks at sizes
 * npm test can afford): nesting and chains 100,000 deep, a 4,000,000-cell corridor, 4,000,000 cells of
 * obstacles, a crowd of 50,000 units, 20 MB files. Each once hung, overflowed the stack or ran out of
 * memory; each must now end with a clean answer. Seconds to tens of seconds each on two cores.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBoard } from '../../src/rulesets/clairvoyance/board.js';
import { MAX_NESTING, parseEncounter } from '../../src/rulesets/clairvoyance/syntax/parse.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';
import { CHAINS, encounterWith, freshFolder, nestingAndChains, NESTED, oneSetupError, ORC, parseSteps, play } from './limits-helpers.js';

describe(`item 13 at full size: '(' and '{' nest at most ${MAX_NESTING} deep; chains of any length run`, () => {
  nestingAndChains(100_000);

  it('verify --jobs 1 and --jobs 2 give the same verdict on such cases (it was exit 3 against exit 1)', () => {
    const root = freshFolder('verify');
    const cases = {
      deep: encounterWith(NESTED['if']!(1000)),
      flat: encounterWith('while enemy count < 0 { Pass; } '.repeat(10_000) + 'Approach closest enemy;'),
      chain: encounterWith(CHAINS['and']!(100_000)),
    };
    for (const [name, text] of Object.entries(cases)) {
      mkdirSync(join(root, name), { recursive: true });
      writeFileSync(join(root, name, 'encounter.clv'), text);
      writeFileSync(join(root, name, 'commands.txt'), 'next\nnext\nnext\n');
      const r = runCli(['clairvoyance', 'encounter.clv', '--dice', 'max', '--input', 'commands.txt'], { cwd: join(root, name) });
      writeFileSync(join(root, name, 'expected.txt'), r.stdout);
      writeFileSync(join(root, name, 'expected.stderr'), r.stderr);
    }
    const one = runCli(['clairvoyance', 'verify', root, '--jobs', '1']);
    const two = runCli(['clairvoyance', 'verify', root, '--jobs', '2']);
    for (const r of [one, two]) {
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('3/3 identical');
      expect(hasStackTrace(r.stdout + r.stderr)).toBe(false);
    }
  });
});

describe('item 14 at full size: every algorithm is near-linear', () => {
  const corridor = (ai: string, attack = 'Melee +4 1d8+2') =>
    encounterWith(ai, {
      layout: 'Rectangle 4000000, 1',
      unit: `UNIT Orc { HP: 12; Initiative: +5; Speed: 4; AC: 14; Attack: ${attack}; Full Attack: Melee +4 1d8+2; }`,
      orc: '(3999999,0)',
    });
  const turns = Array(8).fill('next') as string[];

  it('a 4,000,000 x 1 corridor: AI turns that walk toward a far target end (Attack is retried every turn)', async () => {
    const r = await play(corridor('Attack closest enemy;'), turns);
    expect(r.code).toBe(1);
    expect(r.stdout.match(/- Bad: Orc: 1 moved to \(\d+,0\)\./g)).toEqual([
      '- Bad: Orc: 1 moved to (3999995,0).',
      '- Bad: Orc: 1 moved to (3999991,0).',
      '- Bad: Orc: 1 moved to (3999987,0).',
      '- Bad: Orc: 1 moved to (3999983,0).',
    ]);
  });

  it('the corridor with a range of 2,000,000 (every cell in range asked for line of sight): same walk', async () => {
    const r = await play(corridor('Attack closest enemy;', 'Ranged(2000000) +4 1d8+2'), turns);
    expect(r.stdout.match(/moved to \(\d+,0\)/g)).toEqual(['moved to (3999995,0)', 'moved to (3999991,0)', 'moved to (3999987,0)', 'moved to (3999983,0)']);
  });

  it('the corridor with Disengage (the escape field over the whole board)', async () => {
    const r = await play(corridor('while enemy count > 0 { Disengage; }').replace('(3999999,0)', '(5,0)'), turns);
    // One cell a turn, exactly as before the change (the previous build, on a 10,000-cell corridor).
    expect(r.stdout.match(/moved to \(\d+,0\)/g)).toEqual(['moved to (6,0)', 'moved to (7,0)', 'moved to (8,0)', 'moved to (9,0)']);
  });

  it('a crowd: a 10,000-condition program over 50,000 units (13 s per AI turn) and 50,000 prompts', async () => {
    const coordinates = Array.from({ length: 50_000 }, (_, i) => `(${i % 300},${1 + Math.floor(i / 300)})`);
    const text = [
      'MAP { Layout: Rectangle 300, 300; Obstacles: ; }',
      'PLAYER Hero { Initiative: +9 }',
      ORC,
      `AI Brute { ${'while enemy count < 0 { Pass; } '.repeat(10_000)}Attack closest enemy; }`,
      `TEAM Good { Hero x50000 : ${coordinates.join(', ')}; }`,
      'TEAM Bad { Orc, Brute x1 : (299,0); }',
      '',
    ].join('\n');
    const r = await play(text, Array(50_002).fill('next') as string[]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/- Bad: Orc: 1 attacked Good: Hero: \d+ with a roll of 24 for 10 damage\./);
  });

  it('100,000 overlapping obstacles on a 2000 x 2000 board (each was filled cell by cell)', async () => {
    const obstacles = Array(100_000).fill('(1-1998, 1-1998)').join(', ');
    const r = await play(encounterWith('Pass;', { layout: 'Rectangle 2000, 2000', obstacles, orc: '(1999,1999)' }), ['quit']);
    expect(r.code).toBe(0);
    // Row 1 of the board: an empty cell, 1998 walls, an empty cell.
    expect(r.stdout.split('\n')[6]).toBe(`|    |${'|||||'.repeat(1998)}    |`);
  });

  it('an outline walked back and forth 50,000 times (each step was walked cell by cell)', () => {
    const steps = '1333330R 1333330L '.repeat(50_000);
    const board = buildBoard({ kind: 'outline', at: { line: 1, column: 1 }, steps: parseSteps(steps) }, []);
    expect('width' in board && [board.width, board.height]).toEqual([1333333, 3]);
  });

  it('a 20 MB encounter with a parse error at its end (the error search never finished): E_PARSE at the error', async () => {
    const units = Array.from({ length: 160_000 }, (_, i) => ORC.replace('Orc', `Orc${i}`)).join('\n');
    const text = `MAP { Layout: Rectangle 8, 5; Obstacles: ; }\nPLAYER Hero { Initiative: +9 }\n${units}\nAI Brute { Pass; }\nTEAM Good { Hero x1 : (0,0); }\nTEAM Bad { Orc0, Brute x1 : (7,4); } #\n`;
    expect(text.length).toBeGreaterThan(20_000_000);
    const e = oneSetupError(await play(text));
    expect(e).toEqual({ line: 160_005, column: 38, rest: "E_PARSE: unexpected character '#'; expected 'TEAM' or end of file" });
  });

  it('a valid 20 MB encounter (160,000 units) plays in one process under 500 MB (issue 21 item 14: it took 2 GB)', () => {
    const units = Array.from({ length: 160_000 }, (_, i) => ORC.replace('Orc', `Orc${i}`)).join('\n');
    const root = freshFolder('valid-20mb');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'big.clv'), `MAP { Layout: Rectangle 8, 5; Obstacles: ; }\nPLAYER Hero { Initiative: +9 }\n${units}\nAI Brute { Pass; }\nTEAM Good { Hero x1 : (0,0); }\nTEAM Bad { Orc0, Brute x1 : (7,4); }\n`);
    const r = spawnSync(process.execPath, ['--import', join(REPO_ROOT, 'scripts', 'rss-probe.mjs'), CLI, 'clairvoyance', 'big.clv', '--dice', 'max'], { cwd: root, input: 'next\n', encoding: 'utf8', timeout: 300_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('INPUT: next');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('ERROR E_EOF: input ended; expected a command');
    const peakMB = Number(/ARBITER_MAXRSS_KB (\d+)/.exec(r.stderr)?.[1]) / 1024;
    expect(peakMB).toBeGreaterThan(50);
    expect(peakMB).toBeLessThan(500);
  });

  it('a 20 MB AI with a missing semicolon at its end', () => {
    const text = encounterWith(`${'if enemy count > 1 then { Approach closest enemy; } else { Pass; } '.repeat(250_000)}Pass }`);
    const parsed = parseEncounter(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.message).toBe("unexpected '}'; expected ';'");
  });
});
