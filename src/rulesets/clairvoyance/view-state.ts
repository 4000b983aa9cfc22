/**
 * Clairvoyance's state for the `--events` stream and the viewer (docs/events.md): the board (walls), every
 * unit (team, name, id, position, life, HP), the round, whose turn was played last and the initiative
 * order. Plain JSON, read from the battle state without changing it.
 */
import { WALL } from './board.js';
import type { BattleState } from './state.js';

export interface ClairvoyanceViewState {
  readonly width: number;
  readonly height: number;
  /** One string per row: `#` a wall, `.` open. */
  readonly walls: readonly string[];
  readonly teams: readonly string[];
  readonly units: readonly {
    readonly index: number;
    readonly team: string;
    readonly name: string;
    readonly id: number;
    readonly player: boolean;
    /** [column, row]. */
    readonly at: readonly [number, number];
    readonly alive: boolean;
    /** Mobs and (v2) players with HP; null for a player without. */
    readonly hp: number | null;
    readonly maxHp: number | null;
    /** (v2) AC of a mob or of a player that states it; null otherwise. */
    readonly ac: number | null;
    /** (v2) Why a living unit left: `Removed` by the DM or `Retreated` by its AI; null while it is in the encounter or once dead. */
    readonly gone: 'Removed' | 'Retreated' | null;
  }[];
  readonly round: number;
  /** Unit indices in initiative order. */
  readonly order: readonly number[];
  /** The unit whose turn was played last; null before the first. */
  readonly turn: number | null;
  readonly ended: boolean;
}

export function clairvoyanceViewState(state: BattleState, order: readonly number[], slot: number, ended: boolean): ClairvoyanceViewState {
  const walls: string[] = [];
  for (let r = 0; r < state.height; r++) {
    let row = '';
    for (let c = 0; c < state.width; c++) row += state.cells[r * state.width + c] === WALL ? '#' : '.';
    walls.push(row);
  }
  return {
    width: state.width,
    height: state.height,
    walls,
    teams: [...state.teams],
    units: state.units.map((u) => ({
      index: u.index,
      team: u.spec.team,
      name: u.spec.name,
      id: u.spec.id,
      player: u.spec.mob === null,
      at: [u.position.column, u.position.row],
      alive: u.alive,
      hp: u.spec.maxHp === null ? null : u.hp,
      maxHp: u.spec.maxHp,
      ac: u.spec.ac,
      gone: u.gone,
    })),
    round: state.round,
    order: [...order],
    turn: slot < 0 ? null : (order[slot] ?? null),
    ended,
  };
}
