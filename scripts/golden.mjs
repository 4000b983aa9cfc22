// Golden transcripts under test-cases/<ruleset>/: list them, and rewrite them from the current engine.
//   node scripts/golden.mjs bless [suite...]   rewrite every transcript from its own INPUT lines
// A suite is a team folder <name>/ with a sibling <name>-Tests/ holding one transcript per team file
// (same file name). Blessing never invents a transcript: a team file without one is reported and the
// command fails, because only a person can choose its inputs (use `arbiter smt record`).
import { readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSmtBattle, smtSetup } from '../dist/rulesets/smt/index.js';
import { replay } from '../dist/core/verify.js';
import { makeTranscript, parseTranscript, transcriptInputs } from '../dist/core/transcript.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SMT_CASES = join(ROOT, 'test-cases', 'smt');

export function smtSuites() {
  if (!existsSync(SMT_CASES)) return [];
  return readdirSync(SMT_CASES, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.endsWith('-Tests') && existsSync(join(SMT_CASES, `${e.name}-Tests`)))
    .map((e) => e.name)
    .sort();
}

function bless(only) {
  let written = 0;
  let unchanged = 0;
  const missing = [];
  for (const suite of smtSuites()) {
    if (only.length > 0 && !only.includes(suite)) continue;
    const teams = join(SMT_CASES, suite);
    const tests = join(SMT_CASES, `${suite}-Tests`);
    const setup = smtSetup(teams);
    for (const file of setup.files) {
      const path = join(tests, file);
      if (!existsSync(path)) {
        missing.push(`${suite}-Tests/${file}`);
        continue;
      }
      const old = readFileSync(path, 'utf8');
      const result = replay(createSmtBattle(setup), transcriptInputs(parseTranscript(old)), { ruleset: 'smt', skipBlankAndComments: false });
      const text = makeTranscript(result.lines);
      if (text === old) {
        unchanged++;
        continue;
      }
      writeFileSync(`${path}.partial`, text);
      renameSync(`${path}.partial`, path);
      written++;
      console.log(`rewrote ${suite}-Tests/${file}`);
    }
  }
  console.log(`golden:bless: ${written} rewritten, ${unchanged} unchanged`);
  if (missing.length > 0) {
    console.error(`golden:bless: no transcript for ${missing.length} team file(s): ${missing.join(', ')} (record one with arbiter smt record)`);
    process.exitCode = 1;
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'bless') bless(rest);
else if (command !== undefined) {
  console.error('usage: node scripts/golden.mjs bless [suite...]');
  process.exitCode = 2;
}
