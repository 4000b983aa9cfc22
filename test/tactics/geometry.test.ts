/** Action geometry (spec 4): the fixtures of 4.5 and Fig.1/Fig.2, focus checks in order, and the I9 properties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { area, checkFocus, dist, type Shape } from '../../src/rulesets/tactics/geometry.js';
import type { Coord } from '../../src/rulesets/tactics/lexer.js';

const board = { width: 7, height: 7 };
const U = { x: 3, y: 3 };
const text = (cells: readonly Coord[]) => cells.map((c) => `${c.x},${c.y}`).join(';');
const linear = (range: number, ext: number): Shape => ({ range, pattern: 'linear', ext });
const circular = (range: number, ext: number): Shape => ({ range, pattern: 'circular', ext });

describe('fixtures of 4.5 (7x7 map, agent at 3,3)', () => {
  it.each([
    ['linear ext 3, range 1 (Fig.1, direction 1)', linear(1, 3), { x: 2, y: 2 }, '0,0;1,1;2,2'],
    ['linear ext 3, range 2', linear(2, 3), { x: 3, y: 1 }, '3,0;3,1'],
    ['circular ext 2, range 2 (Fig.2)', circular(2, 2), { x: 1, y: 2 }, '0,1;1,1;2,1;0,2;1,2;2,2;0,3;1,3;2,3'],
  ])('%s, focus %o', (_, shape, focus, want) => {
    expect(checkFocus(board, U, focus, shape)).toBeNull();
    expect(text(area(board, U, focus, shape))).toBe(want);
  });

  it('linear, range 3, focus 4,1: E_ALIGN (dx=1, dy=-2)', () => {
    expect(checkFocus(board, U, { x: 4, y: 1 }, linear(3, 1))).toEqual({ code: 'E_ALIGN', message: 'focus 4,1 is not on a line from 3,3' });
  });
});

describe('Fig.1: the flamethrower aimed at each neighbour (directions 1..8)', () => {
  // The number k in Fig.1 marks the 3 sectors hit when U focuses its neighbour in direction k.
  const FIG1 = ['1..2..3', '.1.2.3.', '..123..', '888U444', '..765..', '.7.6.5.', '7..6..5'];
  const marked = (k: string) => {
    const out: Coord[] = [];
    FIG1.forEach((row, y) => [...row].forEach((c, x) => c === k && out.push({ x, y })));
    return text(out);
  };
  it.each([
    ['1', { x: 2, y: 2 }], ['2', { x: 3, y: 2 }], ['3', { x: 4, y: 2 }], ['4', { x: 4, y: 3 }],
    ['5', { x: 4, y: 4 }], ['6', { x: 3, y: 4 }], ['7', { x: 2, y: 4 }], ['8', { x: 2, y: 3 }],
  ])('direction %s', (k, focus) => {
    expect(checkFocus(board, U, focus, linear(1, 3))).toBeNull();
    expect(text(area(board, U, focus, linear(1, 3)))).toBe(marked(k));
  });
});

describe('focus validity in the order of 4.2', () => {
  it.each([
    [linear(1, 3), { x: 7, y: 0 }, 'E_BOUNDS: 7,0 is outside the 7x7 map'],
    [linear(1, 3), { x: 9, y: 9 }, 'E_BOUNDS: 9,9 is outside the 7x7 map'],
    [linear(1, 3), { x: 5, y: 3 }, 'E_RANGE: focus 5,3 is at distance 2 > range 1'],
    [linear(2, 3), { x: 6, y: 6 }, 'E_RANGE: focus 6,6 is at distance 3 > range 2'],
    [linear(1, 3), { x: 3, y: 3 }, 'E_ALIGN: focus 3,3 is not on a line from 3,3'],
    [circular(2, 2), { x: 0, y: 4 }, 'E_RANGE: focus 0,4 is at distance 3 > range 2'],
    [circular(0, 1), { x: 3, y: 4 }, 'E_RANGE: focus 3,4 is at distance 1 > range 0'],
  ])('%o at %o -> %s', (shape, focus, want) => {
    const e = checkFocus(board, U, focus, shape);
    expect(e && `${e.code}: ${e.message}`).toBe(want);
  });

  it('a circular action may target its own sector (d = 0)', () => {
    expect(checkFocus(board, U, U, circular(0, 2))).toBeNull();
    expect(text(area(board, U, U, circular(0, 2)))).toBe('2,2;3,2;4,2;2,3;3,3;4,3;2,4;3,4;4,4');
  });
});

describe('I9 properties', () => {
  const coord = (max: number) => fc.record({ x: fc.integer({ min: 0, max }), y: fc.integer({ min: 0, max }) });
  const shapeArb = fc.record({ range: fc.integer({ min: 0, max: 12 }), pattern: fc.constantFrom('linear' as const, 'circular' as const), ext: fc.integer({ min: 1, max: 6 }) });
  const big = { width: 1000, height: 1000 };

  it('the area is inside the map, holds the focus, and is sorted row-major', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 15 }), fc.integer({ min: 1, max: 15 }), coord(14), coord(14), shapeArb, (w, h, agent, focus, shape) => {
        const size = { width: w, height: h };
        if (agent.x >= w || agent.y >= h || checkFocus(size, agent, focus, shape) !== null) return;
        const cells = area(size, agent, focus, shape);
        expect(cells.every((c) => c.x >= 0 && c.y >= 0 && c.x < w && c.y < h)).toBe(true);
        expect(cells).toContainEqual(focus);
        const sorted = [...cells].sort((a, b) => a.y - b.y || a.x - b.x);
        expect(cells).toEqual(sorted);
      }),
    );
  });

  it('without clipping, size(linear) = ext and size(circular) = (2ext-1)^2', () => {
    fc.assert(
      fc.property(shapeArb, fc.integer({ min: -12, max: 12 }), fc.integer({ min: -12, max: 12 }), (shape, dx, dy) => {
        const agent = { x: 500, y: 500 };
        const focus = { x: 500 + dx, y: 500 + dy };
        if (checkFocus(big, agent, focus, shape) !== null) return;
        const n = area(big, agent, focus, shape).length;
        expect(n).toBe(shape.pattern === 'linear' ? shape.ext : (2 * shape.ext - 1) ** 2);
      }),
    );
  });

  it('areas commute with translation and the 8 symmetries of the square', () => {
    const symmetries: ((c: Coord) => Coord)[] = [
      (c) => c, (c) => ({ x: -c.x, y: c.y }), (c) => ({ x: c.x, y: -c.y }), (c) => ({ x: -c.x, y: -c.y }),
      (c) => ({ x: c.y, y: c.x }), (c) => ({ x: -c.y, y: c.x }), (c) => ({ x: c.y, y: -c.x }), (c) => ({ x: -c.y, y: -c.x }),
    ];
    fc.assert(
      fc.property(shapeArb, fc.integer({ min: -12, max: 12 }), fc.integer({ min: -12, max: 12 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 100, max: 800 }), (shape, dx, dy, s, t) => {
        const sym = symmetries[s]!;
        const agent = { x: 500, y: 500 };
        const focus = { x: 500 + dx, y: 500 + dy };
        const valid = checkFocus(big, agent, focus, shape) === null;
        const d = sym({ x: dx, y: dy });
        const agent2 = { x: t, y: t };
        const focus2 = { x: t + d.x, y: t + d.y };
        expect(checkFocus(big, agent2, focus2, shape) === null).toBe(valid);
        if (!valid) return;
        const moved = area(big, agent, focus, shape).map((c) => {
          const r = sym({ x: c.x - 500, y: c.y - 500 });
          return `${r.x + t},${r.y + t}`;
        });
        expect(new Set(moved)).toEqual(new Set(area(big, agent2, focus2, shape).map((c) => `${c.x},${c.y}`)));
      }),
    );
  });

  it('distance is Chebyshev (D2): Fig.2 offset (-2,-1) is distance 2', () => {
    expect(dist({ x: 3, y: 3 }, { x: 1, y: 2 })).toBe(2);
  });
});
