/** The reference corpus (../shared/tactics/reference): every case through the generic case runner. */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED } from '../helpers/shared.js';
import { expectationOf, findCases, runTacticsCase } from '../helpers/tactics-cases.js';

const REFERENCE = join(SHARED, 'tactics', 'reference');
const HAS_REFERENCE = existsSync(REFERENCE);
if (!HAS_REFERENCE) console.log(`SKIPPED: ${REFERENCE} not found`);

describe.skipIf(!HAS_REFERENCE)('tactics reference corpus', () => {
  const cases = HAS_REFERENCE ? findCases(REFERENCE) : [];
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  for (const dir of cases) {
    const name = basename(dir);
    const want = expectationOf(dir);
    it(`${name}: stdout and exit code`, async () => {
      const run = await runTacticsCase(dir);
      // Usage errors (exit 2, no expected.stderr) fix only an empty stdout and the exit code.
      expect(run.stdout).toBe(want.stdout);
      if (want.exit !== undefined) expect(run.exitCode).toBe(want.exit);
    });
    if (want.stderr !== undefined) {
      it(`${name}: stderr`, async () => {
        expect((await runTacticsCase(dir)).stderr).toBe(want.stderr);
      });
    }
  }
});
