/**
 * Effects (§10): dots with arming and renewal, modifiers with their groups and the VIT handling of §5.1,
 * statuses, and the countdowns of §10.4 (Nr at round end, Na at the end of a counted action).
 */
import type { Kind } from './kinds.js';
import type { Chan, Dur, FxItem, ModValue } from './model.js';
import { type Ctx, emit, fighterOf, sheetOf, vitMax } from './ctx.js';
import type { FxOutcome } from './events.js';
import { reduceAndImmune } from './pipeline.js';
import type { Fighter, Mod, ModSource } from './state.js';
import { evalExpr } from './stats.js';
import { applyHeal, loseVit } from './ledger.js';

/** A modifier ready to store: the item's channel and value, its duration and source class. */
export interface ModSpec {
  chan: Chan;
  stat?: string;
  value: ModValue;
  dur: Dur;
  src: ModSource;
}

const leftOf = (dur: Dur) => (dur.t === 'r' || dur.t === 'a' ? dur.n : 0);
/** Own and ally mods form one class against enemy ones (§10.2). */
const srcClass = (src: ModSource) => (src === 'enemy' ? 'enemy' : 'own');

/** Runs a change to the holder's mods with the VIT handling of §5.1 (D4, D53). */
function withVitHandling(c: Ctx, f: Fighter, src: ModSource, change: () => void): void {
  const before = vitMax(c, f);
  change();
  const after = vitMax(c, f);
  if (after === before) return;
  if (srcClass(src) === 'own' && before > 0) {
    let v = Math.floor((after * f.vit) / before);
    if (f.vit > 0 && after > 0) v = Math.max(1, v);
    f.vit = Math.min(v, after);
  } else {
    f.vit = Math.min(f.vit, after);
  }
}

/** Stores a modifier on the holder by the group rule of §10.2; emits its FX line. */
export function addMod(c: Ctx, holder: string, spec: ModSpec): FxOutcome {
  const f = fighterOf(c, holder);
  const sign = (v: number) => (v < 0 ? -1 : 1);
  const same = f.mods.find(
    (m) =>
      m.chan === spec.chan &&
      m.stat === spec.stat &&
      m.value.op === spec.value.op &&
      sign(m.value.value) === sign(spec.value.value) &&
      srcClass(m.src) === srcClass(spec.src),
  );
  const line = { t: 'fx-mod' as const, id: holder, chan: spec.chan, value: spec.value, dur: spec.dur, ...(spec.stat === undefined ? {} : { stat: spec.stat }) };
  if (same !== undefined && Math.abs(spec.value.value) <= Math.abs(same.value.value)) {
    emit(c, { ...line, modId: null, outcome: 'rejected' });
    return 'rejected';
  }
  const id = c.s.nextModId++;
  const mod: Mod = {
    id,
    chan: spec.chan,
    value: spec.value,
    dur: spec.dur,
    left: leftOf(spec.dur),
    armed: c.s.acting !== holder,
    src: spec.src,
    ...(spec.stat === undefined ? {} : { stat: spec.stat }),
  };
  withVitHandling(c, f, spec.src, () => {
    if (same !== undefined) f.mods = f.mods.filter((m) => m !== same);
    f.mods.push(mod);
  });
  const outcome = same === undefined ? 'applied' : 'replaced';
  emit(c, { ...line, modId: id, outcome });
  return outcome;
}

/** Removes a modifier (expiry or `ref unmod`), VIT handling first, then its EXPIRE line. */
export function removeMod(c: Ctx, f: Fighter, mod: Mod): void {
  withVitHandling(c, f, mod.src, () => {
    f.mods = f.mods.filter((m) => m.id !== mod.id);
  });
  emit(c, { t: 'expire', id: f.id, what: 'mod', name: String(mod.id) });
}

/** Adds or renews a dot slot (§10.1, D30). */
export function addDot(c: Ctx, holder: string, type: string, amount: number, ticks: number, kinds: Kind[]): FxOutcome {
  const f = fighterOf(c, holder);
  const slot = f.dots.find((d) => d.type === type);
  const line = { t: 'fx-dot' as const, id: holder, type, amount, ticks, kinds };
  if (slot === undefined) {
    f.dots.push({ type, amount, kinds, ticks, left: ticks, armed: c.s.acting !== holder });
    emit(c, { ...line, outcome: 'applied' });
    return 'applied';
  }
  if (amount >= slot.amount) {
    slot.pendingOld = { amount: slot.amount, kinds: slot.kinds };
    slot.amount = amount;
    slot.kinds = kinds;
    slot.ticks = ticks;
    slot.left = ticks;
    emit(c, { ...line, outcome: 'renewed' });
    return 'renewed';
  }
  emit(c, { ...line, outcome: 'rejected' });
  return 'rejected';
}

/** One status per name; a new one takes the old one's place (D57). */
export function addStatus(c: Ctx, holder: string, name: string, dur: Dur): FxOutcome {
  const f = fighterOf(c, holder);
  const old = f.statuses.find((s) => s.name === name);
  const armed = c.s.acting !== holder;
  if (old === undefined) f.statuses.push({ name, dur, left: leftOf(dur), armed });
  else Object.assign(old, { dur, left: leftOf(dur), armed });
  const outcome = old === undefined ? 'applied' : 'replaced';
  emit(c, { t: 'fx-status', id: holder, name, dur, outcome });
  return outcome;
}

/** The source class of a mod its user puts on `holder`. */
export function sourceClass(c: Ctx, user: string, holder: string): ModSource {
  if (user === holder) return 'own';
  return fighterOf(c, user).side === fighterOf(c, holder).side ? 'ally' : 'enemy';
}

/** Applies one fx item of `user`'s skill to `holder` (default kinds: the skill's). */
export function applyItem(c: Ctx, user: string, holder: string, item: FxItem, skillKinds: readonly Kind[]): FxOutcome {
  if (item.t === 'dot') {
    const source = fighterOf(c, user);
    const amount = evalExpr(sheetOf(c, user), item.amount, source.mods);
    return addDot(c, holder, item.type, amount, item.ticks, [...(item.kinds ?? skillKinds)]);
  }
  if (item.t === 'mod') {
    return addMod(c, holder, {
      chan: item.chan,
      value: item.value,
      dur: item.dur,
      src: sourceClass(c, user, holder),
      ...(item.stat === undefined ? {} : { stat: item.stat }),
    });
  }
  if (item.t === 'heal') {
    applyHeal(c, user, holder, item);
    return 'applied';
  }
  return addStatus(c, holder, item.name, item.dur);
}

/** Who an item of `user`'s skill lands on: the user for a `:self` mod or status, else the target. */
export function holderOf(item: FxItem, user: string, target: string): string {
  return (item.t === 'mod' || item.t === 'status') && item.self ? user : target;
}

/** The FX line of an item that did not apply (§10, D51). */
export function blockItem(c: Ctx, user: string, holder: string, item: FxItem, skillKinds: readonly Kind[]): void {
  if (item.t === 'dot') {
    const amount = evalExpr(sheetOf(c, user), item.amount, fighterOf(c, user).mods);
    emit(c, { t: 'fx-dot', id: holder, type: item.type, amount, ticks: item.ticks, kinds: [...(item.kinds ?? skillKinds)], outcome: 'blocked' });
  } else if (item.t === 'mod') {
    emit(c, { t: 'fx-mod', id: holder, modId: null, chan: item.chan, value: item.value, dur: item.dur, outcome: 'blocked', ...(item.stat === undefined ? {} : { stat: item.stat }) });
  } else if (item.t === 'status') {
    emit(c, { t: 'fx-status', id: holder, name: item.name, dur: item.dur, outcome: 'blocked' });
  }
}

/** Nr countdown at round end (D31, D58): active participants in entry order, mods then statuses. */
export function roundCountdown(c: Ctx): void {
  for (const f of c.s.fighters) {
    if (f.state !== 'active') continue;
    for (const mod of [...f.mods]) {
      if (mod.dur.t !== 'r') continue;
      mod.left--;
      if (mod.left <= 0) removeMod(c, f, mod);
    }
    for (const label of [...f.statuses]) {
      if (label.dur.t !== 'r') continue;
      label.left--;
      if (label.left <= 0) {
        f.statuses = f.statuses.filter((s) => s !== label);
        emit(c, { t: 'expire', id: f.id, what: 'status', name: label.name });
      }
    }
  }
  for (const f of c.s.fighters) {
    for (const skill of Object.keys(f.cooldown)) if (f.cooldown[skill]! > 0) f.cooldown[skill]!--;
  }
}

/** Ticks the holder's armed dots in slot order (§10.1); returns true if the holder reached VIT 0 (D48). */
export function tickDots(c: Ctx, f: Fighter): boolean {
  for (const dot of [...f.dots]) {
    if (!dot.armed) continue;
    const amount = dot.pendingOld?.amount ?? dot.amount;
    const kinds = dot.pendingOld?.kinds ?? dot.kinds;
    if (dot.pendingOld !== undefined) delete dot.pendingOld;
    else dot.left--;
    const { d6, d7 } = reduceAndImmune(sheetOf(c, f.id), f.mods, amount, kinds);
    loseVit(f, d7, kinds);
    emit(c, { t: 'tick', id: f.id, type: dot.type, amount, d6, d7, left: dot.left, vit: f.vit, vitMax: vitMax(c, f) });
    if (dot.left <= 0) {
      f.dots = f.dots.filter((d) => d !== dot);
      emit(c, { t: 'expire', id: f.id, what: 'dot', name: dot.type });
    }
    if (f.vit === 0) return true;
  }
  return false;
}

/** Steps 2-3 of the end of a counted action (§7.3): Na countdown, then arming. */
export function actionCountdown(c: Ctx, f: Fighter): void {
  for (const mod of [...f.mods]) {
    if (mod.dur.t !== 'a' || !mod.armed) continue;
    mod.left--;
    if (mod.left <= 0) removeMod(c, f, mod);
  }
  for (const label of [...f.statuses]) {
    if (label.dur.t !== 'a' || !label.armed) continue;
    label.left--;
    if (label.left <= 0) {
      f.statuses = f.statuses.filter((s) => s !== label);
      emit(c, { t: 'expire', id: f.id, what: 'status', name: label.name });
    }
  }
  for (const dot of f.dots) dot.armed = true;
  for (const mod of f.mods) mod.armed = true;
  for (const label of f.statuses) label.armed = true;
}
