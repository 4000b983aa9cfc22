/** The project's own golden cases (test-cases/marvel/<suite>/<case>/) have their files; that each replays identically is test/golden/own.test.ts's. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.js';

const ROOT = join(REPO_ROOT, 'test-cases', 'marvel');
const cases = readdirSync(ROOT, { withFileTypes: true })
  .filter((s) => s.isDirectory())
  .flatMap((s) =>
    readdirSync(join(ROOT, s.name), { withFileTypes: true })
      .filter((c) => c.isDirectory() && existsSync(join(ROOT, s.name, c.name, 'args.txt')))
      .map((c) => `${s.name}/${c.name}`),
  )
  .sort();

describe('marvel golden cases', () => {
  it('has a README per suite and every file of a case', () => {
    for (const suite of new Set(cases.map((c) => c.split('/')[0]!))) expect(existsSync(join(ROOT, suite, 'README.md'))).toBe(true);
    for (const c of cases) for (const f of ['commands.txt', 'expected.txt', 'expected.exit', 'about.txt']) expect(existsSync(join(ROOT, c, f)), `${c}/${f}`).toBe(true);
  });

});
