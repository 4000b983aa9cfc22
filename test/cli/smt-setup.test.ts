/**
 * Setup and usage errors (exit 2, one line on stderr, no stack trace), a closed output pipe, --help and
 * --version, through the compiled CLI (src/rulesets/smt/README.md "Bad input and exit codes", CONVENTIONS).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choices, hasStackTrace, linesOf, runCliAsync, runShell, type CliResult } from '../helpers/cli.js';
import { DATA_SMT, REPO_ROOT } from '../helpers/shared.js';

const CATALOGUE_FILES = ['samurai.json', 'monsters.json', 'skills.json'];

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'arbiter-cli-setup-'));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** A copy of data/smt in a temp folder, with `edit` applied to one of its files. */
function brokenCatalogue(name: string, file: string, edit: (text: string) => string): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  for (const f of CATALOGUE_FILES) copyFileSync(join(DATA_SMT, f), join(dir, f));
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`the edit of ${file} changed nothing`);
  writeFileSync(path, after);
  return dir;
}

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string): { line: number; col: number } {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: before[before.length - 1]!.length + 1 };
}

/** Exit 2, nothing on stdout, exactly one stderr line, no stack trace. */
function expectSetupError(run: CliResult, line: string): void {
  expect(hasStackTrace(run.stderr)).toBe(false);
  expect(linesOf(run.stderr)).toEqual([line]);
  expect(run.stdout).toBe('');
  expect(run.status).toBe(2);
}

describe.concurrent('setup and usage errors: exit 2, one line on stderr', () => {
  it('missing --teams', async () => {
    const run = await runCliAsync(['smt'], { stdin: choices(['0']) });
    expectSetupError(run, "error: required option '--teams <folder>' not specified");
  });

  it('--teams naming a folder that does not exist', async () => {
    const run = await runCliAsync(['smt', '--teams', 'no-such-folder'], { stdin: choices(['0']) });
    expectSetupError(run, 'no-such-folder: E_IO: cannot list team files (folder not found)');
  });

  it('--data naming a folder without skills.json', async () => {
    const empty = join(tmp, 'empty-catalogue');
    mkdirSync(empty);
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--data', empty], { stdin: choices(['0']) });
    expectSetupError(run, `${join(empty, 'skills.json')}: E_IO: cannot read catalogue file (file not found)`);
  });

  it('--data with a malformed skills.json: file, line:col, what is wrong', async () => {
    // Drop the comma after the first skill's "type": the parser stops at the next key.
    const dir = brokenCatalogue('malformed', 'skills.json', (t) => t.replace('"type": "Phys",', '"type": "Phys"'));
    const { line, col } = positionOf(readFileSync(join(dir, 'skills.json'), 'utf8'), '"cost"');
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--data', dir], { stdin: choices(['0']) });
    expectSetupError(run, `${join(dir, 'skills.json')}:${line}:${col}: E_JSON: at $[0].cost: malformed JSON: comma expected`);
  });

  // Regression, fixed (the SMT guide: catalogue errors include the JSON path): a syntax error names no JSON path, although
  // jsonc-parser's getLocation(text, offset).path gives one ($[0] here).
  it('a malformed catalogue error names the JSON path too', async () => {
    const dir = brokenCatalogue('malformed-path', 'skills.json', (t) => t.replace('"type": "Phys",', '"type": "Phys"'));
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--data', dir], { stdin: choices(['0']) });
    expect(run.stderr).toMatch(/E_JSON: .*\$\[0\]/);
  });

  it('--data with a bad affinity code: file, line:col, JSON path, allowed codes', async () => {
    const dir = brokenCatalogue('affinity', 'monsters.json', (t) => t.replace('"Gun": "-"', '"Gun": "Xx"'));
    const { line, col } = positionOf(readFileSync(join(dir, 'monsters.json'), 'utf8'), '"Xx"');
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--data', dir], { stdin: choices(['0']) });
    expectSetupError(
      run,
      `${join(dir, 'monsters.json')}:${line}:${col}: E_SCHEMA: at $[0].affinity.Gun: expected an affinity code (-, Wk, Rs, Nu, Rp, Dr), got "Xx"`,
    );
  });

  it('--data with a monster carrying an unknown skill: file, line:col, JSON path', async () => {
    const dir = brokenCatalogue('unknown-skill', 'monsters.json', (t) => t.replace('"Tetanus Cut"', '"Nope Skill"'));
    const text = readFileSync(join(dir, 'monsters.json'), 'utf8');
    const { line, col } = positionOf(text, '"Nope Skill"');
    // The edit hit the first skill of the first monster.
    expect((JSON.parse(text) as { skills: string[] }[])[0]!.skills[0]).toBe('Nope Skill');
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--data', dir], { stdin: choices(['0']) });
    expectSetupError(
      run,
      `${join(dir, 'monsters.json')}:${line}:${col}: E_UNKNOWN_SKILL: at $[0].skills[0]: unknown skill "Nope Skill" (not in skills.json)`,
    );
  });

  it('an unknown option', async () => {
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--bogus'], { stdin: choices(['0']) });
    expectSetupError(run, "error: unknown option '--bogus'");
  });

  it('several --input without --out-dir', async () => {
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--input', 'data/smt/demo-choices.txt', '--input', 'data/smt/demo-choices.txt']);
    expectSetupError(run, 'error: several --input files need --out-dir (one log per file)');
  });

  it('--out-dir without --input', async () => {
    const out = join(tmp, 'never-written');
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--out-dir', out], { stdin: choices(['0']) });
    expectSetupError(run, 'error: --out-dir needs at least one --input file');
  });

  it('--input naming a file that does not exist', async () => {
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--input', 'no-such-choices.txt']);
    expectSetupError(run, 'no-such-choices.txt: E_IO: cannot read choices file (file not found)');
  });

  // Regression, fixed (CONVENTIONS: "internal error" is for engine faults, exit 3; a path the user typed is a usage/setup
  // error, exit 2): mkdirSync's EEXIST escapes playBatch as a plain Error.
  it('--out-dir naming an existing file is a setup error (exit 2), not an internal error', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, '');
    const run = await runCliAsync(['smt', '--teams', 'data/smt/teams', '--input', 'data/smt/demo-choices.txt', '--out-dir', file]);
    expect(run.stderr).not.toContain('internal error');
    expect(run.status).toBe(2);
  });
});

describe('output to a closed pipe', () => {
  it('`| head -1` ends quietly: no EPIPE, no stack trace', () => {
    const command = `"${process.execPath}" dist/cli.cjs smt --teams data/smt/teams --input data/smt/demo-choices.txt | head -1`;
    const run = runShell(`set +o pipefail; ${command}`, { cwd: REPO_ROOT });
    expect(run.stdout).toBe('Elige un archivo para cargar los equipos\n');
    expect(run.stderr).not.toContain('EPIPE');
    expect(hasStackTrace(run.stderr)).toBe(false);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe.concurrent('--help and --version', () => {
  let topHelp: Promise<CliResult> | undefined;
  const arbiterHelp = () => (topHelp ??= runCliAsync(['--help']));

  it('arbiter smt --help: exit 0, usage, options and an example', async () => {
    const run = await runCliAsync(['smt', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: arbiter smt');
    expect(run.stdout).toContain('--teams <folder>');
    expect(run.stdout).toContain('--no-echo-input');
    expect(run.stdout).toMatch(/^Examples?:$/m);
    expect(run.stdout).toContain('$ arbiter smt --teams data/smt/teams');
  });

  let verifyHelpRun: Promise<CliResult> | undefined;
  const verifyHelp = () => (verifyHelpRun ??= runCliAsync(['smt', 'verify', '--help']));

  it('arbiter smt verify --help: exit 0, usage and an example', async () => {
    const run = await verifyHelp();
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: arbiter smt verify');
    expect(run.stdout).toMatch(/^Examples?:$/m);
    expect(run.stdout).toContain('$ arbiter smt verify ');
  });

  // Regression, fixed: the example names test-cases/smt/passives-Tests/003.txt; the project's folders are
  // passive-affinities-Tests, counters-and-endure-Tests and edge-cases-Tests.
  it('the project paths in the verify --help examples exist', async () => {
    const run = await verifyHelp();
    const paths = run.stdout.match(/test-cases\/\S+/g) ?? [];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
  });

  it('arbiter --help: exit 0, lists the smt command', async () => {
    const run = await arbiterHelp();
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: arbiter');
    expect(run.stdout).toMatch(/^\s+smt\b/m);
  });

  // Regression, fixed (CONVENTIONS: "--help on every command, with an example"): the top-level help has none.
  it('arbiter --help shows an example', async () => {
    const run = await arbiterHelp();
    expect(run.stdout).toMatch(/^Examples?:$/m);
  });

  it('arbiter --version prints the package.json version', async () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await runCliAsync(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${pkg.version}\n`);
    expect(run.stderr).toBe('');
  });
});
