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
  readonly wallsInRow = (r: number, c1: number, c2: number): number =>
    c1 > c2 ? 0 : this.rows[r * (this.g.width + 1) + c2 + 1]! - this.rows[r * (this.g.width + 1) + c1]!;

  /** Walls in column c from row r1 to r2 (inclusive; none when r1 > r2). */
  readonly wallsInColumn = (c: number, r1: number, r2: number): number =>
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

  private readonly columnCrossings = new Crossings(this.wallsInRow);
  private readonly rowCrossings = new Crossings(this.wallsInColumn);

  /**
   * pairClear(g, px, py, qx, qy): its column crossings checked along rows and its row crossings along
   * columns, both walked from P outward and interleaved in the order they lie on the segment, so the
   * work stops at the first wall the segment meets (lineOfSight(t, x) puts t's corner first).
   */
  private pairClear(px: number, py: number, qx: number, qy: number): boolean {
    if (px === qx || py === qy) return false;
    if (Math.abs(px - qx) === 1 && Math.abs(py - qy) === 1 && isWall(this.g, Math.min(px, qx), Math.min(py, qy))) return false;
    const x = this.columnCrossings.start(px, py, qx, qy);
    const y = this.rowCrossings.start(py, px, qy, qx);
    while (!x.done() || !y.done()) {
      // The one whose next crossing comes first along the segment: t_x / d_x ≤ t_y / d_y.
      const crossings = y.done() || (!x.done() && x.t * y.d <= y.t * x.d) ? x : y;
      if (!crossings.next()) return false;
    }
    return true;
  }
}

/**
 * One loop of pairClear, from (a0, b0) toward (a1, b1) (a1 ≠ a0, b1 ≠ b0), in the loop's own axes: at each
 * whole a strictly between, the segment is at b = b0 + t·e/d (t = |a - a0|, d = |a1 - a0|, e = b1 - b0),
 * and the cells (a - 1, ⌊b⌋) and (a, ⌊b⌋) must not be walls, nor (a - 1, b - 1) and (a, b - 1) where b is
 * whole. `walls(b, from, to)` counts the walls of line b from a = from to a = to. The crossings with the
 * same ⌊t·e/d⌋ form one run, checked at once; a run holds at most one whole crossing (its first t when
 * e > 0, its last when e < 0).
 */
class Crossings {
  t = 0;
  d = 0;
  private a0 = 0;
  private b0 = 0;
  private e = 0;
  private dir = 1;

  constructor(private readonly walls: (b: number, from: number, to: number) => number) {}

  start(a0: number, b0: number, a1: number, b1: number): this {
    this.a0 = a0;
    this.b0 = b0;
    this.d = Math.abs(a1 - a0);
    this.dir = a1 > a0 ? 1 : -1;
    this.e = b1 - b0;
    this.t = 1;
    return this;
  }

  done(): boolean {
    return this.t >= this.d;
  }

  /** Checks the next run of crossings; false when it meets a wall. */
  next(): boolean {
    const { t, d, e } = this;
    const k = Math.floor((t * e) / d);
    // The last t with the same ⌊t·e/d⌋.
    const last = Math.min(d - 1, e > 0 ? Math.floor(((k + 1) * d - 1) / e) : Math.floor((-k * d) / -e));
    if (this.run(this.b0 + k, t, last) > 0) return false;
    const whole = e > 0 ? t : last;
    if ((whole * e) % d === 0 && this.run(this.b0 + (whole * e) / d - 1, whole, whole) > 0) return false;
    this.t = last + 1;
    return true;
  }

  /** Walls of line b under the crossings t to last: cells a - 1 to a for each a = a0 + dir·t. */
  private run(b: number, t: number, last: number): number {
    const a0 = this.a0;
    return this.dir > 0 ? this.walls(b, a0 + t - 1, a0 + last) : this.walls(b, a0 - last - 1, a0 - t);
  }
}

/**
 * Line of sight from one cell t to every cell of a box around it, for when very many cells are asked about
 * (the attack fallback on a large board whose nearby cells cannot see the target). Rules 1 and 2 as in
 * lineOfSight; rule 3 from four visibility maps, one per corner P of t: for every lattice point Q of the
 * box, whether pairClear(P, Q) holds. Each map is four shadow-casting sweeps, one per quadrant around P,
 * column by column outward, keeping the blocked directions as a sorted union of closed slope intervals
 * (exact rationals). In a quadrant's own coordinates (P at the origin, Q = (u, v), u, v ≥ 1), pairClear
 * fails exactly when the open segment PQ meets a wall's closed square (i, j): for i ≤ u - 2 that is
 * j/(i+1) ≤ v/u ≤ (j+1)/i (the square's slopes); for i = u - 1 the square's right edge lies on Q's line, so
 * j < v ≤ (j+1)·u/(u-1), one range of rows of that column; squares further out never meet it.
 */
export class SightField {
  private readonly width: number;
  private readonly corners: Uint8Array[] = [];

  /** The box is the lattice points [x0, x1] x [y0, y1]: cells x0..x1-1 by y0..y1-1 (t among them). */
  constructor(
    private readonly index: SightIndex,
    private readonly g: Grid,
    private readonly t: Cell,
    private readonly x0: number,
    private readonly y0: number,
    x1: number,
    y1: number,
  ) {
    this.width = x1 - x0 + 1;
    for (let k = 0; k < 4; k++) {
      const map = new Uint8Array(this.width * (y1 - y0 + 1));
      const px = t.column + (k >> 1);
      const py = t.row + (k & 1);
      for (const sx of [1, -1]) for (const sy of [1, -1]) this.sweep(map, px, py, sx, sy, sx > 0 ? x1 - px : px - x0, sy > 0 ? y1 - py : py - y0);
      this.corners.push(map);
    }
  }

  /** lineOfSight(g, t, c) for a cell c of the box. */
  sees(c: Cell): boolean {
    const { g, t } = this;
    const { column: c1, row: r1 } = t;
    const { column: c2, row: r2 } = c;
    if (r1 === r2 && this.clearRow(r1, c1, c2)) return true;
    if (c1 === c2 && this.clearColumn(c1, r1, r2)) return true;
    if (isWall(g, c1 + Math.sign(c2 - c1), r1) && isWall(g, c1, r1 + Math.sign(r2 - r1))) return false;
    if (isWall(g, c2 + Math.sign(c1 - c2), r2) && isWall(g, c2, r2 + Math.sign(r1 - r2))) return false;
    for (let i = 0; i < 4; i++) {
      const map = this.corners[i]!;
      for (let j = 0; j < 4; j++) {
        if (map[(r2 + (j & 1) - this.y0) * this.width + c2 + (j >> 1) - this.x0] === 1) return true;
      }
    }
    return false;
  }

  private clearRow(r: number, a: number, b: number): boolean {
    return this.index.wallsInRow(r, Math.min(a, b) + 1, Math.max(a, b) - 1) === 0;
  }

  private clearColumn(c: number, a: number, b: number): boolean {
    return this.index.wallsInColumn(c, Math.min(a, b) + 1, Math.max(a, b) - 1) === 0;
  }

  /** Marks in `map` the points P + (sx·u, sy·v), 1 ≤ u ≤ maxU, 1 ≤ v ≤ maxV, that P sees. */
  private sweep(map: Uint8Array, px: number, py: number, sx: number, sy: number, maxU: number, maxV: number): void {
    if (maxU < 1 || maxV < 1) return;
    const g = this.g;
    const column = (i: number) => (sx > 0 ? px + i : px - i - 1);
    const row = (j: number) => (sy > 0 ? py + j : py - j - 1);
    // The blocked slopes: disjoint closed intervals loN/loD to hiN/hiD in increasing order (hiD 0: infinity).
    let lo: number[][] = [];
    let hi: number[][] = [];
    for (let u = 1; u <= maxU; u++) {
      if (u >= 2) {
        // Column i = u - 2 joins the union: its walls, in row order, give intervals in increasing order.
        const i = u - 2;
        const addLo: number[][] = [];
        const addHi: number[][] = [];
        for (let j = 0; j < maxV; j++) {
          if (!isWall(g, column(i), row(j))) continue;
          addLo.push([j, i + 1]);
          addHi.push(i === 0 ? [1, 0] : [j + 1, i]);
        }
        if (addLo.length > 0) [lo, hi] = mergeIntervals(lo, hi, addLo, addHi);
      }
      let k = 0;
      for (let v = 1; v <= maxV; v++) {
        // Intervals entirely below v/u are behind us for every larger v too.
        while (k < lo.length && below(hi[k]!, v, u)) k++;
        let blocked = k < lo.length && lo[k]![0]! * u <= v * lo[k]![1]!;
        if (!blocked) {
          // Column u - 1: rows j with ceil(v(u-1)/u) - 1 ≤ j ≤ v - 1.
          const from = Math.max(0, Math.ceil((v * (u - 1)) / u) - 1);
          const a = row(from);
          const b = row(v - 1);
          blocked = this.index.wallsInColumn(column(u - 1), Math.min(a, b), Math.max(a, b)) > 0;
        }
        if (!blocked) map[(py + sy * v - this.y0) * this.width + px + sx * u - this.x0] = 1;
      }
    }
  }
}

/** Whether the slope n/d (d = 0: infinity) is below v/u. */
function below(f: number[], v: number, u: number): boolean {
  return f[1] !== 0 && f[0]! * u < v * f[1]!;
}

/** a/b ≤ c/d for slopes (a denominator of 0 is infinity). */
function atMost(a: number[], c: number[]): boolean {
  if (c[1] === 0) return true;
  if (a[1] === 0) return false;
  return a[0]! * c[1]! <= c[0]! * a[1]!;
}

/** The union of two sorted lists of disjoint closed intervals, as one such list. */
function mergeIntervals(lo1: number[][], hi1: number[][], lo2: number[][], hi2: number[][]): [number[][], number[][]] {
  const lo: number[][] = [];
  const hi: number[][] = [];
  let a = 0;
  let b = 0;
  while (a < lo1.length || b < lo2.length) {
    const first = b >= lo2.length || (a < lo1.length && atMost(lo1[a]!, lo2[b]!));
    const l = first ? lo1[a]! : lo2[b]!;
    const h = first ? hi1[a++]! : hi2[b++]!;
    if (hi.length > 0 && atMost(l, hi[hi.length - 1]!)) {
      if (!atMost(h, hi[hi.length - 1]!)) hi[hi.length - 1] = h;
    } else {
      lo.push(l);
      hi.push(h);
    }
  }
  return [lo, hi];
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
