/**
 * `use` (§7): the legality checks 4-13 of §7.1 in order, PA and the free-action limit (§7.2), counted
 * actions (§7.3), supplementary effects, and the attack start's opener replay (§6.1, D37).
 */
import type { Rejection } from '../../core/battle.js';
import { startAttack } from './attack.js';
import { type Ctx, emit, fighterOf, skillOf } from './ctx.js';
import { applyItem, holderOf } from './effects.js';
import { checkEnd, fall, isOver } from './end.js';
import { rejections as E } from './errors.js';
import { endOfAction } from './flow.js';
import { type Skill, hasFlag, hitCount, isShape } from './model.js';
import { startReach, useReach } from './positions.js';
import { type Fighter, fighter, topFrame } from './state.js';

/** c of §7.2: cost mods lower it, except on combos. */
export function effectiveCost(f: Fighter, skill: Skill): number {
  if (hitCount(skill) >= 2) return skill.cost;
  const cut = Math.max(0, ...f.mods.filter((m) => m.chan === 'cost').map((m) => Math.abs(m.value.value)));
  return Math.max(0, skill.cost - cut);
}

/** E_ONCE, E_BLOCKED and E_COOLDOWN for any skill use (actions, reactions, joins, interference). */
export function usageCheck(f: Fighter, skill: Skill): Rejection | null {
  const used = f.uses[skill.name] ?? 0;
  if (!hasFlag(skill, 'basic') && skill.uses !== '*' && used >= skill.uses) return E.once(f.id, skill.name, used, skill.uses);
  if (f.blocked.includes(skill.name)) return E.blocked(skill.name);
  const cd = f.cooldown[skill.name] ?? 0;
  if (cd > 0) return E.cooldown(skill.name, cd);
  return null;
}

/** The E_TARGET check (§7.1 step 11, D50); `typed`: an attack start's opener, whose targets stay typed (D68). */
export function targetCheck(c: Ctx, x: Fighter, skill: Skill, written: readonly string[] | null, typed = false): Rejection | null {
  const offensive = skill.cls === 'offensive';
  const area = isShape(skill);
  if (offensive && area && c.s.grid && !typed) return computedShapeTargets(c, x, skill, written ?? []);
  const list = written ?? (offensive ? [] : [x.id]);
  if (list.length === 0) return E.target(skill.name, 'no target');
  const max = skill.targets ?? (offensive && area ? '*' : 1);
  if (max !== '*' && list.length > max) return E.target(skill.name, `too many targets (max ${max})`);
  const seen: string[] = [];
  for (const id of list) {
    const t = fighter(c.s, id);
    const valid =
      t !== undefined &&
      t.state === 'active' &&
      !seen.includes(id) &&
      (offensive ? t.id !== x.id && (t.side !== x.side || area) : t.side === x.side);
    if (!valid) return E.target(skill.name, `${id} is not a valid target`);
    seen.push(id);
  }
  return null;
}

/** v2, with positions: a cone or line names no one, an area at most its centre, an active opponent (§6.6.3). */
function computedShapeTargets(c: Ctx, x: Fighter, skill: Skill, written: readonly string[]): Rejection | null {
  const max = skill.area === undefined ? 0 : 1;
  if (written.length > max) return E.target(skill.name, `too many targets (max ${max})`);
  for (const id of written) {
    const t = fighter(c.s, id);
    if (t === undefined || t.state !== 'active' || t.side === x.side) return E.target(skill.name, `${id} is not a valid target`);
  }
  return null;
}

/** Checks 4-13 of §7.1 for `use X S [on T...]` (names and phase already checked); `opener`: the attack start's replay. */
export function validateUse(c: Ctx, xId: string, skillName: string, targets: readonly string[] | null, opener = false): Rejection | null {
  const s = c.s;
  const prep = s.phase === 'PREP';
  const frame = topFrame(s);
  if (!prep && frame !== undefined && frame.actor !== xId) return E.turn(frame.actor, xId);
  const x = fighter(s, xId);
  if (x === undefined) return E.state(xId, 'not in the combat');
  if (x.state !== 'active') return E.state(xId, x.state);
  const skill = skillOf(c, xId, skillName);
  const usable = skill.cls === 'offensive' || skill.cls === 'supplementary';
  if (!usable || (prep && !hasFlag(skill, 'prep'))) return E.cls(skill.name, skill.cls);
  const usage = usageCheck(x, skill);
  if (usage !== null) return usage;
  if (hitCount(skill) >= 2 && frame?.combo === true && !prep) return E.combo(xId);
  const bad = targetCheck(c, x, skill, targets, opener);
  if (bad !== null) return bad;
  if (c.s.grid && skill.cls === 'offensive') {
    const reach = opener ? startReach(c, xId, skill, targets ?? []) : useReach(c, x, skill, targets ?? []);
    if (reach !== null) return E.range(`${skill.name}: ${reach}`);
  }
  const cost = effectiveCost(x, skill);
  if (cost > x.paLeft) return E.pa(xId, cost, x.paLeft);
  if (cost === 0 && x.freeUsed >= 2) return E.free(xId);
  return null;
}

/** Pays and resolves a checked use: USE line, then the supplementary effects or the attack. */
export function executeUse(c: Ctx, xId: string, skillName: string, targets: readonly string[] | null, opener = false): void {
  const s = c.s;
  const x = fighterOf(c, xId);
  const skill = skillOf(c, xId, skillName);
  const frame = s.phase === 'PREP' ? undefined : topFrame(s);
  const cost = effectiveCost(x, skill);
  x.paLeft -= cost;
  x.uses[skill.name] = (x.uses[skill.name] ?? 0) + 1;
  if (cost === 0) x.freeUsed++;
  let counted = false;
  if (frame !== undefined) {
    if (hitCount(skill) >= 2) frame.combo = true;
    counted = cost > 0 || !frame.freeCounted;
    if (cost === 0) frame.freeCounted = true;
    if (counted) frame.counted++;
  }
  if (skill.cd > 0) x.cooldown[skill.name] = skill.cd;
  emit(c, { t: 'use', id: xId, skill: skill.name, cost, paLeft: x.paLeft, paMax: x.paMax, free: cost === 0 ? x.freeUsed : null });
  s.acting = counted ? xId : null;
  if (skill.cls === 'offensive') {
    startAttack(c, xId, skill, [...(targets ?? [])], cost, counted, opener);
    return;
  }
  const holders = targets ?? [xId];
  for (const holder of holders) {
    for (const item of skill.fx) applyItem(c, xId, holderOf(item, xId, holder), item, skill.kinds);
  }
  // A VIT mod can take a holder (or the user, by `:self`) to 0: that is a FALL (§11, §13), targets first as at a close.
  for (const id of holders.includes(xId) ? holders : [...holders, xId]) {
    const f = fighterOf(c, id);
    if (f.state === 'active' && f.vit === 0) fall(c, f);
  }
  checkEnd(c);
  if (!isOver(c)) endOfAction(c, xId, counted);
}

/** Round 1 of an attack start: the opener is re-checked and replayed, or dropped (D37). */
export function replayOpener(c: Ctx): void {
  const opener = c.s.opener!;
  opener.replayed = true;
  const targets = opener.targets.filter((id) => fighter(c.s, id)?.state === 'active');
  const bad = validateUse(c, opener.actor, opener.skill, targets, true);
  if (bad !== null) emit(c, { t: 'drop', id: opener.actor, skill: opener.skill, code: bad.code });
  else executeUse(c, opener.actor, opener.skill, targets, true);
}
