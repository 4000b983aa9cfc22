/**
 * Runs tactics case folders through the product's case runner (test/helpers/case-folder.ts),
 * with the tactics entry added when the registry does not list it yet.
 */
import { runCaseFolder, findCases, type CaseRun } from './case-folder.js';
import type { RulesetEntry } from '../../src/core/ruleset.js';
import { engine } from '../../src/rulesets/tactics/engine.js';
import { TACTICS_META } from '../../src/rulesets/tactics/meta.js';

const ENTRY: RulesetEntry = { meta: TACTICS_META, engine: async () => engine as never };

export function runTacticsCase(dir: string): Promise<CaseRun> {
  return runCaseFolder(dir, ENTRY);
}

export { findCases };

export { expectationOf, type CaseExpectation } from './case-expectation.js';
