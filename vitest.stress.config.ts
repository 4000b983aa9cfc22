/**
 * `npm run test:stress`: the stress tests (test/**\/*.stress.test.ts), which vitest.config.ts leaves out of
 * `npm test`: millions of cells, 20 MB inputs, nesting 100,000 deep, long property runs. Each takes from
 * a few seconds to tens of seconds on two cores, and several times that when the machine is loaded, so the
 * timeouts are generous: a hang still fails, a slow machine does not.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.stress.test.ts'],
    pool: 'threads',
    poolOptions: { threads: { maxThreads: 2, minThreads: 1 } },
    testTimeout: 600_000,
    hookTimeout: 600_000,
    reporters: ['default'],
  },
});
