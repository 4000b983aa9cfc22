/**
 * dist/cli.js runs the CLI bundle through V8's code cache (src/launch.ts, scripts/bundle.mjs). The cache
 * changes nothing but speed: the bundle and the plain modules print the same bytes for every ruleset's
 * demo, the caches the build made (one per ruleset) are accepted by this Node, and a cache V8 rejects
 * (another Node version, a damaged file) gives the same output.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/registry.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';

const DIST = join(REPO_ROOT, 'dist');
const scratch = mkdtempSync(join(tmpdir(), 'arbiter-launch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each ruleset's first --help example (a demo game on data/), as arguments with absolute paths. */
const demos = RULESETS.map(({ meta }) => {
  const words = meta.examples.play[0]!.split(' ');
  const at = words.indexOf('--input');
  return { id: meta.id, args: words.map((w) => (/^data\//.test(w) ? join(REPO_ROOT, w) : w)), input: at < 0 ? null : words[at + 1] };
});

/** A script that runs the CLI from the tsc-emitted modules, as dist/cli.js does where no bundle was built. */
const MODULES = join(scratch, 'modules.mjs');
writeFileSync(MODULES, `import { main } from ${JSON.stringify(pathToFileURL(join(DIST, 'cli', 'main.js')).href)};\nawait main();\n`);

const run = (entry: string[], args: readonly string[]) => spawnSync(process.execPath, [...entry, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });

describe('the code-cached CLI bundle', () => {
  it('the build made a cache per ruleset and a common one, each accepted by this Node; a command line picks its ruleset\'s', async () => {
    const launch = (await import(pathToFileURL(join(DIST, 'launch.js')).href)) as typeof import('../../src/launch.js');
    for (const name of ['common', ...RULESETS.map((r) => r.meta.id)]) {
      const file = launch.codeCacheFile(name);
      expect(readFileSync(file).length, name).toBeGreaterThan(100_000);
      expect(launch.loadBundle(file).script.cachedDataRejected, name).toBe(false);
    }
    expect(launch.codeCacheFor(['marvel', 'x.sheet'])).toBe(launch.codeCacheFile('marvel'));
    expect(launch.codeCacheFor(['--help'])).toBe(launch.codeCacheFile('common'));
    expect(launch.codeCacheFor(['nosuchruleset'])).toBe(launch.codeCacheFile('common'));
    expect(launch.codeCacheFor(['../../etc/passwd'])).toBe(launch.codeCacheFile('common'));
    expect(launch.codeCacheFor([])).toBe(launch.codeCacheFile('common'));
  });

  for (const demo of demos) {
    it(`${demo.id}: the bundle prints the same bytes as the modules it was built from`, () => {
      const bundled = run([CLI], demo.args);
      const modules = run([MODULES], demo.args);
      expect(bundled.stdout.length).toBeGreaterThan(200);
      expect(bundled.stdout).toBe(modules.stdout);
      expect(bundled.stderr).toBe(modules.stderr);
      expect(bundled.status).toBe(modules.status);
    });
  }

  it('help texts and a usage error are the same from the bundle as from the modules', () => {
    for (const args of [['--help'], ['smt', 'verify', '--help'], ['marvel', '--seed', '1', 'x.sheet'], ['nosuch']]) {
      const bundled = run([CLI], args);
      const modules = run([MODULES], args);
      expect(bundled.stdout + bundled.stderr, args.join(' ')).toBe(modules.stdout + modules.stderr);
      expect(bundled.status, args.join(' ')).toBe(modules.status);
    }
  });

  it('a cache V8 rejects (a damaged file) gives the same output, only slower', () => {
    // A copy of the entry, the loader and the bundle, with a cache of garbage beside it.
    const root = join(scratch, 'copy');
    mkdirSync(join(root, 'dist', 'bundle'), { recursive: true });
    for (const f of ['cli.js', 'launch.js', join('bundle', 'cli.cjs')]) copyFileSync(join(DIST, f), join(root, 'dist', f));
    for (const name of ['common', ...RULESETS.map((r) => r.meta.id)]) writeFileSync(join(root, 'dist', 'bundle', `cli.cjs.${name}.cache`), Buffer.alloc(4096, 7));
    copyFileSync(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(REPO_ROOT, 'data'), join(root, 'data'));
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
    for (const demo of demos) {
      const copy = run([join(root, 'dist', 'cli.js')], demo.args);
      const original = run([CLI], demo.args);
      expect(copy.stdout, demo.id).toBe(original.stdout);
      expect(copy.status, demo.id).toBe(original.status);
    }
  });
  it('without a bundle (tsc only), dist/cli.js runs the modules: the same output', () => {
    const root = join(scratch, 'no-bundle');
    cpSync(DIST, join(root, 'dist'), { recursive: true, filter: (path) => !path.includes(join('dist', 'bundle')) });
    copyFileSync(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(REPO_ROOT, 'data'), join(root, 'data'));
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
    for (const demo of demos) {
      const copy = run([join(root, 'dist', 'cli.js')], demo.args);
      expect(copy.stdout, demo.id).toBe(run([CLI], demo.args).stdout);
    }
  });
});
