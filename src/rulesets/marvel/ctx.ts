/** The context every rule works in: the static roster, the live state (changed in place), and the events emitted so far. */
import type { Event } from './events.js';
import type { Character, Skill } from './model.js';
import { findSkill } from './model.js';
import { type Fighter, type Side, type State, mustFighter } from './state.js';
import { statTotal } from './stats.js';

export interface Ctx {
  readonly roster: ReadonlyMap<string, Character>;
  readonly s: State;
  readonly out: Event[];
  readonly steps: Steps;
}

/**
 * Steps reached through the context instead of an import: nextTurn (flow.ts) replays the opener (use.ts),
 * whose attack (attack.ts) ends in endOfAction (flow.ts), so importing it would close a module cycle.
 * battle.ts, which builds every Ctx, fills the record once.
 */
export interface Steps {
  readonly replayOpener: (c: Ctx) => void;
}

export function sheetOf(c: Ctx, id: string): Character {
  const character = c.roster.get(id);
  if (character === undefined) throw new Error(`marvel: no sheet for ${id}`);
  return character;
}

export function skillOf(c: Ctx, id: string, name: string): Skill {
  const skill = findSkill(sheetOf(c, id), name);
  if (skill === undefined) throw new Error(`marvel: ${id} has no skill ${name}`);
  return skill;
}

export function total(c: Ctx, f: Fighter, stat: string): number {
  return statTotal(sheetOf(c, f.id), stat, f.mods);
}

export function vitMax(c: Ctx, f: Fighter): number {
  return total(c, f, 'VIT');
}

export function fighterOf(c: Ctx, id: string): Fighter {
  return mustFighter(c.s, id);
}

export function emit(c: Ctx, event: Event): void {
  c.out.push(event);
}

export function activeOf(c: Ctx, side: Side): Fighter[] {
  return c.s.fighters.filter((f) => f.side === side && f.state === 'active');
}
