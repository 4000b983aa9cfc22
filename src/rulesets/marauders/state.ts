/**
 * The match state (1.5, 2.2): plain data, so a battle serialises as JSON with its generator's state beside
 * it (I1). `Ctx` bundles the state, the draws (the generator behind draws.ts) and the event list the rules
 * append to.
 */
import { Prng } from '../../core/prng.js';
import type { Board } from './board.js';
import type { Draws } from './draws.js';
import type { MEvent, SpellView } from './events.js';
import { emptyLane, fieldKey, type FieldKey, type Lane } from './fields.js';
import type { Axis, El, Mode, OptionId, PlayerId, SpellChoice, Tier } from './model.js';

export type GravitySide = 'left' | 'right' | 'up' | 'down';

export interface Config {
  readonly mode: Mode;
  readonly tier: Tier;
  readonly n: number;
  readonly elements: readonly El[];
  readonly options: readonly OptionId[];
  readonly turnLimit: number;
  readonly startTurn: number;
  readonly maxHp: number;
  /** gravity-fixed's drawn side. */
  readonly fixedGravity: GravitySide | null;
  /** non-matching: each player's only spell (6.1, D77), P1's then P2's. */
  readonly choices?: readonly [SpellChoice, SpellChoice];
}

export interface Player {
  readonly name: string;
  hp: number;
  force: number;
  poison: number;
  armed: boolean;
  pending: SpellChoice | null;
  casts: number;
  lastCastTurn: number | null;
  /** extended's windows (3.8). */
  w1: 'unused' | 'used' | 'wasted';
  w2: 'unused' | 'used';
  iceStrikes: number;
  breeze: boolean;
  /** The spell extras of the next resolution. */
  extra: { el: El; mode: 'attack' | 'defend' } | null;
  /** non-matching (6.1): Free Swap ready this turn; Disperser halving the next resolution; Merger waiting. */
  freeSwap: boolean;
  disperser: boolean;
  merger: boolean;
}

export interface MState {
  readonly cfg: Config;
  board: Board;
  fields: Partial<Record<FieldKey, Lane[]>>;
  players: [Player, Player];
  t: number;
  moves: number;
  over: boolean;
  /** Bout number of the last resolution. */
  resolvedBout: number;
  /** A turn skipped by Shockwave. */
  skipTurn: number | null;
  /** Shockwave (attack, normal order): the bout resolves at the end of this turn. */
  earlyTurn: number | null;
  /** Key of the last printed board. */
  shownBoard: string;
  /** Resolutions so far: `single`'s attacks used (2.3, D69). */
  attacksUsed: number;
}

export interface Ctx {
  st: MState;
  draws: Draws;
  ev: MEvent[];
}

export function has(cfg: Config, o: OptionId): boolean {
  return cfg.options.includes(o);
}

export function axes(cfg: Config): Axis[] {
  return cfg.mode === '1d' ? ['X'] : ['X', 'Y'];
}

export function lanes(st: MState, p: PlayerId, ax: Axis): Lane[] {
  const f = st.fields[fieldKey(p, ax)];
  if (f === undefined) throw new Error(`marauders: no field P${p}.${ax}`);
  return f;
}

export function player(st: MState, p: PlayerId): Player {
  return st.players[p - 1]!;
}

export function newFields(cfg: Config): Partial<Record<FieldKey, Lane[]>> {
  const fields: Partial<Record<FieldKey, Lane[]>> = {};
  for (const p of [1, 2] as const) {
    for (const ax of axes(cfg)) fields[fieldKey(p, ax)] = Array.from({ length: cfg.n }, emptyLane);
  }
  return fields;
}

/** Sets hp (clamped) and wastes extended's window 1 when hp falls to 25 or less while it is unused (3.8). */
export function setHp(st: MState, p: PlayerId, hp: number): void {
  const pl = player(st, p);
  pl.hp = Math.max(0, Math.min(st.cfg.maxHp, hp));
  if (has(st.cfg, 'extended') && pl.hp <= 25 && pl.w1 === 'unused') pl.w1 = 'wasted';
}

/** `single`'s attack allowance: floor(max/5) resolutions (2.3, D69). */
export function singleAttacks(cfg: Config): number {
  return Math.floor(cfg.maxHp / 5);
}

/** The spell state of 3.8 (first row that applies; `off` under `single`, D72). */
export function spellView(st: MState, p: PlayerId): SpellView {
  if (has(st.cfg, 'single')) return 'off';
  const pl = player(st, p);
  if (pl.armed) return 'armed';
  if (pl.pending !== null) return { pending: pl.pending };
  if (spellUsed(st, pl)) return 'used';
  if (has(st.cfg, 'long') && pl.lastCastTurn !== null && st.t < pl.lastCastTurn + 7) return { cooldown: pl.lastCastTurn + 7 };
  return 'ready';
}

function spellUsed(st: MState, pl: Player): boolean {
  if (has(st.cfg, 'extended')) return pl.hp >= 26 ? pl.w1 !== 'unused' : pl.w2 !== 'unused';
  if (has(st.cfg, 'long')) return pl.casts >= 4;
  return pl.casts >= 1;
}

/** Uses the allowance of a cast made now (CAST, or the `pending` fixture). */
export function useAllowance(st: MState, p: PlayerId, turn: number): void {
  const pl = player(st, p);
  pl.casts += 1;
  pl.lastCastTurn = turn;
  if (has(st.cfg, 'extended')) {
    if (pl.hp >= 26) pl.w1 = 'used';
    else pl.w2 = 'used';
  }
}

/** Serialises a state with its generator (I1). */
export function serialise(st: MState, rng: Prng): string {
  return JSON.stringify({ st, rng: { seed: rng.seed, state: rng.state() } });
}

export function revive(text: string): { st: MState; rng: Prng } {
  const data = JSON.parse(text) as { st: MState; rng: { seed: number; state: number[] } };
  return { st: data.st, rng: Prng.fromState(data.rng.seed, data.rng.state) };
}
