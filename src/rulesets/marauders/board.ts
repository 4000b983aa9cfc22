/**
 * The N x N block board (1.3, 3.2, 3.7): lines, swap adjacency, legal matching swaps and generation.
 * Cells are row-major indices; a board is plain data so the battle state serialises as JSON.
 */
import { InternalError } from '../../core/battle.js';
import type { Draws } from './draws.js';
import { MARK_EXCLUDES, type El, type Mark, type Mode, type OptionId } from './model.js';

export interface Board {
  readonly n: number;
  readonly el: El[];
  readonly mark: (Mark | null)[];
}

/**
 * The active line shape (3.3 "Line shapes"): v1's straight runs, `adjacent`'s edge-connected groups (which
 * replace the straight runs, D64), and `diagonal`'s falling and rising runs (besides the others, D63, D65).
 */
export interface Shape {
  readonly adjacent: boolean;
  readonly diagonal: boolean;
}
export const STRAIGHT: Shape = { adjacent: false, diagonal: false };

export function shapeOf(options: readonly OptionId[]): Shape {
  const adjacent = options.includes('adjacent');
  const diagonal = options.includes('diagonal');
  return adjacent || diagonal ? { adjacent, diagonal } : STRAIGHT;
}

function plain(shape: Shape): boolean {
  return !shape.adjacent && !shape.diagonal;
}

/** The kinds of line, in the order of ties on the first cell (3.3 step 2). */
export type LineKind = 'group' | 'h' | 'v' | 'falling' | 'rising';
const KIND_ORDER: Readonly<Record<LineKind, number>> = { group: 0, h: 1, v: 2, falling: 3, rising: 4 };

/** A line of the active shape (3.3): a maximal run or group of >= 3 blocks of one element. */
export interface Line {
  readonly el: El;
  readonly kind: LineKind;
  /** Cells in row-major order: the first and last are what MATCH prints. */
  readonly cells: readonly number[];
}

export function rc(n: number, i: number): [number, number] {
  return [Math.floor(i / n), i % n];
}

export function cloneBoard(b: Board): Board {
  return { n: b.n, el: [...b.el], mark: [...b.mark] };
}

export function isWarped(b: Board, i: number): boolean {
  return b.mark[i]?.kind === 'warp';
}

/**
 * Every line, in reading order: first cell row-major, horizontal before vertical (3.3).
 * The board scans below (lines, legal swaps) run after every board change, mostly before the JIT has
 * optimised them: they read the element array from a local and index cells directly, since each property
 * read and call costs an inline-cache stub in baseline code.
 */
export function findLines(b: Board, shape: Shape = STRAIGHT): Line[] {
  const { n, el } = b;
  const found: Line[] = [];
  if (shape.adjacent) found.push(...findGroups(b));
  else {
    for (let r = 0; r < n; r++) {
      const row = r * n;
      let c = 0;
      while (c < n) {
        const e = el[row + c]!;
        let end = c + 1;
        while (end < n && el[row + end] === e) end++;
        if (end - c >= 3) found.push({ el: e, kind: 'h', cells: cellRun(row + c, end - c, 1) });
        c = end;
      }
    }
    for (let c = 0; c < n; c++) {
      let r = 0;
      while (r < n) {
        const e = el[r * n + c]!;
        let end = r + 1;
        while (end < n && el[end * n + c] === e) end++;
        if (end - r >= 3) found.push({ el: e, kind: 'v', cells: cellRun(r * n + c, end - r, n) });
        r = end;
      }
    }
  }
  if (shape.diagonal) found.push(...diagonalRuns(b, 1, 'falling'), ...diagonalRuns(b, -1, 'rising'));
  if (found.length > 1) found.sort((x, y) => x.cells[0]! - y.cells[0]! || KIND_ORDER[x.kind] - KIND_ORDER[y.kind]);
  return found;
}

/** Maximal diagonal runs of >= 3, each walked from its top cell down (dc = 1 falling, -1 rising). */
function diagonalRuns(b: Board, dc: 1 | -1, kind: LineKind): Line[] {
  const { n, el } = b;
  const out: Line[] = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n);
    const c = i % n;
    const e = el[i]!;
    // only the top cell of a run starts it
    const pr = r - 1;
    const pc = c - dc;
    if (pr >= 0 && pc >= 0 && pc < n && el[pr * n + pc] === e) continue;
    let k = 1;
    while (r + k < n && c + k * dc >= 0 && c + k * dc < n && el[(r + k) * n + c + k * dc] === e) k++;
    if (k >= 3) out.push({ el: e, kind, cells: cellRun(i, k, n + dc) });
  }
  return out;
}

/** `adjacent`: edge-connected groups of >= 3 blocks of one element, cells row-major (D64). */
function findGroups(b: Board): Line[] {
  const { n, el } = b;
  const seen = new Array<boolean>(n * n).fill(false);
  const out: Line[] = [];
  for (let i = 0; i < n * n; i++) {
    if (seen[i]) continue;
    const e = el[i]!;
    const cells = [i];
    seen[i] = true;
    for (let k = 0; k < cells.length; k++) {
      for (const j of edgeNeighbours(n, cells[k]!)) {
        if (!seen[j] && el[j] === e) {
          seen[j] = true;
          cells.push(j);
        }
      }
    }
    if (cells.length >= 3) out.push({ el: e, kind: 'group', cells: cells.sort((x, y) => x - y) });
  }
  return out;
}

/** The edge neighbours of cell i, in the order N, E, S, W. */
export function edgeNeighbours(n: number, i: number): number[] {
  const r = Math.floor(i / n);
  const c = i % n;
  const out: number[] = [];
  if (r > 0) out.push(i - n);
  if (c < n - 1) out.push(i + 1);
  if (r < n - 1) out.push(i + n);
  if (c > 0) out.push(i - 1);
  return out;
}

/**
 * Whether cell i, holding e, makes a line of the active shape with the cells `at` gives (null: an empty or
 * not yet drawn cell). One rule for the swap test, generation, block-chain and force-matchable refills
 * (3.2, 3.6, 3.7: "would make a line of the active shape with the filled cells").
 */
export function lineAt(at: (j: number) => El | null, n: number, i: number, e: El, shape: Shape): boolean {
  const r = Math.floor(i / n);
  const c = i % n;
  const run = (dr: number, dc: number): number => {
    let k = 0;
    for (let y = r + dr, x = c + dc; y >= 0 && y < n && x >= 0 && x < n && at(y * n + x) === e; y += dr, x += dc) k++;
    return k;
  };
  if (shape.adjacent) {
    const group = [i];
    const inGroup = new Set(group);
    for (let k = 0; k < group.length && group.length < 3; k++) {
      for (const j of edgeNeighbours(n, group[k]!)) {
        if (!inGroup.has(j) && at(j) === e) {
          inGroup.add(j);
          group.push(j);
        }
      }
    }
    if (group.length >= 3) return true;
  } else if (run(0, -1) + run(0, 1) >= 2 || run(-1, 0) + run(1, 0) >= 2) return true;
  return shape.diagonal && (run(-1, -1) + run(1, 1) >= 2 || run(-1, 1) + run(1, -1) >= 2);
}

/** `count` cells from `first`, `step` apart. */
function cellRun(first: number, count: number, step: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < count; k++) out.push(first + k * step);
  return out;
}

/**
 * Whether cell i, holding e, lies in a run of >= 3 in its row or column of an n x n element array; cell
 * `moved` ends a run (it is about to hold another element).
 */
function lineThrough(el: readonly El[], n: number, i: number, e: El, moved: number): boolean {
  const row = i - (i % n);
  let h = 1;
  for (let x = i - 1; x >= row && el[x] === e && x !== moved; x--) h++;
  for (let x = i + 1; x < row + n && el[x] === e && x !== moved; x++) h++;
  if (h >= 3) return true;
  let v = 1;
  for (let y = i - n; y >= 0 && el[y] === e && y !== moved; y -= n) v++;
  for (let y = i + n; y < n * n && el[y] === e && y !== moved; y += n) v++;
  return v >= 3;
}

/** 3.2: same row or column, different, and every cell strictly between holds a warped block. */
export function swapAdjacent(b: Board, a: number, c: number): boolean {
  if (a === c) return false;
  const { n } = b;
  const [ra, ca] = rc(n, a);
  const [rb, cb] = rc(n, c);
  if (ra !== rb && ca !== cb) return false;
  const step = ra === rb ? (cb > ca ? 1 : -1) : cb === ca ? (rb > ra ? n : -n) : 0;
  for (let i = a + step; i !== c; i += step) if (!isWarped(b, i)) return false;
  return true;
}

export function swapCells(b: Board, a: number, c: number): void {
  const e = b.el[a]!;
  b.el[a] = b.el[c]!;
  b.el[c] = e;
  const m = b.mark[a]!;
  b.mark[a] = b.mark[c]!;
  b.mark[c] = m;
}

/**
 * Whether exchanging a and c makes at least one line: each cell is read as if the two were exchanged, so
 * nothing is written (marks play no part in lines).
 */
export function swapMakesLine(b: Board, a: number, c: number, shape: Shape = STRAIGHT): boolean {
  const { n, el } = b;
  const ea = el[a]!;
  const ec = el[c]!;
  if (ea === ec) return false;
  if (plain(shape)) return lineThrough(el, n, a, ec, c) || lineThrough(el, n, c, ea, a);
  const at = (j: number): El => (j === a ? ec : j === c ? ea : el[j]!);
  return lineAt(at, n, a, ec, shape) || lineAt(at, n, c, ea, shape);
}

/**
 * Visits the legal matching swaps (3.2) as (a, c) with a before c row-major, in row-major order of a, its east
 * partner before its south one, until `visit` returns true.
 */
function visitLegalSwaps(b: Board, shape: Shape, visit: (a: number, c: number) => boolean): void {
  const { n, mark } = b;
  for (let a = 0; a < n * n; a++) {
    if (mark[a]?.kind === 'warp') continue;
    const rowEnd = a - (a % n) + n;
    // east then south, jumping over warped blocks
    let east = a + 1;
    while (east < rowEnd && mark[east]?.kind === 'warp') east++;
    if (east < rowEnd && swapMakesLine(b, a, east, shape) && visit(a, east)) return;
    let south = a + n;
    while (south < n * n && mark[south]?.kind === 'warp') south += n;
    if (south < n * n && swapMakesLine(b, a, south, shape) && visit(a, south)) return;
  }
}

/** Every legal matching swap (3.2) as [a, c] with a before c row-major, in row-major order of a then c. */
export function legalSwaps(b: Board, shape: Shape = STRAIGHT): [number, number][] {
  const out: [number, number][] = [];
  visitLegalSwaps(b, shape, (a, c) => {
    out.push([a, c]);
    return false;
  });
  return out;
}

/** Whether any legal matching swap is left (the search stops at the first). */
export function hasLegalSwap(b: Board, shape: Shape = STRAIGHT): boolean {
  let found = false;
  visitLegalSwaps(b, shape, () => (found = true));
  return found;
}

/**
 * 3.7: row-major, each cell avoiding three in a row with the two cells left or above; redrawn until playable.
 * v2 shapes: each cell avoids any line of the active shape with the cells drawn so far, and a cell with no
 * element left abandons the board at once (D66).
 */
export function generateBoard(n: number, elements: readonly El[], draws: Draws, shape: Shape = STRAIGHT): Board {
  const cells = n * n;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const el: El[] = [];
    let abandoned = false;
    for (let i = 0; i < cells; i++) {
      let allowed: readonly El[];
      if (plain(shape)) {
        // At most two elements are barred, the one of a pair on the left and the one of a pair above; most
        // cells have neither and draw from the list itself (a board is made for every game, in cold code).
        const c = i % n;
        const left = c >= 2 && el[i - 1] === el[i - 2] ? el[i - 1] : null;
        const above = i >= 2 * n && el[i - n] === el[i - 2 * n] ? el[i - n] : null;
        allowed = left === null && above === null ? elements : elements.filter((e) => e !== left && e !== above);
      } else {
        const at = (j: number): El | null => (j < i ? el[j]! : null);
        allowed = elements.filter((e) => !lineAt(at, n, i, e, shape));
        if (allowed.length === 0) {
          abandoned = true;
          break;
        }
      }
      el.push(draws.element('board', allowed, i));
    }
    if (abandoned) continue;
    const board: Board = { n, el, mark: el.map(() => null) };
    if (hasLegalSwap(board, shape)) return board;
  }
  throw new InternalError('marauders: 1000 generated boards without a legal matching swap (D52)');
}

/** Cells next to an enabled shield field, where shifters may not go (1.3). */
export function isShifterBarred(n: number, mode: Mode, i: number): boolean {
  const [r, c] = rc(n, i);
  if (c === 0 || c === n - 1) return true;
  return mode === '2d' && (r === 0 || r === n - 1);
}

/** Whether the block at i may carry a mark of this kind, ignoring any mark already there. */
export function markAllowed(b: Board, mode: Mode, i: number, mark: Mark): boolean {
  if (b.el[i] === MARK_EXCLUDES[mark.kind]) return false;
  if (mark.kind === 'shifter' && isShifterBarred(b.n, mode, i)) return false;
  if (mark.kind === 'mirror' && mode === '1d' && (mark.o === 'R' || mark.o === 'F')) return false;
  return true;
}

/** Unmarked blocks that may carry the mark, row-major. */
export function eligibleCells(b: Board, mode: Mode, mark: Mark): number[] {
  const out: number[] = [];
  for (let i = 0; i < b.n * b.n; i++) if (b.mark[i] === null && markAllowed(b, mode, i, mark)) out.push(i);
  return out;
}

/** D49: after an element change or a move, marks no longer allowed where they are go away. */
export function dropIllegalMarks(b: Board, mode: Mode): void {
  const { mark } = b;
  for (let i = 0; i < mark.length; i++) {
    const m = mark[i];
    if (m != null && !markAllowed(b, mode, i, m)) mark[i] = null;
  }
}

/**
 * A key of the printed block text (elements and marks), to print BOARD only when it changed. Marks are
 * listed by cell, unmarked cells left out: a board is printed at every step of a long settle, and most of
 * its cells carry no mark.
 */
export function boardKey(b: Board): string {
  const { mark } = b;
  let marks = '';
  for (let i = 0; i < mark.length; i++) {
    const m = mark[i];
    if (m != null) marks += `,${i}:${m.kind}${m.o ?? ''}${m.owner ?? ''}`;
  }
  return b.el.join('') + '|' + marks;
}
