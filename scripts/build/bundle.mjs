// The second half of `npm run build` (docs/startup.md). tsc has already type-checked and emitted dist/
// module by module (used by scripts and tests, and by dist/cli.cjs when no fresh bundle exists). This adds:
// - dist/cli.cjs, the package's bin: it requires dist/entry/cli.cjs, which tsc emits from src/entry/cli.cts;
// - dist/bundle/<ruleset>.cjs: src/cli/main.ts and everything it uses in one CommonJS file, with a
//   registry of that ruleset alone (one-ruleset-registry.mjs), and dist/bundle/common.cjs with every
//   ruleset; dist/cli.cjs runs the one its command line names through node:vm with V8's code cache
//   (src/entry/launch.cts); each with a linked source map (<bundle>.map) naming src/;
// - dist/bundle/<name>.cjs.cache: each bundle's code cache, made by running its typical commands
//   (scripts/build/code-cache.mjs);
// - dist/bundle/verify-worker.mjs: the verify worker thread, an ES module bundle of its own;
// - dist/bundle/stamp.json: what the bundles were built from (the hash of tsc's build info), which the
//   launcher compares to fall back to the modules when tsc has run again since.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { oneRulesetRegistryPlugin, rulesetPlaces } from './one-ruleset-registry.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'dist');
const SRC = join(ROOT, 'src');
const launch = await import(pathToFileURL(join(DIST, 'entry', 'launch.cjs')).href);

if (!existsSync(launch.TSBUILDINFO)) {
  throw new Error(`bundle.mjs: no ${launch.TSBUILDINFO}; the freshness stamp is its hash (tsconfig.json: incremental, tsBuildInfoFile)`);
}
// dist/chunks, dist/cli/worker-chunks, dist/launch.cjs and dist/cli/builtins.js are left by builds before
// src/entry/ and dist/bundle/.
for (const old of ['chunks', 'bundle', join('cli', 'worker-chunks'), 'launch.cjs', join('cli', 'builtins.js')]) rmSync(join(DIST, old), { recursive: true, force: true });

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
  absWorkingDir: ROOT,
  outdir: DIST,
  // Stack traces under `node --enable-source-maps` name src/ (and node_modules/) files; the sources are
  // referred to, not copied in.
  sourcemap: 'linked',
  sourcesContent: false,
};

// --- The bundles ----------------------------------------------------------------------------------------
const WORKER_BUNDLE = 'bundle/verify-worker';

const cliBundle = (name, plugins) =>
  build({
    ...shared,
    plugins: [...shared.plugins, ...plugins],
    entryPoints: { [`bundle/${name}`]: join(SRC, 'cli', 'main.ts') },
    minify: true,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    define: {
      // import.meta.url is the bundle's own URL: files found relative to it (the package root, the worker,
      // jsonc-parser) resolve from dist/bundle/ as from any dist/ folder.
      'import.meta.url': '__arbiterBundleUrl',
      ARBITER_WORKER_BUNDLE: JSON.stringify(`./${WORKER_BUNDLE.split('/').pop()}.mjs`),
    },
    banner: { js: "const __arbiterBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });

// Each ruleset's bundle holds a registry of that ruleset alone, generated from the registry's data.
const places = await rulesetPlaces(DIST);
const names = ['common', ...places.map((p) => p.id)];
await cliBundle('common', []);
for (const place of places) await cliBundle(place.id, [oneRulesetRegistryPlugin(SRC, place)]);

// The worker is built on its own, with every ruleset: a worker thread has its own module instances anyway.
await build({
  ...shared,
  entryPoints: { [WORKER_BUNDLE]: join(SRC, 'cli', 'verify-worker.ts') },
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  splitting: true,
  chunkNames: 'bundle/worker-chunks/[name]-[hash]',
  // Bundled CommonJS dependencies (commander) call `require` for Node built-ins.
  banner: { js: "import { createRequire as __arbiterRequire } from 'node:module'; const require = __arbiterRequire(import.meta.url);" },
});

// The bin, at the path package.json and every user know; tsc writes the entry itself under dist/entry/.
writeFileSync(join(DIST, 'cli.cjs'), "#!/usr/bin/env node\n'use strict';\nrequire('./entry/cli.cjs');\n");
chmodSync(join(DIST, 'cli.cjs'), 0o755);

// Each bundle's code cache, made in a fresh process (src/entry/launch.cts), from the bundle as written
// above: V8 rejects a cache made from other text, and the sourceMappingURL comment is part of the text.
for (const name of names) {
  const cache = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build', 'code-cache.mjs'), name], { stdio: 'inherit', cwd: ROOT });
  if (cache.status !== 0) process.exit(cache.status ?? 1);
}

// Last: the bundles are complete.
writeFileSync(launch.STAMP, JSON.stringify({ tsbuildinfo: launch.fileHash(launch.TSBUILDINFO) }, null, 2) + '\n');
