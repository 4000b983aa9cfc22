/**
 * The combat state (spec §4): plain JSON-serialisable data. A command is checked before it runs, so a
 * rejected line changes nothing; an accepted one changes the state in place, and battle.ts keeps the state
 * before it as JSON text for `ref undo`. The roster (checked sheets) is static and kept apart.
 */
import type { Kind } from './kinds.js';
import type { Facing, ShapeCells } from './grid.js';
import type { Chan, Dur, ModValue } from './model.js';

export type Phase = 'SETUP' | 'PREP' | 'TURN' | 'WINDOW' | 'SUB' | 'OVER';
export type Side = 'A' | 'B';
export type LifeState = 'active' | 'fallen' | 'fled' | 'yielded' | 'defeated';
/** Source class of an active modifier (§10.2): own and ally group together, enemy apart. */
export type ModSource = 'own' | 'ally' | 'enemy';

export interface Mod {
  id: number;
  chan: Chan;
  stat?: string;
  value: ModValue;
  dur: Dur;
  /** Rounds or actions left (Nr/Na); unused for perm and next. */
  left: number;
  armed: boolean;
  src: ModSource;
}

export interface Dot {
  type: string;
  amount: number;
  kinds: Kind[];
  ticks: number;
  left: number;
  armed: boolean;
  /** After a renewal, the old amount ticks once without using the new duration (D30). */
  pendingOld?: { amount: number; kinds: Kind[] };
}

export interface Label {
  name: string;
  dur: Dur;
  left: number;
  armed: boolean;
}

export interface Fighter {
  id: string;
  side: Side;
  entry: number;
  joinedRound: number;
  state: LifeState;
  vit: number;
  paLeft: number;
  paMax: number;
  freeUsed: number;
  uses: Record<string, number>;
  blocked: string[];
  cooldown: Record<string, number>;
  mods: Mod[];
  dots: Dot[];
  statuses: Label[];
  /** The damage ledger (§10.5): VIT lost and not yet healed, by kind (`-` for none). */
  hurt: Record<string, number>;
}

/** v2: where a placed character stands (§6.6.1), its height (§6.6.5) and whether it is hidden (§6.6.6). */
export interface Place {
  x: number;
  y: number;
  facing: Facing;
  up: number;
  hidden: boolean;
}

export interface Frame {
  kind: 'own' | 'iturn' | 'iaction';
  actor: string;
  /** v2: the actor's cell and facing when the frame opened (R9.8, D74); null when it had none. */
  start?: { x: number; y: number; facing: Facing } | null;
  counted: number;
  freeCounted: boolean;
  combo: boolean;
}

export type CoverKind = 'defence-int' | 'defence-ext' | 'zone' | 'evasion' | 'counter';

export interface Cover {
  kind: CoverKind;
  reactor: string;
  skill: string;
  /** R' (after m) for defences, zones and counters. */
  r: number;
}

export interface CounterDecl {
  reactor: string;
  skill: string;
  target: string;
  norange: boolean;
  /** The counter's damage C (passive bonuses only) and R' = floor(C·m). */
  c: number;
  r: number;
}

/** A nested SUB window: a sub-hit on the attacker X that X answers (§8.6). */
export interface Sub {
  origin: 'anticipation' | 'annulment' | 'counter';
  reactor: string;
  skill: string;
  /** The sub-hit's D (null for an effect-only sub-hit) and kinds. */
  d: number | null;
  kinds: Kind[];
  /** For an anticipation: the target it was declared for. For a counter: its index in the close. */
  target: string;
  counterIndex: number;
}

export interface HitWindow {
  no: number;
  /** D after S1-S3, or null for an effect-only hit. */
  d: number | null;
  kinds: Kind[];
  targets: string[];
  /** N: the number of targets when the hit launched (zone split, §9.1 S4). */
  launched: number;
  covers: { target: string; cover: Cover }[];
  taken: string[];
  reacted: string[];
  counters: CounterDecl[];
  /** Index of the next counter to resolve once closing started; null while open. */
  closeAt: number | null;
  sub: Sub | null;
}

export interface Action {
  actor: string;
  skill: string;
  /** The attack's target list (instant joiners entering an area are appended, D13). */
  targets: string[];
  hit: number;
  hits: number;
  cost: number;
  counted: boolean;
  cancelled: boolean;
  /** Cancelled by an anticipation or a counter interruption: refund, block, no cooldown. */
  window: HitWindow | null;
  /** v2, with positions: a shape use's fixed cells (D67), and whether its targets are typed (an attack start, D68). */
  shape?: ShapeCells;
  typed?: boolean;
}

export interface Result {
  winner: Side | 'draw';
  reason: 'side-out' | 'stalemate' | 'withdraw' | 'referee';
}

export interface State {
  phase: Phase;
  round: number;
  order: string[];
  /** Index in `order` of the turn being played (-1 before the first). */
  cursor: number;
  frames: Frame[];
  /** Participants in entry order. */
  fighters: Fighter[];
  startMode: 'challenge' | 'attack' | null;
  opener: { actor: string; skill: string; targets: string[]; replayed: boolean } | null;
  quiet: number;
  roundActive: boolean;
  nextModId: number;
  action: Action | null;
  /** The holder whose counted action is in progress (arming, §10.1 D47). */
  acting: string | null;
  result: Result | null;
  /** v2: the combat has positions (D62), and the cells of placed characters by id. */
  grid: boolean;
  cells: Record<string, Place>;
  /** v2: the cells of the last shape used, for the terminal view. */
  lastShape?: ShapeCells | null;
}

export function initialState(): State {
  return {
    phase: 'SETUP',
    round: 0,
    order: [],
    cursor: -1,
    frames: [],
    fighters: [],
    startMode: null,
    opener: null,
    quiet: 0,
    roundActive: false,
    nextModId: 1,
    action: null,
    acting: null,
    result: null,
    grid: false,
    cells: {},
  };
}

export function fighter(state: State, id: string): Fighter | undefined {
  return state.fighters.find((f) => f.id === id);
}

export function mustFighter(state: State, id: string): Fighter {
  const f = fighter(state, id);
  if (f === undefined) throw new Error(`marvel: ${id} is not a participant`);
  return f;
}

export function topFrame(state: State): Frame | undefined {
  return state.frames[state.frames.length - 1];
}

export function otherSide(side: Side): Side {
  return side === 'A' ? 'B' : 'A';
}

export function isDefeated(f: Fighter): boolean {
  return f.state !== 'active';
}
