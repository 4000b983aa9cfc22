/**
 * The player commands (§12): each is checked in the order of §7.1/§15 (`check` reads the state only) and
 * then run on the battle's state, changing it in place (`run`) and emitting the events.
 */
import type { Rejection } from '../../core/battle.js';
import { pendingTargets } from './attack.js';
import type { Command } from './commands.js';
import { type Ctx, emit, fighterOf, sheetOf, skillOf } from './ctx.js';
import { afterLeaving, endTopFrame, frameStart, startRound } from './flow.js';
import { rejections as E } from './errors.js';
import { findSkill, hasFlag, isShape } from './model.js';
import { distance } from './grid.js';
import { isMember, placeOf, startReach } from './positions.js';
import { enter, joinSkillIsNow, slots, takesSlot } from './participants.js';
import { checkTake, executeReact, executeTake, planReact } from './react.js';
import { type Side, fighter, topFrame } from './state.js';
import { effectiveCost, executeUse, usageCheck, validateUse } from './use.js';
import { passiveStatTotal } from './stats-base.js';

type Cmd<V extends Command['v']> = Extract<Command, { v: V }>;

function phaseCheck(c: Ctx, verb: string, allowed: readonly string[]): Rejection | null {
  if (c.s.phase === 'OVER') return E.over();
  return allowed.includes(c.s.phase) ? null : E.phase(verb, c.s.phase);
}

/** E_UNKNOWN for character names, in the order written. */
function unknownCharacter(c: Ctx, names: readonly string[]): Rejection | null {
  for (const name of names) if (!c.roster.has(name)) return E.unknown('character', name);
  return null;
}

function unknownSkill(c: Ctx, who: string, skill: string): Rejection | null {
  return findSkill(sheetOf(c, who), skill) === undefined ? E.unknown('skill', skill) : null;
}

/** An active participant, or E_STATE. */
function activeCheck(c: Ctx, id: string): Rejection | null {
  const f = fighter(c.s, id);
  if (f === undefined) return E.state(id, 'not in the combat');
  return f.state === 'active' ? null : E.state(id, f.state);
}

export function sideWord(word: string): Side | null {
  const w = word.toUpperCase();
  return w === 'A' || w === 'B' ? w : null;
}

function checkStartAttack(c: Ctx, cmd: Cmd<'start-attack'>): Rejection | null {
  const bad = unknownCharacter(c, [cmd.x]) ?? unknownSkill(c, cmd.x, cmd.s) ?? unknownCharacter(c, cmd.targets);
  if (bad !== null) return bad;
  const phase = phaseCheck(c, 'start', ['SETUP']);
  if (phase !== null) return phase;
  const skill = findSkill(sheetOf(c, cmd.x), cmd.s)!;
  if (skill.cls !== 'offensive') return E.cls(skill.name, skill.cls);
  if (skill.uses !== '*' && skill.uses === 0 && !hasFlag(skill, 'basic')) return E.once(cmd.x, skill.name, 0, 0);
  const wide = isShape(skill) || skill.targets === '*' || (skill.targets ?? 1) > 1;
  const max = wide ? 2 : 1;
  if (cmd.targets.length > max) return E.target(skill.name, `too many targets (max ${max})`);
  const seen = [cmd.x];
  for (const t of cmd.targets) {
    if (seen.includes(t)) return E.target(skill.name, `${t} is not a valid target`);
    seen.push(t);
  }
  const reach = c.s.grid ? startReach(c, cmd.x, skill, cmd.targets) : null;
  if (reach !== null) return E.range(`${skill.name}: ${reach}`);
  const pa = passiveStatTotal(sheetOf(c, cmd.x), 'PA');
  if (skill.cost > pa) return E.pa(cmd.x, skill.cost, pa);
  return null;
}

/** v2: with positions, both fighters of a challenge need cells at most 5 steps apart (R1.3, D69). */
function challengeRange(c: Ctx, x: string, y: string): Rejection | null {
  if (!c.s.grid) return null;
  const px = placeOf(c, x);
  const py = placeOf(c, y);
  if (px === undefined) return E.range(`${x} has no cell`);
  if (py === undefined) return E.range(`${y} has no cell`);
  const d = distance(px, py);
  return d > 5 ? E.range(`${y} is out of challenge range (${d} > 5)`) : null;
}

function checkJoin(c: Ctx, cmd: Cmd<'join'>): Rejection | null {
  const bad = unknownCharacter(c, [cmd.x]);
  if (bad !== null) return bad;
  const side = sideWord(cmd.side);
  if (side === null) return E.unknown('side', cmd.side);
  const phase = unknownSkill(c, cmd.x, cmd.s) ?? phaseCheck(c, 'join', ['PREP', 'TURN', 'WINDOW']);
  if (phase !== null) return phase;
  if (fighter(c.s, cmd.x) !== undefined) return E.state(cmd.x, 'already in the combat');
  const skill = findSkill(sheetOf(c, cmd.x), cmd.s)!;
  if (skill.cls !== 'join' || (c.s.phase === 'PREP' && !hasFlag(skill, 'prep'))) return E.cls(skill.name, skill.cls);
  if (skill.uses !== '*' && skill.uses === 0 && !hasFlag(skill, 'basic')) return E.once(cmd.x, skill.name, 0, 0);
  const { used, cap } = slots(c, side);
  if (used + (takesSlot(c, cmd.x, side) ? 1 : 0) > cap) return E.slot(side, used, cap);
  const pa = passiveStatTotal(sheetOf(c, cmd.x), 'PA');
  if (skill.cost > pa) return E.pa(cmd.x, skill.cost, pa);
  return null;
}

function checkInterfere(c: Ctx, cmd: Cmd<'interfere'>): Rejection | null {
  const bad = unknownCharacter(c, [cmd.y]) ?? unknownSkill(c, cmd.y, cmd.s) ?? phaseCheck(c, 'interfere', ['TURN']);
  if (bad !== null) return bad;
  if (c.s.frames.length > 1 || topFrame(c.s)?.actor === cmd.y) return E.phase('interfere', c.s.phase);
  const state = activeCheck(c, cmd.y);
  if (state !== null) return state;
  const y = fighterOf(c, cmd.y);
  const skill = findSkill(sheetOf(c, cmd.y), cmd.s)!;
  if (skill.cls !== 'interference') return E.cls(skill.name, skill.cls);
  const usage = usageCheck(y, skill);
  if (usage !== null) return usage;
  const cost = effectiveCost(y, skill);
  return cost > y.paLeft ? E.pa(y.id, cost, y.paLeft) : null;
}

/** Every check of a player command; null when it is accepted. */
export function checkCommand(c: Ctx, cmd: Command): Rejection | null {
  switch (cmd.v) {
    case 'start-challenge':
      return (
        unknownCharacter(c, [cmd.x, cmd.y]) ??
        phaseCheck(c, 'start', ['SETUP']) ??
        (cmd.x === cmd.y ? E.state(cmd.x, 'already in the combat') : null) ??
        challengeRange(c, cmd.x, cmd.y)
      );
    case 'start-attack':
      return checkStartAttack(c, cmd);
    case 'equip':
      return unknownCharacter(c, [cmd.x]) ?? phaseCheck(c, 'equip', ['PREP']) ?? activeCheck(c, cmd.x);
    case 'begin':
      return phaseCheck(c, 'begin', ['PREP']);
    case 'use': {
      const names = unknownCharacter(c, [cmd.x]) ?? unknownSkill(c, cmd.x, cmd.s) ?? unknownCharacter(c, cmd.targets ?? []);
      return names ?? phaseCheck(c, 'use', ['PREP', 'TURN']) ?? validateUse(c, cmd.x, cmd.s, cmd.targets);
    }
    case 'pass': {
      const bad = unknownCharacter(c, cmd.x === null ? [] : [cmd.x]) ?? phaseCheck(c, 'pass', ['TURN']);
      if (bad !== null) return bad;
      const actor = topFrame(c.s)!.actor;
      return cmd.x !== null && cmd.x !== actor ? E.turn(actor, cmd.x) : null;
    }
    case 'interfere':
      return checkInterfere(c, cmd);
    case 'react': {
      const plan = planReact(c, cmd);
      return 'code' in plan ? plan : null;
    }
    case 'take':
      return checkTake(c, cmd.t);
    case 'join':
      return checkJoin(c, cmd);
    case 'flee': {
      const bad = unknownCharacter(c, [cmd.x]) ?? phaseCheck(c, 'flee', ['TURN']);
      if (bad !== null) return bad;
      const actor = topFrame(c.s)!.actor;
      return cmd.x !== actor ? E.turn(actor, cmd.x) : activeCheck(c, cmd.x);
    }
    case 'yield':
      return unknownCharacter(c, [cmd.x]) ?? phaseCheck(c, 'yield', ['PREP', 'TURN']) ?? activeCheck(c, cmd.x);
    case 'status':
    case 'ref':
      return null;
  }
}

function runJoin(c: Ctx, cmd: Cmd<'join'>): void {
  const side = sideWord(cmd.side)!;
  const f = enter(c, cmd.x, side);
  const skill = findSkill(sheetOf(c, cmd.x), cmd.s)!;
  f.paLeft -= skill.cost;
  f.uses[skill.name] = 1;
  if (skill.cd > 0) f.cooldown[skill.name] = skill.cd;
  const now = c.s.phase !== 'PREP' && joinSkillIsNow(c, cmd.x, cmd.s);
  const { used, cap } = slots(c, side);
  emit(c, { t: 'join', id: f.id, side, via: skill.name, cost: skill.cost, paLeft: f.paLeft, paMax: f.paMax, used, cap, now });
  if (now) c.s.order.push(f.id);
  if (c.s.phase === 'WINDOW') {
    const a = c.s.action!;
    const skill = skillOf(c, a.actor, a.skill);
    // D13: a joiner enters a shape; with positions only if it stands inside it (§6.5), never a direct attack
    const enters = c.s.grid ? a.shape !== undefined && isMember(c, fighterOf(c, a.actor), skill, a.shape, f.id) : isShape(skill);
    if (enters) {
      a.targets.push(f.id);
      a.window!.targets.push(f.id);
    }
    emit(c, { t: 'await', ids: pendingTargets(a.window!), sub: false });
  }
}

/** Runs an accepted player command (not status, which the battle answers itself). */
export function runCommand(c: Ctx, cmd: Command): void {
  const s = c.s;
  switch (cmd.v) {
    case 'start-challenge':
    case 'start-attack': {
      const a = [cmd.x];
      const b = cmd.v === 'start-challenge' ? [cmd.y] : cmd.targets;
      s.phase = 'PREP';
      for (const id of a) enter(c, id, 'A');
      for (const id of b) enter(c, id, 'B');
      s.startMode = cmd.v === 'start-challenge' ? 'challenge' : 'attack';
      if (cmd.v === 'start-attack') s.opener = { actor: cmd.x, skill: cmd.s, targets: [...cmd.targets], replayed: false };
      emit(c, { t: 'start', mode: s.startMode, a, b });
      emit(c, { t: 'prep', what: 'open' });
      return;
    }
    case 'equip':
      emit(c, { t: 'equip', id: cmd.x, text: cmd.text });
      return;
    case 'begin':
      emit(c, { t: 'prep', what: 'close' });
      startRound(c, 1);
      return;
    case 'use':
      executeUse(c, cmd.x, cmd.s, cmd.targets);
      return;
    case 'pass':
      endTopFrame(c, 'pass');
      return;
    case 'interfere': {
      const y = fighterOf(c, cmd.y);
      const skill = findSkill(sheetOf(c, cmd.y), cmd.s)!;
      y.paLeft -= effectiveCost(y, skill);
      y.uses[skill.name] = (y.uses[skill.name] ?? 0) + 1;
      if (skill.cd > 0) y.cooldown[skill.name] = skill.cd;
      const kind = skill.mode === 'turn' ? 'iturn' : 'iaction';
      s.frames.push({ kind, actor: y.id, counted: 0, freeCounted: false, combo: false, ...frameStart(c, y.id) });
      emit(c, { t: kind, id: y.id, via: skill.name });
      return;
    }
    case 'react': {
      const plan = planReact(c, cmd);
      if (!('code' in plan)) executeReact(c, plan, cmd.norange);
      return;
    }
    case 'take':
      executeTake(c, cmd.t);
      return;
    case 'join':
      runJoin(c, cmd);
      return;
    case 'flee':
    case 'yield': {
      const f = fighterOf(c, cmd.x);
      f.state = cmd.v === 'flee' ? 'fled' : 'yielded';
      emit(c, { t: cmd.v, id: f.id });
      afterLeaving(c, f.id);
      return;
    }
    case 'status':
    case 'ref':
      return;
  }
}

