// Makes one of V8's code caches for the CLI bundle (see src/launch.ts): `node scripts/code-cache.mjs <name>`
// loads the bundle without a cache, runs that ruleset's typical commands in-process (its demo game, verify,
// record; `common`: the help texts), so the functions they use are compiled, then writes what V8 compiled.
// Run once per name by scripts/bundle.mjs, each in a fresh process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeCacheFile, loadBundle } from '../dist/launch.js';

const name = process.argv[2];
const scratch = mkdtempSync(join(tmpdir(), 'arbiter-code-cache-'));
const WORKLOADS = {
  common: [['--help'], ['--version'], ['smt', '--help']],
  smt: [
    ['smt', '--teams', 'data/smt/teams', '--input', 'data/smt/demo-choices.txt'],
    ['smt', 'verify', 'test-cases/smt/ailments-Tests', '--jobs', '1'],
    ['smt', 'record', '--teams', 'data/smt/teams', '--input', 'data/smt/demo-choices.txt', '--out', join(scratch, 'smt.txt')],
  ],
  clairvoyance: [
    ['clairvoyance', 'data/clairvoyance/skirmish.clv', '--seed', '7', '--input', 'data/clairvoyance/demo-commands.txt'],
    ['clairvoyance', 'verify', 'test-cases/clairvoyance', '--jobs', '1'],
  ],
  tactics: [
    ['tactics', 'data/tactics/game.setup', '--input', 'data/tactics/demo-commands.txt'],
    ['tactics', 'verify', 'test-cases/tactics/movement', '--jobs', '1'],
  ],
  marauders: [
    ['marauders', 'data/marauders/demo.setup', '--input', 'data/marauders/demo-commands.txt'],
    ['marauders', 'verify', 'test-cases/marauders/matching', '--jobs', '1'],
  ],
  marvel: [
    ['marvel', 'data/marvel/demo.sheet', '--input', 'data/marvel/demo-commands.txt'],
    ['marvel', 'verify', 'test-cases/marvel/mechanics', '--jobs', '1'],
  ],
};
const workload = WORKLOADS[name];
if (workload === undefined) throw new Error(`code-cache.mjs: no workload '${name}' (one of ${Object.keys(WORKLOADS).join(', ')})`);
const { cli, script } = loadBundle(null);
const root = new URL('..', import.meta.url).pathname;
try {
  for (const argv of workload) {
    const io = cli.memoryIo(root);
    const code = await cli.runArgv(argv, io);
    if (code !== 0 && code !== 1) throw new Error(`code cache workload: arbiter ${argv.join(' ')} exited ${code}\n${io.stderr()}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
writeFileSync(codeCacheFile(name), script.createCachedData());
