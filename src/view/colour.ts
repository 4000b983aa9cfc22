/**
 * The terminal's colours as CSS: a ruleset's view takes the SGR codes its paint.ts gives the terminal
 * (`1;38;5;226`, `1;94`, `2;32`) and draws with the same colours, so a page looks like the terminal view.
 * The 16 basic colours are xterm's defaults; 16..255 follow xterm's 256-colour palette.
 */

const BASIC: readonly string[] = [
  '#000000', '#cd0000', '#00cd00', '#cdcd00', '#0000ee', '#cd00cd', '#00cdcd', '#e5e5e5',
  '#7f7f7f', '#ff0000', '#00ff00', '#ffff00', '#5c5cff', '#ff00ff', '#00ffff', '#ffffff',
];

const hex2 = (n: number): string => n.toString(16).padStart(2, '0');

/** xterm's colour `n` (0..255). */
export function xterm256(n: number): string {
  if (n < 16) return BASIC[n]!;
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `#${hex2(v)}${hex2(v)}${hex2(v)}`;
  }
  const i = n - 16;
  const level = (k: number): number => (k === 0 ? 0 : 55 + k * 40);
  return `#${hex2(level(Math.floor(i / 36)))}${hex2(level(Math.floor(i / 6) % 6))}${hex2(level(i % 6))}`;
}

export interface CssColour {
  /** The foreground colour; null: the page's text colour. */
  readonly colour: string | null;
  readonly bold: boolean;
  readonly dim: boolean;
  readonly underline: boolean;
  readonly reverse: boolean;
}

/** What an SGR parameter list sets, read as a terminal reads it. */
export function sgrCss(code: string): CssColour {
  const p = code.split(';').map(Number);
  let colour: string | null = null;
  let bold = false;
  let dim = false;
  let underline = false;
  let reverse = false;
  for (let i = 0; i < p.length; i++) {
    const n = p[i]!;
    if (n === 1) bold = true;
    else if (n === 2) dim = true;
    else if (n === 4) underline = true;
    else if (n === 7) reverse = true;
    else if (n >= 30 && n <= 37) colour = BASIC[n - 30]!;
    else if (n >= 90 && n <= 97) colour = BASIC[n - 90 + 8]!;
    else if (n === 38 && p[i + 1] === 5) {
      colour = xterm256(p[i + 2] ?? 7);
      i += 2;
    }
  }
  // Bold with a basic colour is the bright one on most terminals; the page keeps the colour as given.
  return { colour, bold, dim, underline, reverse };
}

/** An SGR code as a CSS declaration list (`color:#ff0000;font-weight:bold`). */
export function sgrStyle(code: string): string {
  const c = sgrCss(code);
  const out: string[] = [];
  if (c.colour !== null) out.push(`color:${c.colour}`);
  if (c.bold) out.push('font-weight:bold');
  if (c.dim) out.push('opacity:0.7');
  if (c.underline) out.push('text-decoration:underline');
  return out.join(';');
}
