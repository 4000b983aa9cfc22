/**
 * What the generic commands (verify, and the verify workers) need from each ruleset, loaded lazily so a
 * command only pays for the ruleset it runs. Adding a ruleset means adding one entry here and one command
 * module; the core does not change.
 */
import type { Battle } from '../core/battle.js';
import { UsageError } from './play.js';

/** The options a ruleset's verify accepts (strings from the command line, undefined when absent). */
export type VerifyOptions = Readonly<Record<string, string | undefined>>;

export interface VerifyRun {
  readonly ruleset: string;
  readonly skipBlankAndComments: boolean;
  /** A fresh battle for this transcript (throws SetupError when its setup cannot be found or read). */
  readonly battleFor: (transcriptPath: string) => Battle;
  /**
   * Checked for every file before anything runs: throws UsageError when the command line cannot work for
   * it (e.g. no way to find its setup), which is a usage error (exit 2), not a failed transcript.
   */
  readonly preflight?: (transcriptPath: string) => void;
  /**
   * The transcripts a command-line path stands for, for rulesets whose cases are not plain `.txt` files
   * (a Clairvoyance case is a folder). Throws UsageError when the path holds none. Default: the file
   * itself, or the `.txt` files of a folder.
   */
  readonly transcriptsIn?: (path: string) => string[];
  /**
   * Replays one transcript completely, setup errors included, for rulesets whose cases also check the
   * setup (an encounter that must fail to parse) and stderr. Default: `battleFor` and the INPUT lines.
   */
  readonly check?: (transcriptPath: string) => CaseCheck;
}

/** What a full replay printed, beside what the case expects. */
export interface CaseCheck {
  readonly expected: readonly string[];
  readonly actual: readonly string[];
  /** Present when the case fixes stderr too. */
  readonly stderr?: { readonly expected: readonly string[]; readonly actual: readonly string[] };
}

const LOADERS: Record<string, (options: VerifyOptions) => Promise<VerifyRun>> = {
  async smt(options) {
    const { smtSetup, createSmtBattle, teamsFolderFor, SMT_META } = await import('../rulesets/smt/index.js');
    return {
      ruleset: SMT_META.id,
      skipBlankAndComments: SMT_META.skipBlankAndComments,
      battleFor: (file) => createSmtBattle(smtSetup(options['teams'] ?? teamsFolderFor(file), options['data'])),
      preflight: (file) => {
        if (options['teams'] !== undefined) return;
        try {
          teamsFolderFor(file);
        } catch (error) {
          throw new UsageError((error as Error).message);
        }
      },
    };
  },
  async clairvoyance(options) {
    const { clairvoyanceVerifyRun } = await import('./clairvoyance-verify.js');
    return clairvoyanceVerifyRun(options['dice'] === 'min' ? 'min' : 'max');
  },
};

export function loadVerifyRun(ruleset: string, options: VerifyOptions): Promise<VerifyRun> {
  const loader = LOADERS[ruleset];
  if (loader === undefined) throw new Error(`no verify support for ruleset "${ruleset}"`);
  return loader(options);
}
