/**
 * `arbiter smt` bad input, end of input, invalid team files and echo rules, through the compiled CLI
 * (smt-extensions section 5, CONVENTIONS "Bad input" and "Echo").
 *
 * Every run plays the project's demo team file (data/smt/teams/001.txt, Flynn vs Kei). The reference game
 * BASELINE is short: pick file 0, Flynn attacks Kei, High Pixie attacks Kei, Pyro Jack and Jack Frost pass,
 * Flynn surrenders. A run with rejected lines must print exactly the baseline log with, at each rejected
 * line, its echo, one ERROR line and the same menu again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choices, linesOf, runCliAsync, type CliResult } from '../helpers/cli.js';

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
