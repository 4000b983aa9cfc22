/**
 * dist/cli.cjs runs a CLI bundle through V8's code cache (src/launch.cts, scripts/bundle.mjs): its ruleset's
 * own bundle, or the common one. Bundle and cache change nothing but speed: every ruleset's bundle and the
 * plain modules print the same bytes for its demo, the caches the build made are accepted by this Node,
 * and a cache V8 rejects (another Node version, a damaged file) gives the same output.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/registry.js';
import { MUTATING } from '../helpers/cli.js';
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

/** A script that runs the CLI from the tsc-emitted modules, as dist/cli.cjs does where no bundle was built. */
const MODULES = join(scratch, 'modules.mjs');
writeFileSync(MODULES, `import { main } from ${JSON.stringify(pathToFileURL(join(DIST, 'cli', 'main.js')).href)};\nawait main();\n`);

const run = (entry: string[], args: readonly string[]) => spawnSync(process.execPath, [...entry, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });

describe.skipIf(MUTATING)('the code-cached CLI bundle', () => {
  it('the build made a bundle and a cache per ruleset and common ones, each cache accepted; a command line picks its ruleset\'s', async () => {
    const launch = (await import(pathToFileURL(join(DIST, 'launch.cjs')).href)) as typeof import('../../src/launch.cjs');
    for (const name of ['common', ...RULESETS.map((r) => r.meta.id)]) {
      const bundle = launch.bundleFile(name);
      expect(readFileSync(launch.codeCacheFile(bundle)).length, name).toBeGreaterThan(100_000);
      expect(launch.loadBundle(bundle).script.cachedDataRejected, name).toBe(false);
    }
    expect(launch.bundleFor(['marvel', 'x.sheet'])).toBe(launch.bundleFile('marvel'));
    expect(launch.bundleFor(['--help'])).toBe(launch.bundleFile('common'));
    expect(launch.bundleFor(['nosuchruleset'])).toBe(launch.bundleFile('common'));
    expect(launch.bundleFor(['../../etc/passwd'])).toBe(launch.bundleFile('common'));
    expect(launch.bundleFor([])).toBe(launch.bundleFile('common'));
  });

  it("a ruleset's bundle knows only its ruleset and leaves the others' code out", async () => {
    const launch = (await import(pathToFileURL(join(DIST, 'launch.cjs')).href)) as typeof import('../../src/launch.cjs');
    const { memoryIo } = await import(pathToFileURL(join(DIST, 'cli', 'io.js')).href) as typeof import('../../src/cli/io.js');
    const text = (name: string) => readFileSync(launch.bundleFile(name), 'utf8');
    // chevrotain (Clairvoyance's parser library) is the largest single part; its method names survive minifying.
    expect(text('common')).toContain('performSelfAnalysis');
    expect(text('clairvoyance')).toContain('performSelfAnalysis');
    for (const { meta } of RULESETS) {
      expect(text(meta.id).length, meta.id).toBeLessThan(text('common').length);
      if (meta.id !== 'clairvoyance') expect(text(meta.id), meta.id).not.toContain('performSelfAnalysis');
      const { cli } = launch.loadBundle(launch.bundleFile(meta.id));
      const other = RULESETS.find((r) => r.meta.id !== meta.id)!.meta.id;
      const io = memoryIo(REPO_ROOT);
      expect(await cli.runArgv([other, 'x'], io), `${meta.id} bundle runs ${other}`).toBe(2);
      expect(io.stderr()).toContain(`unknown command '${other}'`);
      expect(await cli.runArgv([meta.id, '--help'], memoryIo(REPO_ROOT))).toBe(0);
    }
  });

  it('no bundle holds a dynamic import(), which node:vm runs without a loader: built-ins used late are required', () => {
    for (const name of ['common', ...RULESETS.map((r) => r.meta.id)]) {
      expect(readFileSync(join(DIST, 'bundle', `${name}.cjs`), 'utf8'), name).not.toMatch(/[^\w$.]import\(/);
    }
  });

  it('the built CLI runs verify in worker threads and against another program (--jobs 2, --exec)', () => {
    const suite = 'test-cases/smt/edge-cases-Tests';
    for (const extra of [['--jobs', '2'], ['--exec', `"${process.execPath}" ${CLI} smt --teams`]]) {
      const r = run([CLI], ['smt', 'verify', suite, '--quiet', ...extra]);
      expect(r.stderr, extra[0]).toBe('');
      expect(r.stdout, extra[0]).toMatch(/^(\d+)\/\1 identical$/m);
      expect(r.status, extra[0]).toBe(0);
    }
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
    // A copy of the entry, the loader and the bundles, with a cache of garbage beside each.
    const root = join(scratch, 'copy');
    mkdirSync(join(root, 'dist', 'bundle'), { recursive: true });
    for (const f of ['cli.cjs', 'launch.cjs']) copyFileSync(join(DIST, f), join(root, 'dist', f));
    for (const name of ['common', ...RULESETS.map((r) => r.meta.id)]) {
      copyFileSync(join(DIST, 'bundle', `${name}.cjs`), join(root, 'dist', 'bundle', `${name}.cjs`));
      writeFileSync(join(root, 'dist', 'bundle', `${name}.cjs.cache`), Buffer.alloc(4096, 7));
    }
    copyFileSync(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(REPO_ROOT, 'data'), join(root, 'data'));
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
    for (const demo of demos) {
      const copy = run([join(root, 'dist', 'cli.cjs')], demo.args);
      const original = run([CLI], demo.args);
      expect(copy.stdout, demo.id).toBe(original.stdout);
      expect(copy.status, demo.id).toBe(original.status);
    }
  });
  it('without a bundle (tsc only), dist/cli.cjs runs the modules: the same output', () => {
    const root = join(scratch, 'no-bundle');
    cpSync(DIST, join(root, 'dist'), { recursive: true, filter: (path) => !path.includes(join('dist', 'bundle')) });
    copyFileSync(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(REPO_ROOT, 'data'), join(root, 'data'));
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
    for (const demo of demos) {
      const copy = run([join(root, 'dist', 'cli.cjs')], demo.args);
      expect(copy.stdout, demo.id).toBe(run([CLI], demo.args).stdout);
    }
  });
});
