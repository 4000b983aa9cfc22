/**
 * The course's golden suites, replayed in-process through the same code path as `arbiter smt verify`:
 * every transcript must come out identical, line for line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDifference } from '../../src/core/transcript.js';
import { checkTranscript } from '../../src/core/verify.js';
import { createSmtBattle, smtSetup } from '../../src/rulesets/smt/index.js';
import { SMT_META } from '../../src/rulesets/smt/meta.js';
import { COURSE, HAS_COURSE, announceMissingCourse } from '../helpers/shared.js';

announceMissingCourse();

const suites = HAS_COURSE ? readdirSync(COURSE).filter((name) => name.endsWith('-Tests')).sort() : [];

describe.skipIf(!HAS_COURSE)('course suites (../shared/smt/course)', () => {
  it('has the 19 suites the course publishes', () => {
    expect(suites).toHaveLength(19);
  });

  for (const suite of suites) {
    it(`${suite}: every transcript replays identically`, () => {
      const folder = join(COURSE, suite);
      const setup = smtSetup(join(COURSE, suite.slice(0, -'-Tests'.length)), COURSE);
      const files = readdirSync(folder).filter((f) => f.endsWith('.txt')).sort();
      expect(files.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const file of files) {
        const check = checkTranscript(readFileSync(join(folder, file), 'utf8'), createSmtBattle(setup), { ruleset: SMT_META.id, skipBlankAndComments: SMT_META.skipBlankAndComments });
        if (check.difference !== null) failures.push(`${file} ${formatDifference(check.difference)}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

if (!HAS_COURSE) it.skip('course suites skipped: ../shared/smt/course is not beside the checkout', () => {});
