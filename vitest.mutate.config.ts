/**
 * The vitest configuration StrykerJS runs (`npm run mutate`, see stryker.config.mjs): only the in-process
 * tests that cover src/core and the generic CLI layer (src/cli). The tests that spawn dist/cli.js run the
 * built bundle, which never contains a mutant, so they could only slow the run down.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/core/**/*.test.ts',
      'test/conformance/**/*.test.ts',
      'test/architecture/**/*.test.ts',
      // In-process CLI tests (runArgv over memoryIo); the other files in test/cli spawn dist/cli.js.
      'test/cli/**/*.mutants.test.ts',
    ],
    // Stryker forces one thread itself; the timeouts match vitest.config.ts.
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
