/**
 * The walk search's view of the board (walk.ts): one byte per cell, its kind in the low two bits and
 * which of its four neighbours are in the board, so the hot loop needs neither bounds arithmetic nor
 * rare branches. K_OUT is what lies beyond the board (and, on the escape search's board, every cell
 * that is not Empty).
 */
import { EMPTY, WALL } from '../board.js';

/** A cell's kind (low two bits), then which of its neighbours are in the board. */
export const K_OUT = 0;
export const K_WALL = 1;
export const K_EMPTY = 2;
export const K_UNIT = 3;
export const HAS_UP = 4;
export const HAS_DOWN = 8;
export const HAS_LEFT = 16;
export const HAS_RIGHT = 32;
export const kindOf = (value: number) => (value === EMPTY ? K_EMPTY : value === WALL ? K_WALL : K_UNIT);

/** Every cell's byte: its kind and which neighbours are in the board. */
export function kindsOf(width: number, height: number, cells: Int32Array): Uint8Array {
  const kinds = new Uint8Array(width * height);
  const across = Uint8Array.from({ length: width }, (_, c) => (c > 0 ? HAS_LEFT : 0) | (c < width - 1 ? HAS_RIGHT : 0));
  for (let r = 0, i = 0; r < height; r++) {
    const down = (r > 0 ? HAS_UP : 0) | (r < height - 1 ? HAS_DOWN : 0);
    for (let c = 0; c < width; c++, i++) {
      const v = cells[i]!;
      kinds[i] = down | across[c]! | (v >= 0 ? K_UNIT : v === EMPTY ? K_EMPTY : K_WALL);
    }
  }
  return kinds;
}

/**
 * The walk-mode diagonal rule by kinds, at (target << 4) | (side1 << 2) | side2: onto an Empty cell past
 * two Empty side cells, or onto a unit past not two walls. A table, so the hot loop has no rare branch.
 */
export const DIAGONAL = Uint8Array.from({ length: 64 }, (_, i) => {
  const [x, a, b] = [i >> 4, (i >> 2) & 3, i & 3];
  return (x === K_EMPTY && a === K_EMPTY && b === K_EMPTY) || (x === K_UNIT && !(a === K_WALL && b === K_WALL)) ? 1 : 0;
});
