/**
 * Loading the CLI bundle (dist/bundle/cli.cjs: all of src/cli/main.ts in one CommonJS file, made by
 * scripts/bundle.mjs) through node:vm with V8's code cache, so a start skips parsing and compiling the code
 * its run uses: about 10 ms of CPU of a 70 ms game. There is one cache per ruleset, made by running that
 * ruleset's commands (a cache holds what its run compiled, and V8 reads all of it at every start, so one
 * cache for all five would cost each run the others' share), and a `common` one for other command lines.
 * A cache made by another Node or V8 version is rejected by V8 itself and the bundle compiles as usual;
 * the output never depends on the cache.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

export type Cli = typeof import('./cli/main.js');

export const BUNDLE = fileURLToPath(new URL('./bundle/cli.cjs', import.meta.url));

/** The cache file for a ruleset id, or for `common`. */
export function codeCacheFile(name: string): string {
  return `${BUNDLE}.${name}.cache`;
}

/** The cache for a command line: its ruleset's (the first word), else the common one. */
export function codeCacheFor(argv: readonly string[]): string {
  const own = /^[a-z][a-z0-9-]*$/.test(argv[0] ?? '') ? codeCacheFile(argv[0]!) : null;
  return own !== null && existsSync(own) ? own : codeCacheFile('common');
}

export function hasBundle(): boolean {
  return existsSync(BUNDLE);
}

/**
 * The bundle's exports, and its Script (whose `createCachedData()` makes a cache). `cache`: the cache file
 * to read, or null for none (when a cache is being made).
 */
export function loadBundle(cache: string | null): { readonly cli: Cli; readonly script: Script } {
  const source = readFileSync(BUNDLE, 'utf8');
  const cachedData = cache !== null && existsSync(cache) ? readFileSync(cache) : undefined;
  // The CommonJS wrapper, as Node's own loader writes it.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const module = { exports: {} as Cli };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
  return { cli: module.exports, script };
}
