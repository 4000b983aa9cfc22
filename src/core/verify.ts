/**
 * Replay and compare: the engine behind `arbiter <ruleset> verify`. A transcript's `INPUT:` values are fed
 * to a fresh battle with echo on, and the resulting log is compared line by line with the transcript.
 */
import type { Battle } from './battle.js';
import { MemorySink, runLines } from './session.js';
import { firstDifference, parseTranscript, transcriptInputs, type Difference } from './transcript.js';

export interface ReplayResult {
  readonly lines: string[];
  readonly stderr: string[];
  readonly exitCode: number;
}

export interface ReplayOptions {
  readonly ruleset: string;
  readonly skipBlankAndComments: boolean;
  readonly source?: string;
}

/** Runs a battle on the given choices with echo on, as a piped run would. */
export function replay(battle: Battle, inputs: readonly string[], options: ReplayOptions): ReplayResult {
  const sink = new MemorySink();
  const exitCode = runLines(battle, inputs, sink, {
    echo: true,
    source: options.source ?? '<transcript>',
    ruleset: options.ruleset,
    skipBlankAndComments: options.skipBlankAndComments,
  });
  return { lines: sink.stdout, stderr: sink.stderr, exitCode };
}

export interface TranscriptCheck {
  /** Null when the replay reproduced the transcript exactly. */
  readonly difference: Difference | null;
  readonly expected: string[];
  readonly actual: string[];
}

/** Replays one transcript text through `battle` and compares. */
export function checkTranscript(text: string, battle: Battle, options: ReplayOptions): TranscriptCheck {
  const expected = parseTranscript(text);
  const result = replay(battle, transcriptInputs(expected), options);
  return { difference: firstDifference(expected, result.lines), expected, actual: result.lines };
}
