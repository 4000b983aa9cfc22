/**
 * Where a battle's catalogue comes from when --data is not given: the folder holding the team folder when it
 * has the three catalogue files (the course's layout), otherwise the project's own data/smt.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueFor, defaultDataDir } from '../../src/rulesets/smt/setup.js';
import { DATA_SMT, REPO_ROOT } from '../helpers/shared.js';
import { scratchDir } from '../helpers/scratch.js';

describe('default catalogue of a team folder', () => {
  it('is the parent folder when it holds samurai.json, monsters.json and skills.json', () => {
    const root = scratchDir('setup');
    mkdirSync(join(root, 'Suite'));
    for (const f of ['samurai.json', 'monsters.json', 'skills.json']) copyFileSync(join(DATA_SMT, f), join(root, f));
    expect(catalogueFor(join(root, 'Suite'))).toBe(root);
  });

  it('is data/smt when the parent lacks one of the three files', () => {
    const root = scratchDir('setup');
    mkdirSync(join(root, 'Suite'));
    writeFileSync(join(root, 'samurai.json'), '[]');
    writeFileSync(join(root, 'skills.json'), '[]');
    expect(catalogueFor(join(root, 'Suite'))).toBe(defaultDataDir());
  });

  it('is data/smt for the demo team folder and for the golden suites', () => {
    expect(catalogueFor(join(REPO_ROOT, 'data', 'smt', 'teams'))).toBe(DATA_SMT);
    expect(catalogueFor(join(REPO_ROOT, 'test-cases', 'smt', 'ailments'))).toBe(defaultDataDir());
  });
});
