/**
 * Shield fields and lanes (1.4): join, clear, the printed token's view, and the distance of a board cell
 * from a field (used for "farthest from the owner's field" and "nearest to the field being hit").
 */
import type { FieldRef, LaneView } from './events.js';
import type { Axis, El, PlayerId } from './model.js';

export interface Lane {
  el: El | null;
  s: number;
  tag: 'A' | 'D';
  /** until-defend lock (Earth attack). */
  lockD: boolean;
  /** skip-launch lock (Earthquake). */
  lockS: boolean;
  rose: boolean;
  curse: boolean;
  /** Expiry turns of the Dark flags, or null. */
  noatk: number | null;
  nodef: number | null;
  /** Reversal due at the end of this turn (E5). */
  pend: boolean;
}

export type FieldKey = 'P1.X' | 'P1.Y' | 'P2.X' | 'P2.Y';

/** A field's key: the literals themselves, since a key built as a new string is looked up by its hash each time. */
export function fieldKey(p: PlayerId, ax: Axis): FieldKey {
  if (p === 1) return ax === 'X' ? 'P1.X' : 'P1.Y';
  return ax === 'X' ? 'P2.X' : 'P2.Y';
}

export function emptyLane(): Lane {
  return { el: null, s: 0, tag: 'A', lockD: false, lockS: false, rose: false, curse: false, noatk: null, nodef: null, pend: false };
}

export function isLocked(l: Lane): boolean {
  return l.lockD || l.lockS;
}

/** Sets s, clearing element and tag when it reaches 0 (1.4). */
export function setS(l: Lane, s: number): void {
  l.s = s;
  if (s === 0) {
    l.el = null;
    l.tag = 'A';
  }
}

export function clearShield(l: Lane): void {
  setS(l, 0);
}

/** Join(lane, g, elem, tag): s += g; if s != 0 the element and tag are replaced (1.4). */
export function join(l: Lane, g: number, el: El, tag: 'A' | 'D'): void {
  l.s += g;
  if (l.s !== 0) {
    l.el = el;
    l.tag = tag;
  } else {
    l.el = null;
    l.tag = 'A';
  }
}

export function laneView(l: Lane, lane: number): LaneView {
  return {
    lane,
    el: l.el,
    s: l.s,
    tag: l.tag,
    locked: isLocked(l),
    rose: l.rose,
    curse: l.curse,
    noatk: l.noatk !== null,
    nodef: l.nodef !== null,
  };
}

/** A lane prints in SHIELDS when it has strength or a printable flag. */
export function lanePrintable(l: Lane): boolean {
  return l.s !== 0 || (isLocked(l) && l.s === 0) || l.rose || l.curse || l.noatk !== null || l.nodef !== null;
}

/**
 * Distance of the cell (r, c) from a field (1.4): 0 next to the field. P1.X is left, P2.X right, P1.Y
 * bottom, P2.Y top (D3).
 */
export function distanceFrom(p: PlayerId, ax: Axis, n: number, r: number, c: number): number {
  if (ax === 'X') return p === 1 ? c : n - 1 - c;
  return p === 1 ? n - 1 - r : r;
}

/** The board cells of a lane, nearest to the given field first. */
export function laneCellsFrom(n: number, ax: Axis, lane: number, p: PlayerId): number[] {
  const cells: number[] = [];
  for (let k = 0; k < n; k++) cells.push(ax === 'X' ? lane * n + k : k * n + lane);
  return cells.sort((a, b) => {
    const da = distanceFrom(p, ax, n, Math.floor(a / n), a % n);
    const db = distanceFrom(p, ax, n, Math.floor(b / n), b % n);
    return da - db;
  });
}

export function ref(p: PlayerId, ax: Axis, lane: number): FieldRef {
  return { p, ax, lane };
}
