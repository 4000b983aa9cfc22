/**
 * Stat totals (§5.1) and damage/resistance bonuses (§5.2) over a character's passives and active mods,
 * and EXPR evaluation (S1). Pure functions of the sheet and the holder's mods.
 */
import type { Character, Expr, Passive } from './model.js';
import { statBase } from './model.js';
import type { Mod } from './state.js';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const maxOf = (values: readonly number[]) => (values.length === 0 ? 0 : Math.max(...values));

function statPassives(character: Character, name: string): { op: 'pct' | 'flat'; value: number }[] {
  const out: { op: 'pct' | 'flat'; value: number }[] = [];
  for (const p of character.passives) if (p.kind === 'stat' && p.stat === name) out.push(p.num);
  return out;
}

/** total(stat) of §5.1 with the holder's active mods (own/ally and enemy). */
export function statTotal(character: Character, name: string, mods: readonly Mod[]): number {
  const base = statBase(character, name);
  const passives = statPassives(character, name);
  // Most stats of most characters have no passive or mod: every term is 0, without the dozen arrays that
  // finding them builds (this function is the hottest of a combat).
  if (passives.length === 0 && !mods.some((m) => m.chan === 'stat' && m.stat === name)) return applyTerms(base, 0, 0, 0, 0, 0, 0);
  const own = mods.filter((m) => m.chan === 'stat' && m.stat === name && m.src !== 'enemy');
  const enemy = mods.filter((m) => m.chan === 'stat' && m.stat === name && m.src === 'enemy');
  const pick = (list: readonly { op: string; value: number }[], op: string, positive: boolean) =>
    list.filter((x) => x.value !== 0 && x.op === op && x.value > 0 === positive).map((x) => Math.abs(x.value));
  return applyTerms(
    base,
    sum(pick(passives, 'pct', true)) + maxOf(pick(own.map((m) => m.value), 'pct', true)),
    sum(pick(passives, 'flat', true)) + maxOf(pick(own.map((m) => m.value), 'flat', true)),
    sum(pick(passives, 'pct', false)) + maxOf(pick(own.map((m) => m.value), 'pct', false)),
    sum(pick(passives, 'flat', false)) + maxOf(pick(own.map((m) => m.value), 'flat', false)),
    maxOf(enemy.filter((m) => m.value.op === 'pct').map((m) => Math.abs(m.value.value))),
    maxOf(enemy.filter((m) => m.value.op === 'flat').map((m) => Math.abs(m.value.value))),
  );
}

/** The steps of §5.1 from the base: + pct, + flat, − pct, − flat (own), then the enemy's pct and flat. */
function applyTerms(base: number, pPlus: number, fPlus: number, pMinus: number, fMinus: number, pe: number, fe: number): number {
  const t1 = Math.floor((base * (10_000 + pPlus)) / 10_000);
  const t2 = t1 + fPlus;
  const t3 = Math.floor((t2 * Math.max(0, 10_000 - pMinus)) / 10_000);
  const t4 = Math.max(0, t3 - fMinus);
  return Math.max(0, Math.floor((t4 * Math.max(0, 10_000 - pe)) / 10_000) - fe);
}

/** S1: `floor(total(STAT)·factor)` or the integer. */
export function evalExpr(character: Character, expr: Expr, mods: readonly Mod[]): number {
  if ('value' in expr) return expr.value;
  return Math.floor((statTotal(character, expr.stat, mods) * expr.factor) / 1000);
}

export interface BonusOptions {
  /** Counters use passive bonuses only (§5.2). */
  readonly passiveOnly?: boolean;
  /** Hit 1 of an offensive use also counts `next` mods (D52); elsewhere they are ignored. */
  readonly withNext?: boolean;
}

function feeds(kind: Passive['kind'] | Mod['chan'], channel: 'dmg' | 'def'): boolean {
  return kind === channel || kind === 'dmgdef';
}

/** The pct and flat terms of a bonus channel (§5.2). */
export function bonusTerms(
  character: Character,
  channel: 'dmg' | 'def',
  mods: readonly Mod[],
  options: BonusOptions = {},
): { pct: number; flat: number } {
  const passives = character.passives.flatMap((p) =>
    (p.kind === 'dmg' || p.kind === 'def' || p.kind === 'dmgdef') && feeds(p.kind, channel) ? [p.num] : [],
  );
  const active = options.passiveOnly
    ? []
    : mods.filter((m) => feeds(m.chan, channel) && (m.dur.t !== 'next' || (options.withNext === true && channel === 'dmg')));
  const own = active.filter((m) => m.src !== 'enemy').map((m) => m.value);
  const enemy = active.filter((m) => m.src === 'enemy').map((m) => m.value);
  const term = (op: 'pct' | 'flat') => {
    const p = passives.filter((x) => x.op === op).map((x) => x.value);
    const o = own.filter((x) => x.op === op).map((x) => x.value);
    const e = enemy.filter((x) => x.op === op).map((x) => Math.abs(x.value));
    return (p.length === 0 ? 0 : Math.max(...p)) + (o.length === 0 ? 0 : Math.max(...o)) - maxOf(e);
  };
  return { pct: term('pct'), flat: term('flat') };
}

/** S1-S3 of a value: base, after pct, after flat. */
export interface Bonused {
  readonly base: number;
  readonly pct: number;
  readonly flat: number;
}

export function applyBonus(base: number, terms: { pct: number; flat: number }): Bonused {
  const pct = Math.floor((base * Math.max(0, 10_000 + terms.pct)) / 10_000);
  return { base, pct, flat: Math.max(0, pct + terms.flat) };
}

export function bonused(
  character: Character,
  expr: Expr,
  channel: 'dmg' | 'def',
  mods: readonly Mod[],
  options: BonusOptions = {},
): Bonused {
  return applyBonus(evalExpr(character, expr, mods), bonusTerms(character, channel, mods, options));
}
