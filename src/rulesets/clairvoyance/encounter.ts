/**
 * An encounter file's text → the checked encounter (parse → validate → check names), or the failure the
 * engine's load returns: E_PARSE (stdout nothing), a failed check (stdout `ERROR: <message>`, as
 * upstream), or with `strict` every W_NAME as E_NAME (one stderr line each).
 */
import { nameWarning, setupFailure, type SetupFailure } from './errors.js';
import type { EncounterModel } from './model.js';
import { checkNames } from './names.js';
import { parseEncounter } from './syntax/parse.js';
import { validateEncounter } from './validate.js';

export interface LoadedEncounter {
  readonly model: EncounterModel;
  /** W_NAME lines for stderr, in file order (spec 3.3). */
  readonly warnings: readonly string[];
}

export type EncounterResult = { readonly ok: true; readonly encounter: LoadedEncounter } | SetupFailure;

export function loadEncounter(file: string, text: string, strict = false, userCoords = false): EncounterResult {
  const parsed = parseEncounter(text);
  if (!parsed.ok) return setupFailure.parse(file, parsed.error);
  const checked = validateEncounter(parsed.encounter, userCoords);
  if (!checked.ok) return setupFailure.invalid(file, checked.error.code, checked.error);
  const names = checkNames(parsed.encounter);
  if (strict && names.length > 0) return setupFailure.strictNames(file, names);
  return { ok: true, encounter: { model: checked.model, warnings: names.map((w) => nameWarning(file, w)) } };
}
