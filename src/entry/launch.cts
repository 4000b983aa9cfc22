/**
 * How dist/cli.cjs starts the CLI (docs/startup.md): from a per-ruleset bundle loaded through node:vm with
 * V8's code cache, or from the plain tsc modules (dist/cli/main.js).
 *
 * scripts/build/bundle.mjs makes one bundle per ruleset (dist/bundle/<id>.cjs: src/cli/main.ts with the
 * registry cut down to that ruleset, so a start reads and deserialises only its own code) and a `common`
 * one with every ruleset for other command lines (help, version, errors), each with the code cache its
 * typical commands leave (<bundle>.cache). A cache made by another Node or V8 version is rejected by V8
 * itself and the bundle compiles as usual; the output never depends on the cache.
 *
 * The modules run instead when no bundle was built, when ARBITER_BUNDLE=0, or when tsc has compiled the
 * modules again since the bundles were made (`tsc -w`, an editor's build): a bundle would then run code
 * older than the modules beside it, so the launcher says so on stderr and runs the modules.
 *
 * CommonJS, as is the entry (cli.cts): Node starts a CommonJS entry a few ms sooner than an ES module one.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

export type Cli = typeof import('../cli/main.js');

/** dist/, where tsc writes the modules; this file is dist/entry/launch.cjs. */
export const DIST = join(__dirname, '..');

export const BUNDLE_DIR = join(DIST, 'bundle');

/**
 * tsc's incremental build info (tsconfig.json `tsBuildInfoFile`): tsc rewrites it whenever it emits
 * changed modules and leaves it alone when nothing changed, so it is the one file whose change says
 * "tsc ran again".
 */
export const TSBUILDINFO = join(DIST, '.tsbuildinfo');

/** What the bundles were built from: the hash of TSBUILDINFO when they were made (scripts/build/bundle.mjs). */
export const STAMP = join(BUNDLE_DIR, 'stamp.json');

export interface Stamp {
  /** sha256 of dist/.tsbuildinfo, hex. */
  readonly tsbuildinfo: string;
}

export const STALE_NOTICE = 'arbiter: the bundle is older than the compiled modules; running the modules (npm run build refreshes it)';

/** The bundle for a ruleset id, or for `common`. */
export function bundleFile(name: string): string {
  return join(BUNDLE_DIR, `${name}.cjs`);
}

/** A bundle's code cache. */
export function codeCacheFile(bundle: string): string {
  return `${bundle}.cache`;
}

/** sha256 of a file, hex; node:crypto is loaded only here, off the common path. */
export function fileHash(path: string): string {
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * Whether tsc has emitted modules since `bundle` was built. The common case costs two stats: the build
 * info no newer than the bundle. Only when it is newer (tsc ran, or the files were copied or unpacked
 * with new times) is its content compared with the stamp, so a copy of a fresh build is still fresh.
 * No build info (a package without it) or no stamp: nothing to compare, the bundle is trusted.
 */
export function bundleIsStale(bundle: string, built = statSync(bundle)): boolean {
  const modules = statSync(TSBUILDINFO, { throwIfNoEntry: false });
  if (modules === undefined || modules.mtimeMs <= built.mtimeMs) return false;
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as Stamp;
  } catch {
    return false;
  }
  return fileHash(TSBUILDINFO) !== stamp.tsbuildinfo;
}

/** What to run: a bundle, or the modules (bundle null), with a line for stderr when that needs saying. */
export interface LaunchPlan {
  readonly bundle: string | null;
  readonly notice: string | null;
}

/**
 * The plan for a command line: its ruleset's bundle (the first word names it), else the common one; the
 * modules when ARBITER_BUNDLE=0, when no bundle was built, or when the bundle is stale (with a notice).
 */
export function launchPlan(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): LaunchPlan {
  if (env['ARBITER_BUNDLE'] === '0') return { bundle: null, notice: null };
  for (const name of /^[a-z][a-z0-9-]*$/.test(argv[0] ?? '') ? [argv[0]!, 'common'] : ['common']) {
    const bundle = bundleFile(name);
    // statSync doubles as the existence check: its times are what the freshness check needs.
    const built = statSync(bundle, { throwIfNoEntry: false });
    if (built === undefined) continue;
    return bundleIsStale(bundle, built) ? { bundle: null, notice: STALE_NOTICE } : { bundle, notice: null };
  }
  return { bundle: null, notice: null };
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
 * A bundle's exports, and its Script (whose `createCachedData()` makes a cache; null when the bundle was
 * required). `withCache`: read the bundle's cache when there is one (false when a cache is being made).
 *
 * Under `--enable-source-maps` the bundle is required instead: Node 20 maps stack traces only for code
 * its own loaders compiled, not for a node:vm Script, and a run that asks for source maps is debugging,
 * not racing.
 */
export function loadBundle(bundle: string, withCache = true): { readonly cli: Cli; readonly script: Script | null } {
  tuneV8();
  const requireFromBundle = createRequire(bundle);
  if (process.sourceMapsEnabled === true) return { cli: requireFromBundle(bundle) as Cli, script: null };
  const source = readFileSync(bundle, 'utf8');
  const cache = codeCacheFile(bundle);
  let cachedData: Buffer | undefined;
  if (withCache) {
    try {
      cachedData = readFileSync(cache);
    } catch {
      cachedData = undefined;
    }
  }
  // The CommonJS wrapper, as Node's own loader writes it. The source is the file as written, its
  // sourceMappingURL comment included: the cache was made from the same text.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const module = { exports: {} as Cli };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, requireFromBundle, module, bundle, dirname(bundle));
  return { cli: module.exports, script };
}
