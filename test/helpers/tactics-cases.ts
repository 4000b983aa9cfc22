/**
 * Runs tactics case folders through the lead's generic runner (runCaseFolder over the in-process CLI),
 * with the tactics entry added when the registry does not list it yet.
 */
import { runCaseFolder, findCases, type CaseRun } from '../../src/cli/cases.js';
import { runArgv } from '../../src/cli/program.js';
import type { RulesetEntry } from '../../src/core/ruleset.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { engine } from '../../src/rulesets/tactics/engine.js';
import { TACTICS_META } from '../../src/rulesets/tactics/meta.js';

const ENTRY: RulesetEntry = { meta: TACTICS_META, engine: async () => engine as never };
const WITH_TACTICS: readonly RulesetEntry[] = RULESETS.some((r) => r.meta.id === 'tactics') ? RULESETS : [...RULESETS, ENTRY];

export function runTacticsCase(dir: string): Promise<CaseRun> {
  return runCaseFolder(dir, TACTICS_META, (argv, io) => runArgv(argv, io, WITH_TACTICS));
}

export { findCases };

export { expectationOf, type CaseExpectation } from './case-expectation.js';
