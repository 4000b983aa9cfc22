// Golden cases under test-cases/<ruleset>/, for every registered ruleset: re-record them with the current engine.
//   node scripts/golden.mjs bless [ruleset...]
// CONVENTIONS case folders (args.txt) get expected.txt, expected.stderr (when stderr is not empty) and
// expected.exit from `arbiter <id> record`; a ruleset's own forms (SMT transcripts, Clairvoyance corpus
// folders) get their expected streams rewritten from their own inputs. Review the diff before committing.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULESETS } from '../dist/rulesets/registry.js';
import { findCases } from '../dist/cli/cases.js';
import { recordCases } from '../dist/cli/record.js';
import { processIo } from '../dist/cli/io.js';
import { runArgv } from '../dist/cli/program.js';
import { writeAtomically } from '../dist/core/files.js';
import { makeTranscript } from '../dist/core/transcript.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Writes `text` unless the file already holds it; true when it changed. */
function writeIfChanged(path, text) {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return false;
  const saved = writeAtomically(path, text);
  if (!saved.ok) throw new Error(`${path}: cannot write (${saved.reason})`);
  return true;
}

async function blessRuleset(entry, counts) {
  const root = join(ROOT, 'test-cases', entry.meta.id);
  if (!existsSync(root)) return;
  const cases = findCases(root);
  if (cases.length > 0) {
    const code = await recordCases(entry, { ...processIo(), err: () => {} }, cases, runArgv);
    if (code !== 0) throw new Error(`${entry.meta.id}: recording failed (exit ${code})`);
    counts.recorded += cases.length;
  }
  const engine = await entry.engine();
  if (engine.ownCases === undefined) return;
  const own = findOwn(engine, root);
  for (const path of own) {
    const output = engine.ownCases.output(path, {}, engine);
    const files = engine.ownCases.expectedFiles(path);
    let changed = writeIfChanged(files.stdout, makeTranscript(output.stdout));
    const stderr = output.stderr;
    if (files.stderr !== undefined) {
      if (stderr.length > 0) changed = writeIfChanged(files.stderr, makeTranscript(stderr)) || changed;
      else if (existsSync(files.stderr)) rmSync(files.stderr);
    }
    if (changed) console.log(`rewrote ${relative(ROOT, path)}`);
    counts[changed ? 'written' : 'unchanged']++;
  }
}

/** The ruleset's own cases anywhere below `root` (its suites are one or two levels down). */
function findOwn(engine, root) {
  const found = new Set(engine.ownCases.list(root) ?? []);
  for (const suite of listFolders(root)) for (const p of engine.ownCases.list(suite) ?? []) found.add(p);
  return [...found].filter((p) => !p.endsWith('README.md')).sort();
}

function listFolders(dir) {
  return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(dir, e.name)).sort();
}

async function bless(only) {
  const counts = { recorded: 0, written: 0, unchanged: 0 };
  for (const entry of RULESETS) {
    if (only.length > 0 && !only.includes(entry.meta.id)) continue;
    await blessRuleset(entry, counts);
  }
  console.log(`golden:bless: ${counts.recorded} case folder(s) re-recorded; ${counts.written} transcript(s) rewritten, ${counts.unchanged} unchanged (git diff shows what changed)`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'bless') await bless(rest);
else {
  console.error('usage: node scripts/golden.mjs bless [ruleset...]');
  process.exitCode = 2;
}
