/**
 * The mutable battle state: the board's cells and every unit's position, life, HP, program and target
 * history. Rules change it only through these methods, which also report what happened as events.
 */
import { EMPTY, WALL } from './board.js';
import type { ClvEvent } from './events.js';
import { SightIndex } from './geometry/los.js';
import { WalkSearch } from './geometry/walk.js';
import type { Cell, EncounterModel, Program, UnitSpec } from './model.js';

export interface UnitState {
  readonly spec: UnitSpec;
  readonly index: number;
  position: Cell;
  alive: boolean;
  /** Mobs only (players have no HP; 0 for them). */
  hp: number;
  program: Program;
  /** Indices of attacked units, most recent first, each once (mobs). */
  readonly history: number[];
}

export class BattleState {
  readonly width: number;
  readonly height: number;
  /** Row-major: WALL, EMPTY or a unit index. */
  readonly cells: Int32Array;
  readonly units: UnitState[];
  readonly teams: readonly string[];
  round = 1;

  /** Line-of-sight index over the walls, built on first use: walls never change during a battle. */
  private sightIndex: SightIndex | null = null;

  /** Events since the last `drain`, in order: the battle renders them once per answer. */
  private pending: ClvEvent[] = [];

  constructor(model: EncounterModel) {
    const { width, height, walls } = model.board;
    this.width = width;
    this.height = height;
    this.cells = new Int32Array(width * height).fill(EMPTY);
    for (let i = 0; i < walls.length; i++) if (walls[i] === 1) this.cells[i] = WALL;
    this.units = model.units.map((spec) => ({
      spec,
      index: spec.index,
      position: spec.start,
      alive: true,
      hp: spec.mob?.hp ?? 0,
      program: spec.mob?.program ?? { kind: 'none' },
      history: [],
    }));
    for (const u of this.units) this.cells[this.cellIndex(u.position)] = u.index;
    this.teams = model.teams;
  }

  /** The unit `T:N:i`, alive or dead, or null (an index built on first use: units are never added). */
  unitByTriple(team: string, name: string, id: number): UnitState | null {
    if (this.triples === null) {
      this.triples = new Map();
      for (const u of this.units) this.triples.set(`${u.spec.team}:${u.spec.name}:${u.spec.id}`, u);
    }
    return this.triples.get(`${team}:${name}:${id}`) ?? null;
  }

  private triples: Map<string, UnitState> | null = null;

  sight(): SightIndex {
    this.sightIndex ??= new SightIndex(this);
    return this.sightIndex;
  }

  /** The walk search over this board (one at a time: each AI action starts its own), built on first use. */
  walk(): WalkSearch {
    this.walkSearch ??= new WalkSearch(this);
    return this.walkSearch;
  }

  /** Its view of the cells follows every change here. */
  private walkSearch: WalkSearch | null = null;

  cellIndex(c: Cell): number {
    return c.row * this.width + c.column;
  }

  inBoard(column: number, row: number): boolean {
    return column >= 0 && row >= 0 && column < this.width && row < this.height;
  }

  /** WALL, EMPTY or a unit index; callers check `inBoard` first. */
  at(column: number, row: number): number {
    return this.cells[row * this.width + column]!;
  }

  report(e: ClvEvent): void {
    this.pending.push(e);
  }

  /** The events reported since the last call, oldest first. */
  drain(): ClvEvent[] {
    const events = this.pending;
    this.pending = [];
    return events;
  }

  /** Puts a living unit on an Empty cell (the caller has checked both). */
  move(unit: UnitState, to: Cell): void {
    const from = unit.position;
    this.setCell(this.cellIndex(from), EMPTY);
    this.setCell(this.cellIndex(to), unit.index);
    unit.position = to;
    this.report({ kind: 'moved', unit: unit.index, from, to });
  }

  /** A mob whose HP fell below 0, or any unit `kill`ed: its cell empties, it keeps its last position. */
  die(unit: UnitState): void {
    if (unit.alive && this.living !== null) {
      const left = this.living.get(unit.spec.team)! - 1;
      this.living.set(unit.spec.team, left);
      if (left === 0) this.teamsAlive--;
    }
    unit.alive = false;
    this.setCell(this.cellIndex(unit.position), EMPTY);
    this.report({ kind: 'died', unit: unit.index });
  }

  private setCell(i: number, value: number): void {
    this.cells[i] = value;
    this.walkSearch?.set(i, value);
  }

  /** Teams with a living unit, in file order. */
  livingTeams(): string[] {
    return this.teams.filter((t) => (this.livingCounts().get(t) ?? 0) > 0);
  }

  /** How many teams have a living unit (every prompt asks: O(1), not a pass over the units). */
  livingTeamCount(): number {
    this.livingCounts();
    return this.teamsAlive;
  }

  /** Living units per team, kept up to date by `die` once first asked for. */
  private living: Map<string, number> | null = null;
  private teamsAlive = 0;

  private livingCounts(): Map<string, number> {
    if (this.living === null) {
      this.living = new Map();
      for (const u of this.units) if (u.alive) this.living.set(u.spec.team, (this.living.get(u.spec.team) ?? 0) + 1);
      this.teamsAlive = this.living.size;
    }
    return this.living;
  }
}

/** `<Team>: <Name>: <id>` (spec 11, written `<U>`). */
export function unitLabel(spec: UnitSpec): string {
  return `${spec.team}: ${spec.name}: ${spec.id}`;
}
