/**
 * Colours for a referee at a terminal (RunContext.colour): side A and side B in two colours, vitality by how
 * much is left, resources in bold, statuses, dots and modifiers each in their own colour. Painting only wraps
 * text in ANSI SGR escapes, so a painted line with its escapes removed is the plain line; the log always
 * gets PLAIN, which paints nothing.
 */
import { sgr } from '../../core/sgr.js';
import type { LifeState, Side } from './state.js';

export interface Paint {
  /** A fighter's id, in its side's colour (ids that are not participants stay plain). */
  id(id: string): string;
  /** Text in a side's colour. */
  side(side: Side | 'draw', text: string): string;
  /** `vit/max`: green above half, yellow above a quarter, red at a quarter or less. */
  vit(vit: number, max: number): string;
  /** Action points and other resources. */
  resource(text: string): string;
  /** A life state: `active` plain, the others (fallen, fled, yielded, defeated) in red. */
  state(state: LifeState, text: string): string;
  /** Headings (STATUS, END). */
  head(text: string): string;
  /** What is there but not important: an empty list's `-`, cooldowns. */
  dim(text: string): string;
  status(text: string): string;
  dot(text: string): string;
  mod(text: string): string;
}

const same = (text: string): string => text;

export const PLAIN: Paint = {
  id: same,
  side: (_s, text) => text,
  vit: (vit, max) => `${vit}/${max}`,
  resource: same,
  state: (_s, text) => text,
  head: same,
  dim: same,
  status: same,
  dot: same,
  mod: same,
};


/** Side A bold cyan, side B bold magenta; a draw bold. */
export const SIDE_SGR: Readonly<Record<Side | 'draw', string>> = { A: '1;36', B: '1;35', draw: '1' };

/** Vitality above half, above a quarter, at a quarter or below. */
export const VIT_SGR = { high: '32', mid: '33', low: '1;31' } as const;

export function vitLevel(vit: number, max: number): keyof typeof VIT_SGR {
  if (vit * 2 > max) return 'high';
  if (vit * 4 > max) return 'mid';
  return 'low';
}

/** The colours, with the side of each participant as the fighters stand. */
export function colourPaint(sideOf: (id: string) => Side | undefined): Paint {
  const side = (s: Side | 'draw', text: string) => sgr(SIDE_SGR[s], text);
  return {
    id: (id) => {
      const s = sideOf(id);
      return s === undefined ? id : side(s, id);
    },
    side,
    vit: (vit, max) => sgr(VIT_SGR[vitLevel(vit, max)], `${vit}/${max}`),
    resource: (text) => sgr('1', text),
    state: (s, text) => (s === 'active' ? text : sgr('1;31', text)),
    head: (text) => sgr('1', text),
    dim: (text) => sgr('2', text),
    status: (text) => sgr('33', text),
    dot: (text) => sgr('31', text),
    mod: (text) => sgr('34', text),
  };
}
