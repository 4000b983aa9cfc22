/**
 * A copy of the project's SMT suite `heal-and-support` with its first transcripts only: a `verify --exec`
 * run starts one program per transcript, and the whole suite's 26 made the --exec tests the slowest of
 * npm test. Eight are enough for what they check (the planted heal rule changes six of them).
 */
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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
