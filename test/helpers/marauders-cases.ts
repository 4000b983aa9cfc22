/** Runs marauders case folders through the product's case runner (test/helpers/case-folder.ts). */
import { findCases, runCaseFolder, type CaseRun } from './case-folder.js';
import { runArgv } from '../../src/cli/program.js';
import { rulesetById } from '../../src/rulesets/registry.js';

export function runMaraudersCase(dir: string): Promise<CaseRun> {
  return runCaseFolder(dir, rulesetById('marauders')!);
}

/** The in-process CLI (`arbiter marauders ...`, `record`, `verify`). */
export function runMaraudersArgv(argv: readonly string[], io: Parameters<typeof runArgv>[1]): Promise<number> {
  return runArgv(argv, io);
}

export { findCases };

export { expectationOf, type CaseExpectation } from './case-expectation.js';
