/**
 * Distance maps and paths (9.1), line of sight and attack cells (9.2), Disengage (10.5): worked examples
 * recomputed by hand from the spec, and properties against a brute-force model written from the spec's
 * words (a Bellman–Ford over every edge until nothing changes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { disengageDestination } from '../../src/rulesets/clairvoyance/ai/disengage.js';
import { EMPTY, WALL } from '../../src/rulesets/clairvoyance/board.js';
import { floorDistance, flyDistance, pathTo, UNREACHABLE, walkMap } from '../../src/rulesets/clairvoyance/geometry/distance.js';
import type { Grid } from '../../src/rulesets/clairvoyance/geometry/grid.js';
import { attackCells, lineOfSight } from '../../src/rulesets/clairvoyance/geometry/los.js';
import { battle, encounter } from '../helpers/clairvoyance.js';

/** A grid from rows of text: `#` wall, `.` empty, a digit a unit index. */
function grid(...rows: string[]): Grid {
  const width = rows[0]!.length;
  const cells = new Int32Array(width * rows.length);
  rows.forEach((row, r) => [...row].forEach((ch, c) => (cells[r * width + c] = ch === '#' ? WALL : ch === '.' ? EMPTY : Number(ch))));
  return { width, height: rows.length, cells };
}

const cell = (column: number, row: number) => ({ column, row });

/** Brute force from the spec text: relax every walk edge (costs in half steps) until stable. */
function bruteDistances(g: Grid, source: { column: number; row: number }): Int32Array {
  const { width, height, cells } = g;
  const d = new Int32Array(width * height).fill(-1);
  d[source.row * width + source.column] = 0;
  const at = (c: number, r: number) => cells[r * width + c]!;
  let changed = true;
  while (changed) {
    changed = false;
    for (let pr = 0; pr < height; pr++) {
      for (let pc = 0; pc < width; pc++) {
        const p = pr * width + pc;
        if (d[p] === -1) continue;
        const expands = (pc === source.column && pr === source.row) || at(pc, pr) === EMPTY;
        if (!expands) continue;
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            if (dc === 0 && dr === 0) continue;
            const xc = pc + dc;
            const xr = pr + dr;
            if (xc < 0 || xr < 0 || xc >= width || xr >= height) continue;
            let cost = 2;
            if (dc !== 0 && dr !== 0) {
              const s1 = at(xc, pr);
              const s2 = at(pc, xr);
              const x = at(xc, xr);
              const ok = (x === EMPTY && s1 === EMPTY && s2 === EMPTY) || (x >= 0 && !(s1 === WALL && s2 === WALL));
              if (!ok) continue;
              cost = 3;
            }
            const x = xr * width + xc;
            if (d[x] === -1 || d[p]! + cost < d[x]!) {
              d[x] = d[p]! + cost;
              changed = true;
            }
          }
        }
      }
    }
  }
  return d;
}

/** Small random boards: walls, units, and one source unit (index 0). */
const boards = fc
  .record({ width: fc.integer({ min: 2, max: 8 }), height: fc.integer({ min: 2, max: 7 }), seed: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 56, maxLength: 56 }) })
  .map(({ width, height, seed }) => {
    const cells = new Int32Array(width * height);
    for (let i = 0; i < cells.length; i++) cells[i] = seed[i]! < 25 ? WALL : seed[i]! < 33 ? 1 + (i % 9) : EMPTY;
    const s = seed[55]! % cells.length;
    cells[s] = 0;
    return { g: { width, height, cells } as Grid, source: cell(s % width, Math.floor(s / width)) };
  });

describe('walk distance maps', () => {
  it('straight steps cost 1 and diagonals 1.5; ⌊dist⌋ floors the sum (two diagonals: 3)', () => {
    const g = grid('0....', '.....', '.....');
    const m = walkMap(g, [cell(0, 0)]);
    expect(floorDistance(m, cell(1, 1))).toBe(1);
    expect(floorDistance(m, cell(2, 2))).toBe(3);
    expect(floorDistance(m, cell(4, 2))).toBe(5); // 2 diagonals (3) + 2 straight
  });

  it('walls and units get a distance by a straight step but do not expand', () => {
    const g = grid('0#.', '.1.', '...');
    const m = walkMap(g, [cell(0, 0)]);
    expect(floorDistance(m, cell(1, 0))).toBe(1); // the wall
    expect(floorDistance(m, cell(1, 1))).toBe(1); // the unit, diagonally: not both sides are walls
    // (2,0) is reached around both: (0,1) 1, (0,2) 2, (1,2) 3 (the diagonal beside the unit is closed), (2,2) 4, (2,1) 5, (2,0) 6.
    expect(floorDistance(m, cell(2, 0))).toBe(6);
  });

  it('a diagonal never cuts a wall corner, nor passes beside a unit, onto an empty cell', () => {
    const g = grid('0#', '..');
    expect(floorDistance(walkMap(g, [cell(0, 0)]), cell(1, 1))).toBe(2); // down then right, not the diagonal
    const h = grid('01', '..');
    expect(floorDistance(walkMap(h, [cell(0, 0)]), cell(1, 1))).toBe(2);
  });

  it('a diagonal onto a unit needs only that not both side cells are walls', () => {
    expect(floorDistance(walkMap(grid('0#', '.1'), [cell(0, 0)]), cell(1, 1))).toBe(1);
    expect(floorDistance(walkMap(grid('0#', '#1'), [cell(0, 0)]), cell(1, 1))).toBe(UNREACHABLE);
  });

  it('distances equal a brute-force search on small random boards, and every path is legal and exact', () => {
    fc.assert(
      fc.property(boards, ({ g, source }) => {
        const m = walkMap(g, [source]);
        const brute = bruteDistances(g, source);
        expect(Array.from(m.half)).toEqual(Array.from(brute));
        for (let i = 0; i < g.cells.length; i++) {
          if (brute[i] === -1 || brute[i] === 0) continue;
          const x = cell(i % g.width, Math.floor(i / g.width));
          const path = pathTo(m, x);
          expect(path[path.length - 1]).toEqual(source);
          let total = 0;
          for (let k = 0; k + 1 < path.length; k++) {
            const a = path[k]!;
            const b = path[k + 1]!;
            const diagonal = a.column !== b.column && a.row !== b.row;
            expect(Math.max(Math.abs(a.column - b.column), Math.abs(a.row - b.row))).toBe(1);
            total += diagonal ? 3 : 2;
            // Every cell after the first is a source or Empty: paths never pass through walls or units.
            expect(k + 1 === path.length - 1 || g.cells[b.row * g.width + b.column] === EMPTY).toBe(true);
          }
          expect(total).toBe(brute[i]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('tie-break: among equally short predecessors the one with the least (dist, column, row) is followed', () => {
    // From (0,0) to (2,2) on an open board: predecessors of (2,2) at distance 1.5 (cost 1.5 more) are
    // (1,1) only; to (2,1): (1,0) [1+1.5] and (1,1) [1.5+1] and (2,0)?? [2+1]=3 > 2.5. Least dist wins: (1,0).
    const m = walkMap(grid('0...', '....', '....'), [cell(0, 0)]);
    expect(pathTo(m, cell(2, 1))).toEqual([cell(2, 1), cell(1, 0), cell(0, 0)]);
    // To (2,0) both routes are straight: only (1,0). To (0,2): (0,1) only. To (1,2): (0,1)+1.5 = 2.5 and (1,1)+1 = 2.5: least dist (0,1).
    expect(pathTo(m, cell(1, 2))).toEqual([cell(1, 2), cell(0, 1), cell(0, 0)]);
    // Equal dist: least column. (3,2) from (2,1) [2.5+1.5=4] and (2,2) [3+1=4] and (3,1) [3.5+1=4.5]: (2,1).
    expect(pathTo(m, cell(3, 2))[1]).toEqual(cell(2, 1));
  });

  it('fly distance ignores walls: ⌊max + min/2⌋', () => {
    expect(flyDistance(cell(0, 0), cell(3, 1))).toBe(3);
    expect(flyDistance(cell(0, 0), cell(3, 3))).toBe(4);
    expect(flyDistance(cell(5, 5), cell(2, 1))).toBe(5);
  });
});

describe('line of sight', () => {
  it('a straight line with no wall strictly between sees; a wall between blocks', () => {
    const g = grid('.....', '..#..', '.....');
    expect(lineOfSight(g, cell(0, 0), cell(4, 0))).toBe(true);
    expect(lineOfSight(g, cell(0, 1), cell(4, 1))).toBe(false);
  });

  it('an end boxed in by the two walls facing the other end sees nothing (rule 2)', () => {
    const h = grid('.#..', '##..', '....');
    expect(lineOfSight(h, cell(0, 0), cell(3, 2))).toBe(false);
    expect(lineOfSight(h, cell(3, 2), cell(0, 0))).toBe(false);
  });

  it('a corner-to-corner segment clear of walls sees; one through a wall cell does not', () => {
    // Wall (1,1). From (0,0) to (3,1): corners (1,0)-(4,1) pass x = 2, 3 at y = 1/3, 2/3: cells (1,0), (2,0), (3,0): clear.
    const g = grid('....', '.#..', '....');
    expect(lineOfSight(g, cell(0, 0), cell(3, 1))).toBe(true);
    // From (0,0) to (2,2) every segment crosses cell (1,1) or touches its corner: blocked.
    expect(lineOfSight(grid('...', '.#.', '...'), cell(0, 0), cell(2, 2))).toBe(false);
    // A two-cell-thick wall between two cells of the same rows.
    expect(lineOfSight(grid('......', '..##..', '..##..', '......'), cell(0, 1), cell(5, 2))).toBe(false);
  });

  it('is symmetric on random boards', () => {
    fc.assert(
      fc.property(boards, fc.nat(), fc.nat(), ({ g }, i, j) => {
        const a = cell(i % g.width, Math.floor(i / g.width) % g.height);
        const b = cell(j % g.width, Math.floor(j / g.width) % g.height);
        expect(lineOfSight(g, a, b)).toBe(lineOfSight(g, b, a));
      }),
      { numRuns: 1000 },
    );
  });

  it('melee attack cells are the cell and its 8 neighbours, less a diagonal cut off by two walls', () => {
    const g = grid('.#.', '#..', '...');
    const cells = attackCells(g, cell(1, 1), 1, flyDistance).map((c) => `${c.column},${c.row}`);
    expect(cells).toEqual(['1,0', '2,0', '0,1', '1,1', '2,1', '0,2', '1,2', '2,2']);
  });
});

describe('Disengage', () => {
  const run = (layout: string, obstacles: string, teams: string[], speed = 4) => {
    const text = encounter({
      layout,
      obstacles,
      units: ['PLAYER Hero { Initiative: +9 }', `UNIT Rat { HP: 3; Initiative: +1; Speed: ${speed}; AC: 10; Attack: Melee 1d2; Full Attack: Melee 1d2; }`],
      ais: ['AI Run { Disengage; }'],
      teams,
    });
    const b = battle(text);
    const rat = b.state.units.find((u) => u.spec.name === 'Rat')!;
    return disengageDestination(b.state, rat);
  };

  it('runs toward the cell furthest from the enemy, Speed cells (hand-computed: right four times to (6,1))', () => {
    // The Rat itself blocks the Hero's map (units do not expand): (3,0) is 3.5 from (0,1) by the top row,
    // (4,1) 5 by the diagonal from (3,0), and (8,1) is the furthest cell (9; (8,0) and (8,2) are 8.5).
    // E is then the quarter-step cost to (8,1): from (2,1) right (3,1) costs 20, UR (3,0) 22: right, four times.
    expect(run('Rectangle 9, 3', '', ['TEAM Good { Hero x1 : (0,1); }', 'TEAM Bad { Rat, Run x1 : (2,1); }'])).toEqual(cell(6, 1));
  });

  it('stops in the far corner, where no step lowers E', () => {
    // (4,1) is the furthest cell (5 from (0,1) around the Rat); from there no step lowers E.
    expect(run('Rectangle 5, 3', '', ['TEAM Good { Hero x1 : (0,1); }', 'TEAM Bad { Rat, Run x1 : (2,1); }'])).toEqual(cell(4, 1));
  });

  it('a unit blocking the only corridor makes the cells behind it unreachable (E = -1): it takes one step there, as the spec reads', () => {
    expect(run('Rectangle 9, 1', '', ['TEAM Good { Hero x1 : (0,0); }', 'TEAM Bad { Rat, Run x1 : (2,0); }'])).toEqual(cell(3, 0));
  });

  it('D5: at Speed 1 a diagonal step (cost 1.5, floored to 1) is allowed', () => {
    expect(run('Rectangle 4, 4', '', ['TEAM Good { Hero x1 : (0,0); }', 'TEAM Bad { Rat, Run x1 : (1,1); }'], 1)).toEqual(cell(2, 2));
  });

  it('with no enemy alive nothing is reachable and the unit stays', () => {
    expect(run('Rectangle 4, 4', '', ['TEAM Bad { Rat, Run x1 : (1,1); Hero x1 : (3,3); }'])).toEqual(cell(1, 1));
  });

  it('ties between equally good steps follow the order up, down, left, right, then diagonals', () => {
    // Enemy straight above in a wide room: left and right are equally far; down is better.
    expect(run('Rectangle 3, 3', '', ['TEAM Good { Hero x1 : (1,0); }', 'TEAM Bad { Rat, Run x1 : (1,1); }'], 1)).toEqual(cell(1, 2));
  });
});
