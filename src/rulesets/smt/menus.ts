/**
 * The prompts of an SMT battle and what each choice leads to (rules document, Cuadro 1, and the course's
 * menus). Which actions exist, how choices are numbered and which menu follows which are decided here,
 * once; the presenter only words the menus.
 */
import type { ChoiceTag } from '../../core/battle.js';
import type { SkillDef } from './catalogue.js';
import { skillMenuKind, usableSkills } from './effects/skills.js';
import { strongestInReserve } from './effects/summon.js';
import type { ActionId, MenuEvent, UnitStats } from './events.js';
import { opponentOf, type SmtState, type Unit } from './model.js';
import { deadAllies } from './targeting.js';

/** Samurai choose among six actions, monsters among four, in this menu order. */
const SAMURAI_ACTIONS: readonly ActionId[] = ['attack', 'shoot', 'skill', 'summon', 'pass', 'surrender'];
const MONSTER_ACTIONS: readonly ActionId[] = ['attack', 'skill', 'summon', 'pass'];

/** What a target or monster menu was opened for. */
export type Intent =
  | { readonly kind: 'attack' }
  | { readonly kind: 'shoot' }
  | { readonly kind: 'skill'; readonly skill: SkillDef };

/** Invocar: a summon that is not a skill. */
export type SummonIntent = Intent | { readonly kind: 'invoke' };

export type Prompt =
  | { readonly kind: 'file' }
  | { readonly kind: 'action'; readonly unit: Unit; readonly actions: readonly ActionId[] }
  | { readonly kind: 'skill'; readonly unit: Unit; readonly skills: readonly SkillDef[] }
  | { readonly kind: 'target'; readonly unit: Unit; readonly intent: Intent; readonly targets: readonly Unit[] }
  | { readonly kind: 'monster'; readonly unit: Unit; readonly intent: SummonIntent; readonly options: readonly Unit[] }
  | { readonly kind: 'position'; readonly unit: Unit; readonly intent: SummonIntent; readonly monster: Unit }
  | { readonly kind: 'ended' };

/** A prompt of a unit's action: every prompt once a team file has loaded, until the end. */
export type ActionPrompt = Exclude<Prompt, { readonly kind: 'file' | 'ended' }>;

/** What an in-range choice of an action prompt leads to. */
export type Next =
  | { readonly kind: 'open'; readonly prompt: ActionPrompt }
  /** Every Cancelar returns to the same unit's action menu, with nothing spent (course). */
  | { readonly kind: 'cancel'; readonly unit: Unit }
  /** An attack, a shot or a skill on its chosen target (null when the skill picks its own). */
  | { readonly kind: 'act'; readonly unit: Unit; readonly intent: Intent; readonly target: Unit | null }
  | { readonly kind: 'summon'; readonly unit: Unit; readonly intent: SummonIntent; readonly monster: Unit; readonly slot: number }
  | { readonly kind: 'pass' | 'surrender'; readonly unit: Unit }
  /** The choice cannot be carried out (a skill with no rule for its target); nothing changes. */
  | { readonly kind: 'refuse'; readonly reason: string };

/** Summons go to slots B-D: three positions before Cancelar. */
const SUMMON_POSITIONS = 3;

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

export function actionPrompt(unit: Unit): ActionPrompt {
  return { kind: 'action', unit, actions: unit.isSamurai ? SAMURAI_ACTIONS : MONSTER_ACTIONS };
}

/** Where choice `value` (in range) of prompt `p` leads. Reads the state, changes nothing. */
export function nextAfter(state: SmtState, p: ActionPrompt, value: number): Next {
  const unit = p.unit;
  switch (p.kind) {
    case 'action':
      return afterAction(state, unit, p.actions[value - 1]!);
    case 'skill':
      if (value === cancelChoice(p.skills.length)) return { kind: 'cancel', unit };
      return afterSkill(state, unit, p.skills[value - 1]!);
    case 'target':
      if (value === cancelChoice(p.targets.length)) return { kind: 'cancel', unit };
      return { kind: 'act', unit, intent: p.intent, target: p.targets[value - 1]! };
    case 'monster': {
      if (value === cancelChoice(p.options.length)) return { kind: 'cancel', unit };
      const monster = p.options[value - 1]!;
      // A monster's Invocar swaps the monster in for itself: no position menu.
      if (p.intent.kind === 'invoke' && !unit.isSamurai) return { kind: 'summon', unit, intent: p.intent, monster, slot: unit.slot! };
      return { kind: 'open', prompt: { kind: 'position', unit, intent: p.intent, monster } };
    }
    case 'position':
      if (value === cancelChoice(SUMMON_POSITIONS)) return { kind: 'cancel', unit };
      // Choice n is slot n (B = 1 … D = 3).
      return { kind: 'summon', unit, intent: p.intent, monster: p.monster, slot: value };
  }
}

function afterAction(state: SmtState, unit: Unit, action: ActionId): Next {
  const own = state.teams[unit.player];
  switch (action) {
    case 'attack':
    case 'shoot':
      return { kind: 'open', prompt: { kind: 'target', unit, intent: { kind: action }, targets: state.teams[opponentOf(unit.player)].livingOnBoard() } };
    case 'skill':
      return { kind: 'open', prompt: { kind: 'skill', unit, skills: usableSkills(unit) } };
    case 'summon':
      return { kind: 'open', prompt: { kind: 'monster', unit, intent: { kind: 'invoke' }, options: own.livingReserve() } };
    case 'pass':
    case 'surrender':
      return { kind: action, unit };
  }
}

function afterSkill(state: SmtState, unit: Unit, skill: SkillDef): Next {
  const menuKind = skillMenuKind(skill);
  const own = state.teams[unit.player];
  const intent: Intent = { kind: 'skill', skill };
  switch (menuKind.kind) {
    case 'unsupported':
      return { kind: 'refuse', reason: menuKind.reason };
    case 'enemy':
    case 'ally':
    case 'deadAlly': {
      const targets =
        menuKind.kind === 'enemy' ? state.teams[opponentOf(unit.player)].livingOnBoard() : menuKind.kind === 'ally' ? own.livingOnBoard() : deadAllies(own);
      return { kind: 'open', prompt: { kind: 'target', unit, intent, targets } };
    }
    case 'monster':
      return { kind: 'open', prompt: { kind: 'monster', unit, intent, options: menuKind.includeDead ? own.reserve() : own.livingReserve() } };
    case 'autoMonster': {
      const pick = strongestInReserve(own);
      // Bad Company with no living reserve monster: nothing happens, the action menu comes back (course).
      if (pick === null) return { kind: 'cancel', unit };
      return { kind: 'open', prompt: { kind: 'position', unit, intent, monster: pick } };
    }
    case 'surrender':
      return { kind: 'surrender', unit };
    case 'none':
      return { kind: 'act', unit, intent, target: null };
  }
}

export function unitStats(u: Unit): UnitStats {
  return { name: u.name, hp: u.hp, maxHp: u.maxHp, mp: u.mp, maxMp: u.maxMp };
}

/** A prompt's menu as data, as it stands when the prompt opens. */
export function menuEvent(state: SmtState, p: ActionPrompt): MenuEvent {
  switch (p.kind) {
    case 'action':
      return { kind: 'actionMenu', unit: p.unit.name, actions: p.actions };
    case 'skill':
      return { kind: 'skillMenu', unit: p.unit.name, skills: p.skills.map((s) => ({ name: s.name, cost: s.cost })) };
    case 'target':
      return { kind: 'targetMenu', unit: p.unit.name, targets: p.targets.map(unitStats) };
    case 'monster':
      return { kind: 'monsterMenu', options: p.options.map(unitStats) };
    case 'position':
      return { kind: 'positionMenu', slots: state.teams[p.unit.player].board.slice(1).map((u) => (u === null ? null : unitStats(u))) };
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
