/** The project's own golden cases (test-cases/tactics/<suite>/<case>) cover the spec's suites (their replay is test/golden/own.test.ts's); the demo plays to its end. */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.js';
import { findCases } from '../helpers/tactics-cases.js';
import { linesOf, play } from '../helpers/tactics.js';

const GOLDEN = join(REPO_ROOT, 'test-cases', 'tactics');

describe('tactics golden cases', () => {
  const cases = findCases(GOLDEN);
  it('has a case in every suite of spec 10.1', () => {
    const suites = new Set(cases.map((c) => basename(dirname(c))));
    for (const s of ['example', 'geometry', 'movement', 'placement', 'results', 'files', 'cli']) expect(suites.has(s)).toBe(true);
  });
});

describe('the data/tactics demo', () => {
  it('plays a full game to WINNER with no rejected line (exit 0)', () => {
    const data = join(REPO_ROOT, 'data', 'tactics');
    const files = Object.fromEntries(['game.setup', 'valley.map', 'basic.units'].map((f) => [f, readFileSync(join(data, f), 'utf8')]));
    const run = play(linesOf(readFileSync(join(data, 'demo-commands.txt'), 'utf8')), { files, args: ['game.setup'] });
    expect(run.stdout.at(-1)).toBe('WINNER P1');
    expect(run.exitCode).toBe(0);
  });
});
