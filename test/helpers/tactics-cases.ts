/** Runs tactics case folders through the product's case runner (test/helpers/case-folder.ts). */
import { runCaseFolder, findCases, type CaseRun } from './case-folder.js';
import { rulesetById } from '../../src/rulesets/registry.js';

export function runTacticsCase(dir: string): Promise<CaseRun> {
  return runCaseFolder(dir, rulesetById('tactics')!);
}

export { findCases };

export { expectationOf, type CaseExpectation } from './case-expectation.js';
