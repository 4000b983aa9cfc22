/**
 * The one case runner: verify, record, golden:bless, fuzz and the golden tests all play a case (core/case.ts)
 * here. The case's command line is parsed by its ruleset's play command alone (the same usage errors in the
 * same words), then the run goes through the core (prepareRun, playLines) and back: never through the whole
 * program again.
 */
import type { CaseSpec, ExpectedText } from '../core/case.js';
import { ComparingSink, expectedLines } from '../core/compare.js';
import { diskFiles, ioReason, makeScratchCopy, overlayFiles, removeScratchCopy } from '../core/files.js';
import { splitLines } from '../core/lines.js';
import type { StateDocument } from '../core/event-stream.js';
import type { CaseOutcome, RulesetEngine, RulesetEntry, StreamCheck } from '../core/ruleset.js';
import { runInto } from '../core/run.js';
import { EXIT_SETUP, MemorySink } from '../core/session.js';
import { firstDifference, transcriptInputs } from '../core/transcript.js';
import { exactLines } from './cases.js';
import { exitCodeFor } from './exit.js';
import { memoryIo, withSafeDiagnostics, type MemoryIo } from './io.js';
import { parsePlayLine, runPlay, type PlayRequest } from './play-command.js';

/** What a case run printed, whole: record and golden:bless write it, fuzz compares another program with it. */
export interface CaseRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  /** The same streams as lines (a transcript's comparison is by lines; a trailing prompt is not a line). */
  readonly stdoutLines: readonly string[];
  readonly stderrLines: readonly string[];
}

/**
 * Plays a case and compares it with what it expects; a long expected transcript is compared as it is read.
 * A setup that fails where the case fixes neither stderr nor the exit code, and whose stdout then differs,
 * is reported as such (BrokenCaseError): its one line says more than the stdout's `<end of log>`.
 */
export async function checkCase(entry: RulesetEntry, engine: RulesetEngine, spec: CaseSpec): Promise<CaseOutcome> {
  const expected = spec.expected.stdout;
  let run: CaseRun;
  let stdout: StreamCheck;
  if ('file' in expected) {
    const source = readExpectedLines(expected.file);
    const sink = new ComparingSink(source());
    run = await playCase(entry, engine, spec, sink, () => sink.settled, source);
    stdout = sink.result();
  } else {
    run = await runCase(entry, engine, spec);
    stdout = spec.compare === 'exact' ? exactCheck(expected.text, run.stdout) : { expected: splitLines(expected.text), actual: run.stdoutLines };
  }
  const unexpected = spec.expected.stderr === undefined && spec.expected.exit === undefined && run.exitCode === EXIT_SETUP;
  if (unexpected && firstDifference(stdout.expected, stdout.actual) !== null) throw new BrokenCaseError(`${spec.path}: the setup failed: ${run.stderrLines.join('; ')}`);
  return withStderrAndExit(spec, stdout, run);
}

/**
 * Plays a case with its state stream and keeps every line of both sides, for a report that shows the whole
 * transcript and the game at a line (verify --reporter html) from one replay; checkCase keeps only a
 * window around the first difference of a long one.
 */
export async function fullOutcome(entry: RulesetEntry, engine: RulesetEngine, spec: CaseSpec): Promise<{ readonly outcome: CaseOutcome; readonly documents: readonly string[] }> {
  const { run, documents } = await streamCase(entry, engine, spec);
  const expected = spec.expected.stdout;
  const stdout: StreamCheck =
    'text' in expected && spec.compare === 'exact' ? { expected: exactLines(expected.text), actual: exactLines(run.stdout) } : { expected: [...readExpected(expected)], actual: run.stdoutLines };
  return { outcome: withStderrAndExit(spec, stdout, run), documents };
}

/** Plays a case and keeps everything it printed. */
export function runCase(entry: RulesetEntry, engine: RulesetEngine, spec: CaseSpec): Promise<CaseRun> {
  return playCase(entry, engine, spec, new MemorySink());
}

/** Plays a case with its `--events` stream (core/event-stream.ts): what it printed, and the stream's documents. */
export async function streamCase(entry: RulesetEntry, engine: RulesetEngine, spec: CaseSpec): Promise<{ readonly run: CaseRun; readonly documents: readonly string[] }> {
  const documents: string[] = [];
  const run = await playCase(entry, engine, spec, new MemorySink(), undefined, undefined, (json) => void documents.push(json));
  return { run, documents };
}

/**
 * The state a run's stream (its documents) has at stdout line `line` (1-based): the state document whose
 * lines hold it, else the last one before it (a line past the end of the run: its last state). Null when the
 * run wrote no stream (a setup that fails) or no state.
 */
export function stateAtLine(documents: readonly string[], line: number): StateDocument | null {
  const states = documents.map((d) => JSON.parse(d) as { t?: string }).filter((d): d is StateDocument => d.t === 'state' && (d as StateDocument).state !== null);
  const holding = states.find((d) => d.lines !== null && d.lines[0] <= line && line <= d.lines[1]);
  return holding ?? states.filter((d) => d.lines !== null && d.lines[1] < line).at(-1) ?? states.at(-1) ?? null;
}

/**
 * A case whose input is on its command line runs as the play command would (its files, `--input`,
 * `--out-dir`, `--events`); a case whose input is lines (a transcript's, a corpus case's) is fed to a
 * battle of the parsed setup through `sink`, with echo, stopping early once `stop` says so.
 */
async function playCase(
  entry: RulesetEntry,
  engine: RulesetEngine,
  spec: CaseSpec,
  sink: MemorySink | ComparingSink,
  stop?: () => boolean,
  expected?: () => Iterator<string>,
  onDocument?: (json: string) => void,
): Promise<CaseRun> {
  if (spec.input.kind === 'args') return fromIo(await runCommandLine(entry, spec, onDocument));
  const parseIo = memoryIo(spec.folder);
  const parsed = await parsedOnce(entry, spec.args, parseIo);
  if (typeof parsed === 'number') return fromIo({ io: parseIo, exitCode: parsed });
  const lines = spec.input.kind === 'lines' ? spec.input.lines : transcriptInputs(expected === undefined ? readExpected(spec.expected.stdout) : { [Symbol.iterator]: expected });
  const exitCode = runInto(
    entry.meta,
    engine,
    {
      args: parsed.args,
      options: parsed.options,
      files: diskFiles(spec.folder),
      ...(parsed.flags.seed === undefined ? {} : { seed: parsed.flags.seed }),
      lines,
      source: spec.input.kind === 'lines' ? spec.input.source : spec.path,
      ...(onDocument === undefined ? {} : { onDocument }),
    },
    sink,
    stop,
  );
  const stdoutLines = sink instanceof MemorySink ? sink.stdout : [];
  return { stdout: sink instanceof MemorySink ? sink.text() : '', stdoutLines, stderr: sink.stderr.map((l) => l + '\n').join(''), stderrLines: sink.stderr, exitCode };
}

/**
 * The streams' lines are split when first read: a passing case compared byte for byte never reads them, and
 * splitting every case's whole log was a measurable part of verifying a corpus.
 */
function fromIo({ io, exitCode }: { io: MemoryIo; exitCode: number }): CaseRun {
  const stdout = io.stdout();
  const stderr = io.stderr();
  let stdoutLines: readonly string[] | undefined;
  let stderrLines: readonly string[] | undefined;
  return {
    stdout,
    stderr,
    exitCode,
    get stdoutLines() {
      return (stdoutLines ??= splitLines(stdout));
    },
    get stderrLines() {
      return (stderrLines ??= splitLines(stderr));
    },
  };
}

/**
 * A command line that parsed, kept for the next case with the same one: every transcript of a course
 * suite has the same `--teams`, most case folders of a corpus the same `<setup> --input commands.txt`, and
 * building the play command per case would be a measurable part of verifying a corpus. (A request holds
 * only the words and values parsed from them, its paths still relative to the case's folder; a parse that
 * succeeds prints nothing, so a kept one leaves the same output.)
 */
const parsedLines = new Map<string, PlayRequest>();

async function parsedOnce(entry: RulesetEntry, args: readonly string[], io: MemoryIo): Promise<PlayRequest | number> {
  const key = JSON.stringify([entry.meta.id, args]);
  const known = parsedLines.get(key);
  if (known !== undefined) return known;
  const parsed = await parseCaseLine(entry, args, io);
  if (typeof parsed !== 'number') parsedLines.set(key, parsed);
  return parsed;
}

/** The case's command line parsed as the play command parses it; its usage errors go to `io`. */
async function parseCaseLine(entry: RulesetEntry, args: readonly string[], io: MemoryIo): Promise<PlayRequest | number> {
  const safe = withSafeDiagnostics(io);
  try {
    return await parsePlayLine(entry, args, safe);
  } catch (error) {
    return exitCodeFor(error, safe);
  }
}

/** `arbiter <id> <args>` in-process, in the case's folder; what the ruleset saves stays in memory (or in a scratch copy). */
async function runCommandLine(entry: RulesetEntry, spec: CaseSpec, onDocument?: (json: string) => void): Promise<{ io: MemoryIo; exitCode: number }> {
  const run = async (io: MemoryIo) => {
    const parsed = await parsedOnce(entry, spec.args, io);
    if (typeof parsed === 'number') return { io, exitCode: parsed };
    const safe = withSafeDiagnostics(io);
    try {
      return { io, exitCode: await runPlay(entry, safe, parsed, onDocument) };
    } catch (error) {
      return { io, exitCode: exitCodeFor(error, safe) };
    }
  };
  // A case runs in place, what its ruleset saves kept in memory (overlayFiles): a scratch copy would be the
  // same run at a cost per case that is a large part of verifying a small corpus. Only play's own output
  // options write past the ruleset's files, and those cases get a copy.
  if (!spec.args.some(writesOutput)) return run(memoryIo(spec.folder, overlayFiles(diskFiles(spec.folder))));
  const copy = makeScratchCopy(spec.folder);
  try {
    return await run(memoryIo(copy));
  } finally {
    removeScratchCopy(copy);
  }
}

/** Play's options that write files: `--out-dir <folder>`, `--events <file>` (or `--opt=value`). */
function writesOutput(arg: string): boolean {
  return ['--out-dir', '--events'].some((option) => arg === option || arg.startsWith(`${option}=`));
}

/** The expected stdout's lines, as often as asked; an unreadable file is a broken case. */
function readExpectedLines(file: string): () => Iterator<string> {
  const lines = readExpected({ file });
  return () => lines[Symbol.iterator]();
}

/** An expected stream's lines (core/compare.ts expectedLines); an unreadable file is a broken case. */
function readExpected(expected: ExpectedText): Iterable<string> {
  if ('text' in expected) return expectedLines(expected);
  try {
    return expectedLines(expected);
  } catch (error) {
    throw new BrokenCaseError(`${expected.file}: E_IO: cannot read transcript (${ioReason(error)})`);
  }
}

/** A case that cannot be played (its expected file unreadable): verify reports it as broken. */
export class BrokenCaseError extends Error {
  override readonly name = 'BrokenCaseError';
}

const IDENTICAL: StreamCheck = { expected: [], actual: [] };

/** Two texts compared byte for byte, shown as lines; equal texts (a passing case) need no lines. */
export function exactCheck(expected: string, actual: string): StreamCheck {
  return expected === actual ? IDENTICAL : { expected: exactLines(expected), actual: exactLines(actual) };
}

/** The stderr and exit code checks a case fixes, beside its stdout check. */
function withStderrAndExit(spec: CaseSpec, stdout: StreamCheck, run: CaseRun): CaseOutcome {
  const { expected } = spec;
  let stderr: StreamCheck | undefined;
  if (expected.stderr !== undefined) {
    stderr = spec.compare === 'exact' ? exactCheck(expected.stderr, run.stderr) : { expected: splitLines(expected.stderr), actual: run.stderrLines };
  }
  return {
    stdout,
    ...(stderr === undefined ? {} : { stderr }),
    ...(expected.exit === undefined ? {} : { exit: { expected: expected.exit, actual: run.exitCode } }),
  };
}
