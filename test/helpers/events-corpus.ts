/**
 * One corpus played with and without `--events` (test/view/events-stream*.test.ts): the same stdout, stderr
 * and exit code, and every document's line numbers where they belong (streamProblems).
 */
import { runCase, streamCase } from '../../src/cli/case-run.js';
import { collectItems } from '../../src/cli/verify.js';
import { isBroken } from '../../src/core/case.js';
import type { RulesetEntry } from '../../src/core/ruleset.js';
import { streamProblems, type Doc } from './events.js';
import { REPO_ROOT } from './shared.js';

/** Rulesets that word some refusals their own way (Rejection.display): their ERROR lines are not checked by code. */
const OWN_WORDING = new Set(['clairvoyance']);

/**
 * Cases of a corpus checked here: at most SAMPLE, spread evenly (the 1,018 course transcripts took 45 s on
 * a loaded machine); events-stream.stress.test.ts checks every case.
 */
export const SAMPLE = 120;

export async function checkCorpus(entry: RulesetEntry, path: string, options: Readonly<Record<string, string>>, sample = SAMPLE): Promise<{ cases: number; checked: number; states: number; problems: string[] }> {
  const engine = await entry.engine();
  const items = collectItems(entry, engine, [path], options, REPO_ROOT);
  const step = Math.max(1, Math.ceil(items.length / sample));
  const chosen = items.filter((_, i) => i % step === 0);
  const problems: string[] = [];
  let states = 0;
  for (const item of chosen) {
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
  return { cases: items.length, checked: chosen.length, states, problems };
}

