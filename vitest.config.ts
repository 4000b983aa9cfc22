import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The stress tests run in `npm run test:stress` (vitest.stress.config.ts): npm test stays within a few
    // minutes on two cores, and no test here comes near its timeout on a loaded machine.
    exclude: [...configDefaults.exclude, 'test/**/*.stress.test.ts'],
    // Two cores on the reference machine: a small pool keeps the full run lean.
    pool: 'threads',
    poolOptions: { threads: { maxThreads: 2, minThreads: 1 } },
    // Well over 3x the slowest test here (about 10 s on a loaded machine), so load alone never fails a run.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
