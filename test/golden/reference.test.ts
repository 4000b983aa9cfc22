/**
 * The reference corpora in ../shared (the course's SMT suites, each ruleset's version 1 reference cases),
 * for every registered ruleset: every case is played as `arbiter <id> verify <corpus>` plays it and must be
 * identical. Without ../shared the corpora are skipped with one visible line.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectItems, verifyOne } from '../../src/cli/verify.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { CORPORA } from '../helpers/corpora.js';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';

const present = existsSync(SHARED);
if (!present) console.warn(`SKIPPED: ${SHARED} not found; the reference corpora are not verified (CI has ../shared beside the checkout)`);

describe.skipIf(!present).each(RULESETS.map((entry) => [entry.meta.id, entry] as const))('reference corpora of %s', (id, entry) => {
  it('has its corpora listed here', () => expect(CORPORA[id]).toBeDefined());
  for (const corpus of CORPORA[id] ?? []) {
    it(`${corpus.path}: every case identical`, async () => {
      const engine = await entry.engine();
      const items = collectItems(entry, engine, [corpus.path], corpus.options, REPO_ROOT);
      // At least the cases the corpus had when this was written; held-back siblings may add more.
      expect(items.length).toBeGreaterThanOrEqual(corpus.count);
      const failures: string[] = [];
      for (const item of items) {
        const result = await verifyOne(entry, engine, item);
        if (result.failure !== null) failures.push(`${item.shown}: ${JSON.stringify(result.failure)}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
