/**
 * What the rules report, as data. The presenter (presenter.ts) turns each event into log lines; the rules
 * never format text (8.1).
 */
import type { Coord } from './lexer.js';
import type { Config, GameMap } from './model.js';

export type UnitStatus = 'unplaced' | 'alive' | 'discarded' | 'dead';

export interface Unit {
  readonly id: string;
  readonly player: number;
  readonly type: string;
  readonly maxHp: number;
  readonly mp: number;
  readonly hp: number;
  readonly at: Coord | null;
  readonly status: UnitStatus;
  readonly moved: boolean;
  readonly acted: boolean;
}

/** A board as printed (8.2): the map, the units at that moment, and whose `left=` flags are shown. */
export interface BoardView {
  readonly map: GameMap;
  /** Width of the longest unit id built at `start` (D36), 1 before `start`. */
  readonly idWidth: number;
  readonly units: readonly Unit[];
  /** The player whose units get ` left=...`, or null outside a battle. */
  readonly current: number | null;
  /** Cells drawn as `*`: where `reach` can go, on a person's terminal only (issue 21 item 8). */
  readonly marks?: readonly Coord[];
}

export type TacticsEvent =
  | { readonly t: 'loaded-map'; readonly map: GameMap; readonly path: string }
  | { readonly t: 'loaded-units'; readonly count: number; readonly path: string }
  | { readonly t: 'saved'; readonly what: 'map' | 'units'; readonly path: string }
  | { readonly t: 'board'; readonly board: BoardView }
  /** `show` in the setup phase: the bare map. */
  | { readonly t: 'map-board'; readonly map: GameMap }
  | { readonly t: 'start'; readonly config: Config; readonly units: readonly Unit[] }
  | { readonly t: 'anchor'; readonly id: string; readonly at: Coord }
  | { readonly t: 'order'; readonly order: readonly number[] }
  | { readonly t: 'placing'; readonly player: number; readonly board: BoardView }
  | { readonly t: 'place'; readonly id: string; readonly at: Coord }
  | { readonly t: 'discard'; readonly id: string }
  | { readonly t: 'turn'; readonly player: number; readonly round: number; readonly board: BoardView }
  | { readonly t: 'move'; readonly id: string; readonly from: Coord; readonly to: Coord; readonly cost: number; readonly mp: number }
  | { readonly t: 'act'; readonly id: string; readonly action: string; readonly focus: Coord; readonly area: readonly Coord[] }
  | { readonly t: 'hit'; readonly id: string; readonly amount: number; readonly hp: number; readonly max: number }
  | { readonly t: 'heal'; readonly id: string; readonly gain: number; readonly hp: number; readonly max: number }
  | { readonly t: 'elim'; readonly id: string; readonly at: Coord }
  | { readonly t: 'out' | 'concede' | 'end' | 'winner'; readonly player: number }
  | { readonly t: 'reach'; readonly id: string; readonly mp: number; readonly cells: readonly { readonly at: Coord; readonly cost: number }[] }
  | { readonly t: 'draw'; readonly reason: 'all-eliminated' | 'round-limit' };
