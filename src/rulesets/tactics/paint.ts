/**
 * Colours for a person's terminal (RunContext.colour): a colour per player and per terrain. Painting only
 * wraps text in ANSI SGR escapes, so a painted line with its escapes removed is the plain line; the log
 * always gets PLAIN, which paints nothing.
 */
import { sgr } from '../../core/sgr.js';
import type { GameMap } from './model.js';

export interface Paint {
  /** A player's token (`P2`) or one of its units' ids, in the player's colour. */
  player(player: number, text: string): string;
  /** A unit id, in its owner's colour (the owner is the id's letter: A = P1 ... H = P8, D20). */
  unit(id: string): string;
  /** A map cell or a terrain symbol, tinted by the terrain `sym` of `map`. */
  terrain(map: GameMap, sym: string, text: string): string;
  /** Coordinates in the board's margins. */
  label(text: string): string;
  /** A number that is bad news (damage, hp at or below a third). */
  bad(text: string): string;
  /** A number that is good news (healing). */
  good(text: string): string;
}

const same = (text: string): string => text;

export const PLAIN: Paint = {
  player: (_p, text) => text,
  unit: same,
  terrain: (_m, _s, text) => text,
  label: same,
  bad: same,
  good: same,
};


/** P1..P8: bold red, blue, green, yellow, magenta, cyan, orange (256 colours), and bold underlined. */
export const PLAYER_SGR: readonly string[] = ['1;91', '1;94', '1;92', '1;93', '1;95', '1;96', '1;38;5;208', '1;4'];

/** Passable terrains, in the map's order (by symbol), cycle through dim green, yellow, cyan, magenta, blue, white. */
export const TERRAIN_SGR: readonly string[] = ['2;32', '2;33', '2;36', '2;35', '2;34', '2;37'];

/** Impassable terrain: reverse video, a solid block. */
export const WALL_SGR = '7';

/** The owner of a unit id (its letter, D20), or null for anything else. */
export function ownerOf(id: string): number | null {
  const p = id.charCodeAt(0) - 64;
  return p >= 1 && p <= 8 ? p : null;
}

function terrainCode(map: GameMap, sym: string): string | null {
  const terrain = map.terrains.find((t) => t.sym === sym);
  if (terrain === undefined) return null;
  if (terrain.cost === null) return WALL_SGR;
  const index = map.terrains.filter((t) => t.cost !== null).indexOf(terrain);
  return TERRAIN_SGR[index % TERRAIN_SGR.length]!;
}

const player = (p: number, text: string): string => {
  const code = PLAYER_SGR[p - 1];
  return code === undefined ? text : sgr(code, text);
};

export const COLOUR: Paint = {
  player,
  unit: (id) => {
    const p = ownerOf(id);
    return p === null ? id : player(p, id);
  },
  terrain: (map, sym, text) => {
    const code = terrainCode(map, sym);
    return code === null ? text : sgr(code, text);
  },
  label: (text) => sgr('2', text),
  bad: (text) => sgr('1;31', text),
  good: (text) => sgr('1;32', text),
};

/** The paint of a run: colour only for a person at a terminal that takes it. */
export function paintFor(context: { readonly terminal?: boolean; readonly colour?: boolean }): Paint {
  return context.terminal === true && context.colour === true ? COLOUR : PLAIN;
}
