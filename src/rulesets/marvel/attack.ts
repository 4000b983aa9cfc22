/**
 * Attack resolution (§8.1, §8.5): hits and their windows, the potential damage of the quiet rule, and the
 * close: counters first (excess sub-hits, the §5.7.1 interruption), then each target's pipeline and
 * effects, then the FALL lines and the end check.
 */
import { type Ctx, emit, fighterOf, sheetOf, skillOf, vitMax } from './ctx.js';
import { applyItem, blockItem, holderOf, removeMod } from './effects.js';
import { loseVit } from './ledger.js';
import { checkEnd, fall } from './end.js';
import { endOfAction } from './flow.js';
import type { Kind } from './kinds.js';
import { type Skill, hasFlag, isShape } from './model.js';
import { counterReaches, openerShape, shapeMembers, shapeOfUse } from './positions.js';
import { type Penetration, protect, reactStep, totallyImmune } from './pipeline.js';
import type { Cover, HitWindow, Sub } from './state.js';
import { bonused } from './stats.js';

export function penetrationOf(skill: Skill): Penetration {
  return hasFlag(skill, 'ignore') ? 'ignore' : hasFlag(skill, 'pierce') ? 'pierce' : null;
}

export function coverOf(w: HitWindow, target: string): Cover | undefined {
  return w.covers.find((c) => c.target === target)?.cover;
}

/** Targets neither covered nor taken (§8.3). */
export function pendingTargets(w: HitWindow): string[] {
  return w.targets.filter((t) => coverOf(w, t) === undefined && !w.taken.includes(t));
}

/** `typed`: an attack start's opener, whose hits go to its typed targets even for a shape (D68). */
export function startAttack(c: Ctx, actor: string, skill: Skill, targets: string[], cost: number, counted: boolean, typed = false): void {
  const hits = skill.hits?.length ?? 1;
  c.s.action = { actor, skill: skill.name, targets, hit: 0, hits, cost, counted, cancelled: false, window: null };
  if (c.s.grid && isShape(skill)) {
    // D67: the cells are fixed now; D68: an opener's area is centred on its first typed target
    const shape = typed ? openerShape(c, actor, skill, targets) : shapeOfUse(c, actor, skill, targets[0]);
    if (shape !== undefined) c.s.action.shape = shape;
    c.s.action.typed = typed;
    c.s.lastShape = shape ?? null;
  }
  launchNextHit(c);
}

/** The targets of the next hit: a computed shape's members at launch (D67), else the active typed targets. */
function hitTargets(c: Ctx): string[] {
  const a = c.s.action!;
  if (a.shape !== undefined && a.typed !== true) return shapeMembers(c, fighterOf(c, a.actor), skillOf(c, a.actor, a.skill), a.shape);
  return a.targets.filter((id) => fighterOf(c, id).state === 'active');
}

function finishAttack(c: Ctx): void {
  const a = c.s.action!;
  endOfAction(c, a.actor, a.counted);
}

/** Launches the next hit (HIT, the `next` expiry, potential damage, AWAIT), or ends the action. */
function launchNextHit(c: Ctx): void {
  const a = c.s.action!;
  a.hit++;
  const x = fighterOf(c, a.actor);
  const skill = skillOf(c, a.actor, a.skill);
  const targets = hitTargets(c);
  if (a.hit > a.hits || x.state !== 'active' || targets.length === 0) return finishAttack(c);
  const expr = skill.hits === undefined ? skill.dmg : skill.hits[a.hit - 1];
  const b = expr === undefined ? null : bonused(sheetOf(c, x.id), expr, 'dmg', x.mods, { withNext: a.hit === 1 });
  emit(c, {
    t: 'hit',
    attacker: x.id,
    skill: skill.name,
    no: a.hit,
    of: a.hits,
    kinds: [...skill.kinds],
    flag: penetrationOf(skill),
    base: b?.base ?? null,
    pct: b?.pct ?? null,
    flat: b?.flat ?? null,
    on: targets,
  });
  if (a.hit === 1) for (const mod of [...x.mods]) if (mod.dur.t === 'next') removeMod(c, x, mod);
  if (b !== null) {
    for (const id of targets) {
      const t = fighterOf(c, id);
      if (t.side !== x.side && protect(sheetOf(c, id), t.mods, b.flat, skill.kinds).d7 > 0) c.s.roundActive = true;
    }
  }
  a.window = {
    no: a.hit,
    d: b?.flat ?? null,
    kinds: [...skill.kinds],
    targets,
    launched: targets.length,
    covers: [],
    taken: [],
    reacted: [],
    counters: [],
    closeAt: null,
    sub: null,
  };
  c.s.phase = 'WINDOW';
  emit(c, { t: 'await', ids: targets, sub: false });
}

/** After an accepted response in the window: close it, or show who is still pending (D36). */
export function afterResponse(c: Ctx): void {
  const w = c.s.action!.window!;
  const pending = pendingTargets(w);
  if (pending.length === 0) closeWindow(c);
  else emit(c, { t: 'await', ids: pending, sub: false });
}

export interface EffectContext {
  final: number;
  effectOnly: boolean;
  /** An ext or zone cover against an effect-only hit without ignore (D27). */
  coverBlocks: boolean;
  kinds: readonly Kind[];
}

/** Applies a skill's fx items to a hit target under the conditions of §10 (D51); returns how many were stored. */
export function applyEffects(c: Ctx, user: string, target: string, skill: Skill, e: EffectContext): number {
  const t = fighterOf(c, target);
  const ok =
    !e.coverBlocks &&
    (e.effectOnly || e.final > 0 || hasFlag(skill, 'fx-nodmg')) &&
    !totallyImmune(sheetOf(c, target), t.mods, e.kinds);
  let stored = 0;
  for (const item of skill.fx) {
    const holder = holderOf(item, user, target);
    if (!ok) blockItem(c, user, holder, item, skill.kinds);
    else if (applyItem(c, user, holder, item, skill.kinds) !== 'rejected') stored++;
  }
  return stored;
}

/** Resolves a sub-hit on the attacker X with X's response (§8.6); returns X's final and the effects stored. */
export function resolveSubHit(c: Ctx, sub: Sub, response: Cover | null): { final: number; stored: number } {
  const x = fighterOf(c, c.s.action!.actor);
  const skill = skillOf(c, sub.reactor, sub.skill);
  const no = 1;
  if (response?.kind === 'evasion') {
    emit(c, { t: 'evade', id: x.id, attacker: sub.reactor, skill: sub.skill, no });
    return { final: 0, stored: 0 };
  }
  let final = 0;
  if (sub.d !== null) {
    const d4 = response === null ? sub.d : reactStep(sub.d, response.r, null);
    const p = protect(sheetOf(c, x.id), x.mods, d4, sub.kinds);
    loseVit(x, p.d7, sub.kinds);
    final = p.d7;
    emit(c, { t: 'dmg', id: x.id, attacker: sub.reactor, skill: sub.skill, no, d: sub.d, d4, ...p, vit: x.vit, vitMax: vitMaxOf(c, x.id) });
  }
  const coverBlocks = sub.d === null && (response?.kind === 'defence-ext' || response?.kind === 'zone');
  const stored = applyEffects(c, sub.reactor, x.id, skill, { final, effectOnly: sub.d === null, coverBlocks, kinds: sub.kinds });
  return { final, stored };
}

function vitMaxOf(c: Ctx, id: string): number {
  return vitMax(c, fighterOf(c, id));
}

/** CANCEL: an anticipation-like cancel refunds half the cost, blocks the skill and starts no cooldown (§8.4). */
export function cancelAttack(c: Ctx, by: string, bySkill: string, anticipationLike: boolean): void {
  const a = c.s.action!;
  const x = fighterOf(c, a.actor);
  a.cancelled = true;
  const refund = anticipationLike ? Math.floor(a.cost / 2) : 0;
  x.paLeft = Math.min(x.paMax, x.paLeft + refund);
  if (anticipationLike) {
    x.blocked.push(a.skill);
    delete x.cooldown[a.skill];
  }
  emit(c, { t: 'cancel', attacker: a.actor, skill: a.skill, by, bySkill, refund });
}

/** A counter's excess that hurt X (or stored effects) on a multi-target hit interrupts it (§8.5, D55). */
export function counterInterrupts(c: Ctx, sub: Sub, result: { final: number; stored: number }): boolean {
  const w = c.s.action!.window!;
  if (w.targets.length <= 1 || (result.final <= 0 && result.stored === 0)) return false;
  cancelAttack(c, sub.reactor, sub.skill, true);
  return true;
}

/** Resolves counter i at close; 'paused' when its ranged excess opened SUB. */
function resolveCounter(c: Ctx, i: number): 'paused' | 'continue' | 'interrupted' {
  const a = c.s.action!;
  const w = a.window!;
  const decl = w.counters[i]!;
  const skill = skillOf(c, decl.reactor, decl.skill);
  // with positions a counter that cannot reach the attacker is a plain defence (D71), with the cells of this moment
  const reaches = !c.s.grid || counterReaches(c, decl.reactor, a.actor, skill);
  const excess = decl.norange || w.d === null || !reaches ? 0 : Math.max(0, decl.r - w.d);
  if (excess === 0) return 'continue';
  const kinds = [...skill.kinds];
  emit(c, { t: 'hit', attacker: decl.reactor, skill: decl.skill, no: 1, of: 1, kinds, flag: null, base: excess, pct: excess, flat: excess, on: [a.actor] });
  const sub: Sub = { origin: 'counter', reactor: decl.reactor, skill: decl.skill, d: excess, kinds, target: decl.target, counterIndex: i };
  if (hasFlag(skill, 'ranged')) {
    w.sub = sub;
    c.s.phase = 'SUB';
    emit(c, { t: 'await', ids: [a.actor], sub: true });
    return 'paused';
  }
  return counterInterrupts(c, sub, resolveSubHit(c, sub, null)) ? 'interrupted' : 'continue';
}

/** Each target in list order: EVADE, or the pipeline and DMG, then effects (§8.5 step 2). */
function resolveTargets(c: Ctx): void {
  const a = c.s.action!;
  const w = a.window!;
  const skill = skillOf(c, a.actor, a.skill);
  const pen = penetrationOf(skill);
  for (const id of w.targets) {
    const t = fighterOf(c, id);
    const cover = coverOf(w, id);
    if (cover?.kind === 'evasion') {
      emit(c, { t: 'evade', id, attacker: a.actor, skill: a.skill, no: w.no });
      continue;
    }
    if (w.d === null) {
      const coverBlocks = (cover?.kind === 'defence-ext' || cover?.kind === 'zone') && pen !== 'ignore';
      applyEffects(c, a.actor, id, skill, { final: 0, effectOnly: true, coverBlocks, kinds: w.kinds });
      continue;
    }
    let d4 = w.d;
    if (cover !== undefined) {
      d4 = reactStep(w.d, cover.r, pen);
      if (cover.kind === 'zone') d4 = Math.floor(d4 / w.launched);
    }
    const p = protect(sheetOf(c, id), t.mods, d4, w.kinds);
    loseVit(t, p.d7, w.kinds);
    emit(c, { t: 'dmg', id, attacker: a.actor, skill: a.skill, no: w.no, d: w.d, d4, ...p, vit: t.vit, vitMax: vitMaxOf(c, id) });
    applyEffects(c, a.actor, id, skill, { final: p.d7, effectOnly: false, coverBlocks: false, kinds: w.kinds });
  }
}

/** Closes the window (or goes on closing after a counter's SUB): counters, targets, then the end of the hit. */
export function closeWindow(c: Ctx): void {
  const w = c.s.action!.window!;
  c.s.phase = 'WINDOW';
  if (w.closeAt === null) w.closeAt = 0;
  while (w.closeAt < w.counters.length) {
    const outcome = resolveCounter(c, w.closeAt++);
    if (outcome === 'paused') return;
    if (outcome === 'interrupted') return endHit(c);
  }
  resolveTargets(c);
  endHit(c);
}

/** FALL lines (targets in list order, then X), the end check, then the next hit or the end of the action. */
export function endHit(c: Ctx): void {
  const a = c.s.action!;
  const w = a.window!;
  for (const id of w.targets) {
    const t = fighterOf(c, id);
    if (t.state === 'active' && t.vit === 0) fall(c, t);
  }
  const x = fighterOf(c, a.actor);
  if (x.state === 'active' && x.vit === 0) fall(c, x);
  if (checkEnd(c)) return;
  a.window = null;
  c.s.phase = 'TURN';
  if (a.cancelled || x.state !== 'active') return finishAttack(c);
  launchNextHit(c);
}
