/**
 * A case folder played through the product's runner (src/cli/case-run.ts), as verify plays it: read by the
 * CONVENTIONS layout, its args.txt parsed by the ruleset's play command, run in place.
 */
import { runCase, type CaseRun } from '../../src/cli/case-run.js';
import { caseFolderLayout, findCases } from '../../src/cli/cases.js';
import { isBroken } from '../../src/core/case.js';
import { diskFiles } from '../../src/core/files.js';
import type { RulesetEntry } from '../../src/core/ruleset.js';

export type { CaseRun };
export { findCases };

export async function runCaseFolder(dir: string, entry: RulesetEntry): Promise<CaseRun> {
  const spec = caseFolderLayout(entry.meta.id).read(dir, {}, diskFiles());
  if (isBroken(spec)) throw new Error(spec.broken);
  return runCase(entry, await entry.engine(), spec);
}
