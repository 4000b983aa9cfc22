/**
 * The `--events` stream of every ruleset (issue 25 section 1, docs/events.md), over every golden case in
 * test-cases/<id> and the version 1 reference corpora: stdout, stderr and the exit code are byte-identical
 * with and without the stream, and every document's line numbers point at the lines it claims
 * (streamProblems). Without ../shared the corpora are skipped with one visible line.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCase, streamCase } from '../../src/cli/case-run.js';
import { collectItems, type VerifyItem } from '../../src/cli/verify.js';
import { isBroken } from '../../src/core/case.js';
import type { RulesetEntry } from '../../src/core/ruleset.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { CORPORA } from '../helpers/corpora.js';
import { streamProblems, type Doc } from '../helpers/events.js';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';

const present = existsSync(SHARED);
if (!present) console.warn(`SKIPPED: ${SHARED} not found; the events stream is checked on test-cases only (CI has ../shared beside the checkout)`);

/** Rulesets that word some refusals their own way (Rejection.display): their ERROR lines are not checked by code. */
const OWN_WORDING = new Set(['clairvoyance']);

/** Cases per test: the course's thousand transcripts in shares that each stay far from the timeout when loaded. */
const SHARE = 120;

interface Corpus {
  readonly name: string;
  readonly items: readonly VerifyItem[];
  readonly count: number;
}

/** Every case of each corpus, read once up front, so a long corpus is checked in shares. */
const corpora = new Map<string, Corpus[]>();
for (const entry of RULESETS) {
  const engine = await entry.engine();
  const list: Corpus[] = [{ name: `test-cases/${entry.meta.id}`, items: collectItems(entry, engine, [join(REPO_ROOT, 'test-cases', entry.meta.id)], {}, REPO_ROOT), count: 11 }];
  for (const c of present ? (CORPORA[entry.meta.id] ?? []) : []) list.push({ name: c.path, items: collectItems(entry, engine, [c.path], c.options, REPO_ROOT), count: c.count });
  corpora.set(entry.meta.id, list);
}

async function check(entry: RulesetEntry, items: readonly VerifyItem[]): Promise<{ states: number; problems: string[] }> {
  const engine = await entry.engine();
  const problems: string[] = [];
  let states = 0;
  for (const item of items) {
    if (isBroken(item.spec)) continue;
    const plain = await runCase(entry, engine, item.spec);
    const { run, documents } = await streamCase(entry, engine, item.spec);
    if (run.stdout !== plain.stdout || run.stderr !== plain.stderr || run.exitCode !== plain.exitCode) problems.push(`${item.shown}: output differs with --events`);
    if (documents.length === 0) {
      // Nothing was played (a setup or usage failure), or a batch: several battles, no one stream.
      if (run.exitCode !== 2 && !item.spec.args.includes('--out-dir')) problems.push(`${item.shown}: no stream, exit ${run.exitCode}`);
      continue;
    }
    const docs = documents.map((d) => JSON.parse(d) as Doc);
    states += docs.filter((d) => d.t === 'state').length;
    for (const p of streamProblems(entry.meta.id, run.stdoutLines, docs, OWN_WORDING.has(entry.meta.id))) problems.push(`${item.shown}: ${p}`);
  }
  return { states, problems };
}

describe.each(RULESETS.map((entry) => [entry.meta.id, entry] as const))('%s: the events stream', (id, entry) => {
  it('offers --events', () => expect(entry.meta.events).toBe(true));

  for (const corpus of corpora.get(id) ?? []) {
    it(`${corpus.name}: all its cases (at least ${corpus.count})`, () => expect(corpus.items.length).toBeGreaterThanOrEqual(corpus.count));
    for (let from = 0; from < corpus.items.length; from += SHARE) {
      const share = corpus.items.slice(from, from + SHARE);
      it(`${corpus.name}, cases ${from + 1}-${from + share.length}: the same bytes with --events, and every line number where it belongs`, async () => {
        const { states, problems } = await check(entry, share);
        expect(problems).toEqual([]);
        expect(states).toBeGreaterThan(share.filter((i) => !isBroken(i.spec)).length);
      });
    }
  }
});
