/** Runs a marvel case folder through the product's case runner, as `arbiter $(cat args.txt) --input commands.txt` would. */
import { runCaseFolder, type CaseRun } from './case-folder.js';
import { rulesetById } from '../../src/rulesets/registry.js';

export function runCaseWithCli(dir: string): Promise<CaseRun> {
  return runCaseFolder(dir, rulesetById('marvel')!);
}
