/** Small builders for sheet tests. */
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
export { char } from '../helpers/marvel.js';

/** The E_SHEET line of a one-file roster `s.sheet`, or 'ok'. */
export function memFilesError(text: string): string {
  const result = parseSheets([{ path: 's.sheet', text }]);
  return result.ok ? 'ok' : result.error;
}
