/**
 * The room's geometry (§6.6.1, §6.6.3): a 100 × 100 grid, eight facings, king's-move distance, and the cells of
 * areas, cones and lines. Pure functions over coordinates; who stands where is positions.ts's.
 */

export const GRID_SIZE = 100;
export const FACINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Facing = (typeof FACINGS)[number];

/** x grows to the east, y to the south (D63). */
const VECTORS: Record<Facing, readonly [number, number]> = {
  N: [0, -1],
  NE: [1, -1],
  E: [1, 0],
  SE: [1, 1],
  S: [0, 1],
  SW: [-1, 1],
  W: [-1, 0],
  NW: [-1, -1],
};

export interface Point {
  readonly x: number;
  readonly y: number;
}

export function parseFacing(word: string): Facing | null {
  const upper = word.toUpperCase();
  return (FACINGS as readonly string[]).includes(upper) ? (upper as Facing) : null;
}

export function isCardinal(f: Facing): boolean {
  return f === 'N' || f === 'E' || f === 'S' || f === 'W';
}

export function inGrid(x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < GRID_SIZE && y < GRID_SIZE;
}

/** King's moves [R9.2]; heights never add to it. */
export function distance(a: Point, b: Point): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/**
 * A shape's fixed cells (D67): an area of `n` around a centre, or a cone or line of `n` from an origin along a
 * facing. Kept as this description, which is plain data, and tested cell by cell.
 */
export type ShapeCells =
  | { readonly kind: 'area'; readonly centre: Point; readonly n: number; readonly aroundUser: boolean }
  | { readonly kind: 'cone' | 'line'; readonly origin: Point; readonly facing: Facing; readonly n: number };

export function inShape(shape: ShapeCells, p: Point): boolean {
  if (shape.kind === 'area') return distance(shape.centre, p) <= shape.n;
  const [dx, dy] = VECTORS[shape.facing];
  const rx = p.x - shape.origin.x;
  const ry = p.y - shape.origin.y;
  if (shape.kind === 'line') {
    // cell + k·dir for k = 1..n, diagonals included
    const k = dx !== 0 ? rx / dx : ry / dy;
    return Number.isInteger(k) && k >= 1 && k <= shape.n && rx === k * dx && ry === k * dy;
  }
  // a cone faces N, E, S or W: row k ahead, sideways offset at most k − 1
  const ahead = rx * dx + ry * dy;
  const side = Math.abs(rx * dy - ry * dx);
  return ahead >= 1 && ahead <= shape.n && side <= ahead - 1;
}

/** Every in-grid cell of a shape, row by row (the terminal view draws them). */
export function shapeCells(shape: ShapeCells): Point[] {
  const out: Point[] = [];
  for (let y = 0; y < GRID_SIZE; y++) for (let x = 0; x < GRID_SIZE; x++) if (inShape(shape, { x, y })) out.push({ x, y });
  return out;
}

/** The in-grid cells exactly `k` king's moves from p, row by row. */
export function ring(p: Point, k: number): Point[] {
  const out: Point[] = [];
  for (let y = p.y - k; y <= p.y + k; y++) {
    for (let x = p.x - k; x <= p.x + k; x++) {
      if (inGrid(x, y) && distance(p, { x, y }) === k) out.push({ x, y });
    }
  }
  return out;
}
