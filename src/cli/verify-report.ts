/** verify's report: the per-folder table, the failure blocks, JSON, colour and the progress bar. */
import { dirname } from 'node:path';
import { styleText } from 'node:util';
import type { ExternalOutcome } from './exec.js';
import { processStream, type Io } from './io.js';
import { nowMs } from './clock.js';
import { safeDiagnostic } from '../core/lines.js';

export interface Failure {
  /** 1-based line of the first difference; null when the case could not be replayed at all, or for `exit`. */
  readonly line: number | null;
  readonly expected: string | null;
  readonly actual: string | null;
  /** Expected and actual lines from `line - 2` to `line + 2` (as many as exist). */
  readonly context: { readonly from: number; readonly expected: readonly string[]; readonly actual: readonly string[] } | null;
  /** Why the case could not be replayed (missing team folder, unreadable file). */
  readonly error: string | null;
  /** The stream that differs; absent when the case could not be replayed at all. */
  readonly stream?: 'stdout' | 'stderr' | 'exit';
  /** Another program's exit code where unexpected and the end of its stderr, already escaped (verify --exec, fuzz). */
  readonly program?: string;
}

export interface VerifyResult {
  readonly file: string;
  readonly ms: number;
  /** Null when identical. */
  readonly failure: Failure | null;
  /** Every line of both sides, kept when the report shows whole transcripts (`--reporter html`). */
  readonly detail?: ExternalOutcome;
  /** The game's state at the first difference, drawn by the ruleset's view (`--reporter html`). */
  readonly board?: BoardAt;
}

/** A state drawn for the report: at which stdout line, after which input, and whose run it comes from. */
export interface BoardAt {
  readonly line: number;
  /** The input line whose step printed that line (null: the opening). */
  readonly input: string | null;
  /** `actual`: Arbiter's own run, the one compared; `arbiter`: Arbiter's run of the case beside another program's. */
  readonly source: 'actual' | 'arbiter';
  readonly html: string;
}

export interface FolderRow {
  readonly folder: string;
  readonly passed: number;
  readonly failed: number;
  readonly ms: number;
}

export interface VerifyReport {
  readonly ruleset: string;
  /** Cases found; `total` of them ran (fewer when --max-failures stopped the run). */
  readonly found: number;
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  /** Wall-clock time of the whole run; a folder's `ms` is the sum of its cases' wall-clock times. */
  readonly ms: number;
  readonly folders: readonly FolderRow[];
  readonly failures: readonly (Failure & { readonly file: string })[];
}

export function summarise(ruleset: string, results: readonly VerifyResult[], found: number, wallMs: number): VerifyReport {
  const rows = new Map<string, { passed: number; failed: number; ms: number }>();
  const failures: (Failure & { file: string })[] = [];
  for (const r of results) {
    const folder = dirname(r.file);
    const row = rows.get(folder) ?? { passed: 0, failed: 0, ms: 0 };
    row.ms += r.ms;
    if (r.failure === null) row.passed++;
    else {
      row.failed++;
      failures.push({ file: r.file, ...r.failure });
    }
    rows.set(folder, row);
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  const folders = [...rows].map(([folder, row]) => ({ folder, ...row, ms: round(row.ms) }));
  return { ruleset, found, total: results.length, passed: results.length - failures.length, failed: failures.length, ms: round(wallMs), folders, failures };
}

/** `quiet`: the total row and the verdict only. */
export function formatReport(report: VerifyReport, colour: boolean, quiet = false): string {
  // The decision is made by useColour; styleText must not second-guess it from process.stdout.
  const paint = (style: 'red' | 'green' | 'bold', text: string) => (colour ? styleText(style, text, { validateStream: false }) : text);
  const out: string[] = [];
  // Every text below may come from another program or a user's file: escaped and cut as a diagnostic is, so
  // escape codes never reach the terminal raw and a 1 MB line is not printed whole (JSON, JUnit and TAP escape by their own rules).
  const safe = safeDiagnostic;
  for (const f of quiet ? [] : report.failures) {
    const file = safe(f.file);
    const program = () => {
      if (f.program !== undefined) out.push(`  program: ${safe(f.program)}`);
    };
    if (f.stream === 'exit') {
      out.push(`${paint('red', 'FAIL')} ${file} [exit] expected: ${f.expected} / actual: ${f.actual}`);
      program();
      continue;
    }
    if (f.error !== null || f.line === null) {
      out.push(`${paint('red', 'FAIL')} ${file} ${safe(f.error ?? '')}`);
      continue;
    }
    const show = (s: string | null) => (s === null ? '<end of log>' : safe(s));
    const where = `${f.stream ?? 'stdout'} L${f.line}`;
    out.push(`${paint('red', 'FAIL')} ${file} [${where}] expected: ${show(f.expected)} / actual: ${show(f.actual)}`);
    program();
    if (f.context !== null) {
      const block = (label: string, lines: readonly string[]) => {
        out.push(`  ${label}:`);
        lines.forEach((text, i) => {
          const n = f.context!.from + i;
          out.push(`  ${n === f.line ? '>' : ' '} ${String(n).padStart(6)} | ${safe(text)}`);
        });
      };
      block('expected', f.context.expected);
      block('actual', f.context.actual);
    }
  }
  const folders = report.folders.map((r) => ({ ...r, folder: safe(r.folder) }));
  const width = Math.max(6, ...folders.map((r) => r.folder.length));
  const row = (name: string, passed: string, failed: string, time: string) =>
    `${name.padEnd(width)}  ${passed.padStart(6)}  ${failed.padStart(6)}  ${time.padStart(8)}`;
  out.push(paint('bold', row('folder', 'passed', 'failed', 'wall')));
  for (const r of quiet ? [] : folders) {
    out.push(row(r.folder, String(r.passed), r.failed === 0 ? '0' : paint('red', String(r.failed).padStart(6)).trimStart(), seconds(r.ms)));
  }
  out.push(paint('bold', row('total', String(report.passed), String(report.failed), seconds(report.ms))));
  if (report.total < report.found) out.push(`stopped after ${report.failed} failure(s): ${report.found - report.total} case(s) not run`);
  const verdict = `${report.passed}/${report.total} identical`;
  out.push(report.failed === 0 ? paint('green', verdict) : paint('red', verdict));
  return out.join('\n') + '\n';
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)}s`;
}

type BarModule = typeof import('cli-progress');

/**
 * A progress bar on stderr, only on a terminal and only once the run has lasted a second. The bar's module
 * is loaded before the run starts: the run may never yield to the event loop, so a bar loaded on the way
 * would only appear after the end.
 */
export class Progress {
  private readonly started = nowMs();
  private done = 0;
  private bar: { update(n: number): void; stop(): void } | null = null;
  private stopped = false;

  private constructor(
    private readonly total: number,
    private readonly bars: BarModule | null,
  ) {}

  static async create(total: number, io: Io): Promise<Progress> {
    return new Progress(total, io.stderrIsTTY ? (await import('cli-progress')).default : null);
  }

  tick(): void {
    this.done++;
    if (this.bar !== null) {
      this.bar.update(this.done);
      return;
    }
    if (this.bars !== null && !this.stopped && nowMs() - this.started > 1000) {
      const bar = new this.bars.SingleBar(
        { stream: processStream('stderr'), format: 'verify [{bar}] {value}/{total} cases', hideCursor: true, clearOnComplete: true },
        this.bars.Presets.shades_classic,
      );
      bar.start(this.total, this.done);
      this.bar = bar;
    }
  }

  stop(): void {
    this.stopped = true;
    this.bar?.stop();
    this.bar = null;
  }
}
