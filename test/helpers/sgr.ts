/** The colour escapes of src/core/sgr.ts, for tests of terminal views. */

/** One SGR escape. */
export const SGR = /\u001b\[[0-9;]*m/;

/** The text with every SGR escape removed: a coloured line stripped is the plain line. */
export function stripSgr(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
