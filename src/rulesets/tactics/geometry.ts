/**
 * Action geometry (spec 4): Chebyshev distance (D2), the 8 directions in Fig.1's order, focus validity in
 * the order of 4.2, and the affected area of 4.3 (clipped to the map, row-major).
 */
import { err, type TacticsError } from './errors.js';
import type { Coord } from './lexer.js';
import type { Pattern } from './model.js';

/** Directions 1..8 of Fig.1: NW N NE E SE S SW W. Neighbours are always visited in this order. */
export const DIRECTIONS: readonly Coord[] = [
  { x: -1, y: -1 }, { x: 0, y: -1 }, { x: 1, y: -1 }, { x: 1, y: 0 },
  { x: 1, y: 1 }, { x: 0, y: 1 }, { x: -1, y: 1 }, { x: -1, y: 0 },
];

export function dist(a: Coord, b: Coord): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

export function rowMajor(a: Coord, b: Coord): number {
  return a.y - b.y || a.x - b.x;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Shape {
  readonly range: number;
  readonly pattern: Pattern;
  readonly ext: number;
}

/** E_BOUNDS, E_RANGE, then (linear) E_ALIGN; null when the focus is valid. Units and terrain never matter (D5). */
export function checkFocus(size: Size, agent: Coord, focus: Coord, shape: Shape): TacticsError | null {
  if (focus.x >= size.width || focus.y >= size.height || focus.x < 0 || focus.y < 0) return err.bounds(focus, size.width, size.height);
  const d = dist(agent, focus);
  if (d > shape.range) return err.range(focus, d, shape.range);
  if (shape.pattern === 'linear') {
    const dx = focus.x - agent.x;
    const dy = focus.y - agent.y;
    if (d < 1 || !(dx === 0 || dy === 0 || Math.abs(dx) === Math.abs(dy))) return err.align(focus, agent);
  }
  return null;
}

/** The sectors hit (4.3), clipped to the map and sorted row-major. Assumes a valid focus. */
export function area(size: Size, agent: Coord, focus: Coord, shape: Shape): Coord[] {
  const cells: Coord[] = [];
  const inside = (c: Coord) => c.x >= 0 && c.y >= 0 && c.x < size.width && c.y < size.height;
  if (shape.pattern === 'linear') {
    const ux = Math.sign(focus.x - agent.x);
    const uy = Math.sign(focus.y - agent.y);
    for (let k = 0; k < shape.ext; k++) {
      const c = { x: focus.x + k * ux, y: focus.y + k * uy };
      if (inside(c)) cells.push(c);
    }
  } else {
    const r = shape.ext - 1;
    for (let y = focus.y - r; y <= focus.y + r; y++) {
      for (let x = focus.x - r; x <= focus.x + r; x++) if (inside({ x, y })) cells.push({ x, y });
    }
  }
  return cells.sort(rowMajor);
}
