/**
 * Using a skill: which menu it needs, which units it reaches and which handler carries it out. The
 * handler table is `skill-kinds.ts`; this module applies the skill's `target` field.
 */
import { hpAfter } from './hits.js';
import type { SkillDef } from '../catalogue.js';
import { unsupportedSkill } from '../errors.js';
import type { Unit } from '../model.js';
import { kindOf, type SkillKind } from '../skill-kinds.js';
import { hitCount, multiWalk, partyTargets, universalTargets } from '../targeting.js';
import { ailmentByHp, tryAilment } from './ailments.js';
import type { ActionContext } from './context.js';
import { resolveCure, resolveHeal, resolveRecarmdra, resolveRevive } from './heal.js';
import { resolveDamage, resolveDrain, resolveInstakill, skillDamageAttack } from './offense.js';
import { resolveSupport } from './support.js';
import { InternalError } from '../../../core/battle.js';

/** Extra Blinking Turns granted by Defender's Gaze (catalogue: "3 half turn icons"). */
const DEFENDERS_GAZE_BLINKING = 3;

/** Skills the skill menu lists: not passive, affordable, and not Blood Ritual-like at 1 HP (course). */
export function usableSkills(unit: Unit): SkillDef[] {
  return unit.skills.filter((skill) => {
    if (skill.type === 'Passive' || skill.cost > unit.mp) return false;
    const kind = kindOf(skill);
    return !(kind.kind === 'support' && kind.effects.includes('hpToOne') && unit.hp === 1);
  });
}

export type MenuKind =
  | { readonly kind: 'enemy' }
  | { readonly kind: 'ally' }
  | { readonly kind: 'deadAlly' }
  | { readonly kind: 'monster'; readonly includeDead: boolean }
  | { readonly kind: 'autoMonster' }
  | { readonly kind: 'surrender' }
  | { readonly kind: 'none' }
  | { readonly kind: 'unsupported'; readonly reason: string };

function byTarget(skill: SkillDef, table: Partial<Record<SkillDef['target'], MenuKind>>): MenuKind {
  return table[skill.target] ?? { kind: 'unsupported', reason: unsupportedSkill.target(skill.name, skill.target) };
}

const ENEMY: MenuKind = { kind: 'enemy' };
const ALLY: MenuKind = { kind: 'ally' };
const NONE: MenuKind = { kind: 'none' };

/** The menu a skill opens once chosen. */
export function skillMenuKind(skill: SkillDef): MenuKind {
  const kind = kindOf(skill);
  switch (kind.kind) {
    case 'damage':
    case 'instakill':
    case 'ailment':
      return byTarget(skill, { Single: ENEMY, All: NONE, Multi: NONE });
    case 'drain':
      return byTarget(skill, { Single: ENEMY, All: NONE });
    case 'heal':
    case 'cure':
      return byTarget(skill, { Ally: ALLY, Party: NONE });
    case 'revive':
      return byTarget(skill, { Ally: { kind: 'deadAlly' } });
    case 'support':
      return byTarget(skill, { Self: NONE, Party: NONE, All: NONE, Universal: NONE, Ally: ALLY, Single: ENEMY });
    case 'recarmdra':
    case 'defendersGaze':
      return NONE;
    case 'invitation':
      return { kind: 'monster', includeDead: true };
    case 'sabbatma':
      return { kind: 'monster', includeDead: false };
    case 'badCompany':
      return { kind: 'autoMonster' };
    case 'trafuri':
      return { kind: 'surrender' };
    case 'passive':
      return { kind: 'unsupported', reason: unsupportedSkill.passive(skill.name) };
    case 'unsupported':
      return { kind: 'unsupported', reason: kind.reason };
  }
}

/** The units an offensive skill visits, one entry per hit, in visiting order. */
function offensiveVisits(ctx: ActionContext, skill: SkillDef, chosen: Unit | null): Unit[] {
  const hits = hitCount(skill, ctx.own.k);
  const foes = ctx.foe.livingOnBoard();
  if (skill.target === 'Multi') return multiWalk(foes, ctx.own.k, hits);
  const visit = skill.target === 'Single' ? [need(chosen, skill)] : foes;
  const out: Unit[] = [];
  for (let n = 0; n < hits; n++) out.push(...visit);
  return out;
}

function need(chosen: Unit | null, skill: SkillDef): Unit {
  if (chosen === null) throw new InternalError(`skill "${skill.name}" needs a chosen target`);
  return chosen;
}

function supportTargets(ctx: ActionContext, skill: SkillDef, chosen: Unit | null): Unit[] {
  switch (skill.target) {
    case 'Self': return [ctx.user];
    case 'Party': return partyTargets(ctx.own, ctx.user);
    case 'All': return ctx.foe.livingOnBoard();
    case 'Universal': return universalTargets(ctx.own, ctx.foe, ctx.user);
    default: return [need(chosen, skill)];
  }
}

/** Carries out a skill whose menus are done (summons and Trafuri go through their own paths). */
export function resolveSkill(ctx: ActionContext, skill: SkillDef, chosen: Unit | null): void {
  const kind: SkillKind = kindOf(skill);
  const user = ctx.user;
  switch (kind.kind) {
    case 'damage': {
      const bypass = kind.bypassResistance || (kind.element !== 'Almighty' && user.passives.penetrate.has(kind.element));
      resolveDamage(ctx, skillDamageAttack(user, kind.element, skill.power, bypass, kind.secondary), offensiveVisits(ctx, skill, chosen));
      return;
    }
    case 'instakill':
      resolveInstakill(ctx, kind.element, skill.power, offensiveVisits(ctx, skill, chosen));
      return;
    case 'drain':
      resolveDrain(ctx, skill.power, kind, offensiveVisits(ctx, skill, chosen));
      return;
    case 'ailment':
      for (const target of offensiveVisits(ctx, skill, chosen)) {
        const ailment = kind.ailment === 'byHp' ? ailmentByHp(target) : kind.ailment;
        ctx.raise(tryAilment(user, target, ailment, skill.power, ctx.events));
        ctx.push(hpAfter(target));
      }
      return;
    case 'heal':
      resolveHeal(ctx, skill.power, kind.cures, supportTargets(ctx, skill, chosen));
      return;
    case 'cure':
      resolveCure(ctx, kind.cures, supportTargets(ctx, skill, chosen));
      return;
    case 'revive':
      resolveRevive(ctx, skill.power, need(chosen, skill));
      return;
    case 'recarmdra':
      resolveRecarmdra(ctx, skill.power);
      return;
    case 'support':
      resolveSupport(kind.effects, supportTargets(ctx, skill, chosen), ctx.events);
      return;
    case 'defendersGaze':
      ctx.bonusBlinking += DEFENDERS_GAZE_BLINKING;
      return;
    default:
      throw new InternalError(`skill "${skill.name}" (${kind.kind}) cannot be resolved here`);
  }
}
