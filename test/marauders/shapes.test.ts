/**
 * Line shapes of version 2 (3.3 "Line shapes", D63-D66): lines and their reading order, the swap test and the
 * legal-swap search against a naive reading on random boards, and generation under every shape.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.js';
import { Draws } from '../../src/rulesets/marauders/draws.js';
import {
  findLines, generateBoard, hasLegalSwap, legalSwaps, swapAdjacent, swapMakesLine, type Board, type Shape,
} from '../../src/rulesets/marauders/board.js';
import type { El } from '../../src/rulesets/marauders/model.js';
import { potentialMatch } from '../../src/rulesets/marauders/settle.js';
import { cellAt } from '../../src/rulesets/marauders/setup-doc.js';
import { naiveLines } from '../helpers/marauders-lines.js';
import { BOARD_LETTERS, randomBoardArb } from '../helpers/marauders.js';

const SHAPES: readonly (readonly [string, Shape])[] = [
  ['straight', { adjacent: false, diagonal: false }],
  ['diagonal', { adjacent: false, diagonal: true }],
  ['adjacent', { adjacent: true, diagonal: false }],
  ['adjacent,diagonal', { adjacent: true, diagonal: true }],
];

function board(rows: readonly string[]): Board {
  const el = rows.join('').split('') as El[];
  return { n: rows.length, el, mark: el.map(() => null) };
}

/** `MATCH`-style text of the lines: `<E> <first>-<last>`. */
function named(b: Board, shape: Shape): string[] {
  return findLines(b, shape).map((l) => `${l.el} ${cellAt(b.n, l.cells[0]!)}-${cellAt(b.n, l.cells[l.cells.length - 1]!)} ${l.kind}`);
}

function naiveSwapMakesLine(b: Board, a: number, c: number, shape: Shape): boolean {
  const el = [...b.el];
  [el[a], el[c]] = [el[c]!, el[a]!];
  return naiveLines(el, b.n, shape).some((l) => l.has(a) || l.has(c));
}

const boardArb = randomBoardArb(7);

describe('lines of each shape (3.3)', () => {
  it('diagonal: falling and rising runs besides straight ones; a rising line prints its top cell first (D63)', () => {
    const b = board(['FSF', 'GFW', 'FWF']);
    expect(named(b, SHAPES[1]![1])).toEqual(['F A1-C3 falling', 'F A3-C1 rising']);
    expect(named(b, SHAPES[0]![1])).toEqual([]);
  });

  it('adjacent: one edge-connected group replaces its straight runs; B1 B2 C2 C3 is one line (D64)', () => {
    const b = board(['SGWP', 'FFWS', 'GFFP', 'PSGW']);
    expect(named(b, SHAPES[2]![1])).toEqual(['F B1-C3 group']);
    expect(named(b, SHAPES[0]![1])).toEqual([]);
  });

  it('ties on the first cell: group, horizontal, vertical, falling, rising', () => {
    const b = board(['FFF', 'FFW', 'FWF']);
    expect(named(b, SHAPES[1]![1])).toEqual(['F A1-A3 h', 'F A1-C1 v', 'F A1-C3 falling', 'F A3-C1 rising']);
    // adjacent with diagonal: groups stay edge-connected, diagonal runs are lines too and may share blocks (D65)
    expect(named(b, SHAPES[3]![1])).toEqual(['F A1-C1 group', 'F A1-C3 falling', 'F A3-C1 rising']);
  });

  it.each(SHAPES)('%s: findLines finds exactly the naive lines', (_name, shape) => {
    fc.assert(
      fc.property(boardArb, (b) => {
        const mine = findLines(b, shape).map((l) => [...l.cells].join(',')).sort();
        const naive = naiveLines(b.el, b.n, shape).map((l) => [...l].sort((x, y) => x - y).join(',')).sort();
        expect(mine).toEqual(naive);
      }),
      { numRuns: 150 },
    );
  });
});

describe('legal swaps against a naive search (3.2) on random boards', () => {
  it.each(SHAPES)('%s: swapMakesLine and legalSwaps agree with exchanging a copy', (_name, shape) => {
    fc.assert(
      fc.property(boardArb, (b) => {
        const warped = (i: number) => b.mark[i]?.kind === 'warp';
        const naive: [number, number][] = [];
        for (let a = 0; a < b.n * b.n; a++) {
          for (let c = a + 1; c < b.n * b.n; c++) {
            const makes = b.el[a] !== b.el[c] && naiveSwapMakesLine(b, a, c, shape);
            expect(swapMakesLine(b, a, c, shape)).toBe(makes);
            if (makes && !warped(a) && !warped(c) && swapAdjacent(b, a, c)) naive.push([a, c]);
          }
        }
        expect(legalSwaps(b, shape)).toEqual(naive);
        expect(hasLegalSwap(b, shape)).toBe(naive.length > 0);
      }),
      { numRuns: 60 },
    );
  });
});

describe('generation under each shape (3.7, D66)', () => {
  it.each(SHAPES)('%s: a generated board has no line of the shape and a legal matching swap', (_name, shape) => {
    for (const elements of [['S', 'F', 'G', 'W'], ['S', 'F', 'G', 'W', 'P'], ['S', 'F', 'G', 'W', 'I', 'A', 'P']] as El[][]) {
      for (let seed = 0; seed < 12; seed++) {
        const n = elements.length + 1;
        const b = generateBoard(n, elements, new Draws(Prng.seeded(seed)), shape);
        expect(b.el).toHaveLength(n * n);
        expect(naiveLines(b.el, n, shape)).toEqual([]);
        expect(hasLegalSwap(b, shape)).toBe(true);
      }
    }
  });
});

describe('force-matchable potential matches (3.6, D76) against the naive reading', () => {
  /** A board with some cells emptied (about one in four). */
  const holedArb = boardArb.chain((b) => fc.array(fc.nat(3), { minLength: b.n * b.n, maxLength: b.n * b.n }).map((h) => ({ b, empty: h.map((x) => x === 0) })));
  /** Empty cells as distinct placeholders, so they never match anything. */
  const withHoles = (b: Board, empty: readonly boolean[]): El[] => b.el.map((e, i) => (empty[i] ? (`#${i}` as El) : e));

  it.each(SHAPES)('%s: a preferred element makes no line now, and one edge swap makes a line that later fills keep', (_name, shape) => {
    fc.assert(
      fc.property(holedArb, fc.array(fc.nat(BOARD_LETTERS.length - 1), { minLength: 64, maxLength: 64 }), ({ b, empty }, fill) => {
        const n = b.n;
        for (let x = 0; x < n * n; x++) {
          if (!empty[x]) continue;
          for (const e of BOARD_LETTERS) {
            const el = withHoles(b, empty);
            el[x] = e;
            const nowLine = naiveLines(el, n, shape).some((l) => l.has(x));
            // the swaps of x with a filled, unwarped edge neighbour of another element, among filled cells
            const partners = [x - n, x + n, ...(x % n > 0 ? [x - 1] : []), ...(x % n < n - 1 ? [x + 1] : [])].filter(
              (y) => y >= 0 && y < n * n && !empty[y] && b.el[y] !== e && b.mark[y]?.kind !== 'warp',
            );
            const swapLine = (arr: El[], y: number): boolean => {
              const sw = [...arr];
              [sw[x], sw[y]] = [sw[y]!, sw[x]!];
              return naiveLines(sw, n, shape).some((l) => l.has(x) || l.has(y));
            };
            const expected = !nowLine && partners.some((y) => swapLine(el, y));
            expect(potentialMatch(b, empty, x, e, shape)).toBe(expected);
            if (!expected) continue;
            // the other empty cells filled at random: the swap still makes a line, or the board already has one
            const full = el.map((v, i) => (empty[i] && i !== x ? BOARD_LETTERS[fill[i % fill.length]! % BOARD_LETTERS.length]! : v));
            const kept = naiveLines(full, n, shape).length > 0 || partners.some((y) => full[y] !== full[x] && swapLine(full, y));
            expect(kept).toBe(true);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
