/**
 * Multi-hit bookkeeping (course rules for multi-target actions): hits are computed in visiting order but
 * printed grouped by target in board order; a target's `termina` line follows its last hit unless its
 * hits were sent back; the attacker's `termina` line follows the last hit that sent something back to it.
 */
import type { ActionEvent } from '../events.js';
import type { Unit } from '../model.js';
import type { ActionContext } from './context.js';

export interface HitRecord {
  readonly target: Unit;
  /** The target's board slot when the action began (dead monsters leave the board only afterwards). */
  readonly slot: number;
  readonly events: ActionEvent[];
  /** Something came back to the attacker: a repelled hit or a reflected secondary kill. */
  sentBack: boolean;
  /** The main hit was repelled, so the target itself gets no `termina` line. */
  mainRepelled: boolean;
}

export function newHit(target: Unit): HitRecord {
  return { target, slot: target.slot ?? 0, events: [], sentBack: false, mainRepelled: false };
}

const hpAfter = (u: Unit): ActionEvent => ({ kind: 'hpAfter', unit: u.name, hp: u.hp, max: u.maxHp });

/** Appends the hits to the action's events in print order, with the `termina` lines. */
export function printHits(ctx: ActionContext, hits: readonly HitRecord[]): void {
  const groups: HitRecord[][] = [];
  const bySlotTarget = new Map<Unit, HitRecord[]>();
  for (const hit of hits) {
    let group = bySlotTarget.get(hit.target);
    if (group === undefined) {
      group = [];
      bySlotTarget.set(hit.target, group);
      groups.push(group);
    }
    group.push(hit);
  }
  // Stable: equal slots cannot happen within one side, and a sort by slot keeps first-visit order otherwise.
  groups.sort((a, b) => a[0]!.slot - b[0]!.slot);
  let lastSentBack = -1;
  groups.forEach((group, i) => {
    if (group.some((h) => h.sentBack)) lastSentBack = i;
  });
  groups.forEach((group, i) => {
    for (const hit of group) ctx.push(...hit.events);
    if (!group.every((h) => h.mainRepelled)) ctx.push(hpAfter(group[0]!.target));
    if (i === lastSentBack) ctx.push(hpAfter(ctx.user));
  });
}

export { hpAfter };
