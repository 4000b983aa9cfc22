/**
 * Tokens of the tactics command language (spec 2 and 7.1): line normalisation, integers without sign or
 * leading zeros, lower-case names, terrain symbols, coordinates and paths. Pure string checks, no state.
 */

export interface Coord {
  readonly x: number;
  readonly y: number;
}

/** Trims spaces and tabs and turns each run of them into one space (spec 2, Input lines). */
export function normalize(line: string): string {
  return line.replace(/^[ \t]+|[ \t]+$/g, '').replace(/[ \t]+/g, ' ');
}

/** The tokens of a normalised line ([] for an empty one). */
export function tokenize(line: string): string[] {
  const norm = normalize(line);
  return norm === '' ? [] : norm.split(' ');
}

const INTEGER = /^(0|[1-9][0-9]*)$/;

/** `0` or `[1-9][0-9]*` within [min, max]; null otherwise. */
export function parseInteger(token: string, min: number, max: number): number | null {
  if (!INTEGER.test(token)) return null;
  const value = Number(token);
  return value >= min && value <= max ? value : null;
}

const NAME = /^[a-z][a-z0-9_-]{0,19}$/;

/** Map, terrain, type and action names (D27). */
export function isName(token: string): boolean {
  return NAME.test(token);
}

/** One ASCII character 0x21-0x7E other than `#` (D28). */
export function isSymbol(token: string): boolean {
  if (token.length !== 1) return false;
  const code = token.charCodeAt(0);
  return code >= 0x21 && code <= 0x7e && token !== '#';
}

const COORD = /^([0-9]{1,4}),([0-9]{1,4})$/;

/** A coordinate token `x,y` (leading zeros allowed); null when the shape is wrong. */
export function parseCoord(token: string): Coord | null {
  const m = COORD.exec(token);
  return m === null ? null : { x: Number(m[1]), y: Number(m[2]) };
}

/** A path is one token of printable ASCII. */
export function isPath(token: string): boolean {
  return /^[\x21-\x7e]+$/.test(token);
}

export function coordText(c: Coord): string {
  return `${c.x},${c.y}`;
}

/** Player tokens `P1`..`P8`, any case; null otherwise. */
export function parsePlayer(token: string): number | null {
  const m = /^[pP]([1-8])$/.exec(token);
  return m === null ? null : Number(m[1]);
}

/** Plain code-unit order: the spec sorts symbols and names in ASCII order, never by locale. */
export function byCode(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
