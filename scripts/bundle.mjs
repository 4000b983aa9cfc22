// Bundles the CLI for a lean start-up. tsc has already type-checked and emitted dist/ module by module (used
// by scripts and tests, and by dist/cli.js where no bundle exists). This adds:
// - dist/bundle/cli.cjs: src/cli/main.ts and everything it uses in one CommonJS file, which dist/cli.js
//   runs through node:vm with V8's code cache (src/launch.ts);
// - dist/bundle/cli.cjs.<ruleset>.cache and .common.cache: V8's code caches, one per ruleset, made by
//   running its typical commands (scripts/code-cache.mjs);
// - dist/cli/verify-worker.js: the verify worker thread, an ES module bundle of its own.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

for (const old of ['dist/chunks', 'dist/bundle', 'dist/cli/worker-chunks']) rmSync(old, { recursive: true, force: true });

/**
 * commander requires node:child_process when it loads, for executable subcommands, which Arbiter does not
 * use; loading it (and net, dgram, ...) costs every start a few ms. commander gets a stand-in that loads
 * the module at its first use.
 */
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-builtin' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

const shared = {
  plugins: [lazyChildProcessForCommander],
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  logLevel: 'warning',
  legalComments: 'none',
};

await build({
  ...shared,
  entryPoints: { 'bundle/cli': 'src/cli/main.ts' },
  minify: true,
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // import.meta.url is the bundle's own URL: files found relative to it (the package root, the worker,
  // jsonc-parser) resolve from dist/bundle/ as from any dist/ folder.
  define: { 'import.meta.url': '__arbiterBundleUrl' },
  banner: { js: "const __arbiterBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});

// The worker is built on its own: a worker thread has its own module instances anyway.
await build({
  ...shared,
  entryPoints: { 'cli/verify-worker': 'src/cli/verify-worker.ts' },
  outdir: 'dist',
  format: 'esm',
  splitting: true,
  chunkNames: 'cli/worker-chunks/[name]-[hash]',
  // Bundled CommonJS dependencies (commander) call `require` for Node built-ins.
  banner: { js: "import { createRequire as __arbiterRequire } from 'node:module'; const require = __arbiterRequire(import.meta.url);" },
});

// One code cache per ruleset and one for other command lines, each made in a fresh process (src/launch.ts).
const { RULESETS } = await import('../dist/rulesets/registry.js');
for (const name of ['common', ...RULESETS.map((r) => r.meta.id)]) {
  const cache = spawnSync(process.execPath, ['scripts/code-cache.mjs', name], { stdio: 'inherit' });
  if (cache.status !== 0) process.exit(cache.status ?? 1);
}
