/**
 * The reference corpus (../shared/marauders/reference) through the lead's generic case runner: each case runs
 * in process from a scratch copy of its folder, as `arbiter $(cat args.txt) --input commands.txt` would; stdout
 * must equal expected.txt, stderr expected.stderr and the exit code expected.exit where those files exist.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectationOf, runMaraudersCase } from '../helpers/marauders-cases.js';
import { SHARED } from '../helpers/shared.js';

const CORPUS = join(SHARED, 'marauders', 'reference');
const HAS_CORPUS = existsSync(CORPUS);
if (!HAS_CORPUS) console.log(`SKIPPED: ${CORPUS} not found; the marauders reference corpus is skipped`);

const cases = HAS_CORPUS ? readdirSync(CORPUS).filter((c) => existsSync(join(CORPUS, c, 'args.txt'))).sort() : [];

describe.skipIf(!HAS_CORPUS)('marauders reference corpus', () => {
  it('has its cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(56);
  });

  it.each(cases)('%s', async (name) => {
    const dir = join(CORPUS, name);
    const run = await runMaraudersCase(dir);
    const want = expectationOf(dir);
    expect(run.stdout).toBe(want.stdout);
    if (want.stderr !== undefined) expect(run.stderr).toBe(want.stderr);
    if (want.exit !== undefined) expect(run.exitCode).toBe(want.exit);
  });
});
