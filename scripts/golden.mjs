// Golden cases under test-cases/<ruleset>/, for every registered ruleset: re-record them with the current engine.
//   node scripts/golden.mjs bless [ruleset...]
// Every case, of any layout the ruleset knows (CONVENTIONS case folders, SMT transcripts, Clairvoyance corpus
// folders), is read as one value and played by the same runner verify uses; what it printed is written where
// the case keeps its expectations. Review the diff before committing.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULESETS } from '../dist/rulesets/registry.js';
import { layoutsOf } from '../dist/cli/cases.js';
import { recordCase } from '../dist/cli/record.js';
import { diskFiles } from '../dist/core/files.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function blessRuleset(entry, counts) {
  const root = join(ROOT, 'test-cases', entry.meta.id);
  if (!existsSync(root)) return;
  const engine = await entry.engine();
  const files = diskFiles(ROOT);
  for (const layout of layoutsOf(entry.meta.id, engine)) {
    for (const path of findAll(layout, root, files)) {
      const spec = layout.read(path, {}, files);
      if ('broken' in spec) throw new Error(spec.broken);
      const { written, changed } = await recordCase(entry, engine, spec);
      if (written.length > 0) throw new Error(written.join('\n'));
      if (changed.length > 0) console.log(`rewrote ${relative(ROOT, path)}`);
      counts[changed.length > 0 ? 'written' : 'unchanged']++;
    }
  }
}

/** A layout's cases anywhere below `root` (SMT's suites are `-Tests` folders one level down). */
function findAll(layout, root, files) {
  const found = new Set(layout.find(root, files) ?? []);
  const below = files.folders(root);
  for (const name of below.ok ? below.value : []) for (const p of layout.find(join(root, name), files) ?? []) found.add(p);
  return [...found].filter((p) => !p.endsWith('README.md')).sort();
}

async function bless(only) {
  const counts = { written: 0, unchanged: 0 };
  for (const entry of RULESETS) {
    if (only.length > 0 && !only.includes(entry.meta.id)) continue;
    await blessRuleset(entry, counts);
  }
  console.log(`golden:bless: ${counts.written} case(s) rewritten, ${counts.unchanged} unchanged (git diff shows what changed)`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'bless') await bless(rest);
else {
  console.error('usage: node scripts/golden.mjs bless [ruleset...]');
  process.exitCode = 2;
}
