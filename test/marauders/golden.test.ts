/**
 * The project's own golden cases (test-cases/marauders/<suite>/<case>/) cover every suite of the spec; that
 * each replays identically is test/golden/own.test.ts's.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCases } from '../helpers/marauders-cases.js';
import { REPO_ROOT } from '../helpers/shared.js';

const ROOT = join(REPO_ROOT, 'test-cases', 'marauders');
const cases = findCases(ROOT);

describe('marauders golden cases', () => {
  it('covers every suite of spec 10.1', () => {
    const suites = new Set(cases.map((c) => c.slice(ROOT.length + 1).split('/')[0]));
    expect([...suites].sort()).toEqual(['cli', 'elements', 'endings', 'example', 'matching', 'schedule', 'setup', 'spells', 'travel']);
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

});
