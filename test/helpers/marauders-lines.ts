/**
 * The naive reading of 3.3's lines under every shape, independent of board.ts: shared by the shape tests and
 * the events check (board generation under a v2 shape).
 */
import type { Shape } from '../../src/rulesets/marauders/board.js';

/**
 * The naive reading: every line of the board as a set of cells. Straight runs (unless adjacent) and diagonal runs
 * (with diagonal) are found by walking each direction from every cell; groups by flooding edge neighbours.
 */
export function naiveLines(el: readonly string[], n: number, shape: Shape): Set<number>[] {
  const out: Set<number>[] = [];
  const dirs: [number, number][] = [];
  if (!shape.adjacent) dirs.push([0, 1], [1, 0]);
  if (shape.diagonal) dirs.push([1, 1], [1, -1]);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (const [dr, dc] of dirs) {
        const pr = r - dr;
        const pc = c - dc;
        if (pr >= 0 && pc >= 0 && pc < n && el[pr * n + pc] === el[r * n + c]) continue;
        const cells = new Set<number>();
        for (let y = r, x = c; y < n && x >= 0 && x < n && el[y * n + x] === el[r * n + c]; y += dr, x += dc) cells.add(y * n + x);
        if (cells.size >= 3) out.push(cells);
      }
    }
  }
  if (shape.adjacent) {
    const seen = new Set<number>();
    for (let i = 0; i < n * n; i++) {
      if (seen.has(i)) continue;
      const group = new Set([i]);
      const todo = [i];
      while (todo.length > 0) {
        const j = todo.pop()!;
        const [r, c] = [Math.floor(j / n), j % n];
        for (const [y, x] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]] as const) {
          const k = y * n + x;
          if (y >= 0 && y < n && x >= 0 && x < n && !group.has(k) && el[k] === el[i]) {
            group.add(k);
            todo.push(k);
          }
        }
      }
      for (const j of group) seen.add(j);
      if (group.size >= 3) out.push(group);
    }
  }
  return out;
}

