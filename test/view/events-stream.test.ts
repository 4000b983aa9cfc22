/**
 * The `--events` stream of every ruleset (issue 25 section 1, docs/events.md), over every golden case in
 * test-cases/<id> and an even sample of each reference corpus (all of it in events-stream.stress.test.ts):
 * stdout, stderr and the exit code are byte-identical
 * with and without the stream, and every document's line numbers point at the lines it claims
 * (streamProblems). Without ../shared the corpora are skipped with one visible line.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/registry.js';
import { CORPORA } from '../helpers/corpora.js';
import { checkCorpus, SAMPLE } from '../helpers/events-corpus.js';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';

const present = existsSync(SHARED);
if (!present) console.warn(`SKIPPED: ${SHARED} not found; the events stream is checked on test-cases only (CI has ../shared beside the checkout)`);

describe.each(RULESETS.map((entry) => [entry.meta.id, entry] as const))('%s: the events stream', (id, entry) => {
  it('offers --events', () => expect(entry.meta.events).toBe(true));

  it(`test-cases/${id}: the same bytes with --events, and every line number where it belongs`, async () => {
    const { cases, states, problems } = await checkCorpus(entry, join(REPO_ROOT, 'test-cases', id), {});
    expect(problems).toEqual([]);
    expect(cases).toBeGreaterThan(10);
    expect(states).toBeGreaterThan(cases);
  });

  for (const corpus of present ? (CORPORA[id] ?? []) : []) {
    it(`${corpus.path}: the same bytes with --events, and every line number where it belongs (${Math.min(corpus.count, SAMPLE)} cases or so, spread evenly)`, async () => {
      const { cases, checked, problems } = await checkCorpus(entry, corpus.path, corpus.options as Record<string, string>);
      expect(problems).toEqual([]);
      expect(cases).toBeGreaterThanOrEqual(corpus.count);
      expect(checked).toBeGreaterThanOrEqual(Math.min(cases, SAMPLE / 2));
    });
  }
});
