/**
 * The `--events FILE` stream of every ruleset (issue 25, docs/events.md): JSON documents, one per line. The
 * core writes a header, then after each step (the opening, each consumed input line, the end of input) a
 * `state` document with the stdout lines the step printed and the battle's `viewState()`. A ruleset's own
 * events (RunContext.onEvent: Clairvoyance's rolls, Marauders' draws) are held until their step ends and
 * written before its state document, each with the step's lines added. Only the core counts lines, so
 * every ruleset gets them the same way; the stream never changes stdout.
 */
import type { Battle } from './battle.js';
import type { Sink, StepAt, StepObserver } from './session.js';

export type { StepAt, StepObserver };

/** The stream format's version: the header's `v`. */
export const STREAM_VERSION = 1;

/** The first document. */
export interface StreamHeader {
  readonly v: typeof STREAM_VERSION;
  readonly ruleset: string;
  readonly t: 'stream';
  readonly rules: string;
  /** The generator's seed; null when the run draws nothing. */
  readonly seed: number | null;
}

/** One state document: the stdout lines `[first, last]` (1-based, inclusive; null: none) and the state after the step. */
export interface StateDocument<S = unknown> {
  readonly t: 'state';
  /** 0 for the opening, then one per consumed input line (skipped blank and `#` lines are not steps) and the end of input. */
  readonly step: number;
  readonly at: StepAt;
  readonly input: string | null;
  /** The rejection code of a refused line (its state is the one before it). */
  readonly error?: string;
  readonly lines: readonly [number, number] | null;
  /** The ruleset's JSON state (its `viewState()`); null when the battle broke. */
  readonly state: S | null;
}

export class EventStream implements StepObserver {
  private written = 0;
  private from = 1;
  private steps = 0;
  private held: string[] = [];
  private battle: Battle | null = null;

  constructor(
    private readonly write: (json: string) => void,
    header: Omit<StreamHeader, 'v' | 't'>,
  ) {
    write(JSON.stringify({ v: STREAM_VERSION, ruleset: header.ruleset, t: 'stream', rules: header.rules, seed: header.seed }));
  }

  /** The ruleset's own event (a JSON object), held until its step ends. */
  readonly rulesetEvent = (json: string): void => {
    this.held.push(json);
  };

  attach(battle: Battle): void {
    this.battle = battle;
  }

  /** `sink` with its stdout lines counted (a prompt is not a line until a line ends it). */
  counting(sink: Sink): Sink {
    return {
      out: (line) => {
        this.written++;
        sink.out(line);
      },
      err: (line) => sink.err(line),
      partial: (text) => sink.partial(text),
    };
  }

  step(at: StepAt, input: string | null, rejected: string | null): void {
    const lines: [number, number] | null = this.written >= this.from ? [this.from, this.written] : null;
    this.from = this.written + 1;
    for (const json of this.held) {
      const event = JSON.parse(json) as Record<string, unknown>;
      this.write(JSON.stringify({ ...event, lines }));
    }
    this.held = [];
    let state: unknown = null;
    try {
      state = this.battle?.viewState?.() ?? null;
    } catch {
      // A broken battle (an internal error) has no state to show; the log says why.
    }
    const doc = { t: 'state', step: this.steps++, at, input, ...(rejected === null ? {} : { error: rejected }), lines, state };
    this.write(JSON.stringify(doc));
  }
}
