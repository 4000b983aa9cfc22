/**
 * Rulesets with their own case layout (SMT transcripts, Clairvoyance corpus folders): `output` is the whole
 * log (golden:bless writes it back), while `replay` may keep only a window around a difference.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/core/transcript.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { REPO_ROOT } from '../helpers/shared.js';

describe('own case layouts', () => {
  for (const entry of RULESETS) {
    it(`${entry.meta.id}: output() of every own golden case is its whole expected log`, async () => {
      const engine = await entry.engine();
      const own = engine.ownCases;
      if (own === undefined) return;
      const root = join(REPO_ROOT, 'test-cases', entry.meta.id);
      const suites = (await import('node:fs')).readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, e.name));
      const cases = suites.flatMap((s) => own.list(s) ?? []);
      expect(cases.length).toBeGreaterThan(0);
      for (const path of cases) {
        const expected = parseTranscript(readFileSync(own.expectedFiles(path).stdout, 'utf8'));
        expect(own.output(path, {}, engine).stdout, path).toEqual(expected);
        // replay agrees: no difference.
        const replay = own.replay(path, {}, engine);
        expect(replay.stdout.actual.length === 0 || replay.stdout.actual.join('\n') === replay.stdout.expected.join('\n'), path).toBe(true);
      }
    });
  }
});
