/**
 * From a ruleset and its setup to battles: load once, then start as many fresh battles as there are
 * choice streams (batch mode), each with its own generator. The seed rule (CONVENTIONS, Randomness) lives
 * here: `--seed` if given, else the setup's seed, else 0; the SEED line goes first in the log.
 */
import { formatSetupError, type Battle } from './battle.js';
import { EventStream } from './event-stream.js';
import { withoutWrites, type Files } from './files.js';
import { Prng } from './prng.js';
import type { Loaded, LoadRequest, RulesetEngine, RulesetMeta, RulesetOptions, SetupText } from './ruleset.js';
import { EXIT_SETUP, MemorySink, runLines, type SessionOptions, type Sink } from './session.js';

export interface SetupRequest {
  readonly args: readonly string[];
  readonly options: RulesetOptions;
  readonly files: Files;
  /** `--seed N`, already checked to be 0..4294967295. */
  readonly seed?: number;
  readonly onEvent?: (json: string) => void;
  /** The `--events` stream's documents (event-stream.ts), one JSON text each: set, every battle writes one. */
  readonly onDocument?: (json: string) => void;
}

/** A battle begun: the lines the core prints before it, and its events stream when one was asked for. */
export interface Begun {
  readonly battle: Battle;
  readonly preamble: readonly string[];
  readonly stream?: EventStream;
}

/** A loaded setup, ready to start battles. */
export interface PreparedRun {
  readonly meta: RulesetMeta;
  readonly warnings: readonly string[];
  /** A fresh battle and the lines the core prints before it (the SEED line); `terminal`, `colour`: see RunContext. */
  begin(terminal?: boolean, colour?: boolean): Begun;
}

export type Prepared = { readonly ok: true; readonly run: PreparedRun } | { readonly ok: false; readonly stdout: readonly string[]; readonly stderr: readonly string[] };

/**
 * The setup slot's files as texts, or the one line an unreadable one gets (CONVENTIONS, Bad input: a setup
 * file that cannot be read is fatal, with a positioned error on stderr).
 */
export function readSetupFiles(args: readonly string[], files: Files): { ok: true; texts: SetupText[] } | { ok: false; line: string } {
  const texts: SetupText[] = [];
  for (const path of args) {
    const read = files.read(path);
    if (!read.ok) return { ok: false, line: formatSetupError(path, 'E_IO', `cannot read ${path} (${read.reason})`) };
    texts.push({ path, text: read.value });
  }
  return { ok: true, texts };
}

/** Reads the setup slot's files and loads them: what every run does before its first battle. */
export function readAndLoad<S>(engine: RulesetEngine<S>, request: Omit<LoadRequest, 'texts'>): Loaded<S> {
  const read = readSetupFiles(request.args, request.files);
  if (!read.ok) return { ok: false, stdout: [], stderr: [read.line] };
  return engine.load({ ...request, texts: read.texts });
}

export function prepareRun(meta: RulesetMeta, engine: RulesetEngine, given: SetupRequest): Prepared {
  const request = meta.writesFiles ? given : { ...given, files: withoutWrites(given.files, meta.id) };
  const loaded = readAndLoad(engine, { args: request.args, options: request.options, files: request.files });
  if (!loaded.ok) return loaded;
  const draws = meta.seeded && meta.unseeded?.(request.options) !== true;
  const seed = request.seed ?? loaded.seed ?? 0;
  return {
    ok: true,
    run: {
      meta,
      warnings: loaded.warnings,
      begin(terminal = false, colour = false) {
        const rng = draws ? Prng.seeded(seed) : null;
        const stream = request.onDocument === undefined ? undefined : new EventStream(request.onDocument, { ruleset: meta.id, rules: meta.rulesVersion, seed: rng === null ? null : seed });
        const onEvent = eventSink(request.onEvent, stream);
        const battle = engine.start(loaded.setup, {
          rng,
          options: request.options,
          files: request.files,
          terminal,
          colour: terminal && colour,
          ...(onEvent === undefined ? {} : { onEvent }),
        });
        stream?.attach(battle);
        return { battle, preamble: rng === null ? [] : [rng.seedLine], ...(stream === undefined ? {} : { stream }) };
      },
    },
  };
}

/** The ruleset's own events go to the caller's hook and into the stream, when either is there. */
function eventSink(hook: ((json: string) => void) | undefined, stream: EventStream | undefined): ((json: string) => void) | undefined {
  if (stream === undefined) return hook;
  if (hook === undefined) return stream.rulesetEvent;
  return (json) => {
    hook(json);
    stream.rulesetEvent(json);
  };
}

export function sessionOptions(meta: RulesetMeta, source: string, echo: boolean, preamble: readonly string[], stream?: EventStream): SessionOptions {
  return { echo, source, ruleset: meta.id, skipBlankAndComments: meta.skipBlankAndComments, preamble, ...(stream === undefined ? {} : { observer: stream }) };
}

/** The sink a session writes to: with an events stream, one that counts the stdout lines for it. */
export function streamSink(begun: Begun, sink: Sink): Sink {
  return begun.stream === undefined ? sink : begun.stream.counting(sink);
}

/** Plays one battle of a prepared run on a list of lines; returns the exit code. */
export function playLines(run: PreparedRun, lines: Iterable<string>, sink: Sink, source: string, echo: boolean, stop?: () => boolean): number {
  const begun = run.begin();
  return runLines(begun.battle, lines, streamSink(begun, sink), sessionOptions(run.meta, source, echo, begun.preamble, begun.stream), stop);
}

export interface MemoryRun {
  readonly stdout: string[];
  readonly stderr: string[];
  readonly exitCode: number;
  /** stdout as a file: `\n` after every line (a trailing prompt kept). */
  readonly text: string;
}

export type LinesRequest = SetupRequest & { readonly lines: Iterable<string>; readonly source?: string; readonly echo?: boolean };

/**
 * A whole run into `sink`, setup failures and warnings included: what the CLI prints, without a process.
 * `stop`: the caller has seen enough (verify's first difference). Returns the exit code.
 */
export function runInto(meta: RulesetMeta, engine: RulesetEngine, request: LinesRequest, sink: Sink, stop?: () => boolean): number {
  const prepared = prepareRun(meta, engine, request);
  if (!prepared.ok) {
    for (const line of prepared.stdout) sink.out(line);
    for (const line of prepared.stderr) sink.err(line);
    return EXIT_SETUP;
  }
  for (const w of prepared.run.warnings) sink.err(w);
  return playLines(prepared.run, request.lines, sink, request.source ?? '<input>', request.echo ?? true, stop);
}

/** A whole run in memory (runInto a MemorySink). */
export function runInMemory(meta: RulesetMeta, engine: RulesetEngine, request: LinesRequest): MemoryRun {
  const sink = new MemorySink();
  const exitCode = runInto(meta, engine, request, sink);
  return { stdout: sink.stdout, stderr: sink.stderr, exitCode, text: sink.text() };
}
