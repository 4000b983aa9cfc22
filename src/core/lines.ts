/** Line handling shared by every input path: UTF-8 text split into lines, CR and BOM removed. */

const BOM = '\uFEFF';

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
  for (let i = 0; i < parts.length; i++) parts[i] = cleanLine(parts[i]!, i === 0);
  return parts;
}

/** True for the lines CONVENTIONS lets a choice stream skip: empty, blank, or a `#` comment. */
export function isSkippableChoiceLine(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith('#');
}
