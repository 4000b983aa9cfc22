/**
 * `arbiter <ruleset> verify`: replays golden cases and compares. A case of any layout (a CONVENTIONS case
 * folder, or a ruleset's own: SMT transcripts, Clairvoyance corpus folders) is read as one value
 * (core/case.ts) and played by the one runner (case-run.ts), or by another program with `--exec`. The report: one block per failing case (the stream that differs, its
 * first differing line as `[L<n>]` with two lines of context from both sides), then a table per folder and
 * a total. `--json` prints the same as one JSON document; `--jobs N` spreads the cases over worker threads
 * with the same results in the same order.
 */
import { resolve } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { isBroken, type BrokenCase, type CaseSpec } from '../core/case.js';
import { diskFiles, ioReason, writeAtomically } from '../core/files.js';
import type { CaseOutcome, RulesetEngine, RulesetEntry, RulesetOptions, StreamCheck } from '../core/ruleset.js';
import { firstDifference } from '../core/transcript.js';
import { BrokenCaseError, checkCase, fullOutcome, stateAtLine, streamCase } from './case-run.js';
import { layoutsOf } from './cases.js';
import { UsageError, type Io } from './io.js';
import { os, workerThreads } from '../entry/builtins.js';
import { externalOutcome, processProblem, runExternal, timed, type ExecOptions, type ExternalOutcome } from './exec.js';
import { junitReport, tapReport } from './reporters.js';
import { htmlReport } from './report-html.js';
import type { Reporter, Shard } from './verify-options.js';
import { useColour } from './colour.js';
import { formatReport, Progress, summarise, type BoardAt, type Failure, type VerifyReport, type VerifyResult } from './verify-report.js';
import { msSince, nowMs } from './clock.js';

export type { Failure, VerifyResult };

/** Lines of context shown on each side of the first difference. */
export const CONTEXT_LINES = 2;

/** One case to verify, read up front (a broken case is reported when its turn comes). */
export interface VerifyItem {
  /** The path as the report names it: relative to what was given on the command line. */
  readonly shown: string;
  readonly spec: CaseSpec | BrokenCase;
}

/** The cases the command-line paths stand for, in every layout the ruleset knows, checked before anything runs (usage errors, exit 2). */
export function collectItems(entry: RulesetEntry, engine: RulesetEngine, givenPaths: readonly string[], options: RulesetOptions, cwd: string): VerifyItem[] {
  const items: VerifyItem[] = [];
  // Paths are the command's, relative to its working folder, and are reported as given.
  const files = diskFiles(resolve(cwd));
  const layouts = layoutsOf(entry.meta.id, engine);
  for (const given of givenPaths) {
    const found = layouts.flatMap((layout) => (layout.find(given, files) ?? []).map((p) => ({ p, layout })));
    if (found.length === 0) throw new UsageError(`${given}: no cases found (expected a case folder with args.txt, a folder of them${engine.layouts === undefined ? '' : ', or a transcript'})`);
    found.sort((a, b) => (a.p < b.p ? -1 : a.p > b.p ? 1 : 0));
    for (const { p, layout } of found) {
      const spec = layout.read(p, options, files);
      if (isBroken(spec) && spec.fatal === true) throw new UsageError(spec.broken);
      items.push({ shown: p, spec });
    }
  }
  return items;
}

/** Which cases keep every line of both sides for the report: none, the failing ones, or all. */
export type DetailFor = 'none' | 'failures' | 'all';

export async function verifyOne(entry: RulesetEntry, engine: RulesetEngine, item: VerifyItem, detailFor: DetailFor = 'none'): Promise<VerifyResult> {
  const started = nowMs();
  let failure: Failure | null;
  let detail: CaseOutcome | undefined;
  let board: BoardAt | undefined;
  const spec = item.spec;
  if (isBroken(spec)) failure = brokenCase(spec.broken);
  else if (spec.unrecorded !== undefined) failure = brokenCase(spec.unrecorded);
  else {
    try {
      failure = compareOutcome(await checkCase(entry, engine, spec));
      // Played again, whole and with its states: the check compared a long transcript as it read it and kept a window.
      if (detailFor === 'all' || (detailFor === 'failures' && failure !== null)) {
        const full = await fullOutcome(entry, engine, spec);
        detail = full.outcome;
        const line = failure === null ? null : stdoutLine(failure);
        if (line !== null) board = await boardAt(entry, full.documents, line, 'actual');
      }
    } catch (error) {
      if (!(error instanceof BrokenCaseError)) throw error;
      failure = brokenCase(error.message);
    }
  }
  const ms = msSince(started);
  return { file: item.shown, ms, failure, ...(detail === undefined ? {} : { detail }), ...(board === undefined ? {} : { board }) };
}

/**
 * The state at a failure's first differing stdout line, drawn by the ruleset's view: of the run compared
 * (`actual`) or, beside another program, of Arbiter's own run of the case (`arbiter`), which is where the
 * expected transcript stands at that line. None for a run without states.
 */
async function boardAt(entry: RulesetEntry, documents: readonly string[], line: number, source: BoardAt['source']): Promise<BoardAt | undefined> {
  if (entry.view === undefined) return undefined;
  const doc = stateAtLine(documents, line);
  if (doc === null) return undefined;
  const view = await entry.view();
  return { line, input: doc.input, source, html: view.render(doc.state) };
}

/** The stdout line a failure points at: its own, or for a program that crashed, where its stdout first differs. */
function stdoutLine(failure: Failure, outcome?: ExternalOutcome): number | null {
  if (failure.stream === 'stdout') return failure.line;
  if (failure.stream !== undefined || outcome === undefined) return null;
  return firstDifference(outcome.stdout.expected, outcome.stdout.actual)?.line ?? null;
}

/** stdout first, then stderr and the exit code where the case fixes them; another program's note rides on its failure. */
export function compareOutcome(outcome: ExternalOutcome): Failure | null {
  const failure = firstFailure(outcome);
  return failure === null || outcome.program === undefined ? failure : { ...failure, program: outcome.program };
}

function firstFailure(outcome: CaseOutcome): Failure | null {
  const out = difference(outcome.stdout);
  if (out !== null) return { ...out, stream: 'stdout' };
  if (outcome.stderr !== undefined) {
    const err = difference(outcome.stderr);
    if (err !== null) return { ...err, stream: 'stderr' };
  }
  if (outcome.exit !== undefined && outcome.exit.expected !== outcome.exit.actual) {
    return { line: null, expected: String(outcome.exit.expected), actual: String(outcome.exit.actual), context: null, error: null, stream: 'exit' };
  }
  return null;
}

function difference({ expected, actual, from: offset = 1 }: StreamCheck): Failure | null {
  const d = firstDifference(expected, actual);
  if (d === null) return null;
  // Within the lists (a window of the logs when `offset` > 1), then as line numbers of the logs.
  const from = Math.max(1, d.line - CONTEXT_LINES);
  return {
    line: d.line + offset - 1,
    expected: d.expected,
    actual: d.actual,
    context: { from: from + offset - 1, expected: expected.slice(from - 1, d.line + CONTEXT_LINES), actual: actual.slice(from - 1, d.line + CONTEXT_LINES) },
    error: null,
  };
}

function brokenCase(message: string): Failure {
  return { line: null, expected: null, actual: null, context: null, error: message };
}

/** Defined by scripts/build/bundle.mjs in the CLI bundles: the worker's own bundle, beside them in dist/bundle/. */
declare const ARBITER_WORKER_BUNDLE: string | undefined;
/** The worker entry: the worker bundle from a bundle, the tsc module beside this one from the modules. */
const WORKER = new URL(typeof ARBITER_WORKER_BUNDLE === 'string' ? ARBITER_WORKER_BUNDLE : './verify-worker.js', import.meta.url);

export interface VerifyCommand {
  readonly entry: RulesetEntry;
  readonly options: RulesetOptions;
  readonly paths: readonly string[];
  readonly json: boolean;
  /** Worker threads; 1 runs in the main thread. */
  readonly jobs: number;
  /** Stop once this many cases have failed. */
  readonly maxFailures?: number;
  /** Print the total and the verdict only. */
  readonly quiet?: boolean;
  /** `--color` / `--no-color`; undefined: decided from the environment. */
  readonly colour?: boolean;
  /** Run the cases through another program instead of Arbiter's engine. */
  readonly exec?: ExecOptions;
  /** `--shard i/n`: only every n-th case, starting with the i-th (1-based), of the sorted list. */
  readonly shard?: Shard;
  readonly reporter?: Reporter;
  /** Write the report to this file instead of stdout. */
  readonly out?: string;
  /** `--embed-passing`: the HTML report holds the text of passing cases too. */
  readonly embedPassing?: boolean;
}

/** The HTML report shows whole transcripts: of failing cases, and of passing ones when asked. */
function detailFor(command: VerifyCommand): DetailFor {
  if (command.reporter !== 'html') return 'none';
  return command.embedPassing === true ? 'all' : 'failures';
}

/** Round-robin over the sorted cases: shards differ by at most one case and together hold every case once. */
export function shardOf<T>(items: readonly T[], shard: Shard | undefined): T[] {
  return shard === undefined ? [...items] : items.filter((_, k) => k % shard.count === shard.index - 1);
}

/** Runs verify and prints the report; returns the exit code (0 all identical, 1 some differ). */
export async function verifyCommand(command: VerifyCommand, io: Io): Promise<number> {
  const engine = await command.entry.engine();
  const found = collectItems(command.entry, engine, command.paths, command.options, io.cwd);
  const items = shardOf(found, command.shard);
  // A CI matrix larger than the suite would pass its extra jobs on nothing ("0/0 identical"): a usage error.
  if (command.shard !== undefined && items.length === 0) {
    const { index, count } = command.shard;
    throw new UsageError(`--shard ${index}/${count} is empty: only ${found.length} case(s) found for ${count} shards`);
  }
  const cpus = os().availableParallelism();
  let jobs = command.jobs;
  if (jobs > cpus) {
    io.err(`verify: --jobs ${jobs} capped at ${cpus} (the number of CPUs)\n`);
    jobs = cpus;
  }
  const progress = await Progress.create(items.length, io);
  const started = nowMs();
  try {
    const results =
      command.exec !== undefined
        ? await runExternalCases(command, engine, command.exec, items, jobs, progress)
        : jobs > 1 && items.length > 1
          ? await runInWorkers(command, items, jobs, progress)
          : await runHere(command, engine, items, progress);
    progress.stop();
    const report = summarise(command.entry.meta.id, results, items.length, nowMs() - started);
    // The HTML report draws each failing case's game with the ruleset's view, in the view's CSS.
    const viewCss = command.reporter === 'html' ? (await command.entry.view?.())?.css : undefined;
    const text = formatAs(command.reporter ?? (command.json ? 'json' : 'table'), report, results, useColour(io, command.out === undefined ? command.colour : false), command.quiet === true, viewCss);
    if (command.out === undefined) io.out(text);
    else {
      const saved = writeAtomically(resolve(io.cwd, command.out), text);
      if (!saved.ok) throw new UsageError(`--out ${command.out}: cannot write the report (${saved.reason})`);
      io.err(`${report.passed}/${report.total} identical; report written to ${command.out}\n`);
    }
    return report.failed === 0 ? 0 : 1;
  } finally {
    progress.stop();
  }
}

function formatAs(reporter: Reporter, report: VerifyReport, results: readonly VerifyResult[], colour: boolean, quiet: boolean, viewCss?: string): string {
  switch (reporter) {
    case 'json':
      return JSON.stringify(report, null, 2) + '\n';
    case 'junit':
      return junitReport(report, results);
    case 'tap':
      return tapReport(report, results);
    case 'html':
      return htmlReport(report, results, viewCss === undefined ? {} : { viewCss });
    case 'table':
      return formatReport(report, colour, quiet);
  }
}

async function verifyExternal(entry: RulesetEntry, engine: RulesetEngine, exec: ExecOptions, item: VerifyItem, detailFor: DetailFor): Promise<VerifyResult> {
  let detail: ExternalOutcome | undefined;
  let board: BoardAt | undefined;
  const { value: failure, ms } = await timed(async (): Promise<Failure | null> => {
    const spec = item.spec;
    if (isBroken(spec)) return brokenCase(spec.broken);
    if (spec.unrecorded !== undefined) return brokenCase(spec.unrecorded);
    try {
      const run = await runExternal(spec, exec);
      const problem = processProblem(run, exec, spec.expected.exit);
      const outcome = externalOutcome(spec, run, exec);
      const failed = problem !== null ? brokenCase(problem) : compareOutcome(outcome);
      // The program's own run, not a second one: another program need not print the same twice.
      if (detailFor === 'all' || (detailFor === 'failures' && failed !== null)) detail = outcome;
      // The other program writes no states: Arbiter's own run shows where the game should stand.
      const line = detailFor === 'none' || failed === null ? null : stdoutLine(failed, outcome);
      if (line !== null) board = await boardAt(entry, (await streamCase(entry, engine, spec)).documents, line, 'arbiter');
      return failed;
    } catch (error) {
      // The expected transcript could not be read (for the program's stdin, or to compare).
      if (error instanceof Error && 'code' in error) return brokenCase(`${item.shown}: E_IO: cannot read the expected output (${ioReason(error)})`);
      throw error;
    }
  });
  return { file: item.shown, ms, failure, ...(detail === undefined ? {} : { detail }), ...(board === undefined ? {} : { board }) };
}

/** `jobs` programs at a time; results in case order, cut after --max-failures as with the engine. */
async function runExternalCases(command: VerifyCommand, engine: RulesetEngine, exec: ExecOptions, items: readonly VerifyItem[], jobs: number, progress: Progress): Promise<VerifyResult[]> {
  const results: (VerifyResult | undefined)[] = new Array(items.length);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < items.length && !(command.maxFailures !== undefined && failed >= command.maxFailures)) {
      const index = next++;
      const result = await verifyExternal(command.entry, engine, exec, items[index]!, detailFor(command));
      results[index] = result;
      if (result.failure !== null) failed++;
      progress.tick();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return inOrderUntilLimit(results, command.maxFailures);
}

async function runHere(command: VerifyCommand, engine: RulesetEngine, items: readonly VerifyItem[], progress: Progress): Promise<VerifyResult[]> {
  const results: VerifyResult[] = [];
  let failed = 0;
  for (const item of items) {
    const result = await verifyOne(command.entry, engine, item, detailFor(command));
    results.push(result);
    progress.tick();
    if (result.failure !== null && ++failed === command.maxFailures) break;
  }
  return results;
}

/**
 * Each worker takes the next case as soon as it is free; results are put back in case order. With
 * --max-failures, no new case is handed out once enough have failed, and the report keeps the cases before
 * the first unfinished one (so it is the same as with --jobs 1).
 */
function runInWorkers(command: VerifyCommand, items: readonly VerifyItem[], jobs: number, progress: Progress): Promise<VerifyResult[]> {
  // Loaded here, not with verify: most runs use one thread, and loading worker_threads costs a start ~2 ms.
  const { Worker } = workerThreads();
  const results: (VerifyResult | undefined)[] = new Array(items.length);
  const count = Math.min(jobs, items.length);
  let next = 0;
  let failed = 0;
  let idle = 0;
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const fail = (error: unknown) => {
      for (const w of workers) void w.terminate();
      reject(error);
    };
    const finish = () => resolve(inOrderUntilLimit(results, command.maxFailures));
    for (let w = 0; w < count; w++) {
      const worker = new Worker(WORKER, { workerData: { ruleset: command.entry.meta.id, detailFor: detailFor(command) } });
      workers.push(worker);
      const feed = () => {
        const stopping = command.maxFailures !== undefined && failed >= command.maxFailures;
        if (next < items.length && !stopping) worker.postMessage({ index: next, item: items[next++] });
        else {
          worker.postMessage(null);
          if (++idle === count) finish();
        }
      };
      worker.on('message', (message: { ready: true } | { index: number; result: VerifyResult } | { error: string }) => {
        if ('error' in message) return fail(new Error(message.error));
        if ('index' in message) {
          results[message.index] = message.result;
          if (message.result.failure !== null) failed++;
          progress.tick();
        }
        feed();
      });
      worker.on('error', fail);
    }
  });
}

/** The results in case order up to the first case not run, cut after the `limit`-th failure. */
function inOrderUntilLimit(results: readonly (VerifyResult | undefined)[], limit: number | undefined): VerifyResult[] {
  const out: VerifyResult[] = [];
  let failed = 0;
  for (const r of results) {
    if (r === undefined) break;
    out.push(r);
    if (r.failure !== null && ++failed === limit) break;
  }
  return out;
}
