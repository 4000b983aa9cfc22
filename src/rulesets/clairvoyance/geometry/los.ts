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
 * Line of sight for many pairs on one board: walls counted along every row and column once (O(board)),
 * so a straight run is checked in O(1) and a corner-to-corner segment in O(min(|dc|, |dr|) + 1) instead
 * of one step per column it crosses. The answers are lineOfSight's: a long corridor asked about every
 * cell in range of a far target took hours. Walls never move, so an index serves a whole turn.
 */
export class SightIndex {
  private readonly rows: Int32Array;
  private readonly columns: Int32Array;

  constructor(private readonly g: Grid) {
    const { width, height } = g;
    // rows[r * (width + 1) + c]: walls in row r left of column c; columns likewise, above row r.
    this.rows = new Int32Array((width + 1) * height);
    this.columns = new Int32Array((height + 1) * width);
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const wall = isWall(g, c, r) ? 1 : 0;
        this.rows[r * (width + 1) + c + 1] = this.rows[r * (width + 1) + c]! + wall;
        this.columns[c * (height + 1) + r + 1] = this.columns[c * (height + 1) + r]! + wall;
      }
    }
  }

  /** Walls in row r from column c1 to c2 (inclusive; none when c1 > c2). */
  private wallsInRow = (r: number, c1: number, c2: number): number =>
    c1 > c2 ? 0 : this.rows[r * (this.g.width + 1) + c2 + 1]! - this.rows[r * (this.g.width + 1) + c1]!;

  /** Walls in column c from row r1 to r2 (inclusive; none when r1 > r2). */
  private wallsInColumn = (c: number, r1: number, r2: number): number =>
    r1 > r2 ? 0 : this.columns[c * (this.g.height + 1) + r2 + 1]! - this.columns[c * (this.g.height + 1) + r1]!;

  /** lineOfSight(g, a, b). */
  lineOfSight(a: Cell, b: Cell): boolean {
    const g = this.g;
    const { column: c1, row: r1 } = a;
    const { column: c2, row: r2 } = b;
    if (r1 === r2 && this.wallsInRow(r1, Math.min(c1, c2) + 1, Math.max(c1, c2) - 1) === 0) return true;
    if (c1 === c2 && this.wallsInColumn(c1, Math.min(r1, r2) + 1, Math.max(r1, r2) - 1) === 0) return true;
    if (isWall(g, c1 + Math.sign(c2 - c1), r1) && isWall(g, c1, r1 + Math.sign(r2 - r1))) return false;
    if (isWall(g, c2 + Math.sign(c1 - c2), r2) && isWall(g, c2, r2 + Math.sign(r1 - r2))) return false;
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        if (this.pairClear(c1 + (i >> 1), r1 + (i & 1), c2 + (j >> 1), r2 + (j & 1))) return true;
      }
    }
    return false;
  }

  /** pairClear(g, px, py, qx, qy): its column crossings along rows, its row crossings along columns. */
  private pairClear(px: number, py: number, qx: number, qy: number): boolean {
    if (px === qx || py === qy) return false;
    if (Math.abs(px - qx) === 1 && Math.abs(py - qy) === 1 && isWall(this.g, Math.min(px, qx), Math.min(py, qy))) return false;
    const [x0, y0, x1, y1] = px < qx ? [px, py, qx, qy] : [qx, qy, px, py];
    if (!crossingsClear(x0, y0, x1, y1, this.wallsInRow)) return false;
    const [u0, v0, u1, v1] = py < qy ? [py, px, qy, qx] : [qy, qx, py, px];
    return crossingsClear(u0, v0, u1, v1, this.wallsInColumn);
  }
}

/**
 * One loop of pairClear, from (a0, b0) to (a1, b1) with a0 < a1 and b1 ≠ b0, in the loop's own axes: at
 * each a strictly between, the segment is at b0 + (a - a0)·(b1 - b0)/(a1 - a0), and the cells (a - 1, ⌊b⌋)
 * and (a, ⌊b⌋) must not be walls, nor (a - 1, b - 1) and (a, b - 1) where b is whole. `walls(b, from, to)`
 * counts the walls of line b between a = from and a = to. Consecutive a with the same ⌊b⌋ form one run.
 */
function crossingsClear(a0: number, b0: number, a1: number, b1: number, walls: (b: number, from: number, to: number) => number): boolean {
  const d = a1 - a0;
  const e = b1 - b0;
  for (let t = 1; t < d; ) {
    const k = Math.floor((t * e) / d);
    // The last t with the same ⌊t·e/d⌋.
    const last = Math.min(d - 1, e > 0 ? Math.floor(((k + 1) * d - 1) / e) : Math.floor((-k * d) / -e));
    if (walls(b0 + k, a0 + t - 1, a0 + last) > 0) return false;
    t = last + 1;
  }
  // Whole crossings: t a multiple of d / gcd(d, e).
  const step = d / gcd(d, Math.abs(e));
  for (let t = step; t < d; t += step) {
    if (walls(b0 + (t * e) / d - 1, a0 + t - 1, a0 + t) > 0) return false;
  }
  return true;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
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
  const sight = new SightIndex(g);
  for (let row = r0; row <= r1; row++) {
    for (let column = c0; column <= c1; column++) {
      const x = { column, row };
      if (flyDistance(t, x) <= range && sight.lineOfSight(t, x)) out.push(x);
    }
  }
  return out;
}
