/**
 * Colours for a person's terminal (RunContext.colour): every board block in its element's colour (bold), marked
 * blocks also underlined, locked shields dimmed in SHIELDS lines. Painting only wraps text in ANSI
 * SGR escapes, so a painted line with its escapes removed is the plain line; the log, a pipe, a file and a
 * terminal without colour always get PLAIN, which paints nothing.
 */
import { sgr } from '../../core/sgr.js';
import type { El } from './model.js';

export interface Paint {
  /** A board block: its element letter in the element's colour; `marked`: the block carries a mark. */
  block(el: El, marked: boolean, text: string): string;
  /** A SHIELDS token of a locked lane (lowercase letter or `[lock]`). */
  locked(text: string): string;
}

export const PLAIN: Paint = {
  block: (_el, _marked, text) => text,
  locked: (text) => text,
};

/**
 * One foreground colour per element (256-colour palette), bold so the letters stand out; a hue for each,
 * with lightness separating the near ones (Wood/Wind, Water/Ice, Light/Neutral/Dark).
 */
export const ELEMENT_SGR: Readonly<Record<El, string>> = {
  S: '1;38;5;226', // Star: yellow
  F: '1;38;5;196', // Fire: red
  G: '1;38;5;34', // Wood: green
  W: '1;38;5;33', // Water: blue
  I: '1;38;5;153', // Ice: pale sky blue
  A: '1;38;5;121', // Wind: mint
  P: '1;38;5;129', // Poison: purple
  E: '1;38;5;130', // Earth: brown
  U: '1;38;5;208', // Sun: orange
  L: '1;38;5;230', // Light: cornsilk white
  M: '1;38;5;189', // Moon: lavender
  D: '1;38;5;241', // Dark: dark grey
  V: '1;38;5;213', // Sound: orchid pink
  N: '1;38;5;250', // Neutral: light grey
  H: '1;38;5;217', // Steam: salmon pink
  T: '1;38;5;67', // Metal: steel blue
  C: '1;38;5;51', // Crystal: aqua
  Z: '1;38;5;190', // Thunder: chartreuse
  K: '1;38;5;63', // Cosmo: slate blue
  X: '1;38;5;201', // Dimension: magenta
  O: '1;38;5;37', // Oracle: teal
};

/** Added to a marked block's colour: underline (its mark is named in the MARKS line). */
export const MARKED_SGR = '4';

/** A locked shield's token: dim. */
export const LOCKED_SGR = '2';


export const COLOUR: Paint = {
  block: (el, marked, text) => sgr(marked ? `${ELEMENT_SGR[el]};${MARKED_SGR}` : ELEMENT_SGR[el], text),
  locked: (text) => sgr(LOCKED_SGR, text),
};

/** The paint of a run: colour only for a person at a terminal that takes it. */
export function paintFor(context: { readonly terminal?: boolean; readonly colour?: boolean }): Paint {
  return context.terminal === true && context.colour === true ? COLOUR : PLAIN;
}
