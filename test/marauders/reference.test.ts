/**
 * The reference corpus (../shared/marauders/reference): every case run in process from a scratch copy of its
 * folder, as `arbiter $(cat args.txt) --input commands.txt` would run it; stdout must equal expected.txt,
 * stderr expected.stderr and the exit code expected.exit where those files exist. Usage errors (whose wording
 * the spec does not fix) only check the exit code and the empty stdout.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaseFolder } from '../helpers/marauders-cases.js';
import { SHARED } from '../helpers/shared.js';

const CORPUS = join(SHARED, 'marauders', 'reference');
const HAS_CORPUS = existsSync(CORPUS);
if (!HAS_CORPUS) console.log(`SKIPPED: ${CORPUS} not found; the marauders reference corpus is skipped`);

const cases = HAS_CORPUS ? readdirSync(CORPUS).filter((c) => existsSync(join(CORPUS, c, 'args.txt'))).sort() : [];

describe.skipIf(!HAS_CORPUS)('marauders reference corpus', () => {
  it('has its cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(56);
  });

  it.each(cases)('%s', (name) => {
    const dir = join(CORPUS, name);
    const run = runCaseFolder(dir);
    if ('skipped' in run) {
      console.log(`SKIPPED ${name}: ${run.skipped}`);
      return;
    }
    expect(run.stdout).toBe(readFileSync(join(dir, 'expected.txt'), 'utf8'));
    if (existsSync(join(dir, 'expected.stderr'))) expect(run.stderr).toBe(readFileSync(join(dir, 'expected.stderr'), 'utf8'));
    if (existsSync(join(dir, 'expected.exit'))) expect(run.exit).toBe(Number(readFileSync(join(dir, 'expected.exit'), 'utf8').trim()));
  });
});
