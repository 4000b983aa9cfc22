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
    it(basename(dir), async () => {
      const want = expectationOf(dir);
      const run = await runTacticsCase(dir);
      // Usage errors (exit 2, no expected.stderr) fix only an empty stdout and the exit code.
      expect(run.stdout).toBe(want.stdout);
      if (want.stderr !== undefined) expect(run.stderr).toBe(want.stderr);
      if (want.exit !== undefined) expect(run.exitCode).toBe(want.exit);
    });
  }
});
