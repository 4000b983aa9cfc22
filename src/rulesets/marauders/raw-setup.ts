/** The raw setup of pass 1 (parse-setup.ts), which pass 2 (setup-checks.ts) checks: shared by both passes. */
import type { Axis, El, Mark, Mode, OptionId, PlayerId, SpellChoice, Tier } from './model.js';

/** One key's text and its line, kept raw for the checks that need the whole file. */
export interface RawEntry {
  readonly text: string;
  readonly line: number;
}

/** Line numbers of the keys that were given (1-based). */
export interface SetupLines {
  mode?: number;
  tier?: number;
  options?: number;
  seed?: number;
  turnLimit?: number;
  startTurn?: number;
  force?: number;
  board?: number;
  /** The line after the last one (whole-file checks with no key line). */
  end: number;
}

/** Everything pass 1 collected: typed values and the raw text of the keys checked in pass 2. */
export interface RawSetup {
  mode?: Mode;
  tier?: Tier;
  options?: OptionId[];
  seed?: number;
  names: { 1?: string; 2?: string };
  turnLimit?: number;
  startTurn?: number;
  force?: [number, number];
  elements?: RawEntry;
  hp?: RawEntry;
  boardRows?: RawEntry[];
  /** Read and checked for form and repeats at their line (D87); the rest waits for the whole file. */
  shields: (RawEntry & { p: PlayerId; ax: Axis; lane: number; el: El; s: number })[];
  marks: (RawEntry & { r: number; c: number; token: string; mark: Mark })[];
  pending: (RawEntry & { p: PlayerId; el: El })[];
  spells: (RawEntry & { p: PlayerId; choice: SpellChoice })[];
  lines: SetupLines;
}
