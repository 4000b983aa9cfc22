/** The turn schedule of 2.1: who acts, in which role, on which axis, and which bout a turn belongs to. */
import { other, type Axis, type PlayerId, type Role } from './model.js';
import type { Config } from './state.js';

export interface TurnInfo {
  readonly t: number;
  readonly actor: PlayerId;
  readonly role: Role;
  readonly axis: Axis;
  /** floor((t-1)/2): the two turns of a bout share it. */
  readonly bout: number;
  /** The bout's second turn, at whose end it resolves. */
  readonly closes: boolean;
  readonly attacker: PlayerId;
  readonly defender: PlayerId;
}

/** The last answer: the rules ask for the same turn many times in a row. */
let last: { readonly cfg: Config; readonly info: TurnInfo } | null = null;

export function turnInfo(cfg: Config, t: number): TurnInfo {
  if (last !== null && last.info.t === t && last.cfg === cfg) return last.info;
  const info = scheduleOf(cfg, t);
  last = { cfg, info };
  return info;
}

function scheduleOf(cfg: Config, t: number): TurnInfo {
  const c = Math.floor((t - 1) / 8);
  const q = (t - 1) % 4;
  const axis: Axis = cfg.mode === '1d' || (t - 1) % 8 < 4 ? 'X' : 'Y';
  if (cfg.options.includes('single')) {
    // 2.3, D68: odd turns P1 ATTACK, even turns P2 DEFEND, closing the bout (P1, P2, axis)
    const attack = t % 2 === 1;
    return { t, actor: attack ? 1 : 2, role: attack ? 'ATTACK' : 'DEFEND', axis, bout: Math.floor((t - 1) / 2), closes: !attack, attacker: 1, defender: 2 };
  }
  const F: PlayerId = cfg.mode === '1d' || cfg.options.includes('static') || c % 2 === 0 ? 1 : 2;
  const S = other(F);
  const reverse = cfg.options.includes('reverse');
  // normal : q0 F ATTACK | q1 S DEFEND | q2 S ATTACK | q3 F DEFEND
  // reverse: q0 F DEFEND | q1 S ATTACK | q2 S DEFEND | q3 F ATTACK
  const actor: PlayerId = q === 0 || q === 3 ? F : S;
  const role: Role = (q % 2 === 0) !== reverse ? 'ATTACK' : 'DEFEND';
  const attacker: PlayerId = role === 'ATTACK' ? actor : other(actor);
  return { t, actor, role, axis, bout: Math.floor((t - 1) / 2), closes: q % 2 === 1, attacker, defender: other(attacker) };
}

/**
 * The first turn after `from` in which `p` acts in `role` (the Dark flags' "next"), or null when the schedule
 * never gives p that role (`single`, D73: such a flag is not placed). Every schedule repeats within 16 turns.
 */
export function nextTurnOf(cfg: Config, from: number, p: PlayerId, role: Role): number | null {
  for (let t = from + 1; t <= from + 16; t++) {
    const info = turnInfo(cfg, t);
    if (info.actor === p && info.role === role) return t;
  }
  return null;
}
