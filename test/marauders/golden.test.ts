/**
 * The project's own golden cases (test-cases/marauders/<suite>/<case>/), replayed through the generic case
 * runner exactly as `arbiter marauders verify test-cases/marauders` does.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectationOf, findCases, runMaraudersCase } from '../helpers/marauders-cases.js';
import { REPO_ROOT } from '../helpers/shared.js';

const ROOT = join(REPO_ROOT, 'test-cases', 'marauders');
const cases = findCases(ROOT);

describe('marauders golden cases', () => {
  it('covers every suite of spec 10.1', () => {
    const suites = new Set(cases.map((c) => c.slice(ROOT.length + 1).split('/')[0]));
    expect([...suites].sort()).toEqual(['cli', 'elements', 'endings', 'example', 'matching', 'schedule', 'setup', 'spells', 'travel']);
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it.each(cases.map((c) => [c.slice(ROOT.length + 1), c] as const))('%s', async (_name, dir) => {
    const run = await runMaraudersCase(dir);
    const want = expectationOf(dir);
    expect(run.stdout).toBe(want.stdout);
    if (want.stderr !== undefined) expect(run.stderr).toBe(want.stderr);
    if (want.exit !== undefined) expect(run.exitCode).toBe(want.exit);
  });
});
