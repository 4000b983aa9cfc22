/** Runs tactics case folders through the generic runner (runCaseFolder over the in-process CLI). */
import { runCaseFolder, findCases, type CaseRun } from '../../src/cli/cases.js';
import { runArgv } from '../../src/cli/program.js';
import { TACTICS_META } from '../../src/rulesets/tactics/meta.js';

export function runTacticsCase(dir: string): Promise<CaseRun> {
  return runCaseFolder(dir, TACTICS_META, (argv, io) => runArgv(argv, io));
}

export { findCases };

export { expectationOf, type CaseExpectation } from './case-expectation.js';
