// Makes V8's code cache for the CLI bundle (see src/launch.ts): loads the bundle as dist/cli.js does, runs
// typical commands of every ruleset in-process (a game from each demo, verify, record and --help), so the
// functions they use are compiled, then writes what V8 compiled beside the bundle. Run by scripts/bundle.mjs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_CACHE, loadBundle } from '../dist/launch.js';

const { cli, script } = loadBundle();
const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'arbiter-code-cache-'));
const workload = [
  ['--help'],
  ['smt', '--teams', 'data/smt/teams', '--input', 'data/smt/demo-choices.txt'],
  ['smt', 'verify', 'test-cases/smt/ailments-Tests', '--jobs', '1'],
  ['clairvoyance', 'data/clairvoyance/skirmish.clv', '--seed', '7', '--input', 'data/clairvoyance/demo-commands.txt'],
  ['clairvoyance', 'verify', 'test-cases/clairvoyance', '--jobs', '1'],
  ['tactics', 'data/tactics/game.setup', '--input', 'data/tactics/demo-commands.txt'],
  ['tactics', 'verify', 'test-cases/tactics/movement', '--jobs', '1'],
  ['marauders', 'data/marauders/demo.setup', '--input', 'data/marauders/demo-commands.txt'],
  ['marauders', 'verify', 'test-cases/marauders/matching', '--jobs', '1'],
  ['marvel', 'data/marvel/demo.sheet', '--input', 'data/marvel/demo-commands.txt'],
  ['marvel', 'verify', 'test-cases/marvel/mechanics', '--jobs', '1'],
  ['marvel', 'record', 'data/marvel/demo.sheet', '--input', 'data/marvel/demo-commands.txt', '--out', join(scratch, 'marvel.txt')],
];
try {
  for (const argv of workload) {
    const io = cli.memoryIo(root);
    const code = await cli.runArgv(argv, io);
    if (code !== 0 && code !== 1) throw new Error(`code cache workload: arbiter ${argv.join(' ')} exited ${code}\n${io.stderr()}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
writeFileSync(CODE_CACHE, script.createCachedData());
