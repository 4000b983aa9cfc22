// Bundles the CLI for a lean start-up: tsc has already type-checked and emitted dist/ module by module
// (used by scripts and tests); this replaces the two process entry points with bundles. Ruleset code stays
// behind dynamic imports, in chunks that load only for the command that needs them.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist/chunks', { recursive: true, force: true });
rmSync('dist/cli/worker-chunks', { recursive: true, force: true });
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
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // Bundled CommonJS dependencies (commander) call `require` for Node built-ins.
  banner: { js: "import { createRequire as __arbiterRequire } from 'node:module'; const require = __arbiterRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
};
await build({
  ...shared,
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
// The verify worker is bundled on its own, not as a second entry of the split build: a worker thread has
// its own module instances anyway, and a second entry would cut the code both share into many more small
// chunks, each one more module for every `arbiter` start to resolve and load.
await build({
  ...shared,
  entryPoints: { 'cli/verify-worker': 'src/cli/verify-worker.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'cli/worker-chunks/[name]-[hash]',
});
