/**
 * The project's own golden suites (test-cases/smt/<suite>/ with <suite>-Tests/), on the project's own
 * catalogue: each team file has its transcript (a missing one fails) and each transcript loads the team
 * file of the same name. That each replays identically is test/golden/own.test.ts's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscript, transcriptInputs } from '../../src/core/transcript.js';
import { REPO_ROOT } from '../helpers/shared.js';

const CASES = join(REPO_ROOT, 'test-cases', 'smt');
const suites = existsSync(CASES)
  ? readdirSync(CASES, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.endsWith('-Tests')).map((e) => e.name).sort()
  : [];

describe('own golden suites (test-cases/smt)', () => {
  for (const suite of suites) {
    describe(suite, () => {
      const teams = join(CASES, suite);
      const tests = join(CASES, `${suite}-Tests`);

      // The README sits in the -Tests folder: the team folder's file menu lists every file in it.
      it('has a README saying what it covers and how each transcript was checked', () => {
        expect(existsSync(join(tests, 'README.md'))).toBe(true);
      });

      it('has a transcript for every team file, and no transcript without one', () => {
        const teamFiles = readdirSync(teams).filter((f) => f.endsWith('.txt')).sort();
        const transcripts = existsSync(tests) ? readdirSync(tests).filter((f) => f.endsWith('.txt')).sort() : [];
        expect(transcripts).toEqual(teamFiles);
      });

      it('every transcript loads its own team file', () => {
        // The file menu lists every file of the team folder, sorted (the course's menu).
        const setup = { files: readdirSync(teams, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort() };
        const failures: string[] = [];
        for (const file of readdirSync(tests).filter((f) => f.endsWith('.txt')).sort()) {
          const text = readFileSync(join(tests, file), 'utf8');
          // The first accepted file choice (bad-input cases may reject lines first) must pick this file.
          const picked = transcriptInputs(parseTranscript(text))
            .map((line) => line.trim())
            .find((line) => /^\d+$/.test(line) && Number(line) < setup.files.length);
          if (picked !== undefined && Number(picked) !== setup.files.indexOf(file)) failures.push(`${file}: file choice ${picked} does not pick ${file}`);
        }
        expect(failures).toEqual([]);
      });
    });
  }
});
