/**
 * Data integrity of the two handler tables (issue 12): the element table (section 5) and the spell table
 * (section 6) hold exactly the 21 element letters of model.ts; every timing of every entry is a handler or the
 * explicit NONE; and the timings with a handler are exactly the ones the spec's tables give, written below as
 * data (SPEC_ELEMENTS, SPEC_SPELLS). The checks are one function, `problems`, which is also run on damaged
 * copies of the tables (an entry or a handler removed, a key added) to show that it notices.
 */
import { describe, expect, it } from 'vitest';
import { NONE, type ElementRules, type HitRule, type SpellMode, type SpellRule } from '../../src/rulesets/marauders/effect-types.js';
import { ELEMENT_RULES, HIT_ORDER } from '../../src/rulesets/marauders/element-table.js';
import { ALL_LETTERS, elName, spellName, SPELL_COST, type El } from '../../src/rulesets/marauders/model.js';
import { SPELL_RULES } from '../../src/rulesets/marauders/spell-table.js';

/**
 * Section 5's timings per element, [attack, shield]: M match, P pre R2, L launch R3, X after the hit, and
 * H<step> a hit step of 4.3 (3 attack modifiers, 4 shield effects, 5 the Fire shield's mods, 6 Wood).
 */
const SPEC_ELEMENTS: Readonly<Record<El, readonly [string, string]>> = {
  S: ['X', 'X'],
  F: ['H3', 'H5'],
  G: ['M H6', 'M H6'],
  W: ['L', 'H4'],
  I: ['L', 'H4'],
  A: ['H3', 'P'],
  P: ['X', 'H4'],
  E: ['X', 'X'],
  U: ['L', 'H4'],
  L: ['L', 'H4'],
  M: ['L', 'H4'],
  D: ['X', 'H4'],
  V: ['L', 'H4'],
  N: ['H3', 'X'],
  H: ['L', 'X'],
  T: ['L', 'P'],
  C: ['L', 'H4'],
  Z: ['L', 'X'],
  K: ['L', 'H4'],
  X: ['L', 'H4'],
  O: ['X', 'H4'],
};

/** 4.3's orders within the hit steps that stack. */
const SPEC_HIT_ORDER = {
  3: ['A', 'N', 'F'],
  4: ['I', 'L', 'D', 'P', 'W', 'U', 'M', 'V', 'C', 'K', 'X', 'O'],
  5: ['F'],
} as const;

/**
 * Section 6 per element: name, then [attack mode, defend mode]: `now` (acts at the trigger) or `extra` with the
 * timings of its extras (L launch R3, H<step> hit step, X after the hit, R7 end of the resolution).
 */
const SPEC_SPELLS: Readonly<Record<El, readonly [string, string, string]>> = {
  S: ['Shine', 'extra X', 'extra X'],
  F: ['Inferno', 'now', 'now'],
  G: ['Supply', 'extra H6', 'extra H6'],
  W: ['Rain', 'now', 'now'],
  I: ['Freeze', 'extra L', 'extra H4'],
  A: ['Breeze', 'now', 'now'],
  P: ['Poisoning', 'extra X', 'extra H4'],
  E: ['Earthquake', 'now', 'extra R7'],
  U: ['Shine', 'now', 'now'],
  L: ['Luminate', 'now', 'now'],
  M: ['Blanket', 'now', 'now'],
  D: ['Shockwave', 'now', 'now'],
  V: ['Pulse', 'now', 'now'],
  N: ['Spike', 'extra H3', 'extra X'],
  H: ['Emission', 'now', 'now'],
  T: ['Rotator', 'extra H1', 'extra H1'],
  C: ['Bling', 'now', 'now'],
  Z: ['Thunderstorm', 'extra L', 'extra R7'],
  K: ['Phase', 'now', 'now'],
  X: ['Wormhole', 'now', 'now'],
  O: ['Yin Yang', 'extra X', 'extra H4'],
};

type Tables = { elements: Record<string, ElementRules>; spells: Record<string, SpellRule> };

const isFn = (v: unknown): boolean => typeof v === 'function';
const isHit = (v: unknown): v is HitRule =>
  typeof v === 'object' && v !== null && isFn((v as HitRule).run) && [1, 3, 4, 5, 6].includes((v as HitRule).step);

/** A timing slot: 'none', a handler, or 'bad' (missing, undefined, anything else). */
function slot(v: unknown, hit = false): 'none' | 'handler' | 'bad' {
  if (v === NONE) return 'none';
  return (hit ? isHit(v) : isFn(v)) ? 'handler' : 'bad';
}

function keysProblems(table: string, keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const el of ALL_LETTERS) if (!keys.includes(el)) out.push(`${table}: no entry for ${el}`);
  for (const k of keys) if (!(ALL_LETTERS as readonly string[]).includes(k)) out.push(`${table}: ${k} is not an element`);
  return out;
}

/** The timings of one column of the element table, as the spec writes them (M, P, L, H<step>, X). */
function sideTimings(where: string, side: Record<string, unknown>, out: string[]): string[] {
  const got: string[] = [];
  const check = (key: string, letter: string, hit = false) => {
    const s = slot(side[key], hit);
    if (s === 'bad') out.push(`${where}.${key} is neither a handler nor NONE`);
    if (s === 'handler') got.push(hit ? `H${(side[key] as HitRule).step}` : letter);
  };
  check('pre', 'P');
  check('launch', 'L');
  check('hit', 'H', true);
  check('after', 'X');
  if (typeof side.text !== 'string' || side.text.length === 0) out.push(`${where} has no description`);
  return got;
}

const sorted = (s: string) => s.split(' ').filter((x) => x !== '').sort().join(' ');

/** The timing letters a description starts its sentences with: "L (t >= 9, 2D): ...", "H (last): ...". */
function textTimings(text: string): string {
  return [...text.matchAll(/(?:^|\. )([MPLHX])(?: \([^)]*\))?:/g)].map((m) => m[1]!).sort().join(' ');
}

function elementProblems(elements: Record<string, ElementRules>): string[] {
  const out = keysProblems('element table', Object.keys(elements));
  for (const el of ALL_LETTERS) {
    const r = elements[el];
    if (r === undefined) continue;
    if (r.name !== elName(el)) out.push(`element ${el}: name ${r.name}, model.ts says ${elName(el)}`);
    const match = slot(r.match);
    if (match === 'bad') out.push(`element ${el}.match is neither a handler nor NONE`);
    (['attack', 'shield'] as const).forEach((name, i) => {
      const side = r[name] as unknown as Record<string, unknown> | undefined;
      if (side === undefined) return void out.push(`element ${el} has no ${name} column`);
      const got = sideTimings(`element ${el}.${name}`, side, out);
      if (match === 'handler') got.push('M');
      const want = SPEC_ELEMENTS[el][i]!;
      if (sorted(got.join(' ')) !== sorted(want)) out.push(`element ${el}.${name}: timings ${sorted(got.join(' ')) || '-'}, spec ${want}`);
      const letters = sorted(want.replace(/\d/g, ''));
      if (typeof side.text === 'string' && textTimings(side.text) !== letters) {
        out.push(`element ${el}.${name}: description timings ${textTimings(side.text) || '-'}, spec ${letters}`);
      }
    });
  }
  return out;
}

function modeTimings(where: string, m: SpellMode | undefined, out: string[]): string {
  if (m === undefined) return 'missing';
  if (m.kind === 'now') {
    if (!isFn(m.trigger)) out.push(`${where}: no trigger handler`);
    return 'now';
  }
  const x = m.extra as unknown as Record<string, unknown>;
  const got: string[] = [];
  const check = (key: string, letter: string, hit = false) => {
    const s = slot(x[key], hit);
    if (s === 'bad') out.push(`${where}.${key} is neither a handler nor NONE`);
    if (s === 'handler') got.push(hit ? `H${(x[key] as HitRule).step}` : letter);
  };
  check('launch', 'L');
  check('hit', 'H', true);
  check('after', 'X');
  check('end', 'R7');
  return `extra ${sorted(got.join(' '))}`.trim();
}

function spellProblems(spells: Record<string, SpellRule>): string[] {
  const out = keysProblems('spell table', Object.keys(spells));
  for (const el of ALL_LETTERS) {
    const r = spells[el];
    if (r === undefined) continue;
    const [name, attack, defend] = SPEC_SPELLS[el];
    if (r.name !== name || r.name !== spellName(el)) out.push(`spell ${el}: name ${r.name}, spec ${name}, model.ts ${spellName(el)}`);
    if (r.cost !== SPELL_COST) out.push(`spell ${el}: cost ${r.cost}, but arming pays ${SPELL_COST} before the spell is known`);
    if (typeof r.text !== 'string' || r.text.length === 0) out.push(`spell ${el} has no description`);
    const gotA = modeTimings(`spell ${el}.attack`, r.attack, out);
    const gotD = modeTimings(`spell ${el}.defend`, r.defend, out);
    if (gotA !== attack) out.push(`spell ${el}.attack: ${gotA}, spec ${attack}`);
    if (gotD !== defend) out.push(`spell ${el}.defend: ${gotD}, spec ${defend}`);
  }
  return out;
}

/** Every element and extra hit rule of steps 3-5 is in its step's order, and every order entry has one. */
function orderProblems(t: Tables): string[] {
  const out: string[] = [];
  const rules: { el: string; rule: unknown }[] = [];
  for (const [el, r] of Object.entries(t.elements)) rules.push({ el, rule: r?.attack?.hit }, { el, rule: r?.shield?.hit });
  for (const [el, r] of Object.entries(t.spells)) {
    for (const m of [r?.attack, r?.defend]) if (m?.kind === 'extra') rules.push({ el, rule: m.extra.hit });
  }
  for (const step of [3, 4, 5] as const) {
    const at = rules.filter((x) => isHit(x.rule) && x.rule.step === step).map((x) => x.el);
    for (const el of at) if (!HIT_ORDER[step].includes(el as El)) out.push(`${el} has a step ${step} rule but is not in HIT_ORDER[${step}]`);
    for (const el of HIT_ORDER[step]) if (!at.includes(el)) out.push(`HIT_ORDER[${step}] lists ${el}, which has no step ${step} rule`);
  }
  return out;
}

function problems(t: Tables): string[] {
  return [...elementProblems(t.elements), ...spellProblems(t.spells), ...orderProblems(t)];
}

const REAL: Tables = { elements: { ...ELEMENT_RULES }, spells: { ...SPELL_RULES } };

function without<T>(table: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...table };
  delete copy[key];
  return copy;
}

describe('handler tables (sections 5 and 6)', () => {
  it('the spec data of this test covers the 21 elements of model.ts', () => {
    expect(Object.keys(SPEC_ELEMENTS).sort()).toEqual([...ALL_LETTERS].sort());
    expect(Object.keys(SPEC_SPELLS).sort()).toEqual([...ALL_LETTERS].sort());
    expect(ALL_LETTERS).toHaveLength(21);
  });

  it('every element has its handler at every timing the spec gives, and NONE elsewhere', () => {
    expect(elementProblems(REAL.elements)).toEqual([]);
  });

  it('every spell has its trigger or its extras at the timings the spec gives, and costs SPELL_COST', () => {
    expect(spellProblems(REAL.spells)).toEqual([]);
  });

  it('the orders of hit steps 3-5 are 4.3 and match the hit rules', () => {
    expect(HIT_ORDER).toEqual(SPEC_HIT_ORDER);
    expect(orderProblems(REAL)).toEqual([]);
  });

  it('no slot of either table is left undefined (an omitted timing is NONE, not missing)', () => {
    const undefinedSlots = (v: unknown, path: string): string[] =>
      typeof v !== 'object' || v === null
        ? []
        : Object.entries(v).flatMap(([k, x]) => (x === undefined ? [`${path}.${k}`] : undefinedSlots(x, `${path}.${k}`)));
    expect([...undefinedSlots(ELEMENT_RULES, 'ELEMENT_RULES'), ...undefinedSlots(SPELL_RULES, 'SPELL_RULES')]).toEqual([]);
  });

  describe('the checks notice a damaged table', () => {
    it.each([...ALL_LETTERS])('element %s removed', (el) => {
      expect(problems({ ...REAL, elements: without(REAL.elements, el) })).toContain(`element table: no entry for ${el}`);
    });

    it.each([...ALL_LETTERS])('spell %s removed', (el) => {
      expect(problems({ ...REAL, spells: without(REAL.spells, el) })).toContain(`spell table: no entry for ${el}`);
    });

    it('a key that is not an element', () => {
      expect(problems({ ...REAL, elements: { ...REAL.elements, Q: ELEMENT_RULES.F } })).toContain('element table: Q is not an element');
      expect(problems({ ...REAL, spells: { ...REAL.spells, f: SPELL_RULES.F } })).toContain('spell table: f is not an element');
    });

    it.each([...ALL_LETTERS])('a handler of element %s set to NONE or removed', (el) => {
      const r = ELEMENT_RULES[el];
      for (const side of ['attack', 'shield'] as const) {
        for (const key of ['pre', 'launch', 'hit', 'after'] as const) {
          if (r[side][key] === NONE) continue;
          const none = { ...r, [side]: { ...r[side], [key]: NONE } };
          expect(problems({ ...REAL, elements: { ...REAL.elements, [el]: none } }).length).toBeGreaterThan(0);
          const gone = { ...r, [side]: { ...r[side], [key]: undefined } };
          expect(problems({ ...REAL, elements: { ...REAL.elements, [el]: gone } })).toContain(`element ${el}.${side}.${key} is neither a handler nor NONE`);
        }
      }
      if (r.match !== NONE) expect(problems({ ...REAL, elements: { ...REAL.elements, [el]: { ...r, match: NONE } } }).length).toBeGreaterThan(0);
    });

    it('an extra handler, a step or a NONE slot changed', () => {
      const wood = ELEMENT_RULES.G;
      const noMatch = problems({ ...REAL, elements: { ...REAL.elements, G: { ...wood, match: NONE } } });
      expect(noMatch).toContain('element G.attack: timings H6, spec M H6');
      const fire = ELEMENT_RULES.F;
      const step4 = { ...fire, shield: { ...fire.shield, hit: { ...(fire.shield.hit as HitRule), step: 4 as const } } };
      expect(problems({ ...REAL, elements: { ...REAL.elements, F: step4 } })).toEqual(
        expect.arrayContaining(['element F.shield: timings H4, spec H5', 'F has a step 4 rule but is not in HIT_ORDER[4]']),
      );
      const extraLaunch = { ...fire, shield: { ...fire.shield, launch: ELEMENT_RULES.W.attack.launch } };
      expect(problems({ ...REAL, elements: { ...REAL.elements, F: extraLaunch } })).toContain('element F.shield: timings H5 L, spec H5');
      const spike = SPELL_RULES.N;
      const noBounce = { ...spike, defend: { kind: 'extra' as const, extra: { ...(spike.defend as { extra: object }).extra, after: NONE } } } as SpellRule;
      expect(problems({ ...REAL, spells: { ...REAL.spells, N: noBounce } })).toContain('spell N.defend: extra, spec extra X');
      const inferno = SPELL_RULES.F;
      const noTrigger = { ...inferno, attack: { kind: 'now', trigger: undefined } } as unknown as SpellRule;
      expect(problems({ ...REAL, spells: { ...REAL.spells, F: noTrigger } })).toContain('spell F.attack: no trigger handler');
    });
  });
});
