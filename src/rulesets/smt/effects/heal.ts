/**
 * Heal skills (rules document 7.7, course wording T53–T55): Dia and Media families, Salvation, the cures,
 * Recarm/Samarecarm and Recarmdra. The printed `recibe {n} de HP` is the nominal amount even when it
 * overheals (course); the HP itself is capped at max.
 */
import type { AilmentKind } from '../catalogue.js';
import { healAmount } from '../damage.js';
import { die, restoreHp, revive } from '../life.js';
import type { Team, Unit } from '../model.js';
import { cure } from './ailments.js';
import type { ActionContext } from './context.js';
import { hpAfter } from './hits.js';

function amountFor(user: Unit, target: Unit, power: number): number {
  return healAmount(target.maxHp, power, user.passives.healPleroma);
}

/** Dia/Media families and Salvation: `cura`, the amount, cures if any, then `termina`. */
export function resolveHeal(ctx: ActionContext, power: number, cures: readonly AilmentKind[], targets: readonly Unit[]): void {
  const user = ctx.user;
  for (const target of targets) {
    const amount = amountFor(user, target, power);
    ctx.push({ kind: 'healed', user: user.name, target: target.name }, { kind: 'hpGained', target: target.name, amount });
    restoreHp(target, amount);
    cure(target, cures, ctx.events);
    ctx.push(hpAfter(target));
  }
}

/** Patra, Me Patra, Posumudi, Amrita: `cura`, and the recovery line when there was something to cure. */
export function resolveCure(ctx: ActionContext, cures: readonly AilmentKind[], targets: readonly Unit[]): void {
  for (const target of targets) {
    ctx.push({ kind: 'healed', user: ctx.user.name, target: target.name });
    cure(target, cures, ctx.events);
  }
}

/** Brings a dead unit back with `amount` HP; a samurai on the board rejoins the action order at its end. */
export function reviveUnit(ctx: ActionContext, target: Unit, amount: number): void {
  ctx.push({ kind: 'revived', user: ctx.user.name, target: target.name }, { kind: 'hpGained', target: target.name, amount });
  revive(target, amount);
  ctx.push(hpAfter(target));
  if (target.onBoard && target.player === ctx.state.active && !ctx.state.order.includes(target)) ctx.state.order.push(target);
}

export function resolveRevive(ctx: ActionContext, power: number, target: Unit): void {
  reviveUnit(ctx, target, amountFor(ctx.user, target, power));
}

/**
 * Recarmdra: every own unit but the user, board first (left to right) then the reserve in roster order;
 * the living are healed and the dead revived with the skill's share; reserve monsters stay in the
 * reserve. Then the user dies (not a KO for Endure: it is the price of the skill).
 */
export function resolveRecarmdra(ctx: ActionContext, power: number): void {
  const user = ctx.user;
  const team: Team = ctx.own;
  const onBoard = team.board.filter((u): u is Unit => u !== null && u !== user);
  // The user acts, so it is on the board and never in the reserve.
  for (const target of [...onBoard, ...team.reserve()]) {
    const amount = amountFor(user, target, power);
    if (target.alive) {
      ctx.push({ kind: 'healed', user: user.name, target: target.name }, { kind: 'hpGained', target: target.name, amount });
      restoreHp(target, amount);
      ctx.push(hpAfter(target));
    } else {
      reviveUnit(ctx, target, amount);
    }
  }
  die(user);
  ctx.push(hpAfter(user));
}
