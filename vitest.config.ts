import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two cores on the reference machine: a small pool keeps the full run lean.
    pool: 'threads',
    poolOptions: { threads: { maxThreads: 2, minThreads: 1 } },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
