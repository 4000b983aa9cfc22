/**
 * The reference corpus (../shared/clairvoyance/reference) through the compiled CLI, exactly as its README
 * replays it: from inside each case folder, `arbiter clairvoyance encounter.clv --dice max --input
 * commands.txt`; stdout = expected.txt, stderr = expected.stderr where it exists, exit code as the README's
 * table says. Also `verify` over the whole corpus.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, linesOf, runCliAsync } from '../helpers/cli.js';
import { SHARED } from '../helpers/shared.js';

const CORPUS = join(SHARED, 'clairvoyance', 'reference');
const HAS_CORPUS = existsSync(join(CORPUS, '..', 'README.md'));
if (!HAS_CORPUS) console.warn(`SKIPPED: ${CORPUS} not found; the Clairvoyance corpus tests are skipped (CI has ../shared beside the checkout)`);

/** `| \`case\` | CLASS | D | exit | covers |` rows of the corpus README. */
function exitCodes(): Map<string, number> {
  const codes = new Map<string, number>();
  for (const line of readFileSync(join(CORPUS, '..', 'README.md'), 'utf8').split('\n')) {
    const m = /^\| `([^`]+)` \| [A-Z]+ \| [^|]* \| (\d) \|/.exec(line);
    if (m !== null) codes.set(m[1]!, Number(m[2]));
  }
  return codes;
}

describe.skipIf(!HAS_CORPUS).concurrent('Clairvoyance reference corpus through the CLI', () => {
  const cases = HAS_CORPUS ? readdirSync(CORPUS).filter((c) => existsSync(join(CORPUS, c, 'encounter.clv'))).sort() : [];
  const codes = HAS_CORPUS ? exitCodes() : new Map<string, number>();

  it('has the 62 cases the README lists, each with an exit code', () => {
    expect(cases).toHaveLength(62);
    for (const c of cases) expect(codes.has(c), c).toBe(true);
  });

  it.each(cases)('%s', async (name) => {
    const dir = join(CORPUS, name);
    const run = await runCliAsync(['clairvoyance', 'encounter.clv', '--dice', 'max', '--input', 'commands.txt'], { cwd: dir });
    expect(run.stdout).toBe(readFileSync(join(dir, 'expected.txt'), 'utf8'));
    if (existsSync(join(dir, 'expected.stderr'))) expect(run.stderr).toBe(readFileSync(join(dir, 'expected.stderr'), 'utf8'));
    expect(hasStackTrace(run.stderr)).toBe(false);
    expect(run.status).toBe(codes.get(name));
  });

  it('verify over the corpus folder prints 62/62 identical and exits 0', async () => {
    const run = await runCliAsync(['clairvoyance', 'verify', CORPUS, '--jobs', '1']);
    expect(linesOf(run.stdout).pop()).toBe('62/62 identical');
    expect(run.status).toBe(0);
  });
});

if (!HAS_CORPUS) it.skip('Clairvoyance corpus tests skipped: ../shared/clairvoyance is not beside the checkout', () => {});
