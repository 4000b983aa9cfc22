/**
 * Runs a marvel case folder exactly as `arbiter $(cat args.txt) --input commands.txt` would, through
 * src/cli/cases.ts and the in-process CLI.
 */
import { runCaseFolder as runWithCli, type CaseRun } from '../../src/cli/cases.js';
import { runArgv } from '../../src/cli/program.js';
import { MARVEL_META } from '../../src/rulesets/marvel/meta.js';

export function runCaseWithCli(dir: string): Promise<CaseRun> {
  return runWithCli(dir, MARVEL_META, (argv, io) => runArgv(argv, io));
}
