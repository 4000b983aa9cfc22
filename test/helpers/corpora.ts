/**
 * Each ruleset's reference corpora in ../shared (version 1, and version 2 where there is one), with the verify options their READMEs give and
 * the number of cases each had when listed (held-back siblings may add more): the golden reference test
 * verifies them, the events-stream test plays them with and without --events.
 */
import { join } from 'node:path';
import type { RulesetOptions } from '../../src/core/ruleset.js';
import { SHARED } from './shared.js';

export interface Corpus {
  readonly path: string;
  readonly options: RulesetOptions;
  readonly count: number;
}

/** Each ruleset's corpora: a folder and the verify options its README gives. */
export const CORPORA: Record<string, readonly Corpus[]> = {
  smt: [
    { path: join(SHARED, 'smt', 'course'), options: {}, count: 1018 },
    // Its README: the course catalogue serves this suite too.
    { path: join(SHARED, 'smt', 'external-2025-1'), options: { data: join(SHARED, 'smt', 'course') }, count: 50 },
  ],
  clairvoyance: [
    { path: join(SHARED, 'clairvoyance', 'reference'), options: {}, count: 62 },
    { path: join(SHARED, 'clairvoyance', 'reference-v2'), options: {}, count: 36 },
  ],
  tactics: [{ path: join(SHARED, 'tactics', 'reference'), options: {}, count: 45 }],
  marvel: [
    { path: join(SHARED, 'marvel', 'reference'), options: {}, count: 45 },
    { path: join(SHARED, 'marvel', 'reference-v2'), options: {}, count: 31 },
  ],
  marauders: [
    { path: join(SHARED, 'marauders', 'reference'), options: {}, count: 56 },
    { path: join(SHARED, 'marauders', 'reference-v2'), options: {}, count: 48 },
  ],
};

