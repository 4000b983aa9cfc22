/**
 * Settle (3.3-3.7): find lines pass by pass, value the blocks (h1 bonus), collect them into the owner's
 * field, refill (in place, block-chain, gravity) and reset the board when no legal matching swap is left.
 */
import { InternalError } from '../../core/battle.js';
import { dropIllegalMarks, edgeNeighbours, findLines, generateBoard, hasLegalSwap, lineAt, rc, shapeOf, type Board, type Line, type Shape } from './board.js';
import { distanceFrom, join, laneView } from './fields.js';
import { NONE, type MatchFn, type SettleOpts, type Settles } from './effect-types.js';
import { ELEMENT_RULES } from './element-table.js';
import { ALL_LETTERS, type El } from './model.js';
import { has, lanes, type Ctx, type GravitySide } from './state.js';
import { turnInfo } from './schedule.js';

export type { SettleOpts };

/** The match effects (M) of the element table, in canonical order (Wood's force, 3.5). */
const MATCH_EFFECTS: readonly MatchFn[] = ALL_LETTERS.flatMap((el) => {
  const run = ELEMENT_RULES[el].match;
  return run === NONE ? [] : [run];
});

/** Runs the settle an element handler asked for, at once (3.3, D15: every board change settles). */
export function settleIf(ctx: Ctx, s: Settles): void {
  if (s) settle(ctx, s);
}

/** Orders lines for a pass (3.3 step 2). */
function orderLines(lines: Line[], swap: SettleOpts['swap'] | undefined): Line[] {
  if (swap === undefined) return lines;
  const withC2 = lines.filter((l) => l.cells.includes(swap.c2));
  const withC1 = lines.filter((l) => !l.cells.includes(swap.c2) && l.cells.includes(swap.c1));
  const rest = lines.filter((l) => !l.cells.includes(swap.c2) && !l.cells.includes(swap.c1));
  return [...withC2, ...withC1, ...rest];
}

/** Block values of one pass (3.4); returns the value of every matched cell and each line's key. */
export function passValues(
  b: Board,
  lines: readonly Line[],
  changed: ReadonlySet<number>,
  dimension: boolean,
  triple = false,
): { values: Map<number, number>; keys: number[] } {
  const base = new Map<number, number>();
  const mult = new Map<number, number>();
  for (const l of lines) {
    for (const c of l.cells) {
      base.set(c, 1);
      if (!mult.has(c)) mult.set(c, 1);
    }
  }
  const keys = lines.map((l) => l.cells.find((c) => changed.has(c)) ?? l.cells[0]!);
  lines.forEach((l, i) => {
    const u = l.cells.filter((c) => b.mark[c]?.kind !== 'cover').length;
    const key = keys[i]!;
    base.set(key, base.get(key)! + Math.max(0, u - 3));
    if (l.cells.some((c) => b.mark[c]?.kind === 'warp')) for (const c of l.cells) mult.set(c, mult.get(c)! * 2);
  });
  if (lines.length > 1) for (const key of new Set(keys)) base.set(key, base.get(key)! + lines.length - 1);
  const values = new Map<number, number>();
  for (const [c, v] of base) {
    const m = mult.get(c)! * (dimension ? 2 : 1) * (triple ? 3 : 1);
    values.set(c, b.mark[c]?.kind === 'cover' ? 0 : v * m);
  }
  return { values, keys };
}

export function settle(ctx: Ctx, o: SettleOpts): void {
  passes(ctx, o);
  resetWhileStuck(ctx, o);
}

/** 3.3 step 6: a board with no legal matching swap is reset (under pre-match, again while its settle leaves none). */
function resetWhileStuck(ctx: Ctx, o: SettleOpts): void {
  const shape = shapeOf(ctx.st.cfg.options);
  for (let resets = 0; !hasLegalSwap(ctx.st.board, shape); resets++) {
    if (resets >= 1000) throw new InternalError('marauders: 1000 board resets in one settle (D52)');
    resetBoard(ctx, false, o);
  }
}

/** Steps 1-5: the passes of one settle, until no line is left. */
function passes(ctx: Ctx, o: SettleOpts): void {
  const { st } = ctx;
  const b = st.board;
  let changed = new Set<number>(o.swap ? [o.swap.c1, o.swap.c2] : (o.changed ?? b.el.map((_, i) => i)));
  dropIllegalMarks(b, st.cfg.mode);
  const shape = shapeOf(st.cfg.options);
  for (let pass = 1; ; pass++) {
    if (pass > 1000) throw new InternalError('marauders: more than 1000 passes in one settle (D52)');
    const lines = orderLines(findLines(b, shape), pass === 1 ? o.swap : undefined);
    if (lines.length === 0) break;
    const dimension = pass === 1 && o.dimension === true;
    const { values, keys } = passValues(b, lines, changed, dimension, pass === 1 && o.freeSwap === true);
    const reported = new Set<number>();
    lines.forEach((l, i) => {
      let v = 0;
      for (const c of l.cells) {
        if (reported.has(c)) continue;
        reported.add(c);
        v += values.get(c)!;
      }
      // a group or diagonal line carries its cells, which first-last does not name (a terminal draws them)
      const cells = l.kind === 'h' || l.kind === 'v' ? {} : { cells: l.cells };
      ctx.ev.push({ k: 'match', pass, el: l.el, first: l.cells[0]!, last: l.cells[l.cells.length - 1]!, key: keys[i]!, value: v, ...cells });
    });
    if (pass === 1 && o.onSpellSwap !== undefined) o.onSpellSwap(lines[0]!.el);
    else collect(ctx, o, values, dimension ? 'A' : o.tag);
    changed = refill(ctx, o, [...values.keys()].sort((x, y) => x - y));
    dropIllegalMarks(b, st.cfg.mode);
  }
}

/** 3.5: matched blocks with value > 0 join the lanes they lie on. */
function collect(ctx: Ctx, o: SettleOpts, values: Map<number, number>, tag: 'A' | 'D'): void {
  const { st } = ctx;
  const n = st.cfg.n;
  const field = lanes(st, o.owner, o.axis);
  const info = turnInfo(st.cfg, st.t);
  const ownTurn = info.actor === o.owner;
  const gains = new Map<number, { g: number; el: El; dist: number }>();
  for (const [c, v] of values) {
    const el = st.board.el[c]!;
    if (v <= 0) continue;
    const [r, col] = rc(n, c);
    const lane = o.axis === 'X' ? r : col;
    const dist = distanceFrom(o.owner, o.axis, n, r, col);
    const cur = gains.get(lane);
    if (cur === undefined) gains.set(lane, { g: v, el, dist });
    else {
      cur.g += v;
      if (dist > cur.dist) {
        cur.el = el;
        cur.dist = dist;
      }
    }
  }
  for (const lane of [...gains.keys()].sort((x, y) => x - y)) {
    const l = field[lane]!;
    if (ownTurn && info.role === 'ATTACK' && l.noatk !== null) continue;
    if (ownTurn && info.role === 'DEFEND' && l.nodef !== null) continue;
    const { g, el } = gains.get(lane)!;
    join(l, g, el, tag);
    if (l.curse) {
      l.curse = false;
      l.pend = true;
    }
    ctx.ev.push({ k: 'shield', p: o.owner, ax: o.axis, lane, g, token: laneView(l, lane) });
  }
  const cells = [...values.keys()];
  for (const run of MATCH_EFFECTS) run(ctx, o.owner, cells);
}

/** The gravity side of a settle (3.6), or null for in-place refills. */
function gravitySide(ctx: Ctx, o: SettleOpts): GravitySide | null {
  const cfg = ctx.st.cfg;
  const inward: GravitySide = o.axis === 'X' ? (o.owner === 1 ? 'left' : 'right') : o.owner === 1 ? 'down' : 'up';
  const flip: Record<GravitySide, GravitySide> = { left: 'right', right: 'left', up: 'down', down: 'up' };
  if (has(cfg, 'gravity-in')) return inward;
  if (has(cfg, 'gravity-out')) return flip[inward];
  if (has(cfg, 'gravity-fixed')) return cfg.fixedGravity;
  return null;
}

/** Removes the matched blocks and draws new ones; returns the refilled and moved cells. */
function refill(ctx: Ctx, o: SettleOpts, matched: number[]): Set<number> {
  const { st, draws } = ctx;
  const b = st.board;
  const { n, el, mark } = b;
  const E = st.cfg.elements;
  const empty = new Array<boolean>(n * n).fill(false);
  for (const c of matched) {
    empty[c] = true;
    mark[c] = null;
  }
  const changed = new Set<number>();
  const order: number[] = [];
  const side = gravitySide(ctx, o);
  if (side === null) order.push(...matched);
  else {
    // Each row (left/right) or column (up/down) from the gravity side outward: its blocks slide towards
    // that side in order, and the cells left over at the far end are the ones to draw, in that order.
    const fromStart = side === 'left' || side === 'up';
    const along = side === 'left' || side === 'right' ? 1 : n;
    const across = along === 1 ? n : 1;
    const step = fromStart ? along : -along;
    for (let line = 0; line < n; line++) {
      const first = line * across + (fromStart ? 0 : (n - 1) * along);
      let to = first;
      for (let k = 0, from = first; k < n; k++, from += step) {
        if (empty[from]) continue;
        if (from !== to) {
          el[to] = el[from]!;
          mark[to] = mark[from]!;
          empty[to] = false;
          changed.add(to);
        }
        to += step;
      }
      for (let k = (to - first) / step; k < n; k++, to += step) {
        empty[to] = true;
        mark[to] = null;
        order.push(to);
      }
    }
  }
  const chain = has(st.cfg, 'block-chain');
  const matchable = has(st.cfg, 'force-matchable');
  const shape = shapeOf(st.cfg.options);
  const drawn: [number, El][] = [];
  for (const c of order) {
    const allowed = chain ? chainSafe(b, empty, c, E, shape) : E;
    const pool = allowed.length === 0 ? E : allowed;
    const pref = matchable ? pool.filter((x) => potentialMatch(b, empty, c, x, shape)) : [];
    const e = pref.length > 0 ? draws.element('forcematch-refill', pref, c) : draws.element('refill', pool, c);
    el[c] = e;
    empty[c] = false;
    changed.add(c);
    drawn.push([c, e]);
  }
  ctx.ev.push({ k: 'refill', cells: drawn });
  return changed;
}

/** block-chain: the elements that would not make a line of the active shape with the filled cells (3.6). */
function chainSafe(b: Board, empty: readonly boolean[], c: number, E: readonly El[], shape: Shape): El[] {
  const at = (j: number): El | null => (empty[j] ? null : b.el[j]!);
  return E.filter((el) => !lineAt(at, b.n, c, el, shape));
}

/**
 * force-matchable (3.6, D76): e at the empty cell x makes no line with the filled cells, and exchanging it with a
 * filled, unwarped edge neighbour y of another element f puts e at y or f at x in a line of filled cells.
 */
export function potentialMatch(b: Board, empty: readonly boolean[], x: number, e: El, shape: Shape): boolean {
  const { n } = b;
  const filled = (j: number): El | null => (empty[j] ? null : b.el[j]!);
  if (lineAt(filled, n, x, e, shape)) return false;
  for (const y of edgeNeighbours(n, x)) {
    const f = filled(y);
    if (f === null || f === e || b.mark[y]?.kind === 'warp') continue;
    const swapped = (j: number): El | null => (j === x ? f : j === y ? e : filled(j));
    if (lineAt(swapped, n, y, e, shape) || lineAt(swapped, n, x, f, shape)) return true;
  }
  return false;
}

/**
 * 3.7 with 3.3 step 6: a new board, marks cleared; forces to 0 unless the Sun spell keeps them. Under pre-match
 * (D75, D93) the board is drawn freely and its lines settle at once for `o`'s owner, axis and tag, as a plain
 * settle (no spell, no multipliers) with every cell changed.
 */
function resetBoard(ctx: Ctx, keepForces: boolean, o: SettleOpts): void {
  const { st } = ctx;
  // RESET is pushed before the board is drawn (generation pushes no event, so the log is the same): the
  // events file then shows the reset before its board draws
  if (keepForces) ctx.ev.push({ k: 'reset', forces: null });
  else {
    const forces = [st.players[0].force, st.players[1].force] as const;
    st.players[0].force = 0;
    st.players[1].force = 0;
    ctx.ev.push({ k: 'reset', forces });
  }
  if (has(st.cfg, 'pre-match')) {
    const E = st.cfg.elements;
    for (let i = 0; i < st.board.el.length; i++) st.board.el[i] = ctx.draws.element('prematch-board', E, i);
    st.board.mark.fill(null);
    passes(ctx, { owner: o.owner, axis: o.axis, tag: o.tag });
    return;
  }
  const fresh = generateBoard(st.cfg.n, st.cfg.elements, ctx.draws, shapeOf(st.cfg.options));
  st.board.el.splice(0, fresh.el.length, ...fresh.el);
  st.board.mark.fill(null);
}

/** The Sun spell's reset (6): forces kept; under pre-match its board settles for the caster (D75). */
export function sunReset(ctx: Ctx, o: SettleOpts): void {
  resetBoard(ctx, true, o);
  resetWhileStuck(ctx, o);
}
