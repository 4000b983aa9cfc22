// Bundles the CLI for a lean start-up. tsc has already type-checked and emitted dist/ module by module (used
// by scripts and tests, and by dist/cli.cjs where no bundle exists). This adds:
// - dist/bundle/<ruleset>.cjs: src/cli/main.ts and everything it uses in one CommonJS file, with the
//   registry cut down to that ruleset, and dist/bundle/common.cjs with every ruleset; dist/cli.cjs runs the
//   one its command line names through node:vm with V8's code cache (src/launch.cts);
// - dist/bundle/<name>.cjs.cache: each bundle's code cache, made by running its typical commands
//   (scripts/code-cache.mjs);
// - dist/cli/verify-worker.js: the verify worker thread, an ES module bundle of its own.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

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

const REGISTRY = 'src/rulesets/registry.ts';
const ENTRY_LINE = /^\s*\{ meta: \w+, engine: async \(\) => \(await import\('\.\/([\w-]+)\/engine\.js'\)\)\.engine \},$/;

/**
 * The registry with one ruleset's line kept (its engine in folder `id`): the other engines' code stays out
 * of that ruleset's bundle. Fails the build when the registry's lines no longer have the expected form.
 */
const onlyRuleset = (id) => ({
  name: `only-${id}`,
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]rulesets[\\/]registry\.ts$/ }, (args) => {
      const lines = readFileSync(args.path, 'utf8').split('\n');
      // The engine folder a line registers, or undefined for the registry's other lines.
      const folders = lines.map((l) => ENTRY_LINE.exec(l)?.[1]);
      if (!folders.includes(id)) throw new Error(`bundle.mjs: no registry line for '${id}' in ${REGISTRY}`);
      return { contents: lines.filter((_, k) => folders[k] === undefined || folders[k] === id).join('\n'), loader: 'ts' };
    });
  },
});

const cliBundle = (name, plugins) =>
  build({
    ...shared,
    plugins: [...shared.plugins, ...plugins],
    entryPoints: { [`bundle/${name}`]: 'src/cli/main.ts' },
    minify: true,
    outdir: 'dist',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // import.meta.url is the bundle's own URL: files found relative to it (the package root, the worker,
    // jsonc-parser) resolve from dist/bundle/ as from any dist/ folder.
    define: { 'import.meta.url': '__arbiterBundleUrl' },
    banner: { js: "const __arbiterBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });

const { RULESETS } = await import('../dist/rulesets/registry.js');
const names = ['common', ...RULESETS.map((r) => r.meta.id)];
await cliBundle('common', []);
for (const { meta } of RULESETS) await cliBundle(meta.id, [onlyRuleset(meta.id)]);

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

// Each bundle's code cache, made in a fresh process (src/launch.cts).
for (const name of names) {
  const cache = spawnSync(process.execPath, ['scripts/code-cache.mjs', name], { stdio: 'inherit' });
  if (cache.status !== 0) process.exit(cache.status ?? 1);
}
