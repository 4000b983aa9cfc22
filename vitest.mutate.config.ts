/**
 * The vitest configuration StrykerJS runs (`npm run mutate`, see stryker.config.mjs): the tests of
 * src/core and of the generic CLI layer (src/cli), in-process. A test that runs the built CLI
 * (dist/cli.cjs, spawned, in a shell, on a terminal or as --exec's external program) never meets a
 * mutant, since the bundle holds none, and takes seconds: run per mutant, such tests stretched the run to
 * hours on two cores. They skip themselves here: ARBITER_MUTATING sets MUTATING (test/helpers/cli.ts), and
 * each of their describe blocks is `describe.skipIf(MUTATING)`. test/conformance is taken whole; its few
 * spawned runs pass in the sandbox, which holds dist/.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/conformance/**/*.test.ts', 'test/architecture/**/*.test.ts', 'test/cli/**/*.test.ts'],
    env: { ARBITER_MUTATING: '1' },
    // Stryker forces one thread itself. A mutant that makes a test hang costs the whole timeout: 30 s is
    // far above the slowest test here (a few seconds).
    pool: 'threads',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
