/**
 * verify for Clairvoyance: a case is a folder (encounter.clv + expected.txt, corpus layout), so the
 * generic verify gets the ruleset's own listing and full replay (setup errors and stderr included).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isCaseFolder, replayCase } from '../rulesets/clairvoyance/cases.js';
import { CLAIRVOYANCE_META, createClairvoyanceBattle, readEncounter } from '../rulesets/clairvoyance/index.js';
import { UsageError } from './play.js';
import type { VerifyRun } from './rulesets.js';

export function clairvoyanceVerifyRun(dice: 'max' | 'min'): VerifyRun {
  return {
    ruleset: CLAIRVOYANCE_META.id,
    skipBlankAndComments: CLAIRVOYANCE_META.skipBlankAndComments,
    battleFor: (dir) => createClairvoyanceBattle(readEncounter(join(dir, 'encounter.clv')).model, { dice: { kind: dice } }),
    transcriptsIn: listCases,
    check: (dir) => replayCase(dir, dice),
  };
}

/** A case folder itself, or the case folders directly inside a folder (sorted). */
export function listCases(path: string): string[] {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    throw new UsageError(`${path}: no such folder`);
  }
  if (!isFolder) throw new UsageError(`${path}: not a case folder (expected a folder with encounter.clv and expected.txt)`);
  if (isCaseFolder(path)) return [path];
  const cases = readdirSync(path, { withFileTypes: true })
    .filter((e) => e.isDirectory() && isCaseFolder(join(path, e.name)))
    .map((e) => join(path, e.name))
    .sort();
  if (cases.length === 0) throw new UsageError(`${path}: no case folders (encounter.clv + expected.txt) in it`);
  return cases;
}
