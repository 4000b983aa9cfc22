/**
 * The vitest configuration StrykerJS runs (`npm run mutate`, see stryker.config.mjs): only the tests that
 * run src/core and the generic CLI layer (src/cli) in-process. A test that spawns dist/cli.cjs runs the
 * built bundle, which never contains a mutant, so it could only slow the run down. test/cli mixes both
 * kinds: a file there is taken when it imports from src/ (runArgv over an in-memory Io), or is one of the
 * *.mutants.test.ts files, and never runs the built CLI. So exec.test.ts, fuzz.test.ts and
 * hostile-cli.test.ts are left out: they run dist/cli.cjs as the external program or in a shell, seconds
 * per test, which stretched the run to hours on two cores. test/conformance is taken whole; its few
 * spawned runs pass in the sandbox, which holds dist/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const SPAWNS_BUILT_CLI = /helpers\/cli\.js|\bCLI\b|dist\/cli/;
const inProcessCliTests = readdirSync('test/cli')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(`test/cli/${name}`, 'utf8') }))
  .filter(({ name, text }) => (name.endsWith('.mutants.test.ts') || /from '\.\.\/\.\.\/src\//.test(text)) && !SPAWNS_BUILT_CLI.test(text))
  .map(({ name }) => `test/cli/${name}`);

export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/conformance/**/*.test.ts', 'test/architecture/**/*.test.ts', ...inProcessCliTests],
    // Stryker forces one thread itself. A mutant that makes a test hang costs the whole timeout: 30 s is
    // far above the slowest test here (a few seconds).
    pool: 'threads',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
