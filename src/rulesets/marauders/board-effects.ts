/**
 * Board effects of elements and spells (5, 6): placing marks on landing cells or random eligible cells,
 * finding the mark of a lane nearest to a field, element changes and lane rotations.
 */
import { eligibleCells, markAllowed, rc } from './board.js';
import { laneCellsFrom } from './fields.js';
import type { Axis, Dir, El, Mark, MarkKind, PlayerId } from './model.js';
import type { Ctx } from './state.js';

/**
 * D27: the eligible cell of the lane nearest to the field (p, ax); if none, a random eligible cell of the
 * board; null if there is none at all.
 */
export function landingCell(ctx: Ctx, mark: Mark, ax: Axis, lane: number, p: PlayerId): number | null {
  const { st } = ctx;
  const b = st.board;
  for (const c of laneCellsFrom(b.n, ax, lane, p)) {
    if (b.mark[c] === null && markAllowed(b, st.cfg.mode, c, mark)) return c;
  }
  return ctx.draws.cell(mark.kind === 'shifter' ? 'shifter-cell' : 'random-cell', eligibleCells(b, st.cfg.mode, mark));
}

/** Places a mark, fresh when made during a resolution (D20). */
export function placeMark(ctx: Ctx, c: number, mark: Mark, fresh: boolean): void {
  ctx.st.board.mark[c] = fresh ? { ...mark, fresh: true } : mark;
}

/** A random eligible cell of the whole board (one draw), or null. */
export function randomEligible(ctx: Ctx, mark: Mark): number | null {
  return ctx.draws.cell('random-cell', eligibleCells(ctx.st.board, ctx.st.cfg.mode, mark));
}

/**
 * The cell in lane (ax, lane) nearest to the field (p, ax) whose mark passes `test`; else a random such cell
 * of the board; null if none.
 */
export function markInLaneOrRandom(
  ctx: Ctx,
  ax: Axis,
  lane: number,
  p: PlayerId,
  test: (m: Mark) => boolean,
): number | null {
  const b = ctx.st.board;
  for (const c of laneCellsFrom(b.n, ax, lane, p)) {
    const m = b.mark[c];
    if (m != null && test(m)) return c;
  }
  const all: number[] = [];
  for (let i = 0; i < b.n * b.n; i++) {
    const m = b.mark[i];
    if (m != null && test(m)) all.push(i);
  }
  return ctx.draws.cell('random-mark', all);
}

export function isKind(kind: MarkKind): (m: Mark) => boolean {
  return (m) => m.kind === kind;
}

/** The cells of a lane in lane order (ascending). */
export function laneCells(n: number, ax: Axis, lane: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(ax === 'X' ? lane * n + k : k * n + lane);
  return out;
}

/** Sun: the lane's cell int(N) gets element int(#E-1) among the other elements. Returns the change. */
export function sunChange(ctx: Ctx, ax: Axis, lane: number): { cell: number; from: El; to: El } {
  const b = ctx.st.board;
  const cell = ctx.draws.cell('sun-cell', laneCells(b.n, ax, lane))!;
  const from = b.el[cell]!;
  const others = ctx.st.cfg.elements.filter((e) => e !== from);
  const to = ctx.draws.element('sun-element', others, cell) ?? from;
  b.el[cell] = to;
  return { cell, from, to };
}

/** Moon: the N blocks of a lane rotate one cell in `dir`, wrapping, marks with them. */
export function rotateLane(ctx: Ctx, ax: Axis, lane: number, dir: Dir): void {
  const b = ctx.st.board;
  const cells = laneCells(b.n, ax, lane);
  const forward = dir === 'E' || dir === 'S';
  const el = cells.map((c) => b.el[c]!);
  const mk = cells.map((c) => b.mark[c]!);
  const n = cells.length;
  cells.forEach((c, k) => {
    const from = forward ? (k - 1 + n) % n : (k + 1) % n;
    b.el[c] = el[from]!;
    b.mark[c] = mk[from]!;
  });
}

/** The unwarped orthogonal neighbours of a cell in the order N, E, S, W. */
export function neighbours(n: number, c: number): number[] {
  const [r, col] = rc(n, c);
  const out: number[] = [];
  if (r > 0) out.push(c - n);
  if (col < n - 1) out.push(c + 1);
  if (r < n - 1) out.push(c + n);
  if (col > 0) out.push(c - 1);
  return out;
}
