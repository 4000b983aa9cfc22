/**
 * `arbiter smt` through the compiled CLI, as a user or a grader runs it: setup and usage errors (exit 2,
 * one line on stderr, no stack trace), a closed output pipe, --help and --version; bad input, end of
 * input, invalid team files and the echo rules (smt-extensions section 5, CONVENTIONS "Bad input" and
 * "Echo"); batch mode and verify on the project's data; and the course transcripts the three ways the
 * README gives (piped, batch, verify), when ../shared/smt/course is there.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choices, type CliResult, hasStackTrace, inputsOf, linesOf, runCli, runCliAsync, runShell } from '../helpers/cli.js';
import { runInProcess as run } from '../helpers/in-process.js';
import { announceMissingCourse, COURSE, DATA_SMT, HAS_COURSE, REPO_ROOT } from '../helpers/shared.js';

// Setup and usage errors (exit 2, one line on stderr, no stack trace), a closed output pipe, --help and
// --version, through the compiled CLI (README "Bad input and exit codes", CONVENTIONS).
describe('setup and usage errors, a closed pipe, --help and --version', () => {
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

    // Regression, fixed (README: catalogue errors include the JSON path): a syntax error names no JSON path, although
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
});

// `arbiter smt` bad input, end of input, invalid team files and echo rules, through the compiled CLI
// (smt-extensions section 5, CONVENTIONS "Bad input" and "Echo").
// 
// Every run plays the project's demo team file (data/smt/teams/001.txt, Flynn vs Kei). The reference game
// BASELINE is short: pick file 0, Flynn attacks Kei, High Pixie attacks Kei, Pyro Jack and Jack Frost pass,
// Flynn surrenders. A run with rejected lines must print exactly the baseline log with, at each rejected
// line, its echo, one ERROR line and the same menu again.
describe('bad input, end of input, invalid team files and echo', () => {
  // --data is explicit here so these runs do not depend on how the default catalogue is found (tested on its own).
  const TEAMS = ['smt', '--teams', 'data/smt/teams', '--data', 'data/smt'];

  const FILE_MENU = ['Elige un archivo para cargar los equipos', '0: 001.txt', '1: 002.txt', '2: 003.txt'];
  const FLYNN_MENU = [
    'Seleccione una acción para Flynn',
    '1: Atacar',
    '2: Disparar',
    '3: Usar Habilidad',
    '4: Invocar',
    '5: Pasar Turno',
    '6: Rendirse',
  ];
  /** file 0; Flynn: Atacar, Kei; High Pixie: Atacar, Kei; Pyro Jack: pass; Jack Frost: pass; Flynn: Rendirse. */
  const BASELINE = ['0', '1', '1', '1', '1', '4', '4', '6'];
  const WINNER = 'Ganador: Kei (J2)';

  let tmp: string;
  let baseline: CliResult;
  let baselineLines: string[];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'arbiter-cli-input-'));
    baseline = await runCliAsync(TEAMS, { stdin: choices(BASELINE) });
    baselineLines = linesOf(baseline.stdout);
  });

  afterAll(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  /** Index in `log` of the n-th (0-based) `INPUT:` line. */
  function inputLineIndex(log: readonly string[], n: number): number {
    let seen = -1;
    for (let i = 0; i < log.length; i++) {
      if (log[i]!.startsWith('INPUT: ') && ++seen === n) return i;
    }
    throw new Error(`the log has no INPUT line number ${n}`);
  }

  interface Rejected {
    /** Insert the bad line before the n-th (0-based) choice of the baseline. */
    readonly before: number;
    readonly raw: string;
    readonly code: 'E_SYNTAX' | 'E_RANGE';
    readonly lo: number;
    readonly hi: number;
    readonly menu: readonly string[];
  }

  /** The baseline log with each rejected line's echo, ERROR line and repeated menu spliced in. */
  function expectedLog(rejected: readonly Rejected[]): string[] {
    const out = [...baselineLines];
    for (const r of [...rejected].sort((a, b) => b.before - a.before)) {
      const at = inputLineIndex(baselineLines, r.before);
      out.splice(at, 0, `INPUT: ${r.raw}`, `ERROR ${r.code}: expected a number from ${r.lo} to ${r.hi}, got '${r.raw}'`, ...r.menu);
    }
    return out;
  }

  /** The baseline choices with the bad lines inserted. */
  function choicesWith(rejected: readonly Rejected[]): string[] {
    const out = [...BASELINE];
    for (const r of [...rejected].sort((a, b) => b.before - a.before)) out.splice(r.before, 0, r.raw);
    return out;
  }

  describe('baseline game (the reference for every bad-input run)', () => {
    it('ends normally: exit 0, nothing on stderr, file menu first, every choice echoed, winner last', () => {
      expect(baseline.status).toBe(0);
      expect(baseline.stderr).toBe('');
      expect(baseline.stdout.endsWith('\n')).toBe(true);
      expect(baselineLines.slice(0, 4)).toEqual(FILE_MENU);
      expect(baselineLines.filter((l) => l.startsWith('INPUT: '))).toEqual(BASELINE.map((c) => `INPUT: ${c}`));
      expect(baselineLines[baselineLines.length - 1]).toBe(WINNER);
      // The second choice answers Flynn's action menu, printed just before it.
      const at = inputLineIndex(baselineLines, 1);
      expect(baselineLines.slice(at - FLYNN_MENU.length, at)).toEqual(FLYNN_MENU);
    });
  });

  describe('the default catalogue', () => {
    it('without --data, the project catalogue data/smt is used: same log as with --data data/smt', async () => {
      const run = await runCliAsync(['smt', '--teams', 'data/smt/teams'], { stdin: choices(BASELINE) });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(baseline.stdout);
      expect(run.status).toBe(0);
    });
  });

  describe.concurrent('a rejected choice at the file menu and at the action menu', () => {
    const syntax = ['x', '1.0', '+1', '３', '', '  '];
    it.each(syntax)('E_SYNTAX for %j: echo, one ERROR line, same menu again, game unchanged, exit 1', async (raw) => {
      const rejected: Rejected[] = [
        { before: 0, raw, code: 'E_SYNTAX', lo: 0, hi: 2, menu: FILE_MENU },
        { before: 1, raw, code: 'E_SYNTAX', lo: 1, hi: 6, menu: FLYNN_MENU },
      ];
      const run = await runCliAsync(TEAMS, { stdin: choices(choicesWith(rejected)) });
      expect(linesOf(run.stdout)).toEqual(expectedLog(rejected));
      expect(linesOf(run.stdout).filter((l) => l.startsWith('ERROR '))).toHaveLength(2);
      expect(linesOf(run.stderr)).toEqual([
        `<stdin>:1: E_SYNTAX: expected a number from 0 to 2, got '${raw}'`,
        `<stdin>:3: E_SYNTAX: expected a number from 1 to 6, got '${raw}'`,
      ]);
      expect(run.status).toBe(1);
    });

    // The file menu is 0-based (0..2 here), the samurai's action menu is 1..6.
    const range: [string, string][] = [
      ['3', '0'],
      ['7', '7'],
      ['-1', '-1'],
      ['99999999999999999999', '99999999999999999999'],
    ];
    it.each(range)('E_RANGE for %j at the file menu and %j at the action menu, exit 1', async (atFile, atAction) => {
      const rejected: Rejected[] = [
        { before: 0, raw: atFile, code: 'E_RANGE', lo: 0, hi: 2, menu: FILE_MENU },
        { before: 1, raw: atAction, code: 'E_RANGE', lo: 1, hi: 6, menu: FLYNN_MENU },
      ];
      const run = await runCliAsync(TEAMS, { stdin: choices(choicesWith(rejected)) });
      expect(linesOf(run.stdout)).toEqual(expectedLog(rejected));
      expect(linesOf(run.stderr)).toEqual([
        `<stdin>:1: E_RANGE: expected a number from 0 to 2, got '${atFile}'`,
        `<stdin>:3: E_RANGE: expected a number from 1 to 6, got '${atAction}'`,
      ]);
      expect(run.status).toBe(1);
    });

    it('accepts leading zeros and surrounding spaces or tabs (echoed raw, parsed trimmed)', async () => {
      const raw = ['00', ' 01', '1\t', '001', '\t1', '04', '4 ', '06'];
      const run = await runCliAsync(TEAMS, { stdin: choices(raw) });
      const expected = [...baselineLines];
      raw.forEach((line, n) => (expected[inputLineIndex(baselineLines, n)] = `INPUT: ${line}`));
      expect(linesOf(run.stdout)).toEqual(expected);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    });
  });

  describe.concurrent('input that ends before the game does', () => {
    it('at the very first prompt: E_EOF with the file menu range, exit 1', async () => {
      const run = await runCliAsync(TEAMS, { stdin: '' });
      expect(linesOf(run.stdout)).toEqual([...FILE_MENU, 'ERROR E_EOF: input ended; expected a number from 0 to 2']);
      expect(linesOf(run.stderr)).toEqual(['<stdin>:1: E_EOF: input ended; expected a number from 0 to 2']);
      expect(run.status).toBe(1);
    });

    it("at Flynn's action menu: E_EOF 1 to 6 is the last stdout line, everything before it kept", async () => {
      const run = await runCliAsync(TEAMS, { stdin: choices(['0']) });
      const lines = linesOf(run.stdout);
      const upToMenu = baselineLines.slice(0, inputLineIndex(baselineLines, 1));
      expect(lines).toEqual([...upToMenu, 'ERROR E_EOF: input ended; expected a number from 1 to 6']);
      expect(lines.slice(-1 - FLYNN_MENU.length, -1)).toEqual(FLYNN_MENU);
      expect(linesOf(run.stderr)).toEqual(['<stdin>:2: E_EOF: input ended; expected a number from 1 to 6']);
      expect(run.status).toBe(1);
    });

    it('at the target menu (1 to 5, Cancelar included), input without a final newline', async () => {
      const run = await runCliAsync(TEAMS, { stdin: '0\n1' });
      const lines = linesOf(run.stdout);
      expect(lines.slice(0, -1)).toEqual(baselineLines.slice(0, inputLineIndex(baselineLines, 2)));
      expect(lines.slice(-3)).toEqual(['4-Nue HP:341/341 MP:67/67', '5-Cancelar', 'ERROR E_EOF: input ended; expected a number from 1 to 5']);
      expect(linesOf(run.stderr)).toEqual(['<stdin>:3: E_EOF: input ended; expected a number from 1 to 5']);
      expect(run.status).toBe(1);
    });

    it('after a rejected line: ERROR, the menu again, then E_EOF', async () => {
      const run = await runCliAsync(TEAMS, { stdin: choices(['x']) });
      expect(linesOf(run.stdout)).toEqual([
        ...FILE_MENU,
        'INPUT: x',
        "ERROR E_SYNTAX: expected a number from 0 to 2, got 'x'",
        ...FILE_MENU,
        'ERROR E_EOF: input ended; expected a number from 0 to 2',
      ]);
      expect(linesOf(run.stderr)).toEqual([
        "<stdin>:1: E_SYNTAX: expected a number from 0 to 2, got 'x'",
        '<stdin>:2: E_EOF: input ended; expected a number from 0 to 2',
      ]);
      expect(run.status).toBe(1);
    });
  });

  describe('an invalid team file', () => {
    it('prints "Archivo de equipos inválido" last, exits 0, and names file, line and rule on stderr', async () => {
      const run = await runCliAsync(TEAMS, { stdin: choices(['2']) });
      expect(linesOf(run.stdout)).toEqual([...FILE_MENU, 'INPUT: 2', 'Archivo de equipos inválido']);
      expect(linesOf(run.stderr)).toEqual(['data/smt/teams/003.txt:2: E_TEAM: skill "Agi" is repeated']);
      expect(run.status).toBe(0);
    });
  });

  describe.concurrent('echo rules', () => {
    it('--no-echo-input on a pipe: the same log without INPUT lines', async () => {
      const run = await runCliAsync([...TEAMS, '--no-echo-input'], { stdin: choices(BASELINE) });
      expect(linesOf(run.stdout)).toEqual(baselineLines.filter((l) => !l.startsWith('INPUT: ')));
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    });

    it('a trailing space on a piped choice is echoed and parsed trimmed', async () => {
      const raw = ['0', '1 ', '1', '1', '1', '4', '4', '6  '];
      const run = await runCliAsync(TEAMS, { stdin: choices(raw) });
      const expected = [...baselineLines];
      expected[inputLineIndex(baselineLines, 1)] = 'INPUT: 1 ';
      expected[inputLineIndex(baselineLines, 7)] = 'INPUT: 6  ';
      expect(linesOf(run.stdout)).toEqual(expected);
      expect(run.status).toBe(0);
    });

    it('--input with a CRLF file: echo on by default, CR not echoed, trailing space kept, stderr names the file', async () => {
      const file = join(tmp, 'crlf.txt');
      writeFileSync(file, choices(['0', 'x', '1 ', '1', '1', '1', '4', '4', '6'], '\r\n'));
      const run = await runCliAsync([...TEAMS, '--input', file]);
      const rejected: Rejected[] = [{ before: 1, raw: 'x', code: 'E_SYNTAX', lo: 1, hi: 6, menu: FLYNN_MENU }];
      const expected = expectedLog(rejected);
      expected[inputLineIndex(expected, 2)] = 'INPUT: 1 ';
      expect(run.stdout).not.toContain('\r');
      expect(linesOf(run.stdout)).toEqual(expected);
      expect(linesOf(run.stderr)).toEqual([`${file}:2: E_SYNTAX: expected a number from 1 to 6, got 'x'`]);
      expect(run.status).toBe(1);
    });

    it('--input with --no-echo-input: no INPUT lines', async () => {
      const file = join(tmp, 'plain.txt');
      writeFileSync(file, choices(BASELINE));
      const run = await runCliAsync([...TEAMS, '--input', file, '--no-echo-input']);
      expect(linesOf(run.stdout)).toEqual(baselineLines.filter((l) => !l.startsWith('INPUT: ')));
      expect(run.status).toBe(0);
    });

    // Regression, fixed: node's readline (stdin) splits lines on a lone CR, splitLines (--input) does not, so the same bytes
    // play differently. Through --input, '0\r6\r' is one line echoed with a raw CR and rejected.
    it('lone CR line ends give the same log through stdin and --input', async () => {
      const bytes = '0\r1\r1\r1\r1\r4\r4\r6\r';
      const file = join(tmp, 'lone-cr.txt');
      writeFileSync(file, bytes);
      const piped = await runCliAsync(TEAMS, { stdin: bytes });
      const fromFile = await runCliAsync([...TEAMS, '--input', file]);
      expect(fromFile.stdout).toBe(piped.stdout);
    });
  });
});

// Batch mode (`--input ... --out-dir`) and `verify` on the project's own data, through the compiled CLI
// (README "CLI reference", CONVENTIONS "Invocation").
describe('batch mode and verify on the project data', () => {
  const TEAMS = join(DATA_SMT, 'teams');
  /** A full short game on team file 0 (Flynn surrenders at the end). */
  const GOOD = ['0', '1', '1', '1', '1', '4', '4', '6'];
  /** Ends at Flynn's target menu (1..5). */
  const EARLY = ['0', '1'];

  let tmp: string;

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'arbiter-cli-batch-'));
  });

  afterAll(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  describe('batch mode: several --input files and --out-dir', () => {
    let dir: string;
    let batch: CliResult;
    const single = new Map<string, CliResult>();

    beforeAll(async () => {
      dir = join(tmp, 'batch');
      mkdirSync(dir);
      writeFileSync(join(dir, 'a.txt'), choices(GOOD));
      writeFileSync(join(dir, 'b.txt'), choices(EARLY));
      copyFileSync(join(DATA_SMT, 'demo-choices.txt'), join(dir, 'c.txt'));
      const runs = await Promise.all([
        runCliAsync(['smt', '--teams', TEAMS, '--data', DATA_SMT, '--input', 'a.txt', '--input', 'b.txt', '--input', 'c.txt', '--out-dir', 'out'], { cwd: dir }),
        ...['a.txt', 'b.txt', 'c.txt'].map((f) => runCliAsync(['smt', '--teams', TEAMS, '--data', DATA_SMT, '--input', f], { cwd: dir })),
      ]);
      batch = runs[0]!;
      ['a.txt', 'b.txt', 'c.txt'].forEach((f, i) => single.set(f, runs[i + 1]!));
    });

    it('exits 1 and ends stderr with a one-line summary naming the failed file', () => {
      expect(batch.status).toBe(1);
      expect(hasStackTrace(batch.stderr)).toBe(false);
      expect(linesOf(batch.stderr)).toEqual([
        'b.txt:3: E_EOF: input ended; expected a number from 1 to 5',
        'smt: 3 battle(s) written to out; 1 failed: b.txt (exit 1)',
      ]);
      expect(batch.stdout).toBe('');
    });

    it('writes one log per input and leaves no .partial file', () => {
      expect(readdirSync(join(dir, 'out')).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    });

    it('the good logs are complete and byte-identical to single runs', () => {
      for (const f of ['a.txt', 'c.txt']) {
        const run = single.get(f)!;
        expect(run.status).toBe(0);
        expect(readFileSync(join(dir, 'out', f), 'utf8')).toBe(run.stdout);
      }
      expect(linesOf(single.get('a.txt')!.stdout).pop()).toBe('Ganador: Kei (J2)');
      expect(linesOf(single.get('c.txt')!.stdout).pop()).toBe('Ganador: Flynn (J1)');
    });

    it('the log of the file that ends early stops at its ERROR E_EOF line, as a single run does', () => {
      const log = readFileSync(join(dir, 'out', 'b.txt'), 'utf8');
      expect(log).toBe(single.get('b.txt')!.stdout);
      const lines = linesOf(log);
      expect(lines.filter((l) => l.startsWith('INPUT: '))).toEqual(['INPUT: 0', 'INPUT: 1']);
      expect(lines[lines.length - 1]).toBe('ERROR E_EOF: input ended; expected a number from 1 to 5');
      expect(single.get('b.txt')!.status).toBe(1);
    });

    // Regression, fixed: two --input files with the same basename are both written to <out-dir>/<basename>; the second
    // silently replaces the first, and the run still reports success.
    it('two inputs with the same basename do not silently overwrite each other', async () => {
      const root = join(tmp, 'same-name');
      mkdirSync(join(root, 'x'), { recursive: true });
      mkdirSync(join(root, 'y'));
      writeFileSync(join(root, 'x', 'game.txt'), choices(GOOD));
      writeFileSync(join(root, 'y', 'game.txt'), choices(['0', '6']));
      const run = await runCliAsync(['smt', '--teams', TEAMS, '--data', DATA_SMT, '--input', 'x/game.txt', '--input', 'y/game.txt', '--out-dir', 'out'], { cwd: root });
      // The clash is refused before anything runs: a usage error naming both files, and no log written.
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('x/game.txt');
      expect(run.stderr).toContain('y/game.txt');
      expect(existsSync(join(root, 'out'))).toBe(false);
    });
  });

  describe('verify on the project data', () => {
    let good: string;
    let lone: Promise<CliResult> | undefined;
    const loneRun = () => (lone ??= runCliAsync(['smt', 'verify', join(tmp, 'lone', '001.txt'), '--data', DATA_SMT]));

    beforeAll(async () => {
      const run = await runCliAsync(['smt', '--teams', TEAMS, '--data', DATA_SMT], { stdin: choices(GOOD) });
      expect(run.status).toBe(0);
      expect(linesOf(run.stdout).pop()).toBe('Ganador: Kei (J2)');
      good = run.stdout;
      // A course-like layout: team folder `own/` beside transcript folder `own-Tests/`.
      mkdirSync(join(tmp, 'own'));
      for (const f of readdirSync(TEAMS)) copyFileSync(join(TEAMS, f), join(tmp, 'own', f));
      mkdirSync(join(tmp, 'own-Tests'));
      writeFileSync(join(tmp, 'own-Tests', '001.txt'), good);
      mkdirSync(join(tmp, 'crlf-Tests'));
      writeFileSync(join(tmp, 'crlf-Tests', '001.txt'), good.replace(/\n/g, '\r\n'));
      mkdirSync(join(tmp, 'lone'));
      writeFileSync(join(tmp, 'lone', '001.txt'), good);
    });

    it('a piped log is a transcript: verify finds its team folder (sibling without -Tests) and exits 0', async () => {
      const run = await runCliAsync(['smt', 'verify', join(tmp, 'own-Tests', '001.txt'), '--data', DATA_SMT]);
      expect(run.stdout).not.toContain('FAIL');
      expect(linesOf(run.stdout).pop()).toBe('1/1 identical');
      expect(run.status).toBe(0);
    });

    it('a transcript outside a -Tests folder, without --teams: a clear error, not a pass', async () => {
      const run = await loneRun();
      expect(hasStackTrace(run.stderr + run.stdout)).toBe(false);
      expect(run.stdout + run.stderr).toContain('not in a "-Tests" folder; pass --teams');
      expect(run.stdout).not.toMatch(/^1\/1 identical$/m);
      expect(run.status).not.toBe(0);
    });

    // Regression, fixed (README: verify exits 2 on a usage error): the missing team folder is reported as E_USAGE but
    // counted as a differing transcript ("0/1 identical"), exit 1.
    it('a transcript outside a -Tests folder without --teams is a usage error, exit 2', async () => {
      const run = await loneRun();
      expect(run.status).toBe(2);
    });

    // Regression, fixed (CONVENTIONS: CR line ends are accepted and stripped): verify compares "line\r" with "line", so a
    // transcript checked out with CRLF line ends fails at line 1.
    it('a CRLF transcript verifies as identical', async () => {
      const run = await runCliAsync(['smt', 'verify', join(tmp, 'crlf-Tests', '001.txt'), '--teams', join(tmp, 'own'), '--data', DATA_SMT]);
      expect(run.status).toBe(0);
    });
  });
});

// The course transcripts through the compiled CLI, the three ways the README gives: piping the INPUT
// values, batch mode, and `verify` (also on a corrupted copy). Needs ../shared/smt/course.
describe('the course transcripts (../shared/smt/course)', () => {
  announceMissingCourse();

  const E1 = 'E1-BasicCombat';

  describe.skipIf(!HAS_COURSE).concurrent('course transcripts through the CLI (../shared/smt/course)', () => {
    let tmp: string;

    beforeAll(() => {
      tmp = mkdtempSync(join(tmpdir(), 'arbiter-cli-course-'));
    });

    afterAll(() => {
      rmSync(tmp, { recursive: true, force: true });
    });

    const transcript = (suite: string, file: string) => readFileSync(join(COURSE, `${suite}-Tests`, file), 'utf8');

    it.each([
      [E1, '001.txt'],
      ['E2-HealAndSabbatma', '002.txt'],
    ])('piping the INPUT values of %s-Tests/%s reproduces it line for line', async (suite, file) => {
      const expected = transcript(suite, file);
      const run = await runCliAsync(['smt', '--teams', join(COURSE, suite), '--data', COURSE], { stdin: choices(inputsOf(expected)) });
      expect(linesOf(run.stdout)).toEqual(linesOf(expected));
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    });

    it(`batch mode over the whole ${E1} suite reproduces every transcript`, async () => {
      const dir = join(tmp, 'batch');
      mkdirSync(dir);
      const files = readdirSync(join(COURSE, `${E1}-Tests`)).filter((f) => f.endsWith('.txt')).sort();
      expect(files.length).toBeGreaterThan(1);
      for (const f of files) writeFileSync(join(dir, f), choices(inputsOf(transcript(E1, f))));
      const run = await runCliAsync(['smt', '--teams', join(COURSE, E1), '--data', COURSE, ...files.flatMap((f) => ['--input', f]), '--out-dir', 'out'], { cwd: dir });
      expect(linesOf(run.stderr)).toEqual([`smt: ${files.length} battle(s) written to out; all succeeded`]);
      expect(run.status).toBe(0);
      expect(readdirSync(join(dir, 'out')).sort()).toEqual(files);
      for (const f of files) {
        expect(linesOf(readFileSync(join(dir, 'out', f), 'utf8')), f).toEqual(linesOf(transcript(E1, f)));
      }
    });

    it(`verify ${E1}-Tests exits 0 and prints 11/11 identical`, async () => {
      const run = await runCliAsync(['smt', 'verify', join(COURSE, `${E1}-Tests`), '--data', COURSE]);
      expect(hasStackTrace(run.stderr)).toBe(false);
      expect(run.stdout).not.toContain('FAIL');
      expect(linesOf(run.stdout).pop()).toBe('11/11 identical');
      expect(run.status).toBe(0);
    });

    it('verify of a corrupted copy exits 1 and names the first differing line', async () => {
      // Copy the team folder and two transcripts; change one menu line of 001.txt.
      const root = join(tmp, 'corrupted');
      cpSync(join(COURSE, E1), join(root, E1), { recursive: true });
      mkdirSync(join(root, `${E1}-Tests`));
      for (const f of ['001.txt', '002.txt']) writeFileSync(join(root, `${E1}-Tests`, f), transcript(E1, f));
      const lines = linesOf(transcript(E1, '001.txt'));
      const index = lines.indexOf('6: Rendirse');
      expect(index).toBeGreaterThan(0);
      lines[index] = '6: Rendirse!!';
      const corrupted = join(root, `${E1}-Tests`, '001.txt');
      writeFileSync(corrupted, lines.join('\n') + '\n');

      const run = await runCliAsync(['smt', 'verify', join(root, `${E1}-Tests`), '--data', COURSE]);
      const fails = linesOf(run.stdout).filter((l) => l.startsWith('FAIL '));
      expect(fails).toEqual([`FAIL ${corrupted} [stdout L${index + 1}] expected: 6: Rendirse!! / actual: 6: Rendirse`]);
      expect(linesOf(run.stdout).pop()).toBe('1/2 identical');
      expect(run.status).toBe(1);
    });
  });

  if (!HAS_COURSE) it.skip('CLI course tests skipped: ../shared/smt/course is not beside the checkout', () => {});

  describe.skipIf(!HAS_COURSE)('the catalogue beside the team folder is the default (course layout)', () => {
    it('verify of a course suite without --data uses ../shared/smt/course/*.json and passes', () => {
      const run = runCli(['smt', 'verify', join(COURSE, 'E1-BasicCombat-Tests'), '--jobs', '1']);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^11\/11 identical$/m);
    });

    it('playing a course team folder without --data reproduces its transcript', () => {
      const transcript = readFileSync(join(COURSE, 'E2-HealAndSabbatma-Tests', '001.txt'), 'utf8');
      const run = runCli(['smt', '--teams', join(COURSE, 'E2-HealAndSabbatma')], { stdin: choices(inputsOf(transcript)) });
      expect(run.status).toBe(0);
      expect(linesOf(run.stdout)).toEqual(linesOf(transcript));
    });
  });
});

describe('--data naming a file (in-process)', () => {
  const TEAMS = join(REPO_ROOT, 'data', 'smt', 'teams');
  const CHOICES = join(REPO_ROOT, 'data', 'smt', 'demo-choices.txt');

  it('--data naming a file says it is not a folder', async () => {
    const r = await run(['smt', '--teams', TEAMS, '--data', 'README.md', '--input', CHOICES]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('README.md: E_IO: cannot read the catalogue folder (not a folder)\n');
  });
});
