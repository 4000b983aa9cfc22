/**
 * Loading a CLI bundle through node:vm with V8's code cache, so a start skips parsing and compiling the code
 * its run uses. scripts/bundle.mjs makes one bundle per ruleset (dist/bundle/<id>.cjs: src/cli/main.ts with
 * the registry cut down to that ruleset, so a start reads and deserialises only its own code) and a
 * `common` one with every ruleset for other command lines (help, version, errors), each with the code cache
 * its typical commands leave (<bundle>.cache). A cache made by another Node or V8 version is rejected by V8
 * itself and the bundle compiles as usual; the output never depends on the cache.
 *
 * CommonJS, as is the entry (cli.cts): Node starts a CommonJS entry a few ms sooner than an ES module one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

export type Cli = typeof import('./cli/main.js');

export const BUNDLE_DIR = join(__dirname, 'bundle');

/** The bundle for a ruleset id, or for `common`. */
export function bundleFile(name: string): string {
  return join(BUNDLE_DIR, `${name}.cjs`);
}

/** A bundle's code cache. */
export function codeCacheFile(bundle: string): string {
  return `${bundle}.cache`;
}

/** The bundle for a command line: its ruleset's (the first word), else the common one; null when none was built. */
export function bundleFor(argv: readonly string[]): string | null {
  const own = /^[a-z][a-z0-9-]*$/.test(argv[0] ?? '') ? bundleFile(argv[0]!) : null;
  if (own !== null && existsSync(own)) return own;
  const common = bundleFile('common');
  return existsSync(common) ? common : null;
}

/**
 * V8's tier-up budget for the CLI's runs, about three times the default. Most runs are short (a game, a
 * corpus of small cases): at the default, TurboFan compiles functions the run then hardly uses, on the
 * machine's other core, and deoptimises some; with this budget every bench row took 10-25 % less CPU
 * (the long ones too: what is hot still gets compiled). Set before a bundle is compiled, since a code
 * cache holds a hash of the flags it was made with. Only on V8 11 (Node 20), whose flag this is: V8 prints
 * an error for a flag it does not know. It changes how fast the code runs, never what it does.
 */
export const V8_FLAGS = '--interrupt-budget=200000';

export function tuneV8(): void {
  if (process.versions.v8.startsWith('11.')) setFlagsFromString(V8_FLAGS);
}

/**
 * A bundle's exports, and its Script (whose `createCachedData()` makes a cache). `withCache`: read the
 * bundle's cache when there is one (false when a cache is being made).
 */
export function loadBundle(bundle: string, withCache = true): { readonly cli: Cli; readonly script: Script } {
  tuneV8();
  const source = readFileSync(bundle, 'utf8');
  const cache = codeCacheFile(bundle);
  const cachedData = withCache && existsSync(cache) ? readFileSync(cache) : undefined;
  // The CommonJS wrapper, as Node's own loader writes it.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const module = { exports: {} as Cli };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return { cli: module.exports, script };
}
