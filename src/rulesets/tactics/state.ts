/**
 * The state of a started game (after `start`): the fixed map and types, the units in unit order
 * (player, army index; D20), the turn order and the current stage. Rules change a state only through a
 * Work copy, so the state a rejected command saw is never touched (D19).
 */
import type { BoardView, TacticsEvent, Unit } from './events.js';
import type { Coord } from './lexer.js';
import { sectorCost, type Config, type GameMap, type MoveCost, type UnitType } from './model.js';
import type { MoveField } from './path.js';

export type Stage =
  | { readonly kind: 'placing'; readonly player: number }
  | { readonly kind: 'turn'; readonly player: number; readonly round: number }
  | { readonly kind: 'over' };

export interface GameState {
  readonly config: Config;
  readonly map: GameMap;
  readonly types: readonly UnitType[];
  readonly players: number;
  readonly rounds: number;
  readonly movecost: MoveCost;
  /** Row-major sector costs, null = impassable; the map never changes after `start`. */
  readonly costs: readonly (number | null)[];
  /** The longest unit id built at `start` (D36). */
  readonly idWidth: number;
  readonly units: readonly Unit[];
  readonly order: readonly number[];
  readonly stage: Stage;
}

/** The letter of a player's unit ids: P1 = A ... P8 = H. */
export function playerLetter(player: number): string {
  return String.fromCharCode(64 + player);
}

export function costsOf(map: GameMap): (number | null)[] {
  const costs: (number | null)[] = [];
  for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) costs.push(sectorCost(map, x, y));
  return costs;
}

/** A unit that stands on the map. */
export const onMap = (u: Unit): boolean => u.status === 'alive' && u.at !== null;

/** A mutable copy of a state for one command, collecting the events it causes. */
export class Work {
  units: Unit[];
  stage: Stage;
  readonly events: TacticsEvent[] = [];

  constructor(readonly base: GameState) {
    this.units = [...base.units];
    this.stage = base.stage;
  }

  emit(event: TacticsEvent): void {
    this.events.push(event);
  }

  update(id: string, patch: Partial<Unit>): void {
    const i = this.units.findIndex((u) => u.id === id);
    this.units[i] = { ...this.units[i]!, ...patch };
  }

  /** Row-major: the index in `units` of the alive unit on each sector, -1 when empty (one pass, for scans). */
  occupancy(): Int32Array {
    const { width, height } = this.base.map;
    const occ = new Int32Array(width * height).fill(-1);
    this.units.forEach((u, i) => {
      if (onMap(u)) occ[u.at!.y * width + u.at!.x] = i;
    });
    return occ;
  }

  /** The alive unit standing on a sector, if any. */
  unitAt(at: Coord): Unit | undefined {
    return this.units.find((u) => onMap(u) && u.at!.x === at.x && u.at!.y === at.y);
  }

  passable(at: Coord): boolean {
    return this.base.costs[at.y * this.base.map.width + at.x] !== null;
  }

  /** Players with at least one alive unit on the map, in player order. */
  alivePlayers(): number[] {
    const out: number[] = [];
    for (let p = 1; p <= this.base.players; p++) if (this.units.some((u) => u.player === p && onMap(u))) out.push(p);
    return out;
  }

  board(current: number | null): BoardView {
    return { map: this.base.map, idWidth: this.base.idWidth, units: [...this.units], current };
  }

  field(): MoveField {
    const { width, height } = this.base.map;
    const owners = new Array<number>(width * height).fill(0);
    for (const u of this.units) if (onMap(u)) owners[u.at!.y * width + u.at!.x] = u.player;
    return { width, height, costs: this.base.costs, owners };
  }

  done(): { readonly state: GameState; readonly events: readonly TacticsEvent[] } {
    return { state: { ...this.base, units: this.units, stage: this.stage }, events: this.events };
  }
}
