/**
 * The checked encounter (what validation produces and a battle starts from) and the AI program form of
 * spec 10.1. Everything here is immutable; a battle copies what it changes.
 *
 * Terms: *cell* (c, r) = column c, row r; *index* = the global unit number; *mob* = an AI-controlled unit
 * (`UNIT`), *player* = a `PLAYER` unit.
 */
import type { AttackEntry, Comparison, Condition, OutcomeRule, RangeExpr, TurnAction } from './syntax/ast.js';

export type { AttackEntry, Comparison, Condition, OutcomeRule, RangeExpr, TurnAction };

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
  /** Maximum HP: a mob's, a tracked player's (v2), null for a player without HP. */
  readonly maxHp: number | null;
  /** AC: a mob's, a player's with AC (v2), null for a player without it. */
  readonly ac: number | null;
}

/** (v2) What `add` may bring in: a UNIT or PLAYER block of the file, used in a team or not (8.2). */
export type UnitBlock =
  | { readonly kind: 'mob'; readonly stats: Omit<MobStats, 'program'>; readonly initiative: number }
  | { readonly kind: 'player'; readonly initiative: number; readonly hp: number | null; readonly ac: number | null };

export interface EncounterModel {
  readonly board: BoardSpec;
  readonly units: readonly UnitSpec[];
  /** Team names in file order. */
  readonly teams: readonly string[];
  /** (v2) Board coordinates minus this are the file's (4.2; (0,0) for a Rectangle). */
  readonly offset: Cell;
  /** (v2) OUTCOME rules in file order. */
  readonly outcome: readonly OutcomeRule[];
  /** (v2) Every UNIT and PLAYER block by name, and every AI's program by name, for `add`. */
  readonly blocks: ReadonlyMap<string, UnitBlock>;
  readonly programs: (ai: string) => Program | null;
  /** (v2) AI names in file order. */
  readonly aiNames: readonly string[];
}

/** Spec 10.1: None | Turn(actions) | If(c, A, B) | While(c, A) | Cons(A, B). `Pass` is Turn([]). */
export type Program =
  | { readonly kind: 'none' }
  | { readonly kind: 'turn'; readonly actions: readonly TurnAction[] }
  | { readonly kind: 'if'; readonly condition: Condition; readonly then: Program; readonly otherwise: Program }
  | { readonly kind: 'while'; readonly condition: Condition; readonly body: Program }
  | { readonly kind: 'cons'; readonly first: Program; readonly rest: Program };

export const NONE: Program = { kind: 'none' };

/** A unit's spec from its block (setup and `add` alike). */
export function unitSpec(block: UnitBlock, at: Pick<UnitSpec, 'index' | 'team' | 'name' | 'id' | 'start'>, program: Program): UnitSpec {
  if (block.kind === 'mob') return { ...at, initiative: block.initiative, mob: { ...block.stats, program }, maxHp: block.stats.hp, ac: block.stats.ac };
  return { ...at, initiative: block.initiative, mob: null, maxHp: block.hp, ac: block.ac };
}


/** The range of an attack list: the minimum over its entries (Melee = 1, Ranged(n) = n). */
export function listRange(list: readonly AttackEntry[]): number {
  let min = Number.POSITIVE_INFINITY;
  for (const entry of list) min = Math.min(min, entry.ranged ?? 1);
  return min;
}
