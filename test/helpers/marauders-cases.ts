/**
 * Runs marauders case folders through the product's case runner (test/helpers/case-folder.ts),
 * with the marauders entry added when the registry does not list it yet.
 */
import { findCases, runCaseFolder, type CaseRun } from './case-folder.js';
import { runArgv } from '../../src/cli/program.js';
import type { RulesetEntry } from '../../src/core/ruleset.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { engine } from '../../src/rulesets/marauders/engine.js';
import { MARAUDERS_META } from '../../src/rulesets/marauders/meta.js';

const ENTRY: RulesetEntry = { meta: MARAUDERS_META, engine: async () => engine as never };
const WITH_MARAUDERS: readonly RulesetEntry[] = RULESETS.some((r) => r.meta.id === 'marauders') ? RULESETS : [...RULESETS, ENTRY];

export function runMaraudersCase(dir: string): Promise<CaseRun> {
  return runCaseFolder(dir, ENTRY);
}

/** The in-process CLI with marauders registered (`arbiter marauders ...`, `record`, `verify`). */
export function runMaraudersArgv(argv: readonly string[], io: Parameters<typeof runArgv>[1]): Promise<number> {
  return runArgv(argv, io, WITH_MARAUDERS);
}

export { findCases };

export { expectationOf, type CaseExpectation } from './case-expectation.js';
