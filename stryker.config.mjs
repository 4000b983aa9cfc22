// @ts-check
/**
 * Mutation testing of the core and the generic CLI layer: `npm run mutate` (never part of `npm test`).
 * Reports go to reports/ (git-ignored): the clear-text table on the console, reports/mutation/mutation.json,
 * and reports/stryker-incremental.json, which lets the next run re-test only the mutants whose code or
 * covering tests changed (`npm run mutate -- --force` for a full run).
 *
 * The tests are those of vitest.mutate.config.ts: in-process tests only, since a spawned dist/cli.cjs never
 * contains a mutant. Left out of the mutation, because no in-process test can reach them:
 * - src/cli/main.ts, the process entry (the real streams and process.exitCode), run only by dist/cli.cjs;
 * - src/cli/verify-worker.ts and verify.ts's worker pool (`--jobs N`): a worker thread loads the compiled
 *   verify-worker.js, never the TypeScript source that holds the mutants;
 * - play.ts's lineEditor and playTerminal (node:readline on the real process.stdin, a terminal only);
 * - output.ts's stream error handlers and io.ts's processIo (the real process streams, used only by main.ts);
 * - verify-report.ts's Progress bar (drawn on process.stderr, on a terminal only).
 * They are found by their declarations, not by fixed line numbers, so the files can change.
 */
import { readFileSync } from 'node:fs';

/**
 * Mutate patterns for `file` without the top-level declarations whose first line matches one of `skip`
 * (from that line, and the doc comment just above it, to its closing `}` or `;` at column 0).
 * @param {string} file
 * @param {RegExp[]} skip
 * @returns {string[]}
 */
function mutateExcept(file, skip) {
  const lines = readFileSync(new URL(file, import.meta.url), 'utf8').split('\n');
  /** @type {[number, number][]} */
  const cut = [];
  for (const re of skip) {
    let start = lines.findIndex((l) => re.test(l));
    if (start < 0) {
      console.warn(`stryker.config.mjs: ${re} not found in ${file}; the whole file is mutated`);
      continue;
    }
    let end = start;
    if (!/;\s*$/.test(lines[start] ?? '')) {
      end = lines.findIndex((l, i) => i > start && /^[}\]]/.test(l));
      if (end < 0) end = lines.length - 1;
    }
    while (start > 0 && /^(\/\*\*|\s\*)/.test(lines[start - 1] ?? '')) start--;
    cut.push([start, end]);
  }
  cut.sort((a, b) => a[0] - b[0]);
  /** @type {string[]} */
  const keep = [];
  let from = 0;
  for (const [start, end] of cut) {
    if (start > from) keep.push(`${file}:${from + 1}-${start}`);
    from = Math.max(from, end + 1);
  }
  if (from < lines.length) keep.push(`${file}:${from + 1}-${lines.length}`);
  return [`!${file}`, ...keep];
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  mutate: [
    'src/core/**/*.ts',
    'src/cli/**/*.ts',
    '!src/cli/verify-worker.ts',
    // The process's own entry (real streams, process.exitCode): run only by dist/cli.cjs.
    '!src/cli/main.ts',
    ...mutateExcept('src/cli/play.ts', [/^(async )?function playTerminal\(/, /^function lineEditor\(/]),
    ...mutateExcept('src/cli/output.ts', [/^export function (handleStreamErrors|quietOnClosedPipe)\(/]),
    ...mutateExcept('src/cli/io.ts', [/^function writeTo\(/, /^export function processIo\(/]),
    ...mutateExcept('src/cli/verify-report.ts', [/^export class Progress\b/]),
    ...mutateExcept('src/cli/verify.ts', [/^const WORKER = /, /^function runInWorkers\(/]),
  ],
  // dist/ is copied: a few in-process test files also spawn dist/cli.cjs, and the initial run must pass.
  ignorePatterns: ['/bench', '/reports', '/.stryker-tmp', '*.log'],
  coverageAnalysis: 'perTest',
  // A static mutant (module-level code: constants, tables) needs a fresh module graph and every related test
  // (about 50 s here) per mutant: some 500 of them would take hours. They are reported as Ignored; a mutant
  // also reached inside a test ("hybrid") still runs, against its covering tests.
  ignoreStatic: true,
  // Two cores shared with other work: one test-runner process.
  concurrency: 1,
  // Generous on a loaded machine; an infinite loop still ends in seconds.
  timeoutMS: 10_000,
  dryRunTimeoutMinutes: 15,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 90, low: 75, break: null },
};

export default config;
