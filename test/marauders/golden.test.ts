/**
 * The project's own golden cases (test-cases/marauders/<suite>/<case>/) cover every suite of the spec; that
 * each replays identically is test/golden/own.test.ts's. The version 2 reference corpus (../shared, spec 10)
 * is replayed here, as `arbiter marauders verify` does; without ../shared it is skipped with one visible line.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectItems, verifyOne } from '../../src/cli/verify.js';
import { rulesetById } from '../../src/rulesets/registry.js';
import { findCases } from '../helpers/marauders-cases.js';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';

const ROOT = join(REPO_ROOT, 'test-cases', 'marauders');
const cases = findCases(ROOT);

describe('marauders golden cases', () => {
  it('covers every suite of spec 10.1', () => {
    const suites = new Set(cases.map((c) => c.slice(ROOT.length + 1).split('/')[0]));
    expect([...suites].sort()).toEqual(['cli', 'elements', 'endings', 'example', 'matching', 'schedule', 'setup', 'spells', 'travel']);
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

});

const V2 = join(SHARED, 'marauders', 'reference-v2');
const hasV2 = existsSync(V2);
if (!hasV2) console.warn(`SKIPPED: ${V2} not found; the marauders version 2 corpus is not verified`);

describe.skipIf(!hasV2)('marauders version 2 reference corpus', () => {
  it('every case identical', async () => {
    const entry = rulesetById('marauders')!;
    const engine = await entry.engine();
    const items = collectItems(entry, engine, [V2], {}, REPO_ROOT);
    // the 48 cases of its README; held-back siblings may add more
    expect(items.length).toBeGreaterThanOrEqual(48);
    const failures: string[] = [];
    for (const item of items) {
      const result = await verifyOne(entry, engine, item);
      if (result.failure !== null) failures.push(`${item.shown}: ${JSON.stringify(result.failure)}`);
    }
    expect(failures).toEqual([]);
  });
});
