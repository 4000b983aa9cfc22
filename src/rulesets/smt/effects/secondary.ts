/**
 * Secondary effects of offensive skills (rules document 7.10, Cuadro 6; smt-extensions 2). The main hit's
 * affinity decides: Neutral/Weak/Resist apply the secondary to a target still alive; Null and Drain
 * nullify it; Repel sends it back to an attacker still alive.
 */
import { attackAffinity } from '../affinity.js';
import type { Affinity } from '../catalogue.js';
import { lethal } from '../life.js';
import type { Unit } from '../model.js';
import type { Secondary } from '../skill-kinds.js';
import { afflict, tryAilment } from './ailments.js';
import type { ActionContext } from './context.js';
import type { HitRecord } from './hits.js';
import { applySupport } from './support.js';

export function applySecondary(ctx: ActionContext, hit: HitRecord, secondary: Secondary, mainAffinity: Affinity): void {
  const user = ctx.user;
  const target = hit.target;
  const events = hit.events;
  if (mainAffinity === 'Null' || mainAffinity === 'Drain') return;
  if (mainAffinity === 'Repel') {
    if (!user.alive) return;
    switch (secondary.kind) {
      case 'grades':
        for (const effect of secondary.effects) applySupport(user, effect, events);
        return;
      case 'kill':
        events.push({ kind: 'strike', attacker: user.name, target: target.name, element: 'Almighty' });
        events.push({ kind: 'repelKill', target: target.name, attacker: user.name });
        lethal(user, events);
        return;
      case 'ailment':
        events.push({ kind: 'ailmentCast', attacker: user.name, target: target.name, ailment: secondary.ailment });
        events.push({ kind: 'ailmentReturned', target: target.name, attacker: user.name });
        afflict(user, secondary.ailment, events);
        return;
      case 'deathsDoor':
        setToOneIfSick(user, events);
        return;
    }
  }
  if (!target.alive) return;
  switch (secondary.kind) {
    case 'grades':
      for (const effect of secondary.effects) applySupport(target, effect, events);
      return;
    case 'kill': {
      events.push({ kind: 'strike', attacker: user.name, target: target.name, element: 'Almighty' });
      if (attackAffinity(target, 'Almighty') === 'Repel') {
        // Makarakarn covers Almighty: the kill comes back.
        events.push({ kind: 'repelKill', target: target.name, attacker: user.name });
        if (user.alive) lethal(user, events);
        hit.sentBack = true;
        ctx.raise('all');
      } else if (user.lck + secondary.power >= target.lck) {
        events.push({ kind: 'killed', target: target.name });
        lethal(target, events);
      } else {
        events.push({ kind: 'missed', attacker: user.name });
        ctx.raise('miss');
      }
      return;
    }
    case 'ailment':
      ctx.raise(tryAilment(user, target, secondary.ailment, 0, events));
      return;
    case 'deathsDoor':
      setToOneIfSick(target, events);
      return;
  }
}

function setToOneIfSick(unit: Unit, events: HitRecord['events']): void {
  if (unit.alive && unit.ailment === 'Sick') {
    unit.hp = 1;
    events.push({ kind: 'hpToOne', target: unit.name });
  }
}
