/**
 * Reactions and `take` (§8.2-8.4, §8.6): eligibility in the check order of §15 (D56), costs with the
 * requirement surcharge (D17), covers and counters declared for the close, cancelling reactions resolved
 * when declared (D18), and the attacker's answer in SUB.
 */
import type { Rejection } from '../../core/battle.js';
import {
  afterResponse,
  cancelAttack,
  closeWindow,
  counterInterrupts,
  coverOf,
  endHit,
  pendingTargets,
  resolveSubHit,
} from './attack.js';
import { type Ctx, emit, sheetOf, skillOf, total } from './ctx.js';
import { rejections as E } from './errors.js';
import type { Kind } from './kinds.js';
import { type Flag, type FueTier, REACTION_CLASSES, type ReqPart, type Skill, areaSize, findSkill, hasFlag } from './model.js';
import { applyM, effectivenessHalves } from './pipeline.js';
import type { Cover, CoverKind, Fighter, Sub } from './state.js';
import { fighter } from './state.js';
import { bonused } from './stats.js';
import { usageCheck } from './use.js';
import { type Point, inShape } from './grid.js';
import { cancelReach, evasionFault, placeOf } from './positions.js';

/** The hit a reaction answers: the window's hit, or in SUB the sub-hit on X. */
interface HitView {
  hitter: string;
  skill: Skill;
  targets: string[];
  d: number | null;
  kinds: Kind[];
  sub: Sub | null;
  taken: readonly string[];
  reacted: readonly string[];
  isCovered: (t: string) => boolean;
}

function hitView(c: Ctx): HitView {
  const a = c.s.action!;
  const w = a.window!;
  if (w.sub !== null) {
    const sub = w.sub;
    return {
      hitter: sub.reactor,
      skill: skillOf(c, sub.reactor, sub.skill),
      targets: [a.actor],
      d: sub.d,
      kinds: sub.kinds,
      sub,
      taken: [],
      reacted: [],
      isCovered: () => false,
    };
  }
  return {
    hitter: a.actor,
    skill: skillOf(c, a.actor, a.skill),
    targets: w.targets,
    d: w.d,
    kinds: w.kinds,
    sub: null,
    taken: w.taken,
    reacted: w.reacted,
    isCovered: (t) => coverOf(w, t) !== undefined,
  };
}

const RANK: Record<FueTier, number> = { III: 0, II: 1, I: 2, '0': 3 };

/** The FUE check of a melee annulment (R5.6.1). */
function fueAllows(c: Ctx, reactor: string, attacker: string): boolean {
  const r = sheetOf(c, reactor).fuetier;
  const x = sheetOf(c, attacker).fuetier;
  if (r === undefined || x === undefined) return false;
  return RANK[r.tier] > RANK[x.tier] || (RANK[r.tier] === RANK[x.tier] && r.scale >= x.scale - 1);
}

function coverKind(skill: Skill): CoverKind | 'anticipation' | 'annulment' {
  if (skill.cls === 'defence') return hasFlag(skill, 'zone') ? 'zone' : hasFlag(skill, 'ext') ? 'defence-ext' : 'defence-int';
  return skill.cls as 'evasion' | 'counter' | 'anticipation' | 'annulment';
}

function attackFlagBlocking(kind: CoverKind | 'anticipation' | 'annulment'): Flag {
  switch (kind) {
    case 'evasion':
      return 'no-evade';
    case 'defence-int':
      return 'no-int';
    case 'defence-ext':
    case 'zone':
      return 'no-ext';
    case 'counter':
      return 'no-counter';
    case 'anticipation':
      return 'no-anticipate';
    case 'annulment':
      return 'no-annul';
  }
}

interface Eligible {
  kind: CoverKind | 'anticipation' | 'annulment';
  /** The target reacted for, or the targets a zone covers. */
  covered: string[];
}

/** E_REACT in the order of §15; the reason, or who the reaction is for. */
function eligibility(c: Ctx, view: HitView, r: Fighter, skill: Skill, typeWord: string | null, forT: string | null): string | Eligible {
  if (!REACTION_CLASSES.includes(skill.cls) || (typeWord !== null && typeWord !== skill.cls)) return `type is ${skill.cls}`;
  if (view.sub !== null && r.id !== view.targets[0]) return 'only the attacker may respond';
  if (view.sub !== null && skill.cls !== 'defence' && skill.cls !== 'evasion') return 'only defence or evasion here';
  const kind = coverKind(skill);
  const sideOf = (id: string) => fighter(c.s, id)?.side;
  let covered: string[];
  if (kind === 'zone') {
    const mine = view.targets.filter((t) => sideOf(t) === r.side);
    if (mine.length === 0) return 'not a target';
    covered = mine.filter((t) => !view.isCovered(t) && !view.taken.includes(t));
    if (covered.length === 0) return 'not pending';
  } else {
    const t = forT ?? r.id;
    if (!view.targets.includes(t)) return 'not a target';
    if (t !== r.id && sideOf(t) !== r.side) return `not an ally of ${t}`;
    const allyCover = (skill.cls === 'defence' && hasFlag(skill, 'ext') && hasFlag(skill, 'allies')) || skill.cls === 'anticipation';
    if (t !== r.id && !allyCover) return 'needs allies';
    if (view.taken.includes(t)) return 'not pending';
    covered = [t];
  }
  const flag = attackFlagBlocking(kind);
  if (hasFlag(view.skill, flag)) return `attack is ${flag}`;
  if ((kind === 'anticipation' || kind === 'annulment') && hasFlag(view.skill, 'noproj')) return 'attack has no projection';
  if ((kind === 'defence-int' || kind === 'counter') && view.d === null) return 'no damage to defend';
  const area = areaSize(view.skill);
  const maxarea = skill.maxarea;
  if ((kind === 'defence-ext' || kind === 'zone' || kind === 'evasion') && area !== undefined && maxarea !== undefined && area > maxarea) {
    return `area ${area} > maxarea ${maxarea}`;
  }
  if (kind === 'annulment' && hasFlag(skill, 'melee') && !fueAllows(c, r.id, view.hitter)) return 'FUE tier too low';
  return { kind, covered };
}

function surcharge(c: Ctx, r: Fighter, view: HitView, skill: Skill): number {
  const parts: ReqPart[] = [
    ...(view.skill.reqReact ?? []),
    ...((skill.cls === 'evasion' ? view.skill.reqEvade : view.skill.reqDef) ?? []),
  ];
  return parts.reduce((sum, p) => sum + Math.max(0, p.need - total(c, r, p.stat)), 0);
}

interface ReactPlan {
  view: HitView;
  r: Fighter;
  skill: Skill;
  el: Eligible;
  extra: number;
  /** v2: an evasion's checked destination. */
  to: Point | null;
}

/**
 * The reach of a reaction (§8.2 "Reach of reactions", D70-D72), after E_COVERED: null when it may be used here.
 * Without positions only a `to` is refused.
 */
function reactReach(c: Ctx, view: HitView, r: Fighter, skill: Skill, cmd: { norange: boolean; to: Point | null }): Rejection | null {
  const no = (reason: string) => E.range(`${r.id} cannot use ${skill.name} here: ${reason}`);
  if (!c.s.grid) return cmd.to === null ? null : no('no positions');
  if (cmd.norange) return no('norange is decided by positions');
  if (cmd.to !== null && skill.cls !== 'evasion') return no('only an evasion moves');
  const melee = skill.cls === 'annulment' && hasFlag(skill, 'melee');
  if (skill.cls === 'anticipation' || melee) {
    const bad = cancelReach(c, r.id, view.hitter, melee ? 1 : skill.range);
    return bad === null ? null : no(bad);
  }
  if (skill.cls !== 'evasion') return null;
  const from = placeOf(c, r.id);
  if (from === undefined) return no(`${r.id} has no cell`);
  if (cmd.to === null) return no('needs to <x> <y>');
  // a shape's fixed cells; a direct hit (and a sub-hit, direct on X) affects only the evader's own cell [R9.4]
  const shape = view.sub === null ? c.s.action!.shape : undefined;
  const contains = (p: Point) => (shape !== undefined ? inShape(shape, p) : p.x === from.x && p.y === from.y);
  const fault = evasionFault(c, r.id, cmd.to, { skill: view.skill.name, contains }, view.hitter);
  if (fault === null) return null;
  return fault.code === 'E_CELL' ? E.cell(cmd.to.x, cmd.to.y, fault.who) : no(fault.reason);
}

/** Every check of `react` after its syntax (phase, names, state, eligibility, twice, covered, usage, PA). */
export function planReact(
  c: Ctx,
  cmd: { r: string; type: string | null; s: string; forT: string | null; norange: boolean; to: Point | null },
): Rejection | ReactPlan {
  const phase = c.s.phase;
  if (phase === 'OVER') return E.over();
  if (phase !== 'WINDOW' && phase !== 'SUB') return E.phase('react', phase);
  const sheet = c.roster.get(cmd.r);
  if (sheet === undefined) return E.unknown('character', cmd.r);
  const skill = findSkill(sheet, cmd.s);
  if (skill === undefined) return E.unknown('skill', cmd.s);
  if (cmd.forT !== null && !c.roster.has(cmd.forT)) return E.unknown('character', cmd.forT);
  const r = fighter(c.s, cmd.r);
  if (r === undefined) return E.state(cmd.r, 'not in the combat');
  if (r.state !== 'active') return E.state(cmd.r, r.state);
  const view = hitView(c);
  const el = eligibility(c, view, r, skill, cmd.type, cmd.forT);
  if (typeof el === 'string') return E.react(cmd.r, cmd.s, el);
  if (view.reacted.includes(r.id)) return E.twice(r.id);
  const isCover = el.kind !== 'anticipation' && el.kind !== 'annulment' && el.kind !== 'zone';
  if (isCover && view.isCovered(el.covered[0]!)) return E.covered(el.covered[0]!);
  const reach = reactReach(c, view, r, skill, cmd);
  if (reach !== null) return reach;
  const usage = usageCheck(r, skill);
  if (usage !== null) return usage;
  const extra = surcharge(c, r, view, skill);
  if (skill.cost + extra > r.paLeft) return E.pa(r.id, skill.cost + extra, r.paLeft);
  return { view, r, skill, el, extra, to: cmd.to };
}

/** R' of a defence (res with def bonuses) or counter (dmg with passive bonuses), after m (§9.1-9.2). */
function effectiveR(c: Ctx, r: Fighter, skill: Skill, kinds: readonly Kind[]): number | null {
  if (skill.cls === 'defence') {
    const value = bonused(sheetOf(c, r.id), skill.res!, 'def', r.mods).flat;
    return applyM(value, effectivenessHalves(hasFlag(skill, 'int') ? 'int' : 'ext', hasFlag(skill, 'omni'), skill.vs, kinds));
  }
  if (skill.cls === 'counter') {
    const value = bonused(sheetOf(c, r.id), skill.dmg!, 'dmg', r.mods, { passiveOnly: true }).flat;
    return applyM(value, effectivenessHalves(hasFlag(skill, 'ranged') ? 'ext' : 'int', false, skill.vs, kinds));
  }
  return null;
}

/** The attacker's answer in SUB resolves the sub-hit, then what it was for (§8.4-8.6). */
function answerSub(c: Ctx, response: Cover | null, reacted: boolean): void {
  const w = c.s.action!.window!;
  const sub = w.sub!;
  const result = resolveSubHit(c, sub, response);
  w.sub = null;
  c.s.phase = 'WINDOW';
  if (sub.origin === 'anticipation') {
    if (reacted || result.final > 0) {
      cancelAttack(c, sub.reactor, sub.skill, true);
      return endHit(c);
    }
    emit(c, { t: 'await', ids: pendingTargets(w), sub: false });
    return;
  }
  if (sub.origin === 'annulment') return endHit(c);
  if (counterInterrupts(c, sub, result)) return endHit(c);
  closeWindow(c);
}

/** Opens SUB for a sub-hit of the reactor's skill on the attacker (anticipations, annulments with dmg/fx). */
function openSub(c: Ctx, origin: 'anticipation' | 'annulment', r: Fighter, skill: Skill, target: string): void {
  const a = c.s.action!;
  const b = skill.dmg === undefined ? null : bonused(sheetOf(c, r.id), skill.dmg, 'dmg', r.mods);
  const kinds = [...skill.kinds];
  emit(c, {
    t: 'hit',
    attacker: r.id,
    skill: skill.name,
    no: 1,
    of: 1,
    kinds,
    flag: null,
    base: b?.base ?? null,
    pct: b?.pct ?? null,
    flat: b?.flat ?? null,
    on: [a.actor],
  });
  a.window!.sub = { origin, reactor: r.id, skill: skill.name, d: b?.flat ?? null, kinds, target, counterIndex: -1 };
  c.s.phase = 'SUB';
  emit(c, { t: 'await', ids: [a.actor], sub: true });
}

export function executeReact(c: Ctx, plan: ReactPlan, norange: boolean): void {
  const { view, r, skill, el, extra } = plan;
  const cost = skill.cost + extra;
  r.paLeft -= cost;
  r.uses[skill.name] = (r.uses[skill.name] ?? 0) + 1;
  if (skill.cd > 0) r.cooldown[skill.name] = skill.cd;
  const rPrime = effectiveR(c, r, skill, view.kinds);
  emit(c, { t: 'react', id: r.id, skill: skill.name, kind: el.kind, for: el.covered, cost: skill.cost, surcharge: extra, paLeft: r.paLeft, paMax: r.paMax, r: rPrime });
  if (plan.to !== null && c.s.grid) {
    // D70: the evader moves at once, keeping its facing and height
    const place = placeOf(c, r.id)!;
    emit(c, { t: 'move', id: r.id, from: { x: place.x, y: place.y }, to: plan.to });
    place.x = plan.to.x;
    place.y = plan.to.y;
  }
  const a = c.s.action!;
  const w = a.window!;
  const cover: Cover | null =
    el.kind === 'anticipation' || el.kind === 'annulment' ? null : { kind: el.kind, reactor: r.id, skill: skill.name, r: rPrime ?? 0 };
  if (view.sub !== null) return answerSub(c, cover, true);
  w.reacted.push(r.id);
  if (el.kind === 'anticipation') return openSub(c, 'anticipation', r, skill, el.covered[0]!);
  if (el.kind === 'annulment') {
    cancelAttack(c, r.id, skill.name, false);
    if (skill.dmg !== undefined || skill.fx.length > 0) return openSub(c, 'annulment', r, skill, el.covered[0]!);
    return endHit(c);
  }
  for (const target of el.covered) w.covers.push({ target, cover: cover! });
  if (el.kind === 'counter') {
    const value = bonused(sheetOf(c, r.id), skill.dmg!, 'dmg', r.mods, { passiveOnly: true }).flat;
    w.counters.push({ reactor: r.id, skill: skill.name, target: el.covered[0]!, norange, c: value, r: rPrime ?? 0 });
  }
  afterResponse(c);
}

/** Checks of `take T` after its syntax: names, phase, state, then E_REACT. */
export function checkTake(c: Ctx, t: string): Rejection | null {
  if (!c.roster.has(t)) return E.unknown('character', t);
  const phase = c.s.phase;
  if (phase === 'OVER') return E.over();
  if (phase !== 'WINDOW' && phase !== 'SUB') return E.phase('take', phase);
  const f = fighter(c.s, t);
  if (f === undefined) return E.state(t, 'not in the combat');
  if (f.state !== 'active') return E.state(t, f.state);
  const view = hitView(c);
  if (view.sub !== null && t !== view.targets[0]) return E.react(t, 'take', 'only the attacker may respond');
  if (!view.targets.includes(t)) return E.react(t, 'take', 'not a target');
  if (view.isCovered(t) || view.taken.includes(t)) return E.react(t, 'take', 'not pending');
  return null;
}

/** `take T` (or one target of `ref timeout`): TAKE, then the window goes on, or SUB resolves. */
export function executeTake(c: Ctx, t: string, thenClose = true): void {
  emit(c, { t: 'take', id: t });
  const w = c.s.action!.window!;
  if (w.sub !== null) return answerSub(c, null, false);
  w.taken.push(t);
  if (thenClose) afterResponse(c);
}

/** `ref timeout` in a window: every pending target takes, then the window closes (§13). */
export function timeoutWindow(c: Ctx): void {
  const w = c.s.action!.window!;
  if (w.sub !== null) return executeTake(c, c.s.action!.actor);
  for (const t of pendingTargets(w)) executeTake(c, t, false);
  closeWindow(c);
}

