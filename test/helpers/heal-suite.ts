/**
 * A copy of the project's SMT suite `heal-and-support` with its first transcripts only: a `verify --exec`
 * run starts one program per transcript, and the whole suite's 26 made the --exec tests the slowest of
 * npm test. Eight are enough for what they check (the planted heal rule changes six of them).
 */
import { cpSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { scratchDir } from './scratch.js';
import { REPO_ROOT } from './shared.js';

export function healSuite(count = 8): string {
  const root = scratchDir('heal-suite');
  const from = join(REPO_ROOT, 'test-cases', 'smt');
  cpSync(join(from, 'heal-and-support'), join(root, 'heal-and-support'), { recursive: true });
  const tests = join(root, 'heal-and-support-Tests');
  mkdirSync(tests);
  for (const name of readdirSync(join(from, 'heal-and-support-Tests')).filter((f) => f.endsWith('.txt')).sort().slice(0, count)) {
    cpSync(join(from, 'heal-and-support-Tests', name), join(tests, name));
  }
  return tests;
}

/** A copy of a folder of case folders (a CONVENTIONS or Clairvoyance corpus suite) with its first `count` cases. */
export function caseSubset(folder: string, count: number): string {
  const from = join(REPO_ROOT, folder);
  const to = join(scratchDir('case-subset'), basename(folder));
  mkdirSync(to, { recursive: true });
  const cases = readdirSync(from).filter((n) => statSync(join(from, n)).isDirectory()).sort().slice(0, count);
  for (const name of cases) cpSync(join(from, name), join(to, name), { recursive: true });
  return to;
}
