/**
 * The board (1.3, 3.2, 3.7): lines in reading order, swap adjacency over warps, legal matching swaps,
 * generation (a corpus board as known answer), mark eligibility, the BOARD block and its round trip (I15).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.js';
import { Draws } from '../../src/rulesets/marauders/draws.js';
import {
  findLines, generateBoard, hasLegalSwap, legalSwaps, markAllowed, swapAdjacent, swapMakesLine, type Board,
} from '../../src/rulesets/marauders/board.js';
import type { El, Mark } from '../../src/rulesets/marauders/model.js';
import { parseSetup } from '../../src/rulesets/marauders/parse-setup.js';
import { boardLines } from '../../src/rulesets/marauders/presenter.js';
import { BOARD5, randomBoardArb } from '../helpers/marauders.js';

function board(rows: readonly string[], marks: Record<number, Mark> = {}): Board {
  const el = rows.join('').split('') as El[];
  return { n: rows.length, el, mark: el.map((_, i) => marks[i] ?? null) };
}

describe('lines (3.3)', () => {
  it('reading order: first cell row-major, horizontal before vertical', () => {
    const b = board(['SSSF', 'SWWW', 'SGFG', 'FGWG']);
    expect(findLines(b).map((l) => [l.el, l.kind === 'h', l.cells])).toEqual([
      ['S', true, [0, 1, 2]],
      ['S', false, [0, 4, 8]],
      ['W', true, [5, 6, 7]],
    ]);
  });

  it('a run of 5 is one line', () => {
    expect(findLines(board(['GGGGG', 'SFWPS', 'FWPSF', 'WPSFW', 'PSFWP'])).map((l) => l.cells)).toEqual([[0, 1, 2, 3, 4]]);
  });
});

describe('swaps (3.2)', () => {
  const warp: Mark = { kind: 'warp' };
  it('adjacent cells and jumps over warped blocks only', () => {
    const b = board(BOARD5, { 12: warp });
    expect(swapAdjacent(b, 0, 1)).toBe(true);
    expect(swapAdjacent(b, 0, 6)).toBe(false); // diagonal
    expect(swapAdjacent(b, 0, 0)).toBe(false);
    expect(swapAdjacent(b, 11, 13)).toBe(true); // C2-C4 over the warp at C3
    expect(swapAdjacent(b, 10, 13)).toBe(false); // C1-C4: C2 is not warped
  });

  it('legal matching swaps of the corpus board with a warp at C3 include C2-C4 (cli-choice-errors)', () => {
    const b = board(BOARD5, { 12: warp });
    const swaps = legalSwaps(b);
    expect(swaps).toContainEqual([11, 13]);
    expect(swaps.every(([x, y]) => x !== 12 && y !== 12)).toBe(true);
    expect(hasLegalSwap(b)).toBe(true);
  });
});

/** The naive reading of 3.2/3.3: exchange the blocks of a copy and look for a run of 3 through either cell. */
function naiveSwapMakesLine(b: Board, a: number, c: number): boolean {
  const el = [...b.el];
  [el[a], el[c]] = [el[c]!, el[a]!];
  const run = (i: number, dr: number, dc: number): number => {
    let k = 0;
    for (let r = Math.floor(i / b.n) + dr, col = (i % b.n) + dc; r >= 0 && r < b.n && col >= 0 && col < b.n; r += dr, col += dc) {
      if (el[r * b.n + col] !== el[i]) break;
      k++;
    }
    return k;
  };
  return [a, c].some((i) => run(i, 0, -1) + run(i, 0, 1) >= 2 || run(i, -1, 0) + run(i, 1, 0) >= 2);
}

/** Random boards of side 3-8 over 2-5 elements (few elements make many runs), about one block in eight warped. */
const boardArb = randomBoardArb(8);

describe('swap tests against their naive reading (3.2, 3.3)', () => {
  it('swapMakesLine agrees with exchanging a copy, for every pair of cells, and leaves the board as it was', () => {
    fc.assert(
      fc.property(boardArb, (b) => {
        const before = [...b.el];
        for (let a = 0; a < b.n * b.n; a++) {
          for (let c = 0; c < b.n * b.n; c++) expect(swapMakesLine(b, a, c)).toBe(a !== c && b.el[a] !== b.el[c] && naiveSwapMakesLine(b, a, c));
        }
        expect(b.el).toEqual(before);
      }),
      { numRuns: 80 },
    );
  });

  it('legalSwaps lists exactly the adjacent pairs of different unwarped blocks whose exchange makes a line, in order; hasLegalSwap says whether there is one', () => {
    fc.assert(
      fc.property(boardArb, (b) => {
        const swaps = legalSwaps(b);
        expect(hasLegalSwap(b)).toBe(swaps.length > 0);
        const warped = (i: number) => b.mark[i]?.kind === 'warp';
        const naive: [number, number][] = [];
        for (let a = 0; a < b.n * b.n; a++) {
          for (let c = a + 1; c < b.n * b.n; c++) {
            const differ = b.el[a] !== b.el[c];
            if (differ && !warped(a) && !warped(c) && swapAdjacent(b, a, c) && naiveSwapMakesLine(b, a, c)) naive.push([a, c]);
          }
        }
        expect(swaps).toEqual(naive);
      }),
      { numRuns: 300 },
    );
  });
});

describe('generation (3.7)', () => {
  it('reproduces the corpus board of match-six-moves (rank 1, seed 31)', () => {
    const b = generateBoard(5, ['S', 'F', 'G', 'W', 'P'], new Draws(Prng.seeded(31)));
    expect(boardLines(b.n, b.el, b.mark).slice(2, 7)).toEqual([
      'A  F  W  G  F  P',
      'B  S  G  W  S  F',
      'C  G  W  W  G  F',
      'D  G  G  F  P  P',
      'E  P  F  W  P  S',
    ]);
  });

  it('generated boards have no line and a legal matching swap', () => {
    for (let seed = 0; seed < 30; seed++) {
      const b = generateBoard(7, ['S', 'F', 'G', 'W', 'I', 'A', 'P'], new Draws(Prng.seeded(seed)));
      expect(findLines(b)).toEqual([]);
      expect(hasLegalSwap(b)).toBe(true);
    }
  });
});

describe('marks (1.3, D8)', () => {
  const b = board(['SFGWP', 'WCKXV', 'HSFGW', 'PWSFG', 'GPWSF']);
  it.each([
    ['cover', 0 * 5 + 3, false], ['cover', 0, true], ['mirror', 6, false], ['shifter', 7, false], ['warp', 8, false],
    ['filter', 9, false], ['rose', 10, false], ['shifter', 12, true], ['shifter', 11, true], ['shifter', 2, false],
  ] as const)('%s on cell %i allowed: %s', (kind, cell, ok) => {
    const mark: Mark = kind === 'mirror' || kind === 'shifter' ? { kind, o: 'R' } : kind === 'filter' ? { kind, owner: 1 } : { kind };
    expect(markAllowed(b, '2d', cell, mark)).toBe(ok);
  });

  it('1D: shifters only off columns 1 and N, mirrors V and H only', () => {
    expect(markAllowed(b, '1d', 2, { kind: 'shifter', o: 'R' })).toBe(true);
    expect(markAllowed(b, '1d', 5, { kind: 'shifter', o: 'R' })).toBe(false);
    expect(markAllowed(b, '1d', 0, { kind: 'mirror', o: 'F' })).toBe(false);
    expect(markAllowed(b, '1d', 0, { kind: 'mirror', o: 'H' })).toBe(true);
  });
});

describe('BOARD block (9.5) and its round trip (I15)', () => {
  it('prints the header, rows and marks', () => {
    const b = board(BOARD5, { 12: { kind: 'warp' }, 0: { kind: 'filter', owner: 2 } });
    expect(boardLines(5, b.el, b.mark)).toEqual([
      'BOARD', '   1  2  3  4  5', 'A  F  W  W  G  W', 'B  F  W  P  F  P', 'C  G  S  S  W  P', 'D  W  S  F  F  S', 'E  S  P  W  P  W',
      'MARKS A1:filter2 C3:warp',
    ]);
  });

  it('a printed board read back as a setup board is the same board', () => {
    for (let seed = 0; seed < 10; seed++) {
      const b = generateBoard(10, ['S', 'F', 'G', 'W', 'I', 'A', 'P', 'E', 'U', 'L'], new Draws(Prng.seeded(seed)));
      const rows = boardLines(b.n, b.el, b.mark).slice(2, 12).map((r) => r.slice(1).replace(/ /g, ''));
      const parsed = parseSetup(`tier standard ultimate\nelements SFGWIAPEUL\nboard\n${rows.join('\n')}\n`, 'g.setup');
      expect(parsed.ok && parsed.doc.board!.join('')).toBe(b.el.join(''));
    }
  });
});
