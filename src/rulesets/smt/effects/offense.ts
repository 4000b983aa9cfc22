/**
 * Attacks on the rival: Atacar, Disparar and offensive skills (rules document 6, 7.3–7.5, 7.10). Each hit
 * resolves against the target's effective affinity; the action's turn class is the strongest outcome.
 */
import { attackAffinity, familyOf } from '../affinity.js';
import type { AttackElement, Element } from '../catalogue.js';
import {
  ATTACK_MODIFIER, CHARGE_FACTOR, SHOOT_MODIFIER, SICK_FACTOR,
  basicBase, hitDamage, reflectedAmount, skillBase, type AttackerFactors,
} from '../damage.js';
import { hurt, lethal, restoreHp } from '../life.js';
import type { Unit } from '../model.js';
import type { Secondary } from '../skill-kinds.js';
import type { ActionContext, OffensiveClass } from './context.js';
import { hpAfter, newHit, printHits, type HitRecord } from './hits.js';
import { applySecondary } from './secondary.js';

export interface DamageAttack {
  readonly element: AttackElement;
  /** Base damage before any multiplier (6.1). */
  readonly base: number;
  readonly bypassResistance: boolean;
  readonly secondary: Secondary | null;
}

/** The attacker's stat for an element (6.1): Str for Phys, Skl for Gun, Mag for magic. */
export function attackStat(user: Unit, element: AttackElement): number {
  return element === 'Phys' ? user.str : element === 'Gun' ? user.skl : user.mag;
}

export function basicAttack(user: Unit, kind: 'attack' | 'shoot'): DamageAttack {
  return kind === 'attack'
    ? { element: 'Phys', base: basicBase(user.str, ATTACK_MODIFIER), bypassResistance: false, secondary: null }
    : { element: 'Gun', base: basicBase(user.skl, SHOOT_MODIFIER), bypassResistance: false, secondary: null };
}

/**
 * Charge (Phys/Gun) or Concentrate (magic, Almighty included) of the user, used up by the first hit
 * computed for a matching attack (course: only the first visited hit is multiplied).
 */
export function takeCharge(user: Unit, element: AttackElement): number {
  if (element === 'Light' || element === 'Dark') return 1;
  if (familyOf(element) === 'physical') {
    if (!user.charged) return 1;
    user.charged = false;
  } else {
    if (!user.concentrated) return 1;
    user.concentrated = false;
  }
  return CHARGE_FACTOR;
}

function attackerFactors(user: Unit, element: AttackElement, charge: number): AttackerFactors {
  const pleroma = element === 'Almighty' || element === 'Light' || element === 'Dark' ? 0 : user.passives.pleroma[element as Element] ?? 0;
  return { charge, pleroma: 1 + pleroma / 100, sick: user.ailment === 'Sick' ? SICK_FACTOR : 1 };
}

/** A damaging hit that landed wakes a sleeping target that is still alive (smt-extensions 3.5). */
export function wakeOnDamage(target: Unit, hit: { events: HitRecord['events'] }): void {
  if (target.alive && target.ailment === 'Sleep') {
    target.ailment = null;
    hit.events.push({ kind: 'recovered', unit: target.name, ailment: 'Sleep' });
  }
}

/** Resolves a damaging attack on the visited targets (one entry per hit, in visiting order). */
export function resolveDamage(ctx: ActionContext, attack: DamageAttack, visits: readonly Unit[]): void {
  const user = ctx.user;
  const hits: HitRecord[] = [];
  visits.forEach((target, index) => {
    const hit = newHit(target);
    const f = attackerFactors(user, attack.element, index === 0 ? takeCharge(user, attack.element) : 1);
    const affinity = attackAffinity(target, attack.element, { bypassResistance: attack.bypassResistance });
    hit.events.push({ kind: 'strike', attacker: user.name, target: target.name, element: attack.element });
    let cls: OffensiveClass;
    switch (affinity) {
      case 'Weak':
      case 'Resist':
      case 'Neutral': {
        if (affinity === 'Weak') hit.events.push({ kind: 'weak', target: target.name, attacker: user.name });
        if (affinity === 'Resist') hit.events.push({ kind: 'resist', target: target.name, attacker: user.name });
        const amount = hitDamage(attack.base, f, user.atkGrade, target.defGrade, affinity);
        hit.events.push({ kind: 'damage', target: target.name, amount });
        hurt(target, amount, hit.events);
        wakeOnDamage(target, hit);
        if (familyOf(attack.element) === 'physical' && target.player !== user.player) {
          ctx.physicalDamage.set(target, (ctx.physicalDamage.get(target) ?? 0) + amount);
        }
        cls = affinity === 'Weak' ? 'weak' : 'simple';
        break;
      }
      case 'Null':
        hit.events.push({ kind: 'block', target: target.name, attacker: user.name });
        cls = 'null';
        break;
      case 'Repel': {
        const amount = reflectedAmount(attack.base, f);
        hit.events.push({ kind: 'repel', target: target.name, attacker: user.name, amount });
        hurt(user, amount, hit.events);
        hit.sentBack = true;
        hit.mainRepelled = true;
        cls = 'all';
        break;
      }
      case 'Drain': {
        const amount = reflectedAmount(attack.base, f);
        hit.events.push({ kind: 'absorb', target: target.name, amount });
        restoreHp(target, amount);
        cls = 'all';
        break;
      }
    }
    ctx.raise(cls);
    if (attack.secondary !== null) applySecondary(ctx, hit, attack.secondary, affinity);
    hits.push(hit);
  });
  printHits(ctx, hits);
}

/** Light and Dark instant kills (rules document 7.5, course wording 3.10). */
export function resolveInstakill(ctx: ActionContext, element: 'Light' | 'Dark', power: number, targets: readonly Unit[]): void {
  const user = ctx.user;
  const hits: HitRecord[] = [];
  for (const target of targets) {
    const hit = newHit(target);
    const affinity = attackAffinity(target, element);
    hit.events.push({ kind: 'strike', attacker: user.name, target: target.name, element });
    if (affinity === 'Repel') {
      hit.events.push({ kind: 'repelKill', target: target.name, attacker: user.name });
      if (user.alive) lethal(user, hit.events);
      hit.sentBack = true;
      hit.mainRepelled = true;
      ctx.raise('all');
    } else if (affinity === 'Null' || affinity === 'Drain') {
      // No unit drains Light or Dark (Cuadro 3); a Drain passive would block like Null.
      hit.events.push({ kind: 'block', target: target.name, attacker: user.name });
      ctx.raise('null');
    } else {
      const kills =
        affinity === 'Weak' ||
        (affinity === 'Neutral' && user.lck + power >= target.lck) ||
        (affinity === 'Resist' && user.lck + power >= 2 * target.lck);
      if (kills && target.tetraja) {
        // Tetraja turns the kill into a miss, with no affinity line (course).
        target.tetraja = false;
        hit.events.push({ kind: 'missed', attacker: user.name });
        ctx.raise('miss');
      } else if (kills) {
        if (affinity === 'Weak') hit.events.push({ kind: 'weak', target: target.name, attacker: user.name });
        if (affinity === 'Resist') hit.events.push({ kind: 'resist', target: target.name, attacker: user.name });
        hit.events.push({ kind: 'killed', target: target.name });
        if (target.alive) lethal(target, hit.events);
        ctx.raise(affinity === 'Weak' ? 'weak' : 'simple');
      } else {
        hit.events.push({ kind: 'missed', attacker: user.name });
        ctx.raise('miss');
      }
    }
    hits.push(hit);
  }
  printHits(ctx, hits);
}

/**
 * HP/MP drains (rules document 7.4): Almighty, so always Neutral, never reflected; the amount is the
 * damage formula without grades, capped at what the target has. Per target: the HP half, then the MP half;
 * the user's `termina` lines follow the last target's.
 */
export function resolveDrain(ctx: ActionContext, power: number, drains: { hp: boolean; mp: boolean }, targets: readonly Unit[]): void {
  const user = ctx.user;
  targets.forEach((target, index) => {
    const last = index === targets.length - 1;
    const f = attackerFactors(user, 'Almighty', index === 0 ? takeCharge(user, 'Almighty') : 1);
    const amount = reflectedAmount(skillBase(user.mag, power), f);
    ctx.push({ kind: 'strike', attacker: user.name, target: target.name, element: 'Almighty' });
    if (drains.hp) {
      const taken = Math.min(amount, target.hp);
      ctx.push({ kind: 'drained', target: target.name, stat: 'HP', amount: taken });
      hurt(target, taken, ctx.events);
      if (taken > 0) wakeOnDamage(target, ctx);
      ctx.push(hpAfter(target));
      restoreHp(user, taken);
      if (last) ctx.push(hpAfter(user));
    }
    if (drains.mp) {
      const taken = Math.min(amount, target.mp);
      target.mp -= taken;
      user.mp = Math.min(user.maxMp, user.mp + taken);
      ctx.push({ kind: 'drained', target: target.name, stat: 'MP', amount: taken });
      ctx.push({ kind: 'mpAfter', unit: target.name, mp: target.mp, max: target.maxMp });
      if (last) ctx.push({ kind: 'mpAfter', unit: user.name, mp: user.mp, max: user.maxMp });
    }
  });
}

export function skillDamageAttack(user: Unit, element: AttackElement, power: number, bypassResistance: boolean, secondary: Secondary | null): DamageAttack {
  return { element, base: skillBase(attackStat(user, element), power), bypassResistance, secondary };
}
