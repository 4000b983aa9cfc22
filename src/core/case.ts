/**
 * One case model for every layout (CONVENTIONS, "Cases, verify and record"): a case folder with
 * `args.txt`, an SMT course transcript, a Clairvoyance corpus folder all become a `CaseSpec`, and verify,
 * record, golden:bless, `--exec` and fuzz run that value through one runner (src/cli/case-run.ts). A
 * layout (`CaseLayout` in ruleset.ts) only turns files into the value; it never runs anything.
 */

/** An expected stream: a text, or a file read as lines while comparing (a long transcript is never held whole). */
export type ExpectedText = { readonly text: string } | { readonly file: string };

/** Where a case's choices come from. */
export type CaseInput =
  /** As the command line says: `--input <file>` in `args`, else an empty standard input. */
  | { readonly kind: 'args' }
  /** These lines, named `source` in diagnostics. */
  | { readonly kind: 'lines'; readonly lines: readonly string[]; readonly source: string }
  /** The `INPUT: ` lines of the expected stdout (a course transcript), named by the case's path. */
  | { readonly kind: 'transcript' };

export interface CaseSpec {
  /** The case as found (a folder or a transcript file), as reports name it. */
  readonly path: string;
  /** The folder the run's relative paths resolve against, and where another program runs. */
  readonly folder: string;
  /** The command line after the ruleset id, as `arbiter <id> <args>` takes it. */
  readonly args: readonly string[];
  readonly input: CaseInput;
  /** stdout always; stderr and the exit code only where the case fixes them. */
  readonly expected: { readonly stdout: ExpectedText; readonly stderr?: string; readonly exit?: number };
  /** 'exact': byte for byte, a missing final newline is a difference (case folders); 'lines': line by line (transcripts). */
  readonly compare: 'exact' | 'lines';
  /**
   * How another program runs the case (`--exec`): its arguments, whether in a scratch copy of `folder`, and
   * its stdin; absent stdin: the case's choices (its lines, or its transcript's INPUT values), found only
   * when a program is run, so verify does not read a transcript twice.
   */
  readonly external: { readonly args: readonly string[]; readonly copy: boolean; readonly stdin?: string };
  /** Set when the case has no expected output yet: verify reports this message, record writes it. */
  readonly unrecorded?: string;
  /** Where record and golden:bless write what a run printed. */
  readonly recordTo: { readonly stdout: string; readonly stderr?: string; readonly exit?: string };
}

/** A case that cannot be run as it stands (a missing file, a transcript with no team folder): reported, not thrown. */
export interface BrokenCase {
  readonly broken: string;
  /** Found before anything runs and stops the whole command (a usage error, exit 2), not one case. */
  readonly fatal?: boolean;
}

export const isBroken = (value: object): value is BrokenCase => 'broken' in value;
