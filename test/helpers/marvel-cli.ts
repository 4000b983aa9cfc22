/**
 * The generic CLI with marvel added to the registry's list (the registry itself is the lead's file): runs a
 * case folder exactly as `arbiter $(cat args.txt) --input commands.txt` would, through src/cli/cases.ts.
 */
import { runCaseFolder as runWithCli, type CaseRun } from './case-folder.js';
import type { RulesetEntry } from '../../src/core/ruleset.js';
import { RULESETS, rulesetById } from '../../src/rulesets/registry.js';
import { MARVEL_META } from '../../src/rulesets/marvel/meta.js';

const MARVEL: RulesetEntry = { meta: MARVEL_META, engine: async () => (await import('../../src/rulesets/marvel/engine.js')).engine };
export const WITH_MARVEL: readonly RulesetEntry[] = rulesetById('marvel') === undefined ? [...RULESETS, MARVEL] : RULESETS;

export function runCaseWithCli(dir: string): Promise<CaseRun> {
  return runWithCli(dir, MARVEL);
}
