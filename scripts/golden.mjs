// Golden transcripts under test-cases/<ruleset>/: list them, and rewrite them from the current engine.
//   node scripts/golden.mjs bless [suite...]   rewrite every transcript from its own INPUT lines
// Clairvoyance suites (test-cases/clairvoyance/<suite>/<case>/) are case folders: expected.txt and
// expected.stderr are rewritten from the case's commands and the dice of its SEED line (else --dice max).
// A suite is a team folder <name>/ with a sibling <name>-Tests/ holding one transcript per team file
// (same file name). Blessing never invents a transcript: a team file without one is reported and the
// command fails, because only a person can choose its inputs (use `arbiter smt record`).
import { readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSmtBattle, smtSetup } from '../dist/rulesets/smt/index.js';
import { replay } from '../dist/core/verify.js';
import { makeTranscript, parseTranscript, transcriptInputs } from '../dist/core/transcript.js';
import { replayCase } from '../dist/rulesets/clairvoyance/cases.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SMT_CASES = join(ROOT, 'test-cases', 'smt');
const CLV_CASES = join(ROOT, 'test-cases', 'clairvoyance');

function writeIfChanged(path, text) {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return false;
  writeFileSync(`${path}.partial`, text);
  renameSync(`${path}.partial`, path);
  return true;
}

/** Rewrites every Clairvoyance case's expected.txt (and expected.stderr) from its own commands. */
function blessClairvoyance(only, counts, missing) {
  if (!existsSync(CLV_CASES)) return;
  for (const suite of readdirSync(CLV_CASES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    if (only.length > 0 && !only.includes(suite)) continue;
    for (const name of readdirSync(join(CLV_CASES, suite), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
      const dir = join(CLV_CASES, suite, name);
      if (!existsSync(join(dir, 'expected.txt'))) {
        missing.push(`clairvoyance/${suite}/${name}/expected.txt`);
        continue;
      }
      const replay = replayCase(dir);
      let changed = writeIfChanged(join(dir, 'expected.txt'), makeTranscript(replay.actual));
      const stderrFile = join(dir, 'expected.stderr');
      const stderr = replay.stderr?.actual ?? [];
      if (stderr.length > 0) changed = writeIfChanged(stderrFile, makeTranscript(stderr)) || changed;
      if (changed) {
        counts.written++;
        console.log(`rewrote clairvoyance/${suite}/${name}`);
      } else counts.unchanged++;
    }
  }
}

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
  const clv = { written: 0, unchanged: 0 };
  blessClairvoyance(only, clv, missing);
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
  console.log(`golden:bless: ${written + clv.written} rewritten, ${unchanged + clv.unchanged} unchanged`);
  if (missing.length > 0) {
    console.error(`golden:bless: no transcript for ${missing.length} case(s): ${missing.join(', ')} (record one with arbiter smt record or arbiter clairvoyance record)`);
    process.exitCode = 1;
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'bless') bless(rest);
else if (command !== undefined) {
  console.error('usage: node scripts/golden.mjs bless [suite...]');
  process.exitCode = 2;
}
