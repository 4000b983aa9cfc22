/**
 * The `clairvoyance` ruleset: the D&D 3.5 encounter DSL with AI-driven units (seed 001), as
 * shared/specs/clairvoyance.md describes it. Entry points for the CLI and the tests: read → parse →
 * validate → check names → battle.
 */
import { readFileSync } from 'node:fs';
import { formatSetupError, SetupError } from '../../core/battle.js';
import type { DiceMode } from './dice.js';
import { ClairvoyanceBattle, type BattleOptions } from './game.js';
import type { EncounterModel } from './model.js';
import { checkNames } from './names.js';
import { parseEncounter } from './syntax/parse.js';
import { validateEncounter } from './validate.js';

export type { DiceMode, EncounterModel, BattleOptions };
export { ClairvoyanceBattle };

export interface LoadedEncounter {
  readonly model: EncounterModel;
  /** W_NAME lines for stderr, in file order (spec 3.3). */
  readonly warnings: readonly string[];
}

/**
 * Text → checked encounter. Throws SetupError: E_PARSE (stdout nothing), a validation error (stdout
 * `ERROR: <message>`, as upstream), or with `strict` every W_NAME as E_NAME (one stderr line each).
 */
export function loadEncounter(file: string, text: string, strict = false): LoadedEncounter {
  const parsed = parseEncounter(text);
  if (!parsed.ok) throw new SetupError(file, 'E_PARSE', parsed.error.message, parsed.error.at.line, parsed.error.at.column);
  const checked = validateEncounter(parsed.encounter);
  if (!checked.ok) {
    const { code, message, at } = checked.error;
    const error = new SetupError(file, code, message, at.line, at.column);
    error.stdoutLines = [`ERROR: ${message}`];
    throw error;
  }
  const names = checkNames(parsed.encounter);
  if (strict && names.length > 0) {
    const first = names[0]!;
    const error = new SetupError(file, 'E_NAME', first.message, first.at.line, first.at.column);
    // One stderr line per name: the CLI prints the message as it is.
    error.message = names.map((w) => formatSetupError(file, 'E_NAME', w.message, w.at.line, w.at.column)).join('\n');
    throw error;
  }
  return { model: checked.model, warnings: names.map((w) => formatSetupError(file, 'W_NAME', w.message, w.at.line, w.at.column)) };
}

/** Reads and loads an encounter file; an unreadable file is a setup error (exit 2). */
export function readEncounter(file: string, strict = false): LoadedEncounter {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SetupError(file, 'E_IO', `cannot read encounter file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return loadEncounter(file, text, strict);
}

export function createClairvoyanceBattle(model: EncounterModel, options: BattleOptions): ClairvoyanceBattle {
  return new ClairvoyanceBattle(model, options);
}
