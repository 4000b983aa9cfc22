/**
 * The battle state. Terms as in the rules document: the "board" holds four slots A–D per player (A is
 * always the samurai, alive or dead); the "reserve" is every monster of the roster that is not on the
 * board, always in roster (team-file) order; "Orden" is the action order of the acting player; K is the
 * per-player count of skills used.
 */
import type { AilmentKind, SkillDef, UnitDef } from './catalogue.js';
import { readPassives, type Passives } from './passives.js';
import type { TeamSetup } from './team-file.js';

export type PlayerIndex = 0 | 1;
export const BOARD_SLOTS = 4;

export class Unit {
  readonly name: string;
  readonly isSamurai: boolean;
  readonly passives: Passives;
  /** Max HP without Doping (Gain applied). */
  readonly baseMaxHp: number;
  readonly maxMp: number;
  readonly str: number;
  readonly skl: number;
  readonly mag: number;
  readonly spd: number;
  readonly lck: number;

  maxHp: number;
  hp: number;
  mp: number;
  /** Board slot 0–3 (A–D), or null in the reserve. */
  slot: number | null = null;
  atkGrade = 0;
  defGrade = 0;
  charged = false;
  concentrated = false;
  tetraja = false;
  tetrakarn = false;
  makarakarn = false;
  doped = false;
  ailment: AilmentKind | null = null;
  endureUsed = false;
  enduringSoulUsed = false;

  constructor(
    readonly def: UnitDef,
    readonly player: PlayerIndex,
    /** Samurai: team-file skills. Monsters: catalogue skills. Passives included. */
    readonly skills: readonly SkillDef[],
  ) {
    this.name = def.name;
    this.isSamurai = def.isSamurai;
    this.passives = readPassives(skills);
    const s = def.stats;
    const bonus = this.passives.statBonus;
    this.baseMaxHp = s.hp + Math.floor((s.hp * this.passives.hpPercent) / 100);
    this.maxMp = s.mp + Math.floor((s.mp * this.passives.mpPercent) / 100);
    this.str = s.str + bonus.str;
    this.skl = s.skl + bonus.skl;
    this.mag = s.mag + bonus.mag;
    this.spd = s.spd + bonus.spd;
    this.lck = s.lck + bonus.lck;
    this.maxHp = this.baseMaxHp;
    this.hp = this.baseMaxHp;
    this.mp = this.maxMp;
  }

  get alive(): boolean {
    return this.hp > 0;
  }

  get onBoard(): boolean {
    return this.slot !== null;
  }
}

export class Team {
  readonly samurai: Unit;
  /** Every monster in roster order; the reserve is the ones with no slot. */
  readonly monsters: readonly Unit[];
  readonly board: (Unit | null)[];
  /** The per-player skill counter K of rules document 7.1. */
  k = 0;

  constructor(readonly index: PlayerIndex, setup: TeamSetup) {
    this.label = `J${index + 1}`;
    this.samurai = new Unit(setup.samurai, index, setup.skills);
    this.monsters = setup.monsters.map((def) => new Unit(def, index, def.skills));
    this.board = [this.samurai, null, null, null];
    this.samurai.slot = 0;
    this.monsters.slice(0, BOARD_SLOTS - 1).forEach((m, i) => this.place(m, i + 1));
  }

  /** J1 / J2, as the log names players. */
  readonly label: string;

  place(unit: Unit, slot: number): void {
    const previous = this.board[slot];
    if (previous) previous.slot = null;
    this.board[slot] = unit;
    unit.slot = slot;
  }

  vacate(unit: Unit): void {
    if (unit.slot !== null) this.board[unit.slot] = null;
    unit.slot = null;
  }

  /** Reserve monsters in roster order (dead ones included). */
  reserve(): Unit[] {
    return this.monsters.filter((m) => m.slot === null);
  }

  /** Living reserve monsters in roster order: what Invocar, Sabbatma and Bad Company can bring in. */
  livingReserve(): Unit[] {
    return this.monsters.filter((m) => m.slot === null && m.alive);
  }

  hasLivingOnBoard(): boolean {
    for (const u of this.board) if (u !== null && u.alive) return true;
    return false;
  }

  /** Living units on the board, left to right. */
  livingOnBoard(): Unit[] {
    const out: Unit[] = [];
    for (const u of this.board) if (u !== null && u.alive) out.push(u);
    return out;
  }
}

export interface SmtState {
  readonly teams: readonly [Team, Team];
  /** The player whose round it is. */
  active: PlayerIndex;
  full: number;
  blinking: number;
  /** Action order of the active player: living board units, the next to act first. */
  order: Unit[];
  winner: PlayerIndex | null;
}

export function createState(setups: readonly [TeamSetup, TeamSetup]): SmtState {
  return { teams: [new Team(0, setups[0]), new Team(1, setups[1])], active: 0, full: 0, blinking: 0, order: [], winner: null };
}

export function opponentOf(p: PlayerIndex): PlayerIndex {
  return p === 0 ? 1 : 0;
}
