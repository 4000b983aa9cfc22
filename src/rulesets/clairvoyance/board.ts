/**
 * Boards (spec 4): building a Rectangle or Outline layout with its obstacles, and rendering. An Outline
 * board gets a one-cell frame of padding, so file coordinates are shifted by the *offset* and everything
 * printed afterwards is in board coordinates (as upstream).
 */
import { boardMsg } from './errors.js';
import type { Cell } from './model.js';
import type { Layout, Obstacle } from './syntax/ast.js';

/** Why a board cannot be built (spec 3.1 rows 1–5), positioned. */
export interface BoardProblem {
  readonly message: string;
  readonly at: { readonly line: number; readonly column: number };
}

export interface BuiltBoard {
  readonly width: number;
  readonly height: number;
  readonly offset: Cell;
  readonly walls: Uint8Array;
}

/**
 * Not in upstream, which would try to allocate any size: a board this large cannot be simulated in a
 * DM's session anyway, and refusing it keeps a typo like `Rectangle 100000, 100000` from exhausting memory.
 */
export const MAX_CELLS = 4_000_000;

const STEP: Record<'U' | 'R' | 'D' | 'L', Cell> = { U: { column: 0, row: -1 }, R: { column: 1, row: 0 }, D: { column: 0, row: 1 }, L: { column: -1, row: 0 } };

export function buildBoard(layout: Layout, obstacles: readonly Obstacle[]): BuiltBoard | BoardProblem {
  let board: BuiltBoard | BoardProblem;
  if (layout.kind === 'rectangle') {
    if (layout.width.value === 0) return { message: boardMsg.widthNotPositive(), at: layout.width.at };
    if (layout.height.value === 0) return { message: boardMsg.heightNotPositive(), at: layout.height.at };
    const size = tooLarge(layout.width.value, layout.height.value, layout.width.at);
    if (size !== null) return size;
    board = { width: layout.width.value, height: layout.height.value, offset: { column: 0, row: 0 }, walls: new Uint8Array(layout.width.value * layout.height.value) };
  } else {
    board = outline(layout);
  }
  if ('message' in board) return board;
  const { width, height, offset, walls } = board;
  // Rectangles can overlap, so filling each one would cost its area every time (a short file of large
  // obstacles took hours): each adds its four corners to a 2-D difference table, summed once at the end.
  const diff = obstacles.length === 0 ? null : new Int32Array((width + 1) * (height + 1));
  for (const o of obstacles) {
    const c1 = o.columns.from + offset.column;
    const c2 = o.columns.to + offset.column;
    const r1 = o.rows.from + offset.row;
    const r2 = o.rows.to + offset.row;
    if (c1 < 0 || c2 >= width || r1 < 0 || r2 >= height || c1 > c2 || r1 > r2 || c2 < 0 || r2 < 0 || c1 >= width || r1 >= height) {
      const text = `(${o.columns.from}-${o.columns.to}, ${o.rows.from}-${o.rows.to})`;
      return { message: boardMsg.obstacleBounds(text), at: o.at };
    }
    const w = width + 1;
    diff![r1 * w + c1]!++;
    diff![r1 * w + c2 + 1]!--;
    diff![(r2 + 1) * w + c1]!--;
    diff![(r2 + 1) * w + c2 + 1]!++;
  }
  if (diff !== null) {
    const w = width + 1;
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const k = r * w + c;
        // Prefix sums in place: the count of obstacles covering (c, r).
        diff[k] = diff[k]! + (c > 0 ? diff[k - 1]! : 0) + (r > 0 ? diff[k - w]! : 0) - (c > 0 && r > 0 ? diff[k - w - 1]! : 0);
        if (diff[k]! > 0) walls[r * width + c] = 1;
      }
    }
  }
  return board;
}

function tooLarge(width: number, height: number, at: BoardProblem['at']): BoardProblem | null {
  if (width * height <= MAX_CELLS) return null;
  return { message: boardMsg.tooLarge(width, height, MAX_CELLS), at };
}

/** 4.2: walk, pad, mark the path, flood the outside from the frame. */
function outline(layout: Extract<Layout, { kind: 'outline' }>): BuiltBoard | BoardProblem {
  const zero = layout.steps.find((s) => s.count.value === 0);
  if (zero !== undefined) return { message: boardMsg.outlineValue(), at: zero.count.at };
  let c = 0;
  let r = 0;
  let minC = 0;
  let maxC = 0;
  let minR = 0;
  let maxR = 0;
  for (const s of layout.steps) {
    c += STEP[s.direction].column * s.count.value;
    r += STEP[s.direction].row * s.count.value;
    minC = Math.min(minC, c);
    maxC = Math.max(maxC, c);
    minR = Math.min(minR, r);
    maxR = Math.max(maxR, r);
  }
  if (c !== 0 || r !== 0) return { message: boardMsg.borderNotClosed(c, r), at: layout.at };
  const width = maxC - minC + 3;
  const height = maxR - minR + 3;
  const size = tooLarge(width, height, layout.at);
  if (size !== null) return size;
  const offset = { column: 1 - minC, row: 1 - minR };
  // The walk may go back and forth over the same cells (`2000000R 2000000L` again and again), so it is not
  // walked cell by cell: each step marks its segment in a per-row (horizontal) or per-column (vertical)
  // difference table, summed once.
  const rows = new Int32Array((width + 1) * height);
  const columns = new Int32Array((height + 1) * width);
  c = offset.column;
  r = offset.row;
  rows[r * (width + 1) + c]!++;
  rows[r * (width + 1) + c + 1]!--;
  for (const s of layout.steps) {
    const nc = c + STEP[s.direction].column * s.count.value;
    const nr = r + STEP[s.direction].row * s.count.value;
    if (nr === r) {
      rows[r * (width + 1) + Math.min(c, nc)]!++;
      rows[r * (width + 1) + Math.max(c, nc) + 1]!--;
    } else {
      columns[c * (height + 1) + Math.min(r, nr)]!++;
      columns[c * (height + 1) + Math.max(r, nr) + 1]!--;
    }
    c = nc;
    r = nr;
  }
  const path = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    let run = 0;
    for (let column = 0; column < width; column++) {
      run += rows[row * (width + 1) + column]!;
      if (run > 0) path[row * width + column] = 1;
    }
  }
  for (let column = 0; column < width; column++) {
    let run = 0;
    for (let row = 0; row < height; row++) {
      run += columns[column * (height + 1) + row]!;
      if (run > 0) path[row * width + column] = 1;
    }
  }
  // Flood fill from (0,0), always outside thanks to the frame; what it reaches becomes wall.
  const walls = new Uint8Array(width * height);
  const stack = [0];
  walls[0] = 1;
  while (stack.length > 0) {
    const p = stack.pop()!;
    const pc = p % width;
    const pr = (p - pc) / width;
    for (const [dc, dr] of [[0, -1], [0, 1], [-1, 0], [1, 0]] as const) {
      const nc = pc + dc;
      const nr = pr + dr;
      if (nc < 0 || nr < 0 || nc >= width || nr >= height) continue;
      const n = nr * width + nc;
      if (walls[n] === 1 || path[n] === 1) continue;
      walls[n] = 1;
      stack.push(n);
    }
  }
  return { width, height, offset, walls };
}

/** Cell contents: -2 wall, -1 empty, else a unit index. */
export const WALL = -2;
export const EMPTY = -1;
