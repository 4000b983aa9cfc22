/**
 * The prompts of an SMT battle and the choices each accepts (rules document, Cuadro 1, and the course's
 * menus). Which actions exist and how choices are numbered is decided here, once; the presenter only
 * words them.
 */
import type { ChoiceTag } from '../../core/battle.js';
import type { SkillDef } from './catalogue.js';
import type { Unit } from './model.js';

/** The actions of the action menu, as rule ids (the presenter has their Spanish words). */
export type ActionId = 'attack' | 'shoot' | 'skill' | 'summon' | 'pass' | 'surrender';

/** Samurai choose among six actions, monsters among four, in this menu order. */
export const SAMURAI_ACTIONS: readonly ActionId[] = ['attack', 'shoot', 'skill', 'summon', 'pass', 'surrender'];
export const MONSTER_ACTIONS: readonly ActionId[] = ['attack', 'skill', 'summon', 'pass'];

/** What a target or monster menu was opened for. */
export type Intent =
  | { readonly kind: 'attack' }
  | { readonly kind: 'shoot' }
  | { readonly kind: 'skill'; readonly skill: SkillDef };

export type Prompt =
  | { readonly kind: 'file' }
  | { readonly kind: 'action'; readonly unit: Unit; readonly actions: readonly ActionId[] }
  | { readonly kind: 'skill'; readonly unit: Unit; readonly skills: readonly SkillDef[] }
  | { readonly kind: 'target'; readonly unit: Unit; readonly intent: Intent; readonly targets: readonly Unit[] }
  | { readonly kind: 'monster'; readonly unit: Unit; readonly intent: Intent | { readonly kind: 'invoke' }; readonly options: readonly Unit[] }
  | { readonly kind: 'position'; readonly unit: Unit; readonly intent: Intent | { readonly kind: 'invoke' }; readonly monster: Unit }
  | { readonly kind: 'ended' };

/** Summons go to slots B-D: three positions before Cancelar. */
export const SUMMON_POSITIONS = 3;

/** Menus with options end with Cancelar, numbered right after the last option. */
export function cancelChoice(optionCount: number): number {
  return optionCount + 1;
}

/** The valid range of a prompt's choices, or null once the game has ended. */
export function choiceRange(p: Prompt, teamFiles: number): [number, number] | null {
  switch (p.kind) {
    case 'ended': return null;
    // The file menu counts from 0 (course).
    case 'file': return [0, teamFiles - 1];
    case 'action': return [1, p.actions.length];
    case 'skill': return [1, cancelChoice(p.skills.length)];
    case 'target': return [1, cancelChoice(p.targets.length)];
    case 'monster': return [1, cancelChoice(p.options.length)];
    case 'position': return [1, cancelChoice(SUMMON_POSITIONS)];
  }
}

/** What choice `n` of a prompt means to a driver: Cancelar backs out of a menu, Rendirse gives the battle up. */
export function choiceTag(p: Prompt, n: number): ChoiceTag | undefined {
  switch (p.kind) {
    case 'action': return p.actions[n - 1] === 'surrender' ? 'surrender' : undefined;
    case 'skill':
    case 'target':
    case 'monster':
    case 'position': return n === choiceRange(p, 0)![1] ? 'cancel' : undefined;
    default: return undefined;
  }
}
