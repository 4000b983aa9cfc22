// Bundles the CLI for a lean start-up: tsc has already type-checked and emitted dist/ module by module
// (used by scripts and tests); this replaces the two process entry points with bundles. Ruleset code stays
// behind dynamic imports, in chunks that load only for the command that needs them.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist/chunks', { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts', 'cli/verify-worker': 'src/cli/verify-worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // Bundled CommonJS dependencies (commander) call `require` for Node built-ins.
  banner: { js: "import { createRequire as __arbiterRequire } from 'node:module'; const require = __arbiterRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
});
