/**
 * Every error of spec section 9, built in one place so the wording stays exact. Rules return these values;
 * they never format log lines themselves.
 */
import type { Coord } from './lexer.js';
import { coordText } from './lexer.js';

export interface TacticsError {
  readonly code: string;
  readonly message: string;
}

const e = (code: string, message: string): TacticsError => ({ code, message });

export const err = {
  command: (word: string) => e('E_COMMAND', `unknown command '${word}'`),
  syntax: (usage: string) => e('E_SYNTAX', `usage: ${usage}`),
  phase: (word: string, phase: string) => e('E_PHASE', `'${word}' is not allowed in phase ${phase}`),
  seedInStream: () => e('E_PHASE', `'seed' is only allowed in a setup file; use --seed`),
  unit: (id: string) => e('E_UNIT', `no unit ${id}`),
  dead: (id: string) => e('E_DEAD', `${id} was eliminated`),
  owner: (id: string, owner: number, current: number) => e('E_OWNER', `${id} belongs to P${owner}, not P${current}`),
  moved: (id: string) => e('E_MOVED', `${id} already moved this turn`),
  acted: (id: string) => e('E_ACTED', `${id} already acted this turn`),
  placed: (id: string, at: Coord) => e('E_PLACED', `${id} is already placed at ${coordText(at)}`),
  bounds: (at: Coord, w: number, h: number) => e('E_BOUNDS', `${coordText(at)} is outside the ${w}x${h} map`),
  terrain: (at: Coord, sym: string) => e('E_TERRAIN', `${coordText(at)} is impassable (${sym})`),
  occupied: (at: Coord, id: string) => e('E_OCCUPIED', `${coordText(at)} is occupied by ${id}`),
  reach: (at: Coord, id: string, mp: number) => e('E_REACH', `${coordText(at)} is out of reach of ${id} (mp ${mp})`),
  spread: (at: Coord, player: number) => e('E_SPREAD', `${coordText(at)} is farther than 2 from every placed unit of P${player}`),
  action: (type: string, name: string) => e('E_ACTION', `${type} has no action '${name}'`),
  range: (focus: Coord, d: number, r: number) => e('E_RANGE', `focus ${coordText(focus)} is at distance ${d} > range ${r}`),
  align: (focus: Coord, from: Coord) => e('E_ALIGN', `focus ${coordText(focus)} is not on a line from ${coordText(from)}`),
  def: (message: string) => e('E_DEF', message),
  setup: (message: string) => e('E_SETUP', message),
  /** A failed load: the inner error's message at its line in the loaded file. */
  file: (path: string, line: number, message: string) => e('E_FILE', `${path}:${line}: ${message}`),
  notInSetupFile: (word: string) => e('E_FILE', `'${word}' not allowed in a setup file`),
  cannotRead: (path: string) => e('E_IO', `cannot read ${path}`),
  cannotWrite: (path: string) => e('E_IO', `cannot write ${path}`),
} as const;

/** E_DEF messages (section 9). */
export const defMsg = {
  badName: (s: string) => `bad name '${s}'`,
  badSymbol: (s: string) => `bad symbol '${s}'`,
  badValue: (t: string) => `bad value '${t}'`,
  unknownAttr: (t: string) => `unknown attribute '${t}'`,
  duplicateAttr: (k: string) => `duplicate attribute '${k}'`,
  missingAttr: (k: string) => `missing attribute '${k}'`,
  oneEffect: () => 'need exactly one of damage, heal',
  linearRange: () => 'linear action needs range>=1',
  noMap: () => 'no map',
  noGrid: () => 'no grid',
  noTypes: () => 'no unit types',
  unknownType: (t: string) => `unknown type '${t}'`,
  rowLength: (y: number, n: number, w: number) => `grid row ${y} has ${n} sectors, expected ${w}`,
  undefinedTerrain: (c: string, at: Coord) => `undefined terrain '${c}' at ${coordText(at)}`,
  gridEnded: (r: number, h: number) => `grid ended after ${r} of ${h} rows`,
} as const;
