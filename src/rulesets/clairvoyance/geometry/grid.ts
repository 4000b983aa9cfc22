/** The view of a board that geometry needs: size and cell contents (WALL, EMPTY or a unit index). */
import { EMPTY, WALL } from '../board.js';

export interface Grid {
  readonly width: number;
  readonly height: number;
  /** Row-major. */
  readonly cells: Int32Array;
}

export const isWall = (g: Grid, column: number, row: number) => g.cells[row * g.width + column] === WALL;
export const isEmpty = (g: Grid, column: number, row: number) => g.cells[row * g.width + column] === EMPTY;
export const inGrid = (g: Grid, column: number, row: number) => column >= 0 && row >= 0 && column < g.width && row < g.height;

/** The 8 neighbour offsets; straight ones first. */
export const NEIGHBOURS: readonly (readonly [number, number])[] = [
  [0, -1], [0, 1], [-1, 0], [1, 0], [-1, -1], [-1, 1], [1, -1], [1, 1],
];
