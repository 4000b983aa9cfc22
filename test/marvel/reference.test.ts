/**
 * The reference corpus (../shared/marvel/reference): every case run in process from a scratch copy of its
 * folder, as `arbiter $(cat args.txt) --input commands.txt` would run it; stdout must equal expected.txt,
 * stderr expected.stderr and the exit code expected.exit where those files exist (sheet-error cases fix
 * only the empty stdout and exit 2; their stderr line is checked against spec §3.1 in sheet.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaseWithCli } from '../helpers/marvel-cli.js';
import { SHARED } from '../helpers/shared.js';

const CORPUS = join(SHARED, 'marvel', 'reference');
const HAS_CORPUS = existsSync(CORPUS);
if (!HAS_CORPUS) console.log(`SKIPPED: ${CORPUS} not found; the marvel reference corpus is skipped`);

const cases = HAS_CORPUS ? readdirSync(CORPUS).filter((c) => existsSync(join(CORPUS, c, 'args.txt'))).sort() : [];

describe.skipIf(!HAS_CORPUS)('marvel reference corpus', () => {
  it('has its cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(45);
  });

  it.each(cases)('%s', async (name) => {
    const dir = join(CORPUS, name);
    const run = await runCaseWithCli(dir);
    expect(run.stdout).toBe(readFileSync(join(dir, 'expected.txt'), 'utf8'));
    if (existsSync(join(dir, 'expected.stderr'))) expect(run.stderr).toBe(readFileSync(join(dir, 'expected.stderr'), 'utf8'));
    if (existsSync(join(dir, 'expected.exit'))) expect(run.exitCode).toBe(Number(readFileSync(join(dir, 'expected.exit'), 'utf8').trim()));
  });

  it('reports the sheet errors of the corpus with the §3.1 message and position', async () => {
    const stderr = async (name: string) => (await runCaseWithCli(join(CORPUS, name))).stderr;
    expect(await stderr('sheet-duplicate-across-files')).toBe("b.sheet:1: E_SHEET: expected a new character name, got duplicate 'Cap'\n");
    expect(await stderr('sheet-missing-stat')).toBe("bad.sheet:7: E_SHEET: expected a 'stat REF' line in character Cap\n");
    expect(await stderr('sheet-zone-on-int')).toBe('bad.sheet:8: E_SHEET: expected allies, zone and omni only on an ext defence\n');
  });
});
