/**
 * `verify --reporter html`: one self-contained page (no network, no file beside it; it opens from disk). A
 * summary (cases, passed, failed, wall time, by folder), a list of the cases that a text box and a "failed
 * only" box filter, and for each failing case its whole transcript side by side, expected against actual,
 * every line marked as matching or not and the first difference highlighted, as the course skeleton's
 * manual view shows a test. Passing cases are one row each; their text only with --embed-passing, collapsed.
 * Everything shown may come from another program or a user's file: escaped for HTML after control
 * characters are written as escapes and long lines cut (safeDiagnostic), as the table report does.
 */
import { safeDiagnostic } from '../core/lines.js';
import type { StreamCheck } from '../core/ruleset.js';
import { esc } from '../view/html.js';
import { page } from '../view/page.js';
import type { ExternalOutcome } from './exec.js';
import { failureMessage } from './reporters.js';
import type { BoardAt, Failure, VerifyReport, VerifyResult } from './verify-report.js';

/**
 * Characters of transcript text embedded in one page. Past it, a failing case shows its first difference
 * only, so a suite where every case fails (a broken program over the 1,018 course transcripts) still makes a
 * page under 5 MB that a browser opens at once (report-html.test.ts builds that page).
 */
export const TEXT_BUDGET = 1_500_000;

/** A line of a transcript as shown: control characters escaped, cut at the diagnostic limit, HTML-escaped. */
const shown = (line: string): string => esc(safeDiagnostic(line));

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/**
 * The lines two sides hold, one row per line number, each marked as matching or not. `reported`: the line
 * of the first difference verify reported, highlighted; where it reported none (another program that
 * crashed, or a stream that is not the failing one), the first row that differs is.
 */
function sideBySide(id: string, title: string, check: StreamCheck, reported: number | null): string {
  const { expected, actual } = check;
  const from = check.from ?? 1;
  const rows: string[] = [];
  const count = Math.max(expected.length, actual.length);
  let first = reported;
  for (let i = 0; first === null && i < count; i++) if (expected[i] !== actual[i]) first = i + from;
  for (let i = 0; i < count; i++) {
    const e = expected[i];
    const a = actual[i];
    const n = i + from;
    const same = e === a;
    const classes = [same ? 'same' : 'differ', ...(n === first ? ['first'] : [])].join(' ');
    const cell = (text: string | undefined) => (text === undefined ? '<td class="none">(no line)</td>' : `<td>${shown(text)}</td>`);
    rows.push(`<tr class="${classes}"${n === first ? ` id="${id}-first"` : ''}><th>${n}</th><td class="mark">${same ? '=' : '≠'}</td>${cell(e)}${cell(a)}</tr>`);
  }
  const differing = rows.length - rows.filter((r) => r.startsWith('<tr class="same')).length;
  return [
    `<h4>${esc(title)}: ${count} line(s), ${differing} differ</h4>`,
    '<table class="diff"><thead><tr><th>#</th><th></th><th>expected</th><th>actual</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table>',
  ].join('\n');
}

/** The game's state at the first difference, as the ruleset's view draws it. */
function boardBlock(id: string, board: BoardAt): string {
  const whose = board.source === 'actual' ? 'the run compared' : "Arbiter's own run of this case, where the expected transcript stands";
  const after = board.input === null ? 'the opening' : `input ${shown(board.input)}`;
  return `<div class="report-board" id="${id}-board"><h4>The game at stdout line ${board.line} (after ${after}; ${whose})</h4>${board.html}</div>`;
}

/** A failing case: what differs, the other program's note, the game at that point, and its streams side by side (or its first difference alone). */
function failureBlock(index: number, failure: Failure & { readonly file: string }, detail: ExternalOutcome | undefined, board: BoardAt | undefined, open: boolean): string {
  const id = `case-${index}`;
  const out = [`<details class="failure" id="${id}" data-name="${esc(failure.file)}"${open ? ' open' : ''}>`, `<summary><span class="fail">FAIL</span> ${shown(failure.file)}</summary>`];
  out.push(`<p class="message">${shown(failureMessage(failure))}</p>`);
  // A crashed program's failure names no stream: its stdout is shown with its first differing line marked.
  const stream = failure.stream ?? 'stdout';
  // Each table's rows are `<case>-<stream>-…`; the first difference is `<case>-<stream>-first`.
  if (failure.line !== null && stream !== 'exit') out.push(`<p><a href="#${id}-${stream}-first">first difference: ${stream} line ${failure.line}</a></p>`);
  if (board !== undefined) out.push(boardBlock(id, board));
  if (detail === undefined) {
    if (failure.context !== null) {
      const check: StreamCheck = { expected: failure.context.expected, actual: failure.context.actual, from: failure.context.from };
      out.push('<p class="note">The first difference only: the page holds as much transcript text as it can open quickly.</p>');
      out.push(sideBySide(`${id}-${stream}`, stream, check, failure.line));
    }
  } else {
    const streams: [string, StreamCheck | undefined][] = [
      ['stdout', detail.stdout],
      ['stderr', detail.stderr],
    ];
    // The stream that differs first, then the others the case fixes.
    streams.sort(([a], [b]) => Number(b === failure.stream) - Number(a === failure.stream));
    for (const [name, check] of streams) if (check !== undefined) out.push(sideBySide(`${id}-${name}`, name, check, name === stream ? failure.line : null));
    if (detail.exit !== undefined) out.push(`<p class="${detail.exit.expected === detail.exit.actual ? 'same' : 'differ'}">exit code: expected ${detail.exit.expected}, actual ${detail.exit.actual}</p>`);
  }
  out.push('</details>');
  return out.join('\n');
}

function passingBlock(index: number, file: string, detail: ExternalOutcome): string {
  return [`<details class="passing" id="pass-${index}" data-name="${esc(file)}">`, `<summary><span class="pass">PASS</span> ${shown(file)}</summary>`, sideBySide(`pass-${index}-stdout`, 'stdout', detail.stdout, null), '</details>'].join('\n');
}

/** Characters a case's detail embeds. */
function size(detail: ExternalOutcome): number {
  const count = (check: StreamCheck | undefined) => (check === undefined ? 0 : [...check.expected, ...check.actual].reduce((n, l) => n + Math.min(l.length, 1000), 0));
  return count(detail.stdout) + count(detail.stderr);
}

const STYLE = `
main.report { margin: 1.5em; }
.report-board { margin: .5em 0 1em; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
.verdict { font-weight: bold; font-size: 1.1em; }
.verdict.ok, .pass { color: #137333; }
.verdict.bad, .fail { color: #b3261e; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { padding: 1px 8px; text-align: left; vertical-align: top; }
#folders td.n, #folders th.n, #cases td.n { text-align: right; }
#folders tr + tr, #cases tr + tr { border-top: 1px solid #eee; }
.controls { margin: .5em 0; }
.controls input[type=search] { width: 20em; }
details { margin: .4em 0; border: 1px solid #ddd; border-radius: 4px; padding: .3em .6em; }
summary { cursor: pointer; font-family: ui-monospace, monospace; }
.message { font-family: ui-monospace, monospace; white-space: pre-wrap; }
table.diff { font-family: ui-monospace, monospace; font-size: 12px; width: 100%; table-layout: fixed; }
table.diff th:first-child { width: 4em; text-align: right; color: #777; }
table.diff td.mark { width: 1.5em; }
table.diff thead th:nth-child(2) { width: 1.5em; }
table.diff td { white-space: pre-wrap; word-break: break-all; }
table.diff tr.same td.mark { color: #137333; }
table.diff tr.differ { background: #fde7e9; }
table.diff tr.differ td.mark { color: #b3261e; font-weight: bold; }
table.diff tr.first { background: #f9c2c7; outline: 2px solid #b3261e; }
td.none { color: #999; font-style: italic; }
p.differ { color: #b3261e; } p.same { color: #137333; }
.note { color: #555; font-style: italic; }
[hidden] { display: none !important; }
`;

// Filters the case list and the failure blocks by a text and by "failed only"; nothing is fetched.
const SCRIPT = `
const text = document.getElementById('filter');
const failedOnly = document.getElementById('failed-only');
function apply() {
  const q = text.value.toLowerCase();
  for (const row of document.querySelectorAll('#cases tbody tr')) {
    row.hidden = (failedOnly.checked && !row.classList.contains('fail')) || !row.dataset.name.toLowerCase().includes(q);
  }
  for (const block of document.querySelectorAll('details[data-name]')) {
    block.hidden = (failedOnly.checked && !block.classList.contains('failure')) || !block.dataset.name.toLowerCase().includes(q);
  }
  const shown = document.querySelectorAll('#cases tbody tr:not([hidden])').length;
  document.getElementById('shown').textContent = shown + ' of ' + document.querySelectorAll('#cases tbody tr').length + ' cases shown';
}
text.addEventListener('input', apply);
failedOnly.addEventListener('change', apply);
// A link to a difference opens the case it is in.
document.addEventListener('click', (event) => {
  const link = event.target.closest('a[href^="#"]');
  if (link === null) return;
  const target = document.getElementById(link.getAttribute('href').slice(1));
  const details = target && target.closest('details');
  if (details) details.open = true;
});
apply();
`;

export interface HtmlReportOptions {
  /** The CSS of the ruleset's view (its boards); none without one. */
  readonly viewCss?: string;
  /** TEXT_BUDGET but for tests. */
  readonly budget?: number;
}

/** The page, in the shell every page Arbiter writes shares (src/view/page.ts). */
export function htmlReport(report: VerifyReport, results: readonly VerifyResult[], options: HtmlReportOptions = {}): string {
  let budget = options.budget ?? TEXT_BUDGET;
  const ok = report.failed === 0;
  const verdict = `${report.passed}/${report.total} identical`;
  const failures = new Map(report.failures.map((f, i) => [f.file, { failure: f, index: i + 1 }]));
  const out: string[] = [
    `<main class="report"><h1>arbiter ${esc(report.ruleset)} verify</h1>`,
    `<p class="verdict ${ok ? 'ok' : 'bad'}" id="verdict">${esc(verdict)}${ok ? '' : ` · ${report.failed} failed`} · wall ${seconds(report.ms)}</p>`,
  ];
  if (report.total < report.found) out.push(`<p>stopped after ${report.failed} failure(s): ${report.found - report.total} case(s) not run</p>`);
  out.push('<h2>Folders</h2>', '<table id="folders"><thead><tr><th>folder</th><th class="n">passed</th><th class="n">failed</th><th class="n">wall</th></tr></thead><tbody>');
  for (const row of report.folders) {
    out.push(`<tr class="${row.failed === 0 ? 'pass' : 'fail'}"><td>${shown(row.folder)}</td><td class="n">${row.passed}</td><td class="n">${row.failed}</td><td class="n">${seconds(row.ms)}</td></tr>`);
  }
  out.push(`<tr><th>total</th><th class="n">${report.passed}</th><th class="n">${report.failed}</th><th class="n">${seconds(report.ms)}</th></tr>`, '</tbody></table>');
  out.push(
    '<h2>Cases</h2>',
    `<div class="controls"><input id="filter" type="search" placeholder="filter by name" aria-label="filter by name"> <label><input id="failed-only" type="checkbox"${ok ? '' : ' checked'}> failed only</label> <span id="shown"></span></div>`,
    '<table id="cases"><thead><tr><th></th><th>case</th><th class="n">wall</th></tr></thead><tbody>',
  );
  for (const r of results) {
    const failed = failures.get(r.file);
    const name = failed === undefined ? shown(r.file) : `<a href="#case-${failed.index}">${shown(r.file)}</a>`;
    out.push(`<tr class="${failed === undefined ? 'pass' : 'fail'}" data-name="${esc(r.file)}"><td>${failed === undefined ? '<span class="pass">PASS</span>' : '<span class="fail">FAIL</span>'}</td><td>${name}</td><td class="n">${seconds(r.ms)}</td></tr>`);
  }
  out.push('</tbody></table>');
  const take = (detail: ExternalOutcome | undefined): ExternalOutcome | undefined => {
    if (detail === undefined) return undefined;
    const n = size(detail);
    if (n > budget) return undefined;
    budget -= n;
    return detail;
  };
  if (report.failed > 0) {
    out.push('<h2>Failures</h2>');
    let shownOpen = 0;
    for (const r of results) {
      const failed = failures.get(r.file);
      // The first few open; the rest a click away, so a long list stays quick to scroll.
      if (failed !== undefined) out.push(failureBlock(failed.index, failed.failure, take(r.detail), r.board, shownOpen++ < 10));
    }
  }
  const passing = results.filter((r) => r.failure === null && r.detail !== undefined);
  if (passing.length > 0) {
    out.push('<h2>Passing</h2>');
    passing.forEach((r, i) => {
      const detail = take(r.detail);
      if (detail !== undefined) out.push(passingBlock(i + 1, r.file, detail));
    });
  }
  out.push('</main>');
  return page({ title: `arbiter ${report.ruleset} verify: ${verdict}`, css: STYLE + (options.viewCss ?? ''), body: out.join('\n'), script: SCRIPT });
}
