/**
 * Turns the player does not choose, and the effects that close an action (smt-extensions 3.5, 1.6, 4.5):
 * a sleeping or bound unit loses its turn, a panicked one attacks `R[K mod |R|]`; after an action come the
 * counters, then the actor's poison.
 */
import type { ActionEvent } from '../events.js';
import { hurt } from '../life.js';
import type { SmtState, Unit } from '../model.js';
import { ActionContext } from './context.js';
import { hpAfter } from './hits.js';
import { basicAttack, resolveDamage } from './offense.js';

/** A unit that cannot act or has panicked plays its turn alone; null when the player chooses. */
export function resolveAutomaticTurn(state: SmtState, actor: Unit): ActionContext | null {
  const ailment = actor.ailment;
  if (ailment !== 'Sleep' && ailment !== 'Bind' && ailment !== 'Panic') return null;
  const ctx = new ActionContext(state, actor);
  if (ailment === 'Sleep' || ailment === 'Bind') {
    actor.ailment = null;
    ctx.push({ kind: 'cannotAct', unit: actor.name, ailment }, { kind: 'recovered', unit: actor.name, ailment });
    return ctx;
  }
  ctx.push({ kind: 'panicking', unit: actor.name });
  const candidates = [...ctx.own.livingOnBoard().filter((u) => u !== actor), ...ctx.foe.livingOnBoard()];
  const target = candidates[ctx.own.k % candidates.length]!;
  resolveDamage(ctx, basicAttack(actor, 'attack'), [target]);
  resolveEndOfAction(ctx);
  if (actor.alive && actor.ailment === 'Panic') {
    actor.ailment = null;
    ctx.push({ kind: 'recovered', unit: actor.name, ailment: 'Panic' });
  }
  return ctx;
}

/** A unit that is asleep, bound or panicked cannot counter. */
function canCounter(u: Unit): boolean {
  return u.alive && u.onBoard && u.ailment !== 'Sleep' && u.ailment !== 'Bind' && u.ailment !== 'Panic';
}

/** Counters (1.6) then the actor's poison (3.5), in that order. */
export function resolveEndOfAction(ctx: ActionContext): void {
  resolveCounters(ctx);
  const user = ctx.user;
  if (user.ailment === 'Poison' && user.alive && user.onBoard) {
    const amount = Math.max(1, Math.floor(user.maxHp / 8));
    const events: ActionEvent[] = [{ kind: 'poisoned', unit: user.name, amount }];
    hurt(user, amount, events);
    events.push(hpAfter(user));
    ctx.push(...events);
  }
}

function resolveCounters(ctx: ActionContext): void {
  // Most actions hit nobody with Phys/Gun: no list to sort.
  if (ctx.physicalDamage.size === 0) return;
  const attacker = ctx.user;
  const damaged = [...ctx.physicalDamage.entries()].sort((a, b) => (a[0].slot ?? 9) - (b[0].slot ?? 9));
  for (const [unit, amount] of damaged) {
    if (!attacker.alive) return;
    if (!unit.alive || !unit.onBoard || amount < 1) continue;
    let holder: Unit | null = canCounter(unit) && unit.passives.counter > 0 ? unit : null;
    let power = holder === null ? 0 : unit.passives.counter;
    for (const ally of ctx.foe.livingOnBoard()) {
      if (ally !== unit && canCounter(ally) && ally.passives.allyCounter > power) {
        holder = ally;
        power = ally.passives.allyCounter;
      }
    }
    if (holder === null) continue;
    const damage = Math.floor((amount * power) / 100);
    const events: ActionEvent[] = [
      { kind: 'counter', holder: holder.name, attacker: attacker.name },
      { kind: 'damage', target: attacker.name, amount: damage },
    ];
    hurt(attacker, damage, events);
    events.push(hpAfter(attacker));
    ctx.push(...events);
  }
}
