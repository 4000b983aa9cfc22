/**
 * dist/cli.cjs runs a CLI bundle through V8's code cache (src/entry/launch.cts, scripts/build/bundle.mjs):
 * its ruleset's own bundle, or the common one. Bundle and cache change nothing but speed: every ruleset's
 * bundle and the plain modules print the same bytes for its demo, the caches the build made are accepted
 * by this Node, and a cache V8 rejects (another Node version, a damaged file) gives the same output.
 * docs/startup.md: a bundle older than the modules tsc wrote since is not run (the modules are, with a
 * notice), ARBITER_BUNDLE=0 runs the modules, and bundles and modules have source maps naming src/.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/registry.js';
import { MUTATING } from '../helpers/cli.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';
import { CHANGED, copyOfBuild, demos, DESCRIPTION, DIST, ENV, helpText, run, STALE_NOTICE } from '../helpers/launch-build.js';

const scratch = mkdtempSync(join(tmpdir(), 'arbiter-launch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));


/** A script that runs the CLI from the tsc-emitted modules, as dist/cli.cjs does where no bundle was built. */
const MODULES = join(scratch, 'modules.mjs');
writeFileSync(MODULES, `import { main } from ${JSON.stringify(pathToFileURL(join(DIST, 'cli', 'main.js')).href)};\nawait main();\n`);



type Launch = typeof import('../../src/entry/launch.cjs');
const loadLaunch = async () => (await import(pathToFileURL(join(DIST, 'entry', 'launch.cjs')).href)) as Launch;

describe.skipIf(MUTATING)('the code-cached CLI bundle', () => {
  it('the build made a bundle and a cache per ruleset and common ones, each cache accepted; a command line picks its ruleset\'s', async () => {
    const launch = await loadLaunch();
    for (const name of ['common', ...RULESETS.map((r) => r.meta.id)]) {
      const bundle = launch.bundleFile(name);
      expect(readFileSync(launch.codeCacheFile(bundle)).length, name).toBeGreaterThan(100_000);
      expect(launch.loadBundle(bundle).script?.cachedDataRejected, name).toBe(false);
    }
    expect(launch.launchPlan(['marvel', 'x.sheet'], {}).bundle).toBe(launch.bundleFile('marvel'));
    expect(launch.launchPlan(['--help'], {}).bundle).toBe(launch.bundleFile('common'));
    expect(launch.launchPlan(['nosuchruleset'], {}).bundle).toBe(launch.bundleFile('common'));
    expect(launch.launchPlan(['../../etc/passwd'], {}).bundle).toBe(launch.bundleFile('common'));
    expect(launch.launchPlan([], {}).bundle).toBe(launch.bundleFile('common'));
    // A fresh build: the plan is the bundle, with nothing to say.
    expect(launch.launchPlan(['smt'], {})).toEqual({ bundle: launch.bundleFile('smt'), notice: null });
    expect(launch.launchPlan(['smt'], { ARBITER_BUNDLE: '0' })).toEqual({ bundle: null, notice: null });
    expect(launch.launchPlan(['smt'], { ARBITER_BUNDLE: '1' })).toEqual({ bundle: launch.bundleFile('smt'), notice: null });
  });

  it("a ruleset's bundle knows only its ruleset and leaves the others' code out", async () => {
    const launch = await loadLaunch();
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

  it('a game piped in and out never makes the process streams: no node:net, node:tty or node:os is loaded (about 8M instructions of a start)', () => {
    const preload = join(scratch, 'modules-loaded.cjs');
    const list = join(scratch, 'modules-loaded.txt');
    writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));\n`);
    for (const demo of demos) {
      const words = demo.args.filter((_, k) => demo.args[k - 1] !== '--input' && demo.args[k] !== '--input');
      const r = spawnSync(process.execPath, ['-r', preload, CLI, ...words], { cwd: REPO_ROOT, encoding: 'utf8', env: ENV, input: readFileSync(join(REPO_ROOT, demo.input!)) });
      expect([0, 1], `${demo.id}: ${r.stderr}`).toContain(r.status);
      expect(r.stdout.length, demo.id).toBeGreaterThan(100);
      const loaded = readFileSync(list, 'utf8').split('\n');
      // The preload itself is a check that the list is the real one: node:fs is there.
      expect(loaded, demo.id).toContain('NativeModule fs');
      expect(loaded.filter((m) => /^NativeModule (net|tty|os)$/.test(m)), demo.id).toEqual([]);
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
    // A fresh build says nothing about staleness.
    expect(run([CLI], ['--help']).stderr).toBe('');
  });

  it('a cache V8 rejects (a damaged file) gives the same output, only slower', () => {
    // A copy of the entry, the loader and the bundles, with a cache of garbage beside each.
    const root = join(scratch, 'copy');
    mkdirSync(join(root, 'dist', 'bundle'), { recursive: true });
    mkdirSync(join(root, 'dist', 'entry'));
    for (const f of ['cli.cjs', join('entry', 'cli.cjs'), join('entry', 'launch.cjs')]) copyFileSync(join(DIST, f), join(root, 'dist', f));
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



describe('a bundle older than the modules is not run', () => {

  it('build info rewritten with new content (a hand-edited module beside it): the modules run, with the notice', () => {
    const root = copyOfBuild();
    const program = join(root, 'dist', 'cli', 'program.js');
    writeFileSync(program, readFileSync(program, 'utf8').replace(DESCRIPTION, CHANGED));
    appendFileSync(join(root, 'dist', '.tsbuildinfo'), ' ');
    const r = run([join(root, 'dist', 'cli.cjs')], ['--help']);
    expect(helpText(r.stdout)).toContain(CHANGED);
    expect(r.stderr).toBe(`${STALE_NOTICE}\n`);
  });

  it('build info with a newer time but the content the bundles were built from (a copy, an unpacked package): the bundle runs', () => {
    const root = copyOfBuild();
    // The module is changed by hand, so which of the two ran shows in the help text.
    const program = join(root, 'dist', 'cli', 'program.js');
    writeFileSync(program, readFileSync(program, 'utf8').replace(DESCRIPTION, CHANGED));
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(join(root, 'dist', '.tsbuildinfo'), future, future);
    const r = run([join(root, 'dist', 'cli.cjs')], ['--help']);
    expect(helpText(r.stdout)).toContain(DESCRIPTION);
    expect(r.stderr).toBe('');
  });
});

describe('ARBITER_BUNDLE=0 runs the modules', () => {
  it('a module changed by hand shows only with the switch; no notice either way', () => {
    const root = copyOfBuild();
    const program = join(root, 'dist', 'cli', 'program.js');
    writeFileSync(program, readFileSync(program, 'utf8').replace(DESCRIPTION, CHANGED));
    const cli = join(root, 'dist', 'cli.cjs');
    const bundled = run([cli], ['--help']);
    expect(helpText(bundled.stdout)).toContain(DESCRIPTION);
    expect(bundled.stderr).toBe('');
    const modules = run([cli], ['--help'], { ...ENV, ARBITER_BUNDLE: '0' });
    expect(helpText(modules.stdout)).toContain(CHANGED);
    expect(modules.stderr).toBe('');
    // Any other value leaves the choice to the launcher.
    expect(helpText(run([cli], ['--help'], { ...ENV, ARBITER_BUNDLE: '1' }).stdout)).toContain(DESCRIPTION);
  });

  it('the modules run a demo, and verify in worker threads (the tsc-built worker), as the bundle does', () => {
    const env = { ...ENV, ARBITER_BUNDLE: '0' };
    const demo = demos[0]!;
    expect(run([CLI], demo.args, env).stdout).toBe(run([CLI], demo.args).stdout);
    const r = run([CLI], ['smt', 'verify', 'test-cases/smt/edge-cases-Tests', '--quiet', '--jobs', '2'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^(\d+)\/\1 identical$/m);
    expect(r.status).toBe(0);
  });
});

describe('the one-ruleset registry of a ruleset\'s bundle comes from the registry\'s data', () => {
  interface Place {
    readonly id: string;
    readonly folder: string;
    readonly metaExport: string;
  }
  interface Entry {
    readonly meta: { readonly id: string };
    readonly engine: () => Promise<unknown>;
  }
  const plugin = () =>
    import(pathToFileURL(join(REPO_ROOT, 'scripts', 'build', 'one-ruleset-registry.mjs')).href) as Promise<{
      rulesetPlaces(dist: string, entries?: readonly Entry[]): Promise<Place[]>;
      oneRulesetRegistry(place: Place): string;
    }>;
  const compiledRegistry = () => import(pathToFileURL(join(DIST, 'rulesets', 'registry.js')).href) as Promise<{ RULESETS: readonly Entry[] }>;

  it('each entry is placed in the folder of its meta and engine, and its registry names only that folder', async () => {
    const { rulesetPlaces, oneRulesetRegistry } = await plugin();
    const places = await rulesetPlaces(DIST);
    expect(places.map((p) => p.id)).toEqual(RULESETS.map((r) => r.meta.id));
    for (const place of places) {
      for (const f of ['meta.ts', 'engine.ts']) expect(existsSync(join(REPO_ROOT, 'src', 'rulesets', place.folder, f)), `${place.id}: ${f}`).toBe(true);
      const text = oneRulesetRegistry(place);
      const folders = [...text.matchAll(/'\.\/([^/']+)\//g)].map((m) => m[1]);
      expect(folders, place.id).toEqual([place.folder, place.folder, place.folder]);
      expect(text, place.id).toContain(`import { ${place.metaExport} as meta }`);
    }
  });

  it('an entry is placed by its very meta object and checked by its engine, not by its id', async () => {
    const { rulesetPlaces } = await plugin();
    const { RULESETS: compiled } = await compiledRegistry();
    const [first, second] = [compiled[0]!, compiled[1]!];
    await expect(rulesetPlaces(DIST, [{ ...first, meta: { ...first.meta } }])).rejects.toThrow(`no src/rulesets/<folder>/meta.ts exports the meta of registry entry '${first.meta.id}'`);
    await expect(rulesetPlaces(DIST, [{ meta: first.meta, engine: second.engine }])).rejects.toThrow(`the registry entry for '${first.meta.id}' loads an engine other than`);
  });
});

describe('source maps', () => {
  const bundles = ['common', ...RULESETS.map((r) => r.meta.id)].map((name) => join(DIST, 'bundle', `${name}.cjs`));
  const sourcesOf = (map: string) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((s) => resolve(dirname(map), s));

  it('each bundle links its map, which names the src/ files it was built from', () => {
    for (const bundle of [...bundles, join(DIST, 'bundle', 'verify-worker.mjs')]) {
      const name = bundle.split('/').pop()!;
      expect(readFileSync(bundle, 'utf8').endsWith(`\n//# sourceMappingURL=${name}.map\n`), name).toBe(true);
      const sources = sourcesOf(`${bundle}.map`);
      // The program's bundles hold the command line; the verify worker only the case runner it plays cases with.
      expect(sources, name).toContain(join(REPO_ROOT, 'src', 'cli', name.startsWith('verify-worker') ? 'case-run.ts' : 'program.ts'));
      // Besides files, the stand-in for commander's child_process (bundle.mjs), which has no file.
      for (const s of sources.filter((s) => !s.endsWith('lazy-builtin:child_process'))) expect(relative(REPO_ROOT, s), name).toMatch(/^(src|node_modules)\//);
      for (const s of sources.filter((s) => s.startsWith(join(REPO_ROOT, 'src')))) expect(existsSync(s), s).toBe(true);
    }
  });

  it('every source file has its compiled module and map, which names it', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : /\.c?ts$/.test(e.name) ? [join(dir, e.name)] : []));
    const files = walk(join(REPO_ROOT, 'src'));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const module = join(DIST, relative(join(REPO_ROOT, 'src'), file)).replace(/\.ts$/, '.js').replace(/\.cts$/, '.cjs');
      expect(readFileSync(module, 'utf8'), module).toContain(`//# sourceMappingURL=${module.split('/').pop()}.map`);
      expect(sourcesOf(`${module}.map`), module).toEqual([file]);
    }
  });

  /** Loads the CLI as dist/cli.cjs does (or the modules), makes it throw inside runArgv, prints the stack. */
  const PROBE = join(scratch, 'probe.cjs');
  writeFileSync(
    PROBE,
    `const launch = require(${JSON.stringify(join(DIST, 'entry', 'launch.cjs'))});
const plan = launch.launchPlan(['smt']);
const cli = plan.bundle === null ? import(${JSON.stringify(pathToFileURL(join(DIST, 'cli', 'main.js')).href)}) : Promise.resolve(launch.loadBundle(plan.bundle).cli);
const io = new Proxy({}, { get() { throw new Error('probe'); } });
cli.then((c) => c.runArgv(['smt', '--help'], io)).catch((e) => console.log(e.stack));
`,
  );
  const PROGRAM_TS = join(REPO_ROOT, 'src', 'cli', 'program.ts');

  it('under --enable-source-maps a stack trace names src/ files, from the bundle and from the modules', () => {
    for (const env of [ENV, { ...ENV, ARBITER_BUNDLE: '0' }]) {
      const mapped = spawnSync(process.execPath, ['--enable-source-maps', PROBE], { encoding: 'utf8', env });
      expect(mapped.stdout, env.ARBITER_BUNDLE).toMatch(/^Error: probe\n/);
      expect(mapped.stdout, env.ARBITER_BUNDLE).toContain(`${PROGRAM_TS}:`);
    }
    // Without the flag the bundle's own minified lines show, so the test above can tell.
    const plain = spawnSync(process.execPath, [PROBE], { encoding: 'utf8', env: ENV });
    expect(plain.stdout).toContain(join(DIST, 'bundle', 'smt.cjs:'));
    expect(plain.stdout).not.toContain(PROGRAM_TS);
  });

  it('under --enable-source-maps the CLI prints what it prints without', () => {
    const demo = demos[0]!;
    const mapped = run(['--enable-source-maps', CLI], demo.args);
    expect(mapped.stdout).toBe(run([CLI], demo.args).stdout);
    expect(mapped.stderr).toBe('');
  });
});
