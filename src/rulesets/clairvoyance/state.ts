/**
 * The mutable battle state: the board's cells and every unit's position, life, HP, program and target
 * history, the turn order and pointer, and the round. Rules change it only through these methods, which
 * also report what happened as events.
 *
 * Undo (v2, D28) without copying the battle: between `begin` and `commit` every method that changes a
 * unit saves that unit's fields the first time it does (a `next` touches its actor and its targets, not
 * the board), and the entry keeps the scalars (round, pointer, sizes, generator state). `undo` puts the
 * saved units back, rebuilds their cells, and drops what was added. Cells need no copy: a cell changes
 * only with the unit that enters or leaves it, and walls never change.
 */
import { EMPTY, WALL } from './board.js';
import type { ClvEvent } from './events.js';
import { SightIndex } from './geometry/los.js';
import { WalkSearch } from './geometry/walk.js';
import type { Cell, EncounterModel, Program, UnitSpec } from './model.js';

/** (v2) Why a unit left without dying (5, D27, D32). */
export type Gone = 'Removed' | 'Retreated';

export interface UnitState {
  readonly spec: UnitSpec;
  readonly index: number;
  position: Cell;
  alive: boolean;
  /** (v2) Set when the unit left by `remove` or Retreat (then `alive` is false too). */
  gone: Gone | null;
  /** Mobs and (v2) players with HP; 0 for a player without HP. */
  hp: number;
  program: Program;
  /** Indices of attacked units, most recent first, each once (mobs). */
  readonly history: number[];
}

/** A unit's changing fields as they were before a command (its history copied). */
interface SavedUnit {
  readonly unit: UnitState;
  readonly position: Cell;
  readonly alive: boolean;
  readonly gone: Gone | null;
  readonly hp: number;
  readonly program: Program;
  readonly history: readonly number[];
}

/** One accepted state-changing command: what `undo` needs to put the state back as it was before it. */
export interface UndoEntry {
  /** The command line, trimmed (`- Undone: <line>`). */
  readonly line: string;
  readonly units: number;
  readonly teams: number;
  readonly order: number;
  readonly slot: number;
  readonly round: number;
  /** The dice generator's state (null for forced dice). */
  readonly dice: readonly number[] | null;
  readonly saved: SavedUnit[];
}

export class BattleState {
  readonly width: number;
  readonly height: number;
  /** Row-major: WALL, EMPTY or a unit index. */
  readonly cells: Int32Array;
  readonly units: UnitState[];
  /** Team names in file order, then (v2) teams first named by `add`. */
  readonly teams: string[];
  round = 1;
  /** The turn order: the initiative order, then (v2) added units in the order added (D26). */
  readonly order: number[] = [];
  /** Index into `order` of the unit whose turn was played last; -1 before the first turn. */
  slot = -1;

  /** The entry being recorded (between `begin` and `commit`). */
  private recording: UndoEntry | null = null;
  /** Entries are numbered; `savedIn[i]` is the number of the last one that saved unit i (no set per command). */
  private entries = 0;
  private readonly savedIn: number[] = [];
  private readonly undoStack: UndoEntry[] = [];

  /** Line-of-sight index over the walls, built on first use: walls never change during a battle. */
  private sightIndex: SightIndex | null = null;

  /** Events since the last `drain`, in order: the battle renders them once per answer. */
  private pending: ClvEvent[] = [];

  constructor(model: Pick<EncounterModel, 'board' | 'units' | 'teams'>) {
    const { width, height, walls } = model.board;
    this.width = width;
    this.height = height;
    this.cells = new Int32Array(width * height).fill(EMPTY);
    for (let i = 0; i < walls.length; i++) if (walls[i] === 1) this.cells[i] = WALL;
    this.units = model.units.map(fresh);
    for (const u of this.units) this.cells[this.cellIndex(u.position)] = u.index;
    this.teams = [...model.teams];
  }

  // ---- undo (v2, D28) ----

  /** Starts recording an undo entry for the command `line`; `dice` is the generator's state now. */
  begin(line: string, dice: readonly number[] | null): void {
    this.recording = { line, units: this.units.length, teams: this.teams.length, order: this.order.length, slot: this.slot, round: this.round, dice, saved: [] };
    this.entries++;
  }

  /** The command was accepted: its entry goes on the undo stack. */
  commit(): void {
    if (this.recording !== null) this.undoStack.push(this.recording);
    this.recording = null;
  }

  /** The command was rejected or changed nothing that undo restores: no entry. */
  discard(): void {
    this.recording = null;
  }

  /** How many entries `undo` can take back. */
  undoDepth(): number {
    return this.undoStack.length;
  }

  /** Saves a unit's fields before its first change in the command being recorded. */
  private touch(u: UnitState): void {
    const r = this.recording;
    if (r === null || this.savedIn[u.index] === this.entries) return;
    this.savedIn[u.index] = this.entries;
    r.saved.push({ unit: u, position: u.position, alive: u.alive, gone: u.gone, hp: u.hp, program: u.program, history: u.history.slice() });
  }

  /**
   * Puts back the state before the latest entry and returns it (the caller restores the generator from
   * `dice`), or null when there is nothing to undo. Output already printed stays.
   */
  undo(): UndoEntry | null {
    const entry = this.undoStack.pop();
    if (entry === undefined) return null;
    // Every cell that changed belongs to a saved or an added unit: empty theirs, then put the saved back.
    for (let i = entry.units; i < this.units.length; i++) this.vacate(this.units[i]!);
    for (const s of entry.saved) this.vacate(s.unit);
    this.units.length = entry.units;
    this.teams.length = entry.teams;
    this.order.length = entry.order;
    for (const s of entry.saved) {
      const u = s.unit;
      u.position = s.position;
      u.alive = s.alive;
      u.gone = s.gone;
      u.hp = s.hp;
      u.program = s.program;
      u.history.splice(0, u.history.length, ...s.history);
    }
    for (const s of entry.saved) if (s.unit.alive) this.setCell(this.cellIndex(s.unit.position), s.unit.index);
    this.slot = entry.slot;
    this.round = entry.round;
    this.living = null;
    this.triples = null;
    return entry;
  }

  private vacate(u: UnitState): void {
    const i = this.cellIndex(u.position);
    if (u.alive && this.cells[i] === u.index) this.setCell(i, EMPTY);
  }

  /** (v2) A new unit on an Empty cell (the caller has checked it), appended to the units and the order. */
  add(spec: UnitSpec): UnitState {
    const u = fresh(spec);
    this.units.push(u);
    this.order.push(u.index);
    if (!this.teams.includes(spec.team)) this.teams.push(spec.team);
    this.setCell(this.cellIndex(u.position), u.index);
    this.triples?.set(tripleKey(spec.team, spec.name, spec.id), u);
    if (this.living !== null) {
      const before = this.living.get(spec.team) ?? 0;
      this.living.set(spec.team, before + 1);
      if (before === 0) this.teamsAlive++;
    }
    this.report({ kind: 'added', unit: u.index });
    return u;
  }

  /** HP := hp (a unit with HP); reported as the `hp` command's line when `announce`. */
  setHp(u: UnitState, hp: number, announce = false): void {
    this.touch(u);
    const from = u.hp;
    u.hp = hp;
    if (announce) this.report({ kind: 'hp', unit: u.index, from, to: hp });
  }

  /** The program left for the unit's next turn. */
  setProgram(u: UnitState, program: Program): void {
    if (u.program === program) return;
    this.touch(u);
    u.program = program;
  }

  /** Puts `target` at the front of the attacker's history (most recent first, each unit once). */
  noteTarget(attacker: UnitState, target: number): void {
    const h = attacker.history;
    if (h[0] === target) return;
    this.touch(attacker);
    // Each unit once: `last` only ever finds a unit's latest place, and a long battle would otherwise
    // grow the list (and each search of it) with every attack.
    const seen = h.indexOf(target);
    if (seen >= 0) h.splice(seen, 1);
    h.unshift(target);
  }

  /** The unit `T:N:i`, alive or dead, or null (an index built on first use, kept by `add`). */
  unitByTriple(team: string, name: string, id: number): UnitState | null {
    if (this.triples === null) {
      this.triples = new Map();
      for (const u of this.units) this.triples.set(tripleKey(u.spec.team, u.spec.name, u.spec.id), u);
    }
    return this.triples.get(tripleKey(team, name, id)) ?? null;
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
    this.touch(unit);
    const from = unit.position;
    this.setCell(this.cellIndex(from), EMPTY);
    this.setCell(this.cellIndex(to), unit.index);
    unit.position = to;
    this.report({ kind: 'moved', unit: unit.index, from, to });
  }

  /** A unit whose HP fell below 0, or any unit `kill`ed: its cell empties, it keeps its last position. */
  die(unit: UnitState): void {
    this.leave(unit);
    this.report({ kind: 'died', unit: unit.index });
  }

  /** (v2) `remove` or Retreat: like a death, without the `died` line (5, D27, D32). */
  depart(unit: UnitState, why: Gone): void {
    this.leave(unit);
    unit.gone = why;
    this.report({ kind: 'removed', unit: unit.index, why });
  }

  private leave(unit: UnitState): void {
    this.touch(unit);
    if (unit.alive && this.living !== null) {
      const left = this.living.get(unit.spec.team)! - 1;
      this.living.set(unit.spec.team, left);
      if (left === 0) this.teamsAlive--;
    }
    unit.alive = false;
    this.setCell(this.cellIndex(unit.position), EMPTY);
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

function fresh(spec: UnitSpec): UnitState {
  return { spec, index: spec.index, position: spec.start, alive: true, gone: null, hp: spec.maxHp ?? 0, program: spec.mob?.program ?? { kind: 'none' }, history: [] };
}

const tripleKey = (team: string, name: string, id: number) => `${team}:${name}:${id}`;

/** `<Team>: <Name>: <id>` (spec 11, written `<U>`). */
export function unitLabel(spec: UnitSpec): string {
  return `${spec.team}: ${spec.name}: ${spec.id}`;
}
