// Makes one of V8's code caches for the CLI bundles (see src/entry/launch.cts):
// `node scripts/build/code-cache.mjs <name>` loads bundle <name> (a ruleset's, or `common`) without a cache,
// runs that ruleset's `--help` examples in-process (its demo game, verify, record; `common`: the help
// texts), so the functions they use are compiled, then writes what V8 compiled.
// Run once per name by scripts/build/bundle.mjs, each in a fresh process.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFile, codeCacheFile, loadBundle } from '../../dist/entry/launch.cjs';
import { RULESETS } from '../../dist/rulesets/registry.js';

// The cache is made from a node:vm Script, which loadBundle does not make under --enable-source-maps
// (say, in NODE_OPTIONS).
process.setSourceMapsEnabled(false);
const name = process.argv[2];
const root = new URL('../..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'arbiter-code-cache-'));
/**
 * A ruleset's workload is its own `--help` examples, so a new ruleset gets its cache with nothing to add
 * here: each play example that reads `--input` (not stdin, no `--events` file), each verify example whose
 * folder is in the repository, and each record example writing `--out`, sent to the scratch folder.
 */
function workloadOf(meta) {
  const words = (example) => example.split(' ');
  const play = meta.examples.play.map(words).filter((w) => w.includes('--input') && !w.includes('<') && !w.includes('--events'));
  const verify = meta.examples.verify.map(words).filter((w) => existsSync(join(root, w[2]))).map((w) => [...w, '--jobs', '1']);
  const record = meta.examples.record
    .map(words)
    .filter((w) => w.includes('--out'))
    .map((w) => w.map((word, i) => (w[i - 1] === '--out' ? join(scratch, `${meta.id}.txt`) : word)));
  return [[meta.id, '--help'], ...play, ...verify, ...record];
}
const entry = RULESETS.find((r) => r.meta.id === name);
if (entry === undefined && name !== 'common') throw new Error(`code-cache.mjs: '${name}' is neither a ruleset nor 'common'`);
const workload = entry === undefined ? [['--help'], ['--version']] : workloadOf(entry.meta);
const bundle = bundleFile(name);
const { cli, script } = loadBundle(bundle, false);
try {
  for (const argv of workload) {
    const io = cli.memoryIo(root);
    const code = await cli.runArgv(argv, io);
    if (code !== 0 && code !== 1) throw new Error(`code cache workload: arbiter ${argv.join(' ')} exited ${code}\n${io.stderr()}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
writeFileSync(codeCacheFile(bundle), script.createCachedData());
