/** Line handling shared by every input path: UTF-8 text split into lines, CR and BOM removed. */

export const BOM = '\uFEFF';

/**
 * Removes a trailing CR and, on the first line of a stream only, a leading BOM: what CONVENTIONS calls
 * "the line terminator and a BOM".
 */
export function cleanLine(line: string, first: boolean): string {
  let out = first && line.startsWith(BOM) ? line.slice(1) : line;
  if (out.endsWith('\r')) out = out.slice(0, -1);
  return out;
}

/**
 * Splits a whole text into lines. A final line terminator does not make an extra empty line, but an
 * unterminated last line is kept.
 */
export function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  const parts = text.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  // Most texts have neither a CR nor a BOM: one scan for them is cheaper than cleaning every line.
  if (text.indexOf('\r') < 0 && !text.startsWith(BOM)) return parts;
  for (let i = 0; i < parts.length; i++) parts[i] = cleanLine(parts[i]!, i === 0);
  return parts;
}

/** True for the lines CONVENTIONS lets a choice stream skip: empty, blank, or a `#` comment. */
export function isSkippableChoiceLine(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith('#');
}

/** Longest diagnostic line written to stderr; the rest is cut (a 10 MB bad line must not give a 10 MB line). */
export const MAX_DIAGNOSTIC = 1000;

/**
 * A stderr line made safe for a terminal: control characters (an escape sequence in a bad choice would
 * clear the user's screen) written as `\xNN` / `\u{N}`, and the line cut at MAX_DIAGNOSTIC characters.
 * stdout's echo stays exact; only diagnostics go through here.
 */
export function safeDiagnostic(line: string): string {
  // eslint-disable-next-line no-control-regex
  let out = line.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
  out = out.replace(/\t/g, '\\t');
  if (out.length > MAX_DIAGNOSTIC) out = `${out.slice(0, MAX_DIAGNOSTIC)}... (${out.length - MAX_DIAGNOSTIC} more characters)`;
  return out;
}
