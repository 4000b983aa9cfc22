/**
 * What a ruleset plugs into Arbiter. A ruleset is a folder `src/rulesets/<id>/` with a small static
 * `meta.ts` (read at start-up for `--help`) and an `engine.ts` loaded only by the command that runs it.
 * The generic CLI builds `arbiter <id>`, `record` and `verify` from the meta; the core runs the engine.
 * Imports nothing from cli/ or rulesets/.
 */
import type { Battle } from './battle.js';
import type { BrokenCase, CaseSpec } from './case.js';
import type { Files } from './files.js';
import type { Prng } from './prng.js';

/** 18xx-style maturity: alpha (incomplete), beta (complete, may change), stable (recorded games per ending). */
export type Maturity = 'alpha' | 'beta' | 'stable';

/** How the command line names the setup files. */
export type SetupSlot =
  | { readonly kind: 'none' }
  | { readonly kind: 'file'; readonly name: string; readonly optional: boolean }
  | { readonly kind: 'files'; readonly name: string };

/** Which commands offer an option. */
export type OptionCommand = 'play' | 'record' | 'verify';

/** A ruleset's own option, declared as data so no ruleset imports commander. */
export interface OptionSpec {
  /** Commander flags: `--teams <folder>`, `--strict`. The key in RulesetOptions is its camelCase name. */
  readonly flags: string;
  readonly help: string;
  readonly choices?: readonly string[];
  /** Default: play and record. */
  readonly on?: readonly OptionCommand[];
  /** Play and record fail with a usage error without it (SMT's `--teams`); verify may find it per case. */
  readonly requiredToPlay?: boolean;
  /** Usage error when both are given (option keys, `seed` included). */
  readonly excludes?: readonly string[];
}

export interface RulesetMeta {
  /** The subcommand, and the folder name under src/rulesets, data and test-cases. */
  readonly id: string;
  readonly title: string;
  readonly rulesVersion: string;
  readonly maturity: Maturity;
  readonly setup: SetupSlot;
  /**
   * Draws random numbers: the CLI offers `--seed N` and the core prints `SEED xoroshiro128plus:<n>` as
   * the first log line (CONVENTIONS, Randomness), unless `unseeded` says the options switch dice off.
   */
  readonly seeded: boolean;
  /** Options under which a seeded ruleset draws nothing (Clairvoyance's `--dice max|min`). */
  readonly unseeded?: (options: RulesetOptions) => boolean;
  /**
   * The engine may write files (through RunContext.files, as Tactics' `map save` does). A ruleset that
   * declares it writes nothing and writes is stopped with an internal error, so no run of it can change a
   * user's files by surprise. (Case folders run in place either way, their writes kept in memory.)
   */
  readonly writesFiles: boolean;
  /** Empty and `#` choice lines are skipped without echo (every ruleset but SMT). */
  readonly skipBlankAndComments: boolean;
  readonly options: readonly OptionSpec[];
  /** Writes every event as a JSON line with `--events FILE`. */
  readonly events?: boolean;
  /**
   * `--help` examples, each runnable as written from the repository root (without the `arbiter` word).
   * `fuzz`: where the derived one (the first play example, `--exec` with Arbiter itself) would not run, as
   * for SMT, whose course layout gives another program the team folder as its bare argument.
   */
  readonly examples: { readonly play: readonly string[]; readonly record: readonly string[]; readonly verify: readonly string[]; readonly fuzz?: readonly string[] };
}

export interface SetupText {
  readonly path: string;
  readonly text: string;
}

/** Parsed option values by camelCase key (`teams`, `dice`, `strict`); absent options are undefined. */
export type RulesetOptions = Readonly<Record<string, string | boolean | undefined>>;

export interface LoadRequest {
  /** The positional setup paths as given (relative to `files.base`); [] for a ruleset without a setup slot. */
  readonly args: readonly string[];
  /**
   * The setup slot's files, read by the core in the order given (one per arg), so an unreadable one is
   * reported in one wording for every ruleset. Files a setup names inside itself are the ruleset's to read.
   */
  readonly texts: readonly SetupText[];
  readonly options: RulesetOptions;
  readonly files: Files;
}

/**
 * A checked setup, or what a failed load prints. A load never throws for anything a user can write;
 * `stderr` lines are positioned diagnostics (`<file>:<line>:<col>: <CODE>: <message>`).
 */
export type Loaded<S> =
  | {
      readonly ok: true;
      readonly setup: S;
      /** The seed the setup file names, used when `--seed` is absent. */
      readonly seed?: number;
      /** Diagnostics for stderr that do not stop the run (Clairvoyance's W_NAME). */
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly stdout: readonly string[]; readonly stderr: readonly string[] };

export interface RunContext {
  /** The generator, seeded; null when the ruleset draws nothing in this run. */
  readonly rng: Prng | null;
  readonly options: RulesetOptions;
  /** File access rooted at the run's folder (the case's scratch copy under verify). */
  readonly files: Files;
  /** Set with `--events FILE`: one JSON document per event. */
  readonly onEvent?: (json: string) => void;
  /**
   * A person plays at a terminal (stdin and stdout both terminals, echo off): a ruleset may show extra help
   * (coordinates, legends) that no log, pipe or file ever gets.
   */
  readonly terminal?: boolean;
  /**
   * With `terminal`: the person's terminal takes colour (NO_COLOR unset, or FORCE_COLOR), so a board or a
   * status view may use ANSI colours. Never set for a log, a pipe or a file.
   */
  readonly colour?: boolean;
}

export interface RulesetEngine<S = unknown> {
  load(request: LoadRequest): Loaded<S>;
  /** A fresh battle; two calls share nothing (batch mode). */
  start(setup: S, context: RunContext): Battle;
  /**
   * The ruleset's own case layouts besides CONVENTIONS' case folders (SMT's `-Tests` transcripts,
   * Clairvoyance's corpus folders): each turns its files into the one case model.
   */
  readonly layouts?: readonly CaseLayout[];
}

/** One stream of a case: expected beside actual, as lines. */
export interface StreamCheck {
  readonly expected: readonly string[];
  readonly actual: readonly string[];
  /** The line number of the first element of both lists, when they are a window of longer logs (default 1). */
  readonly from?: number;
}

/** What a case replay printed beside what the case expects; absent streams are not compared. */
export interface CaseOutcome {
  readonly stdout: StreamCheck;
  readonly stderr?: StreamCheck;
  readonly exit?: { readonly expected: number; readonly actual: number };
}

/** How the game viewer draws a ruleset's state (`src/rulesets/<id>/view.ts`, docs/viewer.md). */
export interface RulesetView {
  /** One `state` document's state (the battle's viewState()) as HTML with inline SVG, every value escaped. */
  render(state: unknown): string;
  /** The CSS its drawings use. */
  readonly css: string;
}

/** The registry's entry: the static meta, and the engine (and the viewer's drawing) behind a dynamic import. */
export interface RulesetEntry {
  readonly meta: RulesetMeta;
  readonly engine: () => Promise<RulesetEngine>;
  readonly view?: () => Promise<RulesetView>;
}

/** A generated game, for a layout that writes games its own way. */
export interface GameToWrite {
  readonly options: RulesetOptions;
  readonly stdout: string;
}

/** A ruleset's own case layout, declared in its folder and read through `Files`. */
export interface CaseLayout {
  readonly name: string;
  /** The cases a path stands for in this layout, sorted; null when the path is not of this layout. */
  find(path: string, files: Files): readonly string[] | null;
  /** One case as a value; `options` are verify's ruleset options (SMT's `--teams`, Clairvoyance's `--dice`). */
  read(path: string, options: RulesetOptions, files: Files): CaseSpec | BrokenCase;
  /** Writes a generated game in this layout under `out`; returns the path verify takes. Absent: a case folder. */
  write?(out: string, name: string, game: GameToWrite, files: Files): string | BrokenCase;
}
