/**
 * `verify --reporter html` (issue 25, section 2): one self-contained page with the summary, the filterable
 * case list, and each failing case's whole transcript side by side, every line marked, the first
 * difference highlighted; passing cases one row each (their text only with --embed-passing); another
 * program's exit code and stderr tail; untrusted text escaped.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlReport } from '../../src/cli/report-html.js';
import { summarise, type VerifyResult } from '../../src/cli/verify-report.js';
import { runCli } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/shared.js';

const root = scratchDir('report-html');
const SUITE = 'ailments';

/** A copy of one of the project's SMT suites with line `line` of its first transcript replaced by `text`. */
function suiteWithChange(name: string, line: number, text: string): { tests: string; changed: string; original: string[] } {
  const dir = join(root, name);
  cpSync(join(REPO_ROOT, 'test-cases', 'smt', SUITE), join(dir, SUITE), { recursive: true });
  cpSync(join(REPO_ROOT, 'test-cases', 'smt', `${SUITE}-Tests`), join(dir, `${SUITE}-Tests`), { recursive: true });
  const tests = join(dir, `${SUITE}-Tests`);
  const changed = join(tests, transcripts(tests)[0]!);
  const original = readFileSync(changed, 'utf8').split('\n');
  writeFileSync(changed, original.map((l, i) => (i === line - 1 ? text : l)).join('\n'));
  return { tests, changed, original };
}

/** The transcripts of a `-Tests` folder, sorted. */
const transcripts = (tests: string) => readdirSync(tests).filter((f) => f.endsWith('.txt')).sort();

/** The rows of the side-by-side tables in `html`: their classes and line numbers. */
const diffRows = (html: string) => [...html.matchAll(/<tr class="(same|differ)( first)?"(?: id="([^"]+)")?><th>(\d+)<\/th>/g)].map((m) => ({ differ: m[1] === 'differ', first: m[2] !== undefined, id: m[3], n: Number(m[4]) }));

describe('verify --reporter html', () => {
  const hostile = '<script>alert(1)</script>\u001b[31m';
  const { tests, original } = suiteWithChange('one-failure', 5, hostile);
  const out = join(root, 'one-failure', 'report.html');

  it('writes one page: the verdict, the folder table, every case a row, the failing one linked', async () => {
    const r = await runInProcess(['smt', 'verify', tests, '--reporter', 'html', '--out', out], root);
    expect(r.code).toBe(1);
    const cases = transcripts(tests).length;
    expect(r.stderr).toBe(`${cases - 1}/${cases} identical; report written to ${out}\n`);
    const html = readFileSync(out, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain(`${cases - 1}/${cases} identical · 1 failed`);
    expect(html.match(/<tr class="(pass|fail)" data-name=/g)).toHaveLength(cases);
    expect(html.match(/<tr class="fail" data-name=/g)).toHaveLength(1);
    expect(html).toContain('<a href="#case-1">');
    expect(html.match(/<details class="failure"/g)).toHaveLength(1);
  });

  it('shows the whole transcript side by side: a row per line, the differing one marked and the first difference highlighted', () => {
    const html = readFileSync(out, 'utf8');
    const rows = diffRows(html);
    // The engine's log is the original transcript: as many lines, and only line 5 differs.
    expect(rows.map((r) => r.n)).toEqual(original.slice(0, original.at(-1) === '' ? -1 : undefined).map((_, i) => i + 1));
    expect(rows.filter((r) => r.differ).map((r) => r.n)).toEqual([5]);
    expect(rows.filter((r) => r.first)).toEqual([{ differ: true, first: true, id: 'case-1-stdout-first', n: 5 }]);
    expect(html).toContain('<a href="#case-1-stdout-first">first difference: stdout line 5</a>');
  });

  it("draws the game at the first difference with the ruleset's view: the run compared, at that line", () => {
    const html = readFileSync(out, 'utf8');
    expect(html.match(/<div class="report-board" id="case-1-board">/g)).toHaveLength(1);
    expect(html).toContain('<h4>The game at stdout line 5 (after the opening; the run compared)</h4><div class="smt">');
  });

  it('escapes what a transcript holds: markup as text, control characters as escapes', () => {
    const html = readFileSync(out, 'utf8');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('\u001b');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;\\x1b[31m');
    // The page's own script is the only one, and nothing is loaded from elsewhere.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toMatch(/\b(src|href)="(?!#)/);
  });

  it('does not embed passing cases unless asked; with --embed-passing they are collapsed blocks', async () => {
    const second = readFileSync(join(tests, transcripts(tests)[1]!), 'utf8').split('\n');
    const lastLine = second.filter((l) => l !== '').at(-1)!;
    const plain = readFileSync(out, 'utf8');
    expect(plain).not.toContain('<details class="passing"');
    const embedded = join(root, 'one-failure', 'all.html');
    const r = await runInProcess(['smt', 'verify', tests, '--reporter', 'html', '--embed-passing', '--out', embedded], root);
    expect(r.code).toBe(1);
    const html = readFileSync(embedded, 'utf8');
    const cases = transcripts(tests).length;
    expect(html.match(/<details class="passing" id="pass-\d+" data-name=/g)).toHaveLength(cases - 1);
    expect(html).toContain(lastLine.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;'));
    expect(html.length).toBeGreaterThan(plain.length);
  });

  it('--embed-passing goes with --reporter html', async () => {
    const r = await runInProcess(['smt', 'verify', tests, '--embed-passing'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--embed-passing goes with --reporter html');
  });

  it('with --jobs 2 (worker threads) the page is the same but for the times', async () => {
    const again = join(root, 'one-failure', 'jobs.html');
    // The built CLI: worker threads run its worker bundle.
    const r = runCli(['smt', 'verify', tests, '--reporter', 'html', '--jobs', '2', '--out', again], { cwd: root });
    expect(r.status).toBe(1);
    const timeless = (text: string) => text.replace(/\d+\.\d\d s\b/g, '#');
    expect(timeless(readFileSync(again, 'utf8'))).toBe(timeless(readFileSync(out, 'utf8')));
  });
});

describe('verify --exec --reporter html', () => {
  it("shows the program's own output, its exit code and the end of its stderr", async () => {
    const { tests } = suiteWithChange('exec', 1, 'Elige un archivo para cargar los equipos');
    const out = join(root, 'exec', 'report.html');
    const program = `printf 'a line\\n'; printf 'Traceback: boom\\n' >&2; exit 7; #`;
    const r = await runInProcess(['smt', 'verify', join(tests, transcripts(tests)[0]!), '--exec', program, '--reporter', 'html', '--out', out], root);
    expect(r.code).toBe(1);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('exit 7');
    expect(html).toContain('Traceback: boom');
    const rows = diffRows(html);
    expect(rows[0]).toMatchObject({ n: 1, differ: true, first: true });
    expect(html).toMatch(/<th>1<\/th><td class="mark">≠<\/td><td>Elige un archivo para cargar los equipos<\/td><td>a line<\/td>/);
    // The other program writes no states: the game is Arbiter's own run of the case at that line.
    expect(html).toContain("<h4>The game at stdout line 1 (after the opening; Arbiter's own run of this case, where the expected transcript stands)</h4><div class=\"smt\">");
  });
});

describe('htmlReport, the page alone', () => {
  const result = (file: string, expected: string[], actual: string[]): VerifyResult => ({
    file,
    ms: 1,
    failure: { line: 2, expected: expected[1] ?? null, actual: actual[1] ?? null, context: { from: 1, expected: expected.slice(0, 4), actual: actual.slice(0, 4) }, error: null, stream: 'stdout' },
    detail: { stdout: { expected, actual } },
  });

  it('past its text budget a failing case shows its first difference only, and says so', () => {
    const results = [result('a/1.txt', ['x', 'y', 'z', 'w', 'v'], ['x', 'Y', 'z', 'w', 'v'])];
    const report = summarise('smt', results, 1, 5);
    const whole = htmlReport(report, results);
    const cut = htmlReport(report, results, { budget: 0 });
    expect(diffRows(whole).map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    expect(diffRows(cut).map((r) => r.n)).toEqual([1, 2, 3, 4]);
    expect(cut).toContain('The first difference only');
    expect(whole).not.toContain('The first difference only');
  });

  it('1,018 failing cases of 400 lines each (a broken program over the course suite) make a page under 5 MB', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Turno de J1 linea ${i}: Flynn usa Agi contra Jack Frost`);
    const results = Array.from({ length: 1018 }, (_, k) => result(`E1-BasicCombat-Tests/${String(k).padStart(3, '0')}.txt`, lines, lines.map((l, i) => (i === 1 ? 'otro' : l))));
    const html = htmlReport(summarise('smt', results, results.length, 5), results);
    expect(html.length).toBeLessThan(5 * 2 ** 20);
    // The first cases whole, the rest with their first difference only.
    expect(html).toContain('The first difference only');
    expect(html.match(/<details class="failure"/g)).toHaveLength(1018);
  });

  it('a line missing on one side is a differing row that says so', () => {
    const results = [result('a/1.txt', ['x', 'y', 'z'], ['x', 'q'])];
    const html = htmlReport(summarise('smt', results, 1, 5), results);
    expect(diffRows(html).map((r) => [r.n, r.differ])).toEqual([[1, false], [2, true], [3, true]]);
    expect(html).toContain('<td>z</td><td class="none">(no line)</td>');
  });

  it('a passing run over the project\'s SMT suites is small: one row per case, no transcript text', async () => {
    const out = join(root, 'all-pass.html');
    const r = await runInProcess(['smt', 'verify', 'test-cases/smt', '--reporter', 'html', '--out', out]);
    expect(r.code).toBe(0);
    const html = readFileSync(out, 'utf8');
    const cases = Number(/(\d+)\/\1 identical/.exec(r.stderr)?.[1]);
    expect(cases).toBeGreaterThan(200);
    expect(html.match(/<tr class="pass" data-name=/g)).toHaveLength(cases);
    expect(html).not.toContain('<table class="diff">');
    // About 200 bytes a case: the course's 1,018 stay far under the 5 MB the issue allows.
    expect(html.length / cases).toBeLessThan(400);
  });
});
