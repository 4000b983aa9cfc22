/**
 * The checked definitions of a tactics game (spec 3): maps, terrains, unit types, actions and game
 * settings. Everything here is immutable; updates build new values, so a rejected command cannot leave a
 * half-changed definition behind (D19).
 */
import { byCode } from './lexer.js';

export interface Terrain {
  readonly sym: string;
  /** null: impassable (`x`, D23). */
  readonly cost: number | null;
  readonly name: string;
}

export interface GameMap {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Sorted by symbol (ASCII order): the canonical and the log order. */
  readonly terrains: readonly Terrain[];
  /** One string of `width` symbols per row, or null before the first good `grid` block. */
  readonly grid: readonly string[] | null;
}

export type Pattern = 'linear' | 'circular';
export type Targets = 'all' | 'enemies' | 'allies';
export type Effect = 'damage' | 'heal';
export type MoveCost = 'between' | 'enter';

export interface ActionDef {
  readonly name: string;
  readonly range: number;
  readonly pattern: Pattern;
  readonly ext: number;
  readonly effect: Effect;
  readonly amount: number;
  readonly targets: Targets;
}

export interface UnitType {
  readonly name: string;
  readonly hp: number;
  readonly mp: number;
  /** Sorted by name. */
  readonly actions: readonly ActionDef[];
}

export interface Settings {
  readonly players: number | null;
  readonly limit: number | null;
  /** Index p-1 holds P<p>'s army, expanded (`soldier*2` is two entries); null when not given. */
  readonly armies: readonly (readonly string[] | null)[];
  readonly seed: number | null;
  readonly rounds: number;
  readonly movecost: MoveCost;
}

/** Everything the setup phase builds: what `start` turns into a game. */
export interface Config {
  readonly map: GameMap | null;
  /** Sorted by name. */
  readonly types: readonly UnitType[];
  readonly settings: Settings;
}

export const DEFAULT_SETTINGS: Settings = {
  players: null,
  limit: null,
  armies: [null, null, null, null, null, null, null, null],
  seed: null,
  rounds: 100,
  movecost: 'between',
};

export const EMPTY_CONFIG: Config = { map: null, types: [], settings: DEFAULT_SETTINGS };

export function terrainOf(map: GameMap, sym: string): Terrain | undefined {
  return map.terrains.find((t) => t.sym === sym);
}

export function findType(types: readonly UnitType[], name: string): UnitType | undefined {
  return types.find((t) => t.name === name);
}

/** Adds or replaces by key in a list sorted by key: a binary search and one copy, not a filter and a sort. */
export function upsertSorted<T>(list: readonly T[], item: T, key: (t: T) => string): T[] {
  const k = key(item);
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (byCode(key(list[mid]!), k) < 0) low = mid + 1;
    else high = mid;
  }
  const out = list.slice();
  out.splice(low, low < list.length && key(list[low]!) === k ? 1 : 0, item);
  return out;
}

/** The cost of a sector: a number, or null when impassable (or, defensively, undefined symbol). */
export function sectorCost(map: GameMap, x: number, y: number): number | null {
  const sym = map.grid?.[y]?.[x];
  if (sym === undefined) return null;
  return terrainOf(map, sym)?.cost ?? null;
}

export function inMap(map: { readonly width: number; readonly height: number }, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < map.width && y < map.height;
}
