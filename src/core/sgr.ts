/**
 * ANSI SGR colouring for a person's terminal (RunContext.colour): every ruleset's terminal view wraps text
 * the same way, so a coloured line with its escapes removed is the plain line.
 */

/** `text` in the SGR attributes `code` (e.g. `1;31`, bold red), reset after; empty text stays empty. */
export function sgr(code: string, text: string): string {
  return text === '' ? text : `\u001b[${code}m${text}\u001b[0m`;
}
