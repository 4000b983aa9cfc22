/**
 * `arbiter <ruleset> verify`: replays every transcript's INPUT lines through a fresh battle and compares
 * line by line. The report: one block per failing transcript (first differing line as `[L<n>]` with two
 * lines of context from both sides), then a table per folder (passed, failed, time) and a total.
 * `--json` prints the same as one JSON document; `--jobs N` spreads the files over worker threads with the
 * same results in the same order. Colour on a terminal unless NO_COLOR; a progress bar on stderr when it is
 * a terminal and the run takes more than a second.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { styleText } from 'node:util';
import { Worker } from 'node:worker_threads';
import { SetupError } from '../core/battle.js';
import { firstDifference } from '../core/transcript.js';
import { checkTranscript } from '../core/verify.js';
import { UsageError } from './play.js';
import { loadVerifyRun, type VerifyOptions, type VerifyRun } from './rulesets.js';

/** Lines of context shown on each side of the first difference. */
export const CONTEXT_LINES = 2;

export interface Failure {
  /** 1-based line of the first difference; null when the transcript could not be replayed at all. */
  readonly line: number | null;
  readonly expected: string | null;
  readonly actual: string | null;
  /** Expected and actual lines from `line - 2` to `line + 2` (as many as exist). */
  readonly context: { readonly from: number; readonly expected: readonly string[]; readonly actual: readonly string[] } | null;
  /** Why the transcript could not be replayed (missing team folder, unreadable file). */
  readonly error: string | null;
  /** Set only when the difference is on stderr (rulesets whose cases fix stderr); stdout otherwise. */
  readonly stream?: 'stderr';
}

export interface VerifyResult {
  readonly file: string;
  readonly ms: number;
  /** Null when identical. */
  readonly failure: Failure | null;
}

/** Files named on the command line, and the `.txt` files of named folders, sorted (or the ruleset's own listing). */
export function collectTranscripts(paths: readonly string[], run?: VerifyRun): string[] {
  const out: string[] = [];
  for (const path of paths) {
    if (run?.transcriptsIn !== undefined) {
      out.push(...run.transcriptsIn(path));
      continue;
    }
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      throw new UsageError(`${path}: no such file or folder`);
    }
    if (isFolder) {
      const files = readdirSync(path).filter((f) => f.endsWith('.txt')).sort();
      if (files.length === 0) throw new UsageError(`${path}: the folder holds no .txt transcripts`);
      out.push(...files.map((f) => join(path, f)));
    } else {
      out.push(path);
    }
  }
  return out;
}

export function verifyOne(run: VerifyRun, file: string): VerifyResult {
  const started = performance.now();
  const failure = compare(run, file);
  return { file, ms: Math.round((performance.now() - started) * 10) / 10, failure };
}

function compare(run: VerifyRun, file: string): Failure | null {
  if (run.check !== undefined) return compareCase(run.check, file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return setupFailure(`${file}: E_IO: cannot read transcript (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const check = checkTranscript(text, run.battleFor(file), { ruleset: run.ruleset, skipBlankAndComments: run.skipBlankAndComments, source: file });
    return check.difference === null ? null : difference(check.expected, check.actual);
  } catch (error) {
    if (error instanceof SetupError || error instanceof UsageError) return setupFailure(error.message);
    throw error;
  }
}

/** A ruleset's own full replay: stdout first, then stderr when the case fixes it. */
function compareCase(check: NonNullable<VerifyRun['check']>, file: string): Failure | null {
  let result: ReturnType<typeof check>;
  try {
    result = check(file);
  } catch (error) {
    if (error instanceof SetupError || error instanceof UsageError) return setupFailure(error.message);
    throw error;
  }
  const outcome = difference(result.expected, result.actual);
  if (outcome !== null || result.stderr === undefined) return outcome;
  const err = difference(result.stderr.expected, result.stderr.actual);
  return err === null ? null : { ...err, stream: 'stderr' };
}

function difference(expected: readonly string[], actual: readonly string[]): Failure | null {
  const d = firstDifference(expected, actual);
  if (d === null) return null;
  const from = Math.max(1, d.line - CONTEXT_LINES);
  return {
    line: d.line,
    expected: d.expected,
    actual: d.actual,
    context: { from, expected: expected.slice(from - 1, d.line + CONTEXT_LINES), actual: actual.slice(from - 1, d.line + CONTEXT_LINES) },
    error: null,
  };
}

function setupFailure(message: string): Failure {
  return { line: null, expected: null, actual: null, context: null, error: message };
}

/** The worker entry; `../cli/` holds from dist/cli/ (tsc output) and from dist/chunks/ (the bundle) alike. */
const WORKER = new URL('../cli/verify-worker.js', import.meta.url);

export interface VerifyCommand {
  readonly ruleset: string;
  readonly options: VerifyOptions;
  readonly paths: readonly string[];
  readonly json: boolean;
  /** Worker threads; 1 runs in the main thread. */
  readonly jobs: number;
}

export function defaultJobs(): number {
  return availableParallelism();
}

/** Runs verify and prints the report; returns the exit code (0 all identical, 1 some differ). */
export async function verifyCommand(command: VerifyCommand): Promise<number> {
  const loaded = await loadVerifyRun(command.ruleset, command.options);
  const files = collectTranscripts(command.paths, loaded);
  const preflight = loaded.preflight;
  if (preflight !== undefined) for (const file of files) preflight(file);
  const progress = new Progress(files.length);
  const results = command.jobs > 1 && files.length > 1
    ? await runInWorkers(command, files, progress)
    : await runHere(command, files, progress);
  progress.stop();
  const report = summarise(command.ruleset, results);
  process.stdout.write(command.json ? JSON.stringify(report, null, 2) + '\n' : formatReport(report, useColour()));
  return report.failed === 0 ? 0 : 1;
}

async function runHere(command: VerifyCommand, files: readonly string[], progress: Progress): Promise<VerifyResult[]> {
  const run = await loadVerifyRun(command.ruleset, command.options);
  return files.map((file) => {
    const result = verifyOne(run, file);
    progress.tick();
    return result;
  });
}

/** Each worker takes the next file as soon as it is free; results are put back in file order. */
function runInWorkers(command: VerifyCommand, files: readonly string[], progress: Progress): Promise<VerifyResult[]> {
  const results: VerifyResult[] = new Array(files.length);
  const count = Math.min(command.jobs, files.length);
  let next = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    for (let w = 0; w < count; w++) {
      const worker = new Worker(WORKER, {
        workerData: { ruleset: command.ruleset, options: command.options },
      });
      const feed = () => {
        if (next < files.length) {
          worker.postMessage({ index: next, file: files[next] });
          next++;
        } else {
          worker.postMessage(null);
        }
      };
      worker.on('message', (message: { ready: true } | { index: number; result: VerifyResult }) => {
        if ('index' in message) {
          results[message.index] = message.result;
          progress.tick();
          if (++done === files.length) resolve(results);
        }
        feed();
      });
      worker.on('error', reject);
    }
  });
}

export interface FolderRow {
  readonly folder: string;
  readonly passed: number;
  readonly failed: number;
  readonly ms: number;
}

export interface VerifyReport {
  readonly ruleset: string;
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly ms: number;
  readonly folders: readonly FolderRow[];
  readonly failures: readonly (Failure & { readonly file: string })[];
}

export function summarise(ruleset: string, results: readonly VerifyResult[]): VerifyReport {
  const rows = new Map<string, { passed: number; failed: number; ms: number }>();
  const failures: (Failure & { file: string })[] = [];
  let ms = 0;
  for (const r of results) {
    const folder = dirname(r.file);
    const row = rows.get(folder) ?? { passed: 0, failed: 0, ms: 0 };
    row.ms += r.ms;
    ms += r.ms;
    if (r.failure === null) row.passed++;
    else {
      row.failed++;
      failures.push({ file: r.file, ...r.failure });
    }
    rows.set(folder, row);
  }
  const folders = [...rows].map(([folder, row]) => ({ folder, ...row }));
  const round = (n: number) => Math.round(n * 10) / 10;
  return { ruleset, total: results.length, passed: results.length - failures.length, failed: failures.length, ms: round(ms), folders: folders.map((f) => ({ ...f, ms: round(f.ms) })), failures };
}

function useColour(): boolean {
  return process.stdout.isTTY === true && !('NO_COLOR' in process.env && process.env['NO_COLOR'] !== '');
}

export function formatReport(report: VerifyReport, colour: boolean): string {
  const paint = (style: 'red' | 'green' | 'bold' | 'dim', text: string) => (colour ? styleText(style, text) : text);
  const out: string[] = [];
  for (const f of report.failures) {
    if (f.error !== null || f.line === null) {
      out.push(`${paint('red', 'FAIL')} ${f.file} ${f.error ?? ''}`);
      continue;
    }
    const show = (s: string | null) => (s === null ? '<end of log>' : s);
    const where = f.stream === 'stderr' ? `stderr L${f.line}` : `L${f.line}`;
    out.push(`${paint('red', 'FAIL')} ${f.file} [${where}] expected: ${show(f.expected)} / actual: ${show(f.actual)}`);
    if (f.context !== null) {
      const block = (label: string, lines: readonly string[]) => {
        out.push(`  ${label}:`);
        lines.forEach((text, i) => {
          const n = f.context!.from + i;
          const mark = n === f.line ? '>' : ' ';
          out.push(`  ${mark} ${String(n).padStart(6)} | ${text}`);
        });
      };
      block('expected', f.context.expected);
      block('actual', f.context.actual);
    }
  }
  const width = Math.max(6, ...report.folders.map((r) => r.folder.length));
  const row = (name: string, passed: string, failed: string, time: string) =>
    `${name.padEnd(width)}  ${passed.padStart(6)}  ${failed.padStart(6)}  ${time.padStart(8)}`;
  out.push(paint('bold', row('folder', 'passed', 'failed', 'time')));
  for (const r of report.folders) {
    out.push(row(r.folder, String(r.passed), r.failed === 0 ? '0' : paint('red', String(r.failed).padStart(6)).trimStart(), seconds(r.ms)));
  }
  out.push(paint('bold', row('total', String(report.passed), String(report.failed), seconds(report.ms))));
  const verdict = `${report.passed}/${report.total} identical`;
  out.push(report.failed === 0 ? paint('green', verdict) : paint('red', verdict));
  return out.join('\n') + '\n';
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)}s`;
}

/** A progress bar on stderr, only on a terminal and only once the run has lasted a second. */
class Progress {
  private readonly started = performance.now();
  private done = 0;
  private bar: { update(n: number): void; stop(): void } | null = null;
  private loading = false;

  constructor(private readonly total: number) {}

  tick(): void {
    this.done++;
    if (this.bar !== null) {
      this.bar.update(this.done);
      return;
    }
    if (!this.loading && process.stderr.isTTY && performance.now() - this.started > 1000) {
      this.loading = true;
      void import('cli-progress').then(({ default: progress }) => {
        const bar = new progress.SingleBar(
          { stream: process.stderr, format: 'verify [{bar}] {value}/{total} transcripts', hideCursor: true, clearOnComplete: true },
          progress.Presets.shades_classic,
        );
        bar.start(this.total, this.done);
        this.bar = bar;
      });
    }
  }

  stop(): void {
    this.bar?.stop();
  }
}
