/**
 * Catalogue loading and validation (src/rulesets/smt/README.md "Bad input and exit codes"; smt-extensions 4.3): the project's
 * data/smt and the course folder load; every broken catalogue fails with a SetupError naming the file,
 * the line and column, and the JSON path.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SetupError } from '../../src/core/battle.js';
import { AILMENTS, ELEMENTS, formatJsonPath, loadCatalogue } from '../../src/rulesets/smt/catalogue.js';
import { COURSE, DATA_SMT, HAS_COURSE } from '../helpers/shared.js';

const FILES = ['samurai.json', 'monsters.json', 'skills.json'] as const;
type FileName = (typeof FILES)[number];

const root = mkdtempSync(join(tmpdir(), 'arbiter-catalogue-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

/** A copy of data/smt with one file replaced (or removed, for `null`). Returns the folder. */
function catalogueWith(name: FileName, text: string | null): string {
  const dir = join(root, String(counter++));
  mkdirSync(dir);
  for (const f of FILES) {
    const body = f === name ? text : readFileSync(join(DATA_SMT, f), 'utf8');
    if (body !== null) writeFileSync(join(dir, f), body);
  }
  return dir;
}

/** data/smt's file `name`, parsed, changed by `edit`, written back with the catalogue's 4-space indent. */
function edited(name: FileName, edit: (entries: Record<string, unknown>[]) => void): { dir: string; text: string } {
  const entries = JSON.parse(readFileSync(join(DATA_SMT, name), 'utf8')) as Record<string, unknown>[];
  edit(entries);
  const text = JSON.stringify(entries, null, 4) + '\n';
  return { dir: catalogueWith(name, text), text };
}

function loadError(dir: string): SetupError {
  try {
    loadCatalogue(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(SetupError);
    return error as SetupError;
  }
  return expect.fail(`loading ${dir} should have failed`);
}

/** 1-based line and column of the `nth` occurrence of `needle` in `text`. */
function position(text: string, needle: string, nth = 1): { line: number; column: number } {
  let at = -1;
  for (let i = 0; i < nth; i++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`"${needle}" not found`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

describe('loading a good catalogue', () => {
  it('the project catalogue data/smt has 15 samurai, 105 monsters and 234 skills (data/smt/README.md)', () => {
    const cat = loadCatalogue(DATA_SMT);
    expect([cat.samurai.size, cat.monsters.size, cat.skills.size]).toEqual([15, 105, 234]);
    const nahobino = cat.samurai.get('Nahobino')!;
    expect(nahobino.stats).toEqual({ hp: 453, mp: 389, str: 48, skl: 92, mag: 111, spd: 52, lck: 55 }); // rules document 6.1
    expect(nahobino.affinity.Dark).toBe('Repel');
    expect(nahobino.skills).toEqual([]);
    expect(cat.skills.get('Myriad Arrows')!.hits).toEqual({ min: 2, max: 4 }); // rules document 7.1
    expect(cat.skills.get('Drain Phys')!.hits).toEqual({ min: 1, max: 1 }); // a passive's "-"
    expect(cat.monsters.get('Jack Frost')!.skills.map((s) => s.name)).toEqual(['Bufula', 'Hama', 'Ice Pleroma']);
    for (const unit of [...cat.samurai.values(), ...cat.monsters.values()]) {
      expect(Object.keys(unit.affinity).sort()).toEqual([...ELEMENTS, ...AILMENTS].sort());
    }
  });

  it('reads a negative cost as 0: Coughing Fit (cost -1) is free (smt-extensions 4.3)', () => {
    expect(readFileSync(join(DATA_SMT, 'skills.json'), 'utf8')).toMatch(/"name": "Coughing Fit",\s*"type": "Ailment",\s*"cost": -1/);
    expect(loadCatalogue(DATA_SMT).skills.get('Coughing Fit')!.cost).toBe(0);
  });

  it.skipIf(!HAS_COURSE)('the course catalogue loads: 15 samurai, 424 monsters, 234 skills', () => {
    const cat = loadCatalogue(COURSE);
    expect([cat.samurai.size, cat.monsters.size, cat.skills.size]).toEqual([15, 424, 234]);
    expect(cat.skills.get('Coughing Fit')!.cost).toBe(0);
  });

  it.skipIf(!HAS_COURSE)('data/smt agrees with the course on every field but the descriptions (data/smt/README.md)', () => {
    const ours = loadCatalogue(DATA_SMT);
    const course = loadCatalogue(COURSE);
    for (const [name, skill] of ours.skills) expect({ ...skill, effect: '' }, name).toEqual({ ...course.skills.get(name)!, effect: '' });
    for (const [name, unit] of ours.monsters) {
      expect(unit.stats, name).toEqual(course.monsters.get(name)!.stats);
      expect(unit.affinity, name).toEqual(course.monsters.get(name)!.affinity);
      expect(unit.skills.map((s) => s.name), name).toEqual(course.monsters.get(name)!.skills.map((s) => s.name));
    }
    for (const [name, unit] of ours.samurai) expect(unit, name).toEqual(course.samurai.get(name));
  });
});

describe('a broken catalogue fails with file, line:column and JSON path', () => {
  it('malformed JSON (a truncated file): E_JSON at the place the parser stopped', () => {
    const text = readFileSync(join(DATA_SMT, 'skills.json'), 'utf8').slice(0, 500);
    const dir = catalogueWith('skills.json', text);
    const error = loadError(dir);
    expect(error.code).toBe('E_JSON');
    expect(error.file).toBe(join(dir, 'skills.json'));
    // file:line:col, then the JSON path of the value being read when the text broke off.
    expect(error.message).toMatch(new RegExp(`^${escape(join(dir, 'skills.json'))}:${error.line}:${error.column}: E_JSON: at \\$[^ ]*: malformed JSON: `));
    // The error lies within the truncated text (or at its very end).
    const lastLine = text.split('\n').length;
    expect(error.line).toBeGreaterThanOrEqual(lastLine - 1);
    expect(error.line).toBeLessThanOrEqual(lastLine);
  });

  it('a trailing comma after the top-level array', () => {
    const text = readFileSync(join(DATA_SMT, 'samurai.json'), 'utf8').trimEnd() + ',\n';
    const error = loadError(catalogueWith('samurai.json', text));
    expect(error.code).toBe('E_JSON');
    expect({ line: error.line, column: error.column }).toEqual(position(text, ',\n', text.split(',\n').length - 1));
  });

  it('a bad affinity code: E_SCHEMA at $[1].affinity.Fire, pointing at the value', () => {
    const { dir, text } = edited('samurai.json', (e) => {
      (e[1]!['affinity'] as Record<string, string>)['Fire'] = 'Xx';
    });
    const error = loadError(dir);
    expect(error.code).toBe('E_SCHEMA');
    expect({ line: error.line, column: error.column }).toEqual(position(text, '"Xx"'));
    expect(error.message).toBe(
      `${join(dir, 'samurai.json')}:${error.line}:${error.column}: E_SCHEMA: at $[1].affinity.Fire: expected an affinity code (-, Wk, Rs, Nu, Rp, Dr), got "Xx"`,
    );
  });

  it('an unknown skill in a monster\'s list: E_UNKNOWN_SKILL at $[2].skills[1]', () => {
    const { dir, text } = edited('monsters.json', (e) => {
      (e[2]!['skills'] as string[])[1] = 'Agidyne Prime';
    });
    const error = loadError(dir);
    expect(error.code).toBe('E_UNKNOWN_SKILL');
    expect(error.file).toBe(join(dir, 'monsters.json'));
    expect({ line: error.line, column: error.column }).toEqual(position(text, '"Agidyne Prime"'));
    expect(error.message).toContain('at $[2].skills[1]: unknown skill "Agidyne Prime"');
  });

  it('a wrong type (cost as a string): E_SCHEMA at $[0].cost', () => {
    const { dir, text } = edited('skills.json', (e) => {
      e[0]!['cost'] = '6';
    });
    const error = loadError(dir);
    expect(error.code).toBe('E_SCHEMA');
    expect({ line: error.line, column: error.column }).toEqual(position(text, '"6"'));
    expect(error.message).toMatch(/at \$\[0\]\.cost: .*number.*"6"/);
  });

  it('an unknown key: E_SCHEMA naming the key', () => {
    const { dir, text } = edited('skills.json', (e) => {
      e[3]!['element'] = 'Fire';
    });
    const error = loadError(dir);
    expect(error.code).toBe('E_SCHEMA');
    const key = position(text, '"element": "Fire"');
    // Points at the unknown key's value.
    expect({ line: error.line, column: error.column }).toEqual({ line: key.line, column: key.column + '"element": '.length });
    expect(error.message).toContain('at $[3].element: unknown key "element"');
  });

  it('a duplicate name: E_SCHEMA at the second entry\'s name', () => {
    const { dir, text } = edited('monsters.json', (e) => {
      e[3]!['name'] = e[1]!['name'];
    });
    const name = JSON.parse(text)[1].name as string;
    const error = loadError(dir);
    expect(error.code).toBe('E_SCHEMA');
    expect({ line: error.line, column: error.column }).toEqual(position(text, `"${name}"`, 2));
    expect(error.message).toContain(`at $[3].name: duplicate monster name "${name}"`);
  });

  it('a hit range that ends below its start: E_SCHEMA at $[0].hits', () => {
    const { dir } = edited('skills.json', (e) => {
      e[0]!['hits'] = '3-1';
    });
    expect(loadError(dir).message).toContain('at $[0].hits: hit range "3-1" ends below its start');
  });

  it('a missing file: E_IO naming the file', () => {
    const dir = catalogueWith('monsters.json', null);
    const error = loadError(dir);
    expect(error.code).toBe('E_IO');
    expect(error.message).toBe(`${join(dir, 'monsters.json')}: E_IO: cannot read catalogue file (file not found)`);
  });

  it('an empty file: E_JSON', () => {
    expect(loadError(catalogueWith('samurai.json', '')).code).toBe('E_JSON');
  });

  // Regression: valibot reports a missing key of a strict object with the same issue type as an unknown one.
  it('a missing required key is reported as missing, not as an unknown key', () => {
    // samurai.json $[0].stats without "Lck".
    const { dir } = edited('samurai.json', (e) => {
      delete (e[0]!['stats'] as Record<string, number>)['Lck'];
    });
    const error = loadError(dir);
    expect(error.code).toBe('E_SCHEMA');
    expect(error.message).toContain('$[0].stats');
    expect(error.message).not.toMatch(/unknown key/);
    expect(error.message).toMatch(/at \$\[0\]\.stats\.Lck: missing key "Lck"$/);
  });
});

describe('formatJsonPath', () => {
  it.each([
    [[], '$'],
    [[1, 'affinity', 'Fire'], '$[1].affinity.Fire'],
    [[2, 'skills', 0], '$[2].skills[0]'],
    [[0, 'a b'], '$[0]["a b"]'],
  ] as const)('%j prints as %s', (path, text) => {
    expect(formatJsonPath([...path])).toBe(text);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
