/**
 * Issue 10, items 13-15 for SMT: a catalogue nested 100,000 deep, numbers the rules cannot compute (1e308,
 * 1e999), hit counts that would never end, and a team-file line that made the samurai pattern backtrack
 * quadratically. Each is one positioned setup error naming the limit (exit 2), never a stack trace, an
 * Infinity in the log or a hang; the course and project catalogues stay far inside every limit.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { loadCatalogue, MAX_COST, MAX_HITS, MAX_JSON_DEPTH, MAX_POWER, MAX_STAT } from '../../src/rulesets/smt/catalogue.js';
import { matchSamurai } from '../../src/rulesets/smt/team-file.js';
import { hasStackTrace } from '../helpers/cli.js';
import { COURSE, DATA_SMT, HAS_COURSE, REPO_ROOT } from '../helpers/shared.js';

const root = mkdtempSync(join(tmpdir(), 'arbiter-smt-limits-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

type FileName = 'samurai.json' | 'monsters.json' | 'skills.json';

/** A copy of data/smt (catalogue and teams) with one catalogue file replaced. */
function catalogueWith(name: FileName, text: string): string {
  const dir = join(root, String(counter++));
  cpSync(DATA_SMT, dir, { recursive: true });
  writeFileSync(join(dir, name), text);
  return dir;
}

/** data/smt's `name` with one change, written back with the catalogue's 4-space indent. */
function edited(name: FileName, edit: (entries: Record<string, unknown>[]) => void): string {
  const entries = JSON.parse(readFileSync(join(DATA_SMT, name), 'utf8')) as Record<string, unknown>[];
  edit(entries);
  return catalogueWith(name, JSON.stringify(entries, null, 4) + '\n');
}

/** The whole CLI in-process on the folder's teams and catalogue, choosing the first team file. */
async function play(dir: string, teams = join(dir, 'teams')) {
  const input = join(root, `choices-${counter++}.txt`);
  writeFileSync(input, '0\n');
  const io = memoryIo(REPO_ROOT);
  const code = await runArgv(['smt', '--teams', teams, '--data', dir, '--input', input], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** Exit 2, nothing on stdout, one positioned stderr line (`<file>:<line>:<col>: <CODE>: ...`), no stack trace. */
async function setupError(dir: string, file: FileName) {
  const r = await play(dir);
  expect(hasStackTrace(r.stdout + r.stderr)).toBe(false);
  expect(r.stderr).not.toMatch(/internal error/);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]!.startsWith(`${join(dir, file)}:`)).toBe(true);
  return lines[0]!.slice(join(dir, file).length + 1);
}

describe(`item 13: catalogues nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
  const limit = `arrays and objects nested more than ${MAX_JSON_DEPTH} deep; the limit is ${MAX_JSON_DEPTH}`;

  it('100,000 arrays, closed: E_JSON at the bracket that opens level 65', async () => {
    const dir = catalogueWith('skills.json', '['.repeat(100_000) + ']'.repeat(100_000));
    expect(await setupError(dir, 'skills.json')).toBe(`1:${MAX_JSON_DEPTH + 1}: E_JSON: ${limit}`);
  });

  it('100,000 arrays, never closed', async () => {
    const dir = catalogueWith('samurai.json', '['.repeat(100_000));
    expect(await setupError(dir, 'samurai.json')).toBe(`1:${MAX_JSON_DEPTH + 1}: E_JSON: ${limit}`);
  });

  it('100,000 objects, never closed, over several lines', async () => {
    const dir = catalogueWith('monsters.json', '[\n' + '{"a":\n'.repeat(100_000));
    expect(await setupError(dir, 'monsters.json')).toBe(`${MAX_JSON_DEPTH + 1}:1: E_JSON: ${limit}`);
  });

  it('a syntax error before the deep part is reported as the syntax error it is', async () => {
    const dir = catalogueWith('skills.json', '[1,,' + '['.repeat(100_000));
    expect(await setupError(dir, 'skills.json')).toBe('1:4: E_JSON: at $[1]: malformed JSON: value expected');
  });

  it('brackets inside strings are text, not nesting', () => {
    const dir = edited('skills.json', (skills) => {
      skills[0]!['effect'] = '['.repeat(10_000) + '{'.repeat(10_000) + '\\"';
    });
    expect(loadCatalogue(dir).skills.size).toBe(234);
  });

  it(`exactly ${MAX_JSON_DEPTH} levels still parse (then fail the schema as any wrong shape does)`, async () => {
    const dir = catalogueWith('skills.json', '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH));
    expect(await setupError(dir, 'skills.json')).toMatch(/^1:2: E_SCHEMA: at \$\[0\]/);
  });
});

describe('items 14 and 15: every catalogue number has a range the rules can compute', () => {
  it('a skill of power 1e308: E_SCHEMA with its JSON path (it printed Infinity)', async () => {
    const dir = edited('skills.json', (skills) => {
      skills[0]!['power'] = 1e308;
    });
    expect(await setupError(dir, 'skills.json')).toBe(`6:18: E_SCHEMA: at $[0].power: expected a number of at most ${MAX_POWER}, got 1e+308`);
  });

  it('a skill of power 1e999 (Infinity once parsed) names it as Infinity, not null', async () => {
    const text = readFileSync(join(DATA_SMT, 'skills.json'), 'utf8').replace(/"power": \d+/, '"power": 1e999');
    const dir = catalogueWith('skills.json', text);
    expect(await setupError(dir, 'skills.json')).toBe(`6:18: E_SCHEMA: at $[0].power: expected a number of at most ${MAX_POWER}, got Infinity`);
  });

  it('a heal of power 1e308 (it printed NaN and Infinity)', async () => {
    let index = -1;
    const dir = edited('skills.json', (skills) => {
      index = skills.findIndex((s) => s['type'] === 'Heal');
      skills[index]!['power'] = 1e308;
    });
    expect(await setupError(dir, 'skills.json')).toMatch(new RegExp(`^\\d+:18: E_SCHEMA: at \\$\\[${index}\\]\\.power: expected a number of at most ${MAX_POWER}, got 1e\\+308$`));
  });

  it('a skill of 100,000,000 hits (it hung): E_SCHEMA naming the limit', async () => {
    const dir = edited('skills.json', (skills) => {
      skills[0]!['hits'] = '100000000';
    });
    expect(await setupError(dir, 'skills.json')).toBe(`8:17: E_SCHEMA: at $[0].hits: expected hits of at most ${MAX_HITS}, got "100000000"`);
  });

  it('a 20-digit hit range (it ran out of memory)', async () => {
    const dir = edited('skills.json', (skills) => {
      skills[0]!['hits'] = '1-99999999999999999999';
    });
    expect(await setupError(dir, 'skills.json')).toBe(`8:17: E_SCHEMA: at $[0].hits: expected hits of at most ${MAX_HITS}, got "1-99999999999999999999"`);
  });

  it('stats and costs are bounded too', async () => {
    const str = edited('samurai.json', (samurai) => {
      (samurai[0]!['stats'] as Record<string, number>)['Str'] = 1e308;
    });
    expect(await setupError(str, 'samurai.json')).toBe(`7:20: E_SCHEMA: at $[0].stats.Str: expected a number of at most ${MAX_STAT}, got 1e+308`);
    const hp = edited('monsters.json', (monsters) => {
      (monsters[1]!['stats'] as Record<string, number>)['HP'] = MAX_STAT + 1;
    });
    expect(await setupError(hp, 'monsters.json')).toMatch(new RegExp(`E_SCHEMA: at \\$\\[1\\]\\.stats\\.HP: expected a number of at most ${MAX_STAT}, got ${MAX_STAT + 1}$`));
    const cost = edited('skills.json', (skills) => {
      skills[0]!['cost'] = -1e308;
    });
    expect(await setupError(cost, 'skills.json')).toBe(`5:17: E_SCHEMA: at $[0].cost: expected a number of at least ${-MAX_COST}, got -1e+308`);
  });

  it('the largest values allowed play a whole game with whole numbers only', async () => {
    const dir = edited('samurai.json', (samurai) => {
      for (const s of samurai) {
        const stats = s['stats'] as Record<string, number>;
        for (const k of Object.keys(stats)) stats[k] = MAX_STAT;
      }
    });
    const skills = JSON.parse(readFileSync(join(dir, 'skills.json'), 'utf8')) as Record<string, unknown>[];
    for (const s of skills) if (s['type'] !== 'Passive') s['power'] = MAX_POWER;
    writeFileSync(join(dir, 'skills.json'), JSON.stringify(skills, null, 4));
    const teams = join(dir, 'teams');
    const input = join(root, `long-${counter++}.txt`);
    // Attack, shoot and use the first skills over and over: whatever the menus are, every number stays whole.
    writeFileSync(input, ['0', ...Array.from({ length: 200 }, (_, i) => String((i % 3) + 1)), ...Array(200).fill('1')].join('\n') + '\n');
    const io = memoryIo(REPO_ROOT);
    const code = await runArgv(['smt', '--teams', teams, '--data', dir, '--input', input], io);
    expect([0, 1]).toContain(code);
    expect(io.stdout()).toMatch(/recibe \d{5,} de daño/);
    expect(io.stdout()).not.toMatch(/Infinity|NaN|e\+/);
  });

  it.skipIf(!HAS_COURSE)('the course catalogue is far inside every limit', () => {
    const cat = loadCatalogue(COURSE);
    const units = [...cat.samurai.values(), ...cat.monsters.values()];
    expect(Math.max(...units.flatMap((u) => Object.values(u.stats)))).toBeLessThan(MAX_STAT / 50);
    expect(Math.max(...[...cat.skills.values()].map((s) => s.power))).toBeLessThan(MAX_POWER / 100);
    expect(Math.max(...[...cat.skills.values()].map((s) => s.hits.max))).toBeLessThan(MAX_HITS / 5);
  });
});

describe('item 14: team files are read in linear time', () => {
  const SAMURAI = /^\[Samurai\]\s*(.*?)\s*(?:\((.*)\))?$/;

  it('a samurai line with 1,000,000 spaces inside its name (50,000 took 5 s) is an invalid team file at once', async () => {
    const teams = join(root, `teams-${counter++}`);
    mkdirSync(teams);
    writeFileSync(join(teams, '001.txt'), `Player 1 Team\n[Samurai] a${' '.repeat(1_000_000)}b (Agi)\nPlayer 2 Team\n[Samurai] Flynn\n`);
    const r = await play(DATA_SMT, teams);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Archivo de equipos inválido');
    expect(r.stderr).toMatch(/001\.txt:2: E_TEAM: unknown samurai "a {20}/);
  });

  it('matchSamurai reads a line exactly as the course pattern does', () => {
    const atoms = ['[Samurai]', ' ', '\t', '\r', '\n', '\u2028', '\u00a0', '(', ')', 'a', ',', 'x'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...atoms), { maxLength: 12 }), (parts) => {
        for (const line of [parts.join(''), `[Samurai]${parts.join('')}`]) {
          const m = SAMURAI.exec(line);
          expect(matchSamurai(line)).toEqual(m === null ? null : [m[1], m[2]]);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
