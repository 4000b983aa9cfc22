/**
 * The vitest configuration StrykerJS runs (`npm run mutate`, see stryker.config.mjs): only the tests that
 * run src/core and the generic CLI layer (src/cli) in-process. A test that only spawns dist/cli.js runs the
 * built bundle, which never contains a mutant, so it could only slow the run down. test/cli mixes both
 * kinds: a file there is taken when it imports from src/ (runArgv over an in-memory Io); its few spawned
 * runs still pass in the sandbox, which holds a copy of dist/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const inProcessCliTests = readdirSync('test/cli')
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => /from '\.\.\/\.\.\/src\//.test(readFileSync(`test/cli/${name}`, 'utf8')))
  .map((name) => `test/cli/${name}`);

export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/conformance/**/*.test.ts', 'test/architecture/**/*.test.ts', ...inProcessCliTests],
    // Stryker forces one thread itself. A mutant that makes a test hang costs the whole timeout: 30 s is
    // about four times the slowest test here (verify --exec of a program that hangs).
    pool: 'threads',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
