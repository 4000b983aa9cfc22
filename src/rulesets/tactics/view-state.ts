/**
 * Tactics' state for the `--events` stream and the viewer (docs/events.md): the map (terrains and grid),
 * every unit (player, type, HP, position, status, what it has left) and the stage. Plain JSON, read from
 * the battle's mode without changing it.
 */
import type { Config, GameMap } from './model.js';
import type { GameState } from './state.js';

export interface TacticsUnitView {
  readonly id: string;
  readonly player: number;
  readonly type: string;
  readonly hp: number;
  readonly maxHp: number;
  readonly mp: number;
  /** [x, y]; null while unplaced (or once off the map). */
  readonly at: readonly [number, number] | null;
  readonly status: 'unplaced' | 'alive' | 'discarded' | 'dead';
  readonly moved: boolean;
  readonly acted: boolean;
}

export interface TacticsMapView {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Terrains by symbol; cost null: impassable. */
  readonly terrains: readonly { readonly sym: string; readonly cost: number | null; readonly name: string }[];
  /** One string of `width` symbols per row; null before a grid is given. */
  readonly grid: readonly string[] | null;
}

export interface TacticsViewState {
  /** setup: definitions being read; placing / turn: the game; over: it ended. */
  readonly stage: 'setup' | 'placing' | 'turn' | 'over';
  /** The player placing or on turn. */
  readonly player: number | null;
  readonly round: number | null;
  readonly map: TacticsMapView | null;
  readonly units: readonly TacticsUnitView[];
}

const mapView = (m: GameMap): TacticsMapView => ({
  name: m.name, width: m.width, height: m.height, terrains: m.terrains.map((t) => ({ sym: t.sym, cost: t.cost, name: t.name })), grid: m.grid,
});

export function tacticsViewState(mode: { readonly kind: 'setup'; readonly config: Config } | { readonly kind: 'game'; readonly game: GameState }): TacticsViewState {
  if (mode.kind === 'setup') return { stage: 'setup', player: null, round: null, map: mode.config.map === null ? null : mapView(mode.config.map), units: [] };
  const { game } = mode;
  const stage = game.stage;
  return {
    stage: stage.kind,
    player: stage.kind === 'over' ? null : stage.player,
    round: stage.kind === 'turn' ? stage.round : null,
    map: mapView(game.map),
    units: game.units.map((u) => ({
      id: u.id, player: u.player, type: u.type, hp: u.hp, maxHp: u.maxHp, mp: u.mp, at: u.at === null ? null : [u.at.x, u.at.y], status: u.status, moved: u.moved, acted: u.acted,
    })),
  };
}
