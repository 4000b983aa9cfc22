/** Runs marauders case folders through the generic runner (runCaseFolder over the in-process CLI). */
import { findCases, runCaseFolder, type CaseRun } from '../../src/cli/cases.js';
import { runArgv } from '../../src/cli/program.js';
import { MARAUDERS_META } from '../../src/rulesets/marauders/meta.js';

export function runMaraudersCase(dir: string): Promise<CaseRun> {
  return runCaseFolder(dir, MARAUDERS_META, (argv, io) => runArgv(argv, io));
}

/** The in-process CLI (`arbiter marauders ...`, `record`, `verify`). */
export function runMaraudersArgv(argv: readonly string[], io: Parameters<typeof runArgv>[1]): Promise<number> {
  return runArgv(argv, io);
}

export { findCases };

export { expectationOf, type CaseExpectation } from './case-expectation.js';
