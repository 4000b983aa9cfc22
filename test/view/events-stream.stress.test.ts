/**
 * events-stream.test.ts at full size (npm run test:stress): every case of every reference corpus, the 1,018
 * course transcripts among them, played with and without `--events` (the same bytes) and every document's
 * line numbers checked.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/registry.js';
import { CORPORA } from '../helpers/corpora.js';
import { SHARED } from '../helpers/shared.js';
import { checkCorpus } from '../helpers/events-corpus.js';

const present = existsSync(SHARED);
if (!present) console.warn(`SKIPPED: ${SHARED} not found; the full events-stream check needs the reference corpora`);

describe.skipIf(!present).each(RULESETS.map((entry) => [entry.meta.id, entry] as const))('%s: the events stream over whole corpora', (_id, entry) => {
  for (const corpus of CORPORA[entry.meta.id] ?? []) {
    it(`${corpus.path}: every case`, { timeout: 600_000 }, async () => {
      const { cases, checked, problems } = await checkCorpus(entry, corpus.path, corpus.options as Record<string, string>, Infinity);
      expect(problems).toEqual([]);
      expect(checked).toBe(cases);
      expect(cases).toBeGreaterThanOrEqual(corpus.count);
    });
  }
});
