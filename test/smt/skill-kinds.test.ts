/**
 * Data integrity (STYLE.md, "A data-integrity test checks that every kind in the catalogue has a handler"):
 * every catalogue skill maps to a handler that is not `unsupported`, every passive to a passive family,
 * and every usable skill opens a menu. Offenders are listed by name so a new catalogue entry that the
 * engine does not know fails loudly.
 */
import { describe, expect, it } from 'vitest';
import type { Catalogue, SkillDef } from '../../src/rulesets/smt/catalogue.js';
import { skillMenuKind } from '../../src/rulesets/smt/effects/skills.js';
import { passiveFamily, readPassives } from '../../src/rulesets/smt/passives.js';
import { skillKind } from '../../src/rulesets/smt/skill-kinds.js';
import { COURSE, HAS_COURSE } from '../helpers/shared.js';
import { catalogue } from '../helpers/smt.js';

function offenders(cat: Catalogue, bad: (s: SkillDef) => string | null): string[] {
  const out: string[] = [];
  for (const skill of cat.skills.values()) {
    const why = bad(skill);
    if (why !== null) out.push(`${skill.name} (${skill.type}, ${skill.target}): ${why}`);
  }
  return out;
}

const CATALOGUES: [string, () => Catalogue][] = [['data/smt', () => catalogue()]];
if (HAS_COURSE) CATALOGUES.push(['course', () => catalogue(COURSE)]);

describe.each(CATALOGUES)('every skill of the %s catalogue has a handler', (_name, load) => {
  it('skillKind is never "unsupported"', () => {
    expect(offenders(load(), (s) => {
      const kind = skillKind(s);
      return kind.kind === 'unsupported' ? kind.reason : null;
    })).toEqual([]);
  });

  it('every passive belongs to a passive family, and only passives do', () => {
    expect(offenders(load(), (s) => {
      const kind = skillKind(s);
      if (s.type === 'Passive') return passiveFamily(s) === null ? 'no passive family' : kind.kind === 'passive' ? null : `kind ${kind.kind}`;
      return kind.kind === 'passive' ? 'a non-passive skill read as passive' : null;
    })).toEqual([]);
  });

  it('every non-passive skill opens a menu its target field allows', () => {
    expect(offenders(load(), (s) => {
      if (s.type === 'Passive') return null;
      const menu = skillMenuKind(s);
      return menu.kind === 'unsupported' ? menu.reason : null;
    })).toEqual([]);
  });

  it('each skill type maps to the handler family its type implies', () => {
    const expected: Record<string, readonly string[]> = {
      Phys: ['damage'], Gun: ['damage'], Fire: ['damage'], Ice: ['damage'], Elec: ['damage'], Force: ['damage'],
      Almighty: ['damage', 'drain'], Light: ['instakill'], Dark: ['instakill'],
      Heal: ['heal', 'cure', 'revive', 'recarmdra', 'invitation'],
      Support: ['support'], Ailment: ['ailment'], Passive: ['passive'],
      Special: ['sabbatma', 'badCompany', 'trafuri', 'defendersGaze'],
    };
    expect(offenders(load(), (s) => (expected[s.type]!.includes(skillKind(s).kind) ? null : `kind ${skillKind(s).kind}`))).toEqual([]);
  });
});

describe('a skill the engine does not know is refused, not guessed', () => {
  const base: SkillDef = { name: 'Mystery', type: 'Support', cost: 1, power: 0, target: 'Self', hits: { min: 1, max: 1 }, effect: '' };

  it.each([
    ['Support', 'Mystery'],
    ['Heal', 'Mystery Heal'],
    ['Special', 'Mystery Special'],
    ['Ailment', 'Mystery Ailment'],
    ['Passive', 'Mystery Passive'],
  ] as const)('an unknown %s skill "%s" is "unsupported" with its name in the reason', (type, name) => {
    const kind = skillKind({ ...base, type, name });
    expect(kind.kind).toBe('unsupported');
    if (kind.kind === 'unsupported') expect(kind.reason).toContain(name);
  });

  it('an element skill is known by its type alone: a new Fire skill deals Fire damage', () => {
    expect(skillKind({ ...base, type: 'Fire', name: 'Agi Prime', target: 'Single' })).toEqual({ kind: 'damage', element: 'Fire', secondary: null, bypassResistance: false });
  });

  it.each([
    ['Fang Breaker', { kind: 'grades', effects: ['attackDown'] }],
    ['Cold World', { kind: 'kill', power: 10 }],
    ['Occult Flash', { kind: 'kill', power: 20 }],
    ['Dream Fist', { kind: 'ailment', ailment: 'Sleep' }],
  ] as const)('the secondary effect of %s comes from the document (7.10) and smt-extensions 2', (name, secondary) => {
    const kind = skillKind(catalogue().skills.get(name)!);
    expect(kind).toMatchObject({ kind: 'damage', secondary });
  });

  it.each([
    ["God's Fire", true],
    ['Agidyne', false],
  ] as const)('%s bypasses resistance: %s (smt-extensions 2.7)', (name, bypass) => {
    expect(skillKind(catalogue().skills.get(name)!)).toMatchObject({ kind: 'damage', bypassResistance: bypass });
  });
});

describe('a skill named like a property every object has', () => {
  const TYPES = ['Phys', 'Almighty', 'Heal', 'Special', 'Support', 'Ailment', 'Passive'] as const;
  const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
  const skill = (name: string, type: (typeof TYPES)[number]): SkillDef => ({ name, type, cost: 1, power: 10, target: 'Single', hits: { min: 1, max: 1 }, effect: '' });

  it('is read by its type alone (no secondary effect, no drain) or is unsupported, never a table entry it does not have', () => {
    for (const name of NAMES) {
      expect(skillKind(skill(name, 'Phys')), name).toEqual({ kind: 'damage', element: 'Phys', secondary: null, bypassResistance: false });
      expect(skillKind(skill(name, 'Almighty')), name).toEqual({ kind: 'damage', element: 'Almighty', secondary: null, bypassResistance: false });
      for (const type of ['Heal', 'Special', 'Support', 'Ailment', 'Passive'] as const) expect(skillKind(skill(name, type)).kind, `${name} ${type}`).toBe('unsupported');
      expect(passiveFamily(skill(name, 'Passive')), name).toBeNull();
      const summary = readPassives([skill(name, 'Passive')]);
      expect(summary.statBonus, name).toEqual({ str: 0, skl: 0, mag: 0, spd: 0, lck: 0 });
    }
  });
});
