/**
 * Loading the CLI bundle (dist/bundle/cli.cjs: all of src/cli/main.ts in one CommonJS file, made by
 * scripts/bundle.mjs) through node:vm with V8's code cache beside it (cli.cjs.cache), so a start skips
 * parsing and compiling the code a typical run uses: about 10 ms of CPU of a 70 ms game. A cache made by
 * another Node or V8 version is rejected by V8 itself and the bundle compiles as usual; the output never
 * depends on the cache.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

export type Cli = typeof import('./cli/main.js');

export const BUNDLE = fileURLToPath(new URL('./bundle/cli.cjs', import.meta.url));
export const CODE_CACHE = `${BUNDLE}.cache`;

export function hasBundle(): boolean {
  return existsSync(BUNDLE);
}

/** The bundle's exports, and its Script (whose `createCachedData()` makes the cache). */
export function loadBundle(): { readonly cli: Cli; readonly script: Script } {
  const source = readFileSync(BUNDLE, 'utf8');
  const cachedData = existsSync(CODE_CACHE) ? readFileSync(CODE_CACHE) : undefined;
  // The CommonJS wrapper, as Node's own loader writes it.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const module = { exports: {} as Cli };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
  return { cli: module.exports, script };
}
