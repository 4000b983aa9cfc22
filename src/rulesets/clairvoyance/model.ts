/**
 * The checked encounter (what validation produces and a battle starts from) and the AI program form of
 * spec 10.1. Everything here is immutable; a battle copies what it changes.
 *
 * Terms: *cell* (c, r) = column c, row r; *index* = the global unit number; *mob* = an AI-controlled unit
 * (`UNIT`), *player* = a `PLAYER` unit.
 */
import type { AttackEntry, Comparison, Condition, RangeExpr, TurnAction } from './syntax/ast.js';

export type { AttackEntry, Comparison, Condition, RangeExpr, TurnAction };

export interface Cell {
  readonly column: number;
  readonly row: number;
}

/** The board as set up: size and walls (row-major, `walls[row * width + column]`). Walls never change. */
export interface BoardSpec {
  readonly width: number;
  readonly height: number;
  readonly walls: Uint8Array;
}

export interface MobStats {
  readonly hp: number;
  readonly speed: number;
  readonly ac: number;
  readonly attack: readonly AttackEntry[];
  readonly fullAttack: readonly AttackEntry[];
  readonly program: Program;
}

export interface UnitSpec {
  readonly index: number;
  readonly team: string;
  readonly name: string;
  /** Per team and unit name, from 1 (spec 5). */
  readonly id: number;
  readonly initiative: number;
  readonly start: Cell;
  /** null for a player. */
  readonly mob: MobStats | null;
}

export interface EncounterModel {
  readonly board: BoardSpec;
  readonly units: readonly UnitSpec[];
  /** Team names in file order. */
  readonly teams: readonly string[];
}

/** Spec 10.1: None | Turn(actions) | If(c, A, B) | While(c, A) | Cons(A, B). `Pass` is Turn([]). */
export type Program =
  | { readonly kind: 'none' }
  | { readonly kind: 'turn'; readonly actions: readonly TurnAction[] }
  | { readonly kind: 'if'; readonly condition: Condition; readonly then: Program; readonly otherwise: Program }
  | { readonly kind: 'while'; readonly condition: Condition; readonly body: Program }
  | { readonly kind: 'cons'; readonly first: Program; readonly rest: Program };

export const NONE: Program = { kind: 'none' };

/** The range of an attack list: the minimum over its entries (Melee = 1, Ranged(n) = n). */
export function listRange(list: readonly AttackEntry[]): number {
  let min = Number.POSITIVE_INFINITY;
  for (const entry of list) min = Math.min(min, entry.ranged ?? 1);
  return min;
}
