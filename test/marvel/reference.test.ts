/**
 * The reference corpus (../shared/marvel/reference): its sheet-error cases fix only the empty stdout and exit
 * 2, so their stderr line is checked here against spec §3.1 (every case's replay is test/golden/reference.test.ts's).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectItems, verifyOne } from '../../src/cli/verify.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { runCaseWithCli } from '../helpers/marvel-cli.js';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';

const CORPUS = join(SHARED, 'marvel', 'reference');
const HAS_CORPUS = existsSync(CORPUS);
if (!HAS_CORPUS) console.log(`SKIPPED: ${CORPUS} not found; the marvel reference corpus is skipped`);

describe.skipIf(!HAS_CORPUS)('marvel reference corpus', () => {
  it('reports the sheet errors of the corpus with the §3.1 message and position', async () => {
    const stderr = async (name: string) => (await runCaseWithCli(join(CORPUS, name))).stderr;
    expect(await stderr('sheet-duplicate-across-files')).toBe("b.sheet:1: E_SHEET: expected a new character name, got duplicate 'Cap'\n");
    expect(await stderr('sheet-missing-stat')).toBe("bad.sheet:7: E_SHEET: expected a 'stat REF' line in character Cap\n");
    expect(await stderr('sheet-zone-on-int')).toBe('bad.sheet:8: E_SHEET: expected allies, zone and omni only on an ext defence\n');
  });
});

const CORPUS_V2 = join(SHARED, 'marvel', 'reference-v2');
const HAS_V2 = existsSync(CORPUS_V2);
if (!HAS_V2) console.log(`SKIPPED: ${CORPUS_V2} not found; the marvel version 2 reference corpus is skipped`);

describe.skipIf(!HAS_V2)('marvel reference corpus, version 2 (positions, flight, hiding, healing)', () => {
  it('plays every case identically, sheet-error stderr included', async () => {
    const entry = RULESETS.find((r) => r.meta.id === 'marvel')!;
    const engine = await entry.engine();
    const items = collectItems(entry, engine, [CORPUS_V2], {}, REPO_ROOT);
    // the 31 cases of its README; held-back siblings may add more
    expect(items.length).toBeGreaterThanOrEqual(31);
    const failures: string[] = [];
    for (const item of items) {
      const result = await verifyOne(entry, engine, item);
      if (result.failure !== null) failures.push(`${item.shown}: ${JSON.stringify(result.failure)}`);
    }
    expect(failures).toEqual([]);
  });
});
