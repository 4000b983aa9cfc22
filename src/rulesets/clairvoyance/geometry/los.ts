/**
 * Line of sight (spec 9.2) between two cells; only walls block. Corner-to-corner segments are tested with
 * exact integer arithmetic (floor division, non-negative remainder), so the answer never depends on
 * floating point and LoS(a, b) = LoS(b, a).
 */
import type { Cell } from '../model.js';
import { isWall, type Grid } from './grid.js';

export function lineOfSight(g: Grid, a: Cell, b: Cell): boolean {
  const { column: c1, row: r1 } = a;
  const { column: c2, row: r2 } = b;
  // 1. Same row or column with no wall strictly between.
  if (r1 === r2 && clearBetween(c1, c2, (c) => isWall(g, c, r1))) return true;
  if (c1 === c2 && clearBetween(r1, r2, (r) => isWall(g, c1, r))) return true;
  // 2. Either end boxed in by the two walls facing the other end.
  if (isWall(g, c1 + Math.sign(c2 - c1), r1) && isWall(g, c1, r1 + Math.sign(r2 - r1))) return false;
  if (isWall(g, c2 + Math.sign(c1 - c2), r2) && isWall(g, c2, r2 + Math.sign(r1 - r2))) return false;
  // 3. Some pair of corners joined by an unblocked segment.
  for (let i = 0; i < 4; i++) {
    const px = c1 + (i >> 1);
    const py = r1 + (i & 1);
    for (let j = 0; j < 4; j++) {
      const qx = c2 + (j >> 1);
      const qy = r2 + (j & 1);
      if (pairClear(g, px, py, qx, qy)) return true;
    }
  }
  return false;
}

function clearBetween(from: number, to: number, wall: (k: number) => boolean): boolean {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  for (let k = lo + 1; k < hi; k++) if (wall(k)) return false;
  return true;
}

const mod = (n: number, d: number) => ((n % d) + d) % d;

function pairClear(g: Grid, px: number, py: number, qx: number, qy: number): boolean {
  if (px === qx || py === qy) return false;
  if (Math.abs(px - qx) === 1 && Math.abs(py - qy) === 1 && isWall(g, Math.min(px, qx), Math.min(py, qy))) return false;
  const wallAny = (...cells: [number, number][]) => cells.some(([c, r]) => isWall(g, c, r));
  {
    const [x0, y0, x1, y1] = px < qx ? [px, py, qx, qy] : [qx, qy, px, py];
    const d = x1 - x0;
    for (let x = x0 + 1; x < x1; x++) {
      const n = (x - x0) * (y1 - y0);
      const y = y0 + Math.floor(n / d);
      if (mod(n, d) === 0 ? wallAny([x - 1, y - 1], [x - 1, y], [x, y - 1], [x, y]) : wallAny([x - 1, y], [x, y])) return false;
    }
  }
  {
    const [x0, y0, x1, y1] = py < qy ? [px, py, qx, qy] : [qx, qy, px, py];
    const d = y1 - y0;
    for (let y = y0 + 1; y < y1; y++) {
      const n = (y - y0) * (x1 - x0);
      const x = x0 + Math.floor(n / d);
      if (mod(n, d) === 0 ? wallAny([x - 1, y - 1], [x - 1, y], [x, y - 1], [x, y]) : wallAny([x, y - 1], [x, y])) return false;
    }
  }
  return true;
}

/**
 * VAP(t, R): every cell x (walls and occupied cells included) with ⌊fly dist(t, x)⌋ ≤ R and LoS(t, x),
 * in row-major order. ⌊fly dist⌋ ≤ R implies max(|dc|, |dr|) ≤ R, which bounds the scan.
 */
export function attackCells(g: Grid, t: Cell, range: number, flyDistance: (a: Cell, b: Cell) => number): Cell[] {
  const out: Cell[] = [];
  const r0 = Math.max(0, t.row - range);
  const r1 = Math.min(g.height - 1, t.row + range);
  const c0 = Math.max(0, t.column - range);
  const c1 = Math.min(g.width - 1, t.column + range);
  for (let row = r0; row <= r1; row++) {
    for (let column = c0; column <= c1; column++) {
      const x = { column, row };
      if (flyDistance(t, x) <= range && lineOfSight(g, t, x)) out.push(x);
    }
  }
  return out;
}
