/**
 * The project's own golden cases, for every registered ruleset and every layout it knows: each case under
 * test-cases/<id>/ is found and played exactly as `arbiter <id> verify test-cases/<id>` plays it (the
 * product's collectItems and verifyOne, so the one case runner), and must be identical. A case without
 * its expected output fails. Each suite (a top-level folder) has a README saying what it covers.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectItems, verifyOne } from '../../src/cli/verify.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { REPO_ROOT } from '../helpers/shared.js';

const CASES = join(REPO_ROOT, 'test-cases');

describe.each(RULESETS.map((entry) => [entry.meta.id, entry] as const))('test-cases/%s', (id, entry) => {
  const root = join(CASES, id);

  it('exists, and every suite in it has a README', () => {
    expect(existsSync(root)).toBe(true);
    // SMT's suites are pairs: the team folder's menu lists every file in it, so the README sits in `-Tests`.
    const suites = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory() && !(id === 'smt' && !e.name.endsWith('-Tests')));
    expect(suites.length).toBeGreaterThan(0);
    for (const suite of suites) expect(existsSync(join(root, suite.name, 'README.md')), `${suite.name}/README.md`).toBe(true);
  });

  it('replays every case identically through verify', async () => {
    const engine = await entry.engine();
    const items = collectItems(entry, engine, [root], {}, REPO_ROOT);
    expect(items.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const item of items) {
      const result = await verifyOne(entry, engine, item);
      if (result.failure !== null) failures.push(`${item.shown}: ${JSON.stringify(result.failure)}`);
    }
    expect(failures).toEqual([]);
  });
});
