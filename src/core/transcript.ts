/**
 * Transcripts: the printed log of a battle, whose `INPUT: ` lines are the choices that produced it.
 * Reading the inputs back and replaying them regenerates the log; comparison is line by line, because the
 * course's own transcripts are inconsistent about a final newline.
 */
import { splitLines } from './lines.js';

export const INPUT_PREFIX = 'INPUT: ';

/**
 * Splits a transcript into its lines (a final newline does not add an empty line; CR line ends and a
 * BOM are accepted, as in every input, CONVENTIONS).
 */
export function parseTranscript(text: string): string[] {
  return splitLines(text);
}

/** Writes lines as a transcript file: `\n` after every line. */
export function makeTranscript(lines: readonly string[]): string {
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

/** The choice values echoed in a transcript, in order, exactly as echoed (trailing spaces kept); the lines may be read as they come. */
export function transcriptInputs(lines: Iterable<string>): string[] {
  const inputs: string[] = [];
  for (const line of lines) if (line.startsWith(INPUT_PREFIX)) inputs.push(line.slice(INPUT_PREFIX.length));
  return inputs;
}

export interface Difference {
  /** 1-based line number of the first differing line. */
  readonly line: number;
  /** The expected line, or null when the expected log ended first. */
  readonly expected: string | null;
  /** The actual line, or null when the actual log ended first. */
  readonly actual: string | null;
}

export function firstDifference(expected: readonly string[], actual: readonly string[]): Difference | null {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    if (expected[i] !== actual[i]) {
      return { line: i + 1, expected: expected[i] ?? null, actual: actual[i] ?? null };
    }
  }
  return null;
}

export function formatDifference(d: Difference): string {
  const show = (s: string | null) => (s === null ? '<end of log>' : s);
  return `[L${d.line}] expected: ${show(d.expected)} / actual: ${show(d.actual)}`;
}
