/**
 * Number forms of the sheet (spec §3): factors in thousandths, percentages in basis points, flats and
 * integers, with the bounds of D38; and their canonical printing (D57). All arithmetic elsewhere is exact
 * integer with a floor at every step (D2); bounds keep products below 2^53.
 */

export const MAX_INT = 10_000_000;

/** An unsigned decimal integer within [min, max], or null. Leading zeros are allowed. */
export function parseUInt(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const digits = text.replace(/^0+(?=\d)/, '');
  if (digits.length > 9) return null;
  const value = Number(digits);
  return value >= min && value <= max ? value : null;
}

/** A signed decimal integer (`+n`, `-n` or `n`) within [min, max], or null. */
export function parseSignedInt(text: string, min: number, max: number): number | null {
  const m = /^([+-]?)(\d+)$/.exec(text);
  if (m === null) return null;
  const magnitude = parseUInt(m[2]!, 0, 999_999_999);
  if (magnitude === null) return null;
  // `-0` reads as 0, so printing and parsing agree.
  const value = m[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
  return value >= min && value <= max ? value : null;
}

/** `\d+(\.\d{1,3})?` as thousandths, 0..100 (D38). */
export function parseFactor(text: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (m === null) return null;
  const whole = parseUInt(m[1]!, 0, 100);
  if (whole === null) return null;
  const value = whole * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return value <= 100_000 ? value : null;
}

/** `[+-]?\d+(\.\d{1,2})?%` as basis points, -100%..+1000% (D38). */
export function parsePct(text: string): number | null {
  const m = /^([+-]?)(\d+)(?:\.(\d{1,2}))?%$/.exec(text);
  if (m === null) return null;
  const whole = parseUInt(m[2]!, 0, 1000);
  if (whole === null) return null;
  const magnitude = whole * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  const value = m[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
  return value >= -10_000 && value <= 100_000 ? value : null;
}

/** `[+-]?\d+`, -10^7..10^7 (D38). */
export function parseFlat(text: string): number | null {
  return parseSignedInt(text, -MAX_INT, MAX_INT);
}

/** A percentage in basis points without its sign: `30%`, `12.5%` (trailing zeros of the decimals dropped). */
export function formatPctMagnitude(bp: number): string {
  const abs = Math.abs(bp);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  if (frac === 0) return `${whole}%`;
  return `${whole}.${String(frac).padStart(2, '0').replace(/0+$/, '')}%`;
}

/** A signed percentage: `+25%`, `-12.5%`, `+0%`. */
export function formatPct(bp: number): string {
  return `${bp < 0 ? '-' : '+'}${formatPctMagnitude(bp)}`;
}

/** A signed flat: `+50`, `-1`, `+0`. */
export function formatFlat(value: number): string {
  return value < 0 ? String(value) : `+${value}`;
}

/** A factor in thousandths as written canonically: `2`, `1.5`, `0.125`. */
export function formatFactor(thousandths: number): string {
  const whole = Math.floor(thousandths / 1000);
  const frac = thousandths % 1000;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}

/** floor(a·b/c) for non-negative integers whose product stays below 2^53. */
export function mulDiv(a: number, b: number, c: number): number {
  return Math.floor((a * b) / c);
}
