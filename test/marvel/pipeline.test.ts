/** The damage pipeline (§9): the worked cases of §9.4, the m table of §9.2 and the wildcard table of §9.3. */
import { describe, expect, it } from 'vitest';
import { type Kind, parseKindList, parseKindSet, covers } from '../../src/rulesets/marvel/kinds.js';
import type { Character, Passive } from '../../src/rulesets/marvel/model.js';
import { applyM, effectivenessHalves, protect, reactStep, totallyImmune } from '../../src/rulesets/marvel/pipeline.js';

function holder(passives: Passive[]): Character {
  return { id: 'T', stats: [{ name: 'VIT', value: 1000 }], passives, skills: [] };
}
const kinds = (text: string): Kind[] => parseKindList(text)!;
const set = (text: string) => parseKindSet(text)!;

type Reaction = { kind: 'int' | 'ext' | 'zone'; r: number } | null;
type Row = [string, number, string, Reaction, 'ignore' | 'pierce' | null, Passive[], number | string, number | string];

const ROWS: Row[] = [
  ['pierce [R4.3.2]', 1000, 'fis', { kind: 'int', r: 999 }, 'pierce', [], 1000, 1000],
  ['pierce, equal', 1000, 'fis', { kind: 'int', r: 1000 }, 'pierce', [], 0, 0],
  ['ignore', 1000, 'fis', { kind: 'int', r: 5000 }, 'ignore', [], 1000, 1000],
  ['mixed, total', 1000, 'ene+fis', null, null, [{ kind: 'imm', value: 100, kinds: set('ene') }], 1000, 500],
  ['mixed, partial', 1000, 'ene+fis', null, null, [{ kind: 'imm', value: 50, kinds: set('ene') }], 1000, 750],
  ['3 kinds', 1000, 'ign+gel+ene', null, null, [{ kind: 'imm', value: 100, kinds: set('ene') }], 1000, 666],
  ['>3 kinds', 1000, 'fis+ene+ele+son', null, null, [{ kind: 'imm', value: 100, kinds: set('fis') }], 1000, 1000],
  [
    'soul vs int',
    800,
    'alma',
    { kind: 'int', r: 600 },
    null,
    [
      { kind: 'pdef', value: 100, kinds: set('*') },
      { kind: 'red', value: 5000, kinds: set('*') },
    ],
    500,
    500,
  ],
  ['sonic vs int', 700, 'son', { kind: 'int', r: 1000 }, null, [], 700, 700],
  ['mental pdef share', 600, 'men+fis', null, null, [{ kind: 'pdef', value: 100, kinds: set('*') }], 600, 550],
  ['red share', 1000, 'fis+ign', null, null, [{ kind: 'red', value: 3000, kinds: set('fis+ene') }], 1000, 850],
  ['zone, 3 targets', 900, 'fis', { kind: 'zone', r: 300 }, null, [{ kind: 'pdef', value: 50, kinds: set('*') }], 200, 150],
];

describe('§9.4 worked cases', () => {
  it.each(ROWS)('%s', (_name, d, kindText, reaction, pen, passives, d4, final) => {
    const k = kinds(kindText);
    let step = d;
    if (reaction !== null) {
      const column = reaction.kind === 'int' ? 'int' : 'ext';
      const rPrime = applyM(reaction.r, effectivenessHalves(column, false, [], k));
      step = reactStep(d, rPrime, pen);
      if (reaction.kind === 'zone') step = Math.floor(step / 3);
    }
    expect(step).toBe(d4);
    expect(protect(holder(passives), [], step, k).d7).toBe(final);
  });

  it('melee counter C=800 against D=500: D4 0, excess 300, attacker pdef 50/* gives 250', () => {
    const rPrime = applyM(800, effectivenessHalves('int', false, [], ['fis']));
    expect(reactStep(500, rPrime, null)).toBe(0);
    const excess = Math.max(0, rPrime - 500);
    expect(excess).toBe(300);
    expect(protect(holder([{ kind: 'pdef', value: 50, kinds: set('*') }]), [], excess, ['fis']).d7).toBe(250);
  });
});

describe('§9.2 reaction effectiveness m', () => {
  it.each([
    ['int', 'fis', 2],
    ['int', 'tem', 2],
    ['int', 'mis', 2],
    ['int', 'men', 0],
    ['int', 'son', 0],
    ['int', 'alma', 1],
    ['ext', 'men', 2],
    ['ext', 'son', 0],
    ['ext', 'alma', 2],
    ['int', 'fis+alma', 1],
    ['int', 'fis+men', 0],
  ] as const)('%s vs %s = %d halves', (column, kindText, halves) => {
    expect(effectivenessHalves(column, false, [], kinds(kindText))).toBe(halves);
  });

  it('omni makes an external reaction work on son; vs kinds count as 1', () => {
    expect(effectivenessHalves('ext', true, [], ['son'])).toBe(2);
    expect(effectivenessHalves('int', false, ['men'], ['men'])).toBe(2);
    expect(effectivenessHalves('int', false, [], [])).toBe(2);
  });
});

describe('§9.3 wildcard', () => {
  it.each([
    ['pdef', ['fis', 'ign', 'gel', 'ene', 'ele', 'son'], ['men', 'alma', 'tem', 'mis']],
    ['red', ['fis', 'ign', 'gel', 'ene', 'ele', 'men', 'tem'], ['son', 'mis', 'alma']],
    ['imm', ['fis', 'ign', 'gel', 'ene', 'ele', 'tem'], ['men', 'son', 'mis', 'alma']],
  ] as const)('* for %s', (protection, yes, no) => {
    for (const k of yes) expect(covers({ wild: true }, k, protection)).toBe(true);
    for (const k of no) expect(covers({ wild: true }, k, protection)).toBe(false);
    for (const k of no) expect(covers(set(k), k, protection)).toBe(true);
  });

  it('blocks effects only with total immunity on every kind, 1 to 3 kinds (D26, D54)', () => {
    const total = holder([{ kind: 'imm', value: 100, kinds: set('*') }]);
    expect(totallyImmune(total, [], ['fis', 'ene'])).toBe(true);
    expect(totallyImmune(total, [], ['fis', 'men'])).toBe(false);
    expect(totallyImmune(total, [], ['fis', 'ign', 'gel', 'ene'])).toBe(false);
    expect(totallyImmune(total, [], [])).toBe(false);
    expect(totallyImmune(holder([{ kind: 'imm', value: 50, kinds: set('*') }]), [], ['fis'])).toBe(false);
  });

  it('a hit with no kinds meets no protection (D54)', () => {
    expect(protect(holder([{ kind: 'pdef', value: 100, kinds: set('*') }]), [], 300, [])).toEqual({ d5: 300, d6: 300, d7: 300 });
  });

  it('keeps 0 <= final <= D6 <= D5 <= D4 and never raises final when protections are added', () => {
    const none = protect(holder([]), [], 700, ['fis', 'men']);
    const some = protect(holder([{ kind: 'pdef', value: 60, kinds: set('fis') }, { kind: 'red', value: 2500, kinds: set('*') }]), [], 700, ['fis', 'men']);
    expect(some.d7).toBeLessThanOrEqual(none.d7);
    expect(0 <= some.d7 && some.d7 <= some.d6 && some.d6 <= some.d5 && some.d5 <= 700).toBe(true);
  });
});
