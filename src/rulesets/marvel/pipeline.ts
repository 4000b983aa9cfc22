/**
 * The damage pipeline of one hit on one target (§9): reaction effectiveness m (§9.2), the reaction step
 * S4, and the protections S5-S7 with the mixed-kind share c/k (D23, D24, D54). Pure integer arithmetic.
 */
import { type Kind, type KindSet, type Protection, coveredCount } from './kinds.js';
import type { Character } from './model.js';
import type { Mod } from './state.js';

/** Which column of §9.2 a reaction uses. */
export type ReactColumn = 'int' | 'ext';

/**
 * m as halves (0, 1 or 2 = 0, ½, 1): the minimum over the hit's kinds; `vs` kinds count as 1; a hit
 * without kinds meets every reaction fully.
 */
export function effectivenessHalves(column: ReactColumn, omni: boolean, vs: readonly Kind[], hitKinds: readonly Kind[]): number {
  let m = 2;
  for (const kind of hitKinds) {
    let here = 2;
    if (vs.includes(kind)) here = 2;
    else if (column === 'int') here = kind === 'men' || kind === 'son' ? 0 : kind === 'alma' ? 1 : 2;
    else here = kind === 'son' && !omni ? 0 : 2;
    m = Math.min(m, here);
  }
  return m;
}

export function applyM(r: number, halves: number): number {
  return Math.floor((r * halves) / 2);
}

export type Penetration = 'ignore' | 'pierce' | null;

/** S4 against a defence or counter of effective value R' (§9.1). */
export function reactStep(d: number, rPrime: number, penetration: Penetration): number {
  if (penetration === 'ignore') return d;
  if (penetration === 'pierce') return rPrime >= d ? 0 : d;
  return Math.max(0, d - rPrime);
}

interface Source {
  readonly value: number;
  readonly kinds: KindSet;
}

function sources(character: Character, mods: readonly Mod[], protection: Protection): Source[] {
  const out: Source[] = [];
  for (const p of character.passives) if (p.kind === protection) out.push({ value: p.value, kinds: p.kinds });
  for (const m of mods) if (m.chan === protection && m.value.kinds !== undefined) out.push({ value: m.value.value, kinds: m.value.kinds });
  return out;
}

function bestShare(list: readonly Source[], kinds: readonly Kind[], protection: Protection): number {
  let best = 0;
  for (const s of list) best = Math.max(best, Math.floor((s.value * coveredCount(s.kinds, kinds, protection)) / kinds.length));
  return best;
}

/** The immunity level (0, 50 or 100) the holder has against one kind. */
export function immunityLevel(character: Character, mods: readonly Mod[], kind: Kind): number {
  let level = 0;
  for (const s of sources(character, mods, 'imm')) if (coveredCount(s.kinds, [kind], 'imm') > 0) level = Math.max(level, s.value);
  return level;
}

/** D26: 1 <= k <= 3 and every kind of the hit under a total immunity of the holder. */
export function totallyImmune(character: Character, mods: readonly Mod[], kinds: readonly Kind[]): boolean {
  return kinds.length >= 1 && kinds.length <= 3 && kinds.every((k) => immunityLevel(character, mods, k) >= 100);
}

export interface Protected {
  readonly d5: number;
  readonly d6: number;
  readonly d7: number;
}

/** S6-S7 only (dot ticks skip pdef, D29). */
export function reduceAndImmune(character: Character, mods: readonly Mod[], d5: number, kinds: readonly Kind[]): { d6: number; d7: number } {
  const k = kinds.length;
  if (k === 0) return { d6: d5, d7: d5 };
  const rr = Math.min(10_000, bestShare(sources(character, mods, 'red'), kinds, 'red'));
  const d6 = Math.floor((d5 * (10_000 - rr)) / 10_000);
  if (k > 3) return { d6, d7: d6 };
  let level = 0;
  for (const kind of kinds) level += immunityLevel(character, mods, kind);
  return { d6, d7: Math.floor((d6 * (100 * k - level)) / (100 * k)) };
}

/** S5-S7 of §9.1 for the holder (sheet and active mods) against a hit of these kinds. */
export function protect(character: Character, mods: readonly Mod[], d4: number, kinds: readonly Kind[]): Protected {
  if (kinds.length === 0) return { d5: d4, d6: d4, d7: d4 };
  const d5 = Math.max(0, d4 - bestShare(sources(character, mods, 'pdef'), kinds, 'pdef'));
  return { d5, ...reduceAndImmune(character, mods, d5, kinds) };
}
