/**
 * Damage arithmetic (rules document 6.1–6.3, Cuadros 4 and 5; RULES-FROM-TRANSCRIPTS §3.1;
 * smt-extensions 1.5): bases, multipliers, one truncation at the very end, Repel/Drain amounts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTACK_MODIFIER, CHARGE_FACTOR, SHOOT_MODIFIER, affinityMultiplier, basicBase, defenseMultiplier,
  healAmount, hitDamage, offenseMultiplier, reflectedAmount, skillBase, type AttackerFactors,
} from '../../src/rulesets/smt/damage.js';
import { COURSE, HAS_COURSE } from '../helpers/shared.js';
import { createBattle, expectLine, lastActionResult, teamFile } from '../helpers/smt.js';

const PLAIN: AttackerFactors = { charge: 1, pleroma: 1, sick: 1 };
const CHARGED: AttackerFactors = { charge: CHARGE_FACTOR, pleroma: 1, sick: 1 };

describe('base damage (rules document 6.1)', () => {
  it.each([
    // [what, base, expected, source]
    ['Nahobino Atacar, Str 48 × 54 × 0.0114', basicBase(48, ATTACK_MODIFIER), 29, 'rules document 6.1 (Nahobino example)'],
    ['Nahobino Disparar, Skl 92 × 80 × 0.0114', basicBase(92, SHOOT_MODIFIER), 83, 'rules document 6.1 (Nahobino example)'],
    ['Nahobino Agi, √(Mag 111 × Power 80)', skillBase(111, 80), 94, 'rules document 6.1 (Nahobino example)'],
    ['Flynn Atacar, Str 143', basicBase(143, ATTACK_MODIFIER), 88, 'E1-BasicCombat-Tests/001.txt:49 "Itsuki recibe 88 de daño"'],
  ])('%s: base %d truncates to %i (%s)', (_what, base, expected) => {
    expect(hitDamage(base, PLAIN, 0, 0, 'Neutral')).toBe(expected);
  });

  it('Atacar uses modifier 54 and Disparar modifier 80 (rules document 6.1)', () => {
    expect(ATTACK_MODIFIER).toBe(54);
    expect(SHOOT_MODIFIER).toBe(80);
  });
});

describe('truncation happens once, after every multiplier (rules document 6.3)', () => {
  // Koumokuten (course monsters.json: Str 50) uses Mortal Jihad (Power 240) on Kanbari (Phys Wk):
  // ⌊√(50·240) · 1.5⌋ = ⌊164.3⌋ = 164, while truncating the base first gives ⌊109 · 1.5⌋ = 163.
  // RULES-FROM-TRANSCRIPTS §3.1 / §3.14, E2-AffinityAndBasicSkills-Tests/001.txt:99 "Kanbari recibe 164 de daño".
  it('Mortal Jihad from Str 50 on a Weak Kanbari deals 164, not the 163 of an early truncation', () => {
    const base = skillBase(50, 240);
    expect(Math.floor(Math.floor(base) * 1.5)).toBe(163); // the rejected reading
    expect(hitDamage(base, PLAIN, 0, 0, 'Weak')).toBe(164);
  });

  it.skipIf(!HAS_COURSE)('the course catalogue holds the inputs of the Kanbari example (Str 50, Power 240, Phys Wk)', () => {
    const monsters = JSON.parse(readFileSync(join(COURSE, 'monsters.json'), 'utf8')) as { name: string; stats: { Str: number }; affinity: { Phys: string } }[];
    const skills = JSON.parse(readFileSync(join(COURSE, 'skills.json'), 'utf8')) as { name: string; power: number; type: string }[];
    expect(monsters.find((m) => m.name === 'Koumokuten')?.stats.Str).toBe(50);
    expect(monsters.find((m) => m.name === 'Kanbari')?.affinity.Phys).toBe('Wk');
    expect(skills.find((s) => s.name === 'Mortal Jihad')).toMatchObject({ power: 240, type: 'Phys' });
  });

  it.skipIf(!HAS_COURSE)('a real battle on the course catalogue prints "Kanbari recibe 164 de daño" for that hit', () => {
    const b = createBattle(teamFile({ samurai: 'Nanashi', monsters: ['Koumokuten'] }, { samurai: 'Itsuki', monsters: ['Kanbari'] }), { dataDir: COURSE });
    // Orden: Koumokuten (Spd 60) before Nanashi (Spd 52). Usar Habilidad → Mortal Jihad (3rd) → Kanbari (2nd).
    expect(b.actor()).toBe('Koumokuten');
    b.choose('2', '3', '2');
    expect(lastActionResult(b.lines)).toEqual([
      'Koumokuten ataca a Kanbari',
      'Kanbari es débil contra el ataque de Koumokuten',
      'Kanbari recibe 164 de daño',
      'Kanbari termina con HP:186/350',
    ]);
  });

  it('on the project catalogue, Flynn (Mag 143) casting Agi (Power 80) on Fire-Weak Itsuki deals 160, where truncating the base first gives 159', () => {
    // ⌊√(143·80) · 1.5⌋ = ⌊106.958 · 1.5⌋ = ⌊160.44⌋ = 160; ⌊106 · 1.5⌋ = 159.
    const base = skillBase(143, 80);
    expect(Math.floor(Math.floor(base) * 1.5)).toBe(159);
    expect(hitDamage(base, PLAIN, 0, 0, 'Weak')).toBe(160);
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Agi'] }, { samurai: 'Itsuki' }));
    b.choose('3', '1', '1');
    expect(lastActionResult(b.lines)).toEqual([
      'Flynn lanza fuego a Itsuki',
      'Itsuki es débil contra el ataque de Flynn',
      'Itsuki recibe 160 de daño',
      'Itsuki termina con HP:976/1136',
    ]);
  });
});

describe('grade multipliers (rules document 7.6, Cuadros 4 and 5)', () => {
  it.each([
    [-3, 0.625, 1.75],
    [-2, 0.75, 1.5],
    [-1, 0.875, 1.25],
    [0, 1, 1],
    [1, 1.25, 0.875],
    [2, 1.5, 0.75],
    [3, 1.75, 0.625],
  ])('grade %i multiplies the damage dealt by %d (Cuadro 4) and the damage taken by %d (Cuadro 5)', (grade, offense, defense) => {
    expect(offenseMultiplier(grade)).toBe(offense);
    expect(defenseMultiplier(grade)).toBe(defense);
    expect(hitDamage(1000, PLAIN, grade, 0, 'Neutral')).toBe(Math.floor(1000 * offense));
    expect(hitDamage(1000, PLAIN, 0, grade, 'Neutral')).toBe(Math.floor(1000 * defense));
  });

  it('attack and defense grades multiply together: base 100 with attack +1 on defense −1 deals ⌊156.25⌋ = 156', () => {
    expect(hitDamage(100, PLAIN, 1, -1, 'Neutral')).toBe(156);
  });
});

describe('affinity multipliers (rules document 6.2)', () => {
  it.each([
    ['Weak', 1.5, 132, '⌊88.0308 × 1.5⌋, rules document 6.2'],
    ['Resist', 0.5, 44, '⌊88.0308 × 0.5⌋, rules document 6.2'],
    ['Neutral', 1, 88, 'E1-BasicCombat-Tests/001.txt:49'],
  ] as const)('%s multiplies damage by %d: Flynn Atacar deals %i (%s)', (affinity, factor, expected, _source) => {
    expect(affinityMultiplier(affinity)).toBe(factor);
    expect(hitDamage(basicBase(143, ATTACK_MODIFIER), PLAIN, 0, 0, affinity)).toBe(expected);
  });
});

describe('Repel and Drain amounts (rules document 7.6; RULES-FROM-TRANSCRIPTS §3.1)', () => {
  it('ignore attack and defense grades: Kabuso (Str 22) sends back ⌊13.54⌋ = 13, not the 16 a Tarukaja would give', () => {
    // E4-MultiTargetSupport-Tests/042.txt:1174 "Quetzalcoatl devuelve 13 daño a Kabuso" (§3.14: 36 transcripts).
    const base = basicBase(22, ATTACK_MODIFIER);
    expect(reflectedAmount(base, PLAIN)).toBe(13);
    expect(hitDamage(base, PLAIN, 1, 0, 'Neutral')).toBe(16);
  });

  it('keep Charge/Concentrate: Kei (Mag 23) Mabufudyne (Power 180) concentrated comes back as ⌊64.34 × 2.5⌋ = 160', () => {
    // E4-Random-Tests/343.txt:3342 "Kotone devuelve 160 daño a Kei"; the next hit, uncharged, deals 64 (:3344).
    const base = skillBase(23, 180);
    expect(reflectedAmount(base, CHARGED)).toBe(160);
    expect(reflectedAmount(base, PLAIN)).toBe(64);
  });

  it('keep Pleroma and the Sick factor (smt-extensions 1.5): ⌊100 × 1.25 × 0.75⌋ = 93', () => {
    expect(reflectedAmount(100, { charge: 1, pleroma: 1.25, sick: 0.75 })).toBe(93);
  });

  it('in a real battle, a Tarukaja-buffed Flynn hits a Neutral target for 110 but a Phys-Repel one sends back only 88', () => {
    const b = createBattle(teamFile(
      { samurai: 'Flynn', skills: ['Tarukaja'], monsters: ['Jack Frost'] },
      { samurai: 'Itsuki', monsters: ['Girimekhala'] },
    ));
    b.choose('3', '1'); // Flynn: Tarukaja (Party)
    b.pass(); // Jack Frost
    b.choose('1', '1'); // Flynn attacks Itsuki: ⌊88.0308 × 1.25⌋ = 110
    expectLine(b.lines, 'Itsuki recibe 110 de daño');
    b.passRound(); // J2
    expect(b.actor()).toBe('Flynn');
    b.choose('1', '2'); // Flynn attacks Girimekhala (Phys Rp)
    expect(lastActionResult(b.lines)).toEqual([
      'Flynn ataca a Girimekhala',
      'Girimekhala devuelve 88 daño a Flynn',
      'Flynn termina con HP:883/971',
    ]);
  });

  it('in a real battle, a charged Flynn gets ⌊88.0308 × 2.5⌋ = 220 back from a Phys-Repel target', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Charge'], monsters: ['Jack Frost'] }, { samurai: 'Itsuki', monsters: ['Girimekhala'] }));
    b.choose('3', '1'); // Charge
    b.pass();
    b.choose('1', '2');
    expectLine(b.lines, 'Girimekhala devuelve 220 daño a Flynn');
    expectLine(b.lines, 'Flynn termina con HP:751/971');
  });
});

describe('heal amounts (RULES-FROM-TRANSCRIPTS §3.1)', () => {
  it.each([
    [388, 50, 0, 194, 'Recarm on Tadano, E2-HealAndSabbatma-Tests/004.txt:707-709'],
    [1227, 25, 0, 306, 'Media on Demi-Fiend, E3-MultiTargetHeal-Tests/001.txt:45-47'],
    [1000, 50, 50, 750, 'High Heal Pleroma (+50 %), smt-extensions 1.5'],
  ])('max HP %i, Power %i, Heal Pleroma %i restores %i (%s)', (maxHp, power, pleroma, expected) => {
    expect(healAmount(maxHp, power, pleroma)).toBe(expected);
  });
});

describe('damage properties', () => {
  const grade = fc.integer({ min: -3, max: 3 });
  const factors = fc.record({
    charge: fc.constantFrom(1, CHARGE_FACTOR),
    pleroma: fc.constantFrom(1, 1.25, 1.5, 1.75),
    sick: fc.constantFrom(1, 0.75),
  });
  const affinity = fc.constantFrom('Weak' as const, 'Resist' as const, 'Neutral' as const);
  const base = fc.double({ min: 0, max: 5000, noNaN: true, noDefaultInfinity: true });

  it('damage is never negative, even for a degenerate negative base (rules document 6.1)', () => {
    expect(hitDamage(-10, PLAIN, 3, -3, 'Weak')).toBe(0);
    expect(reflectedAmount(-10, CHARGED)).toBe(0);
    expect(hitDamage(0, CHARGED, 3, -3, 'Weak')).toBe(0);
  });

  it('hitDamage is a non-negative integer equal to ⌊base × C × P × S × atk × def × aff⌋, multiplied left to right (smt-extensions 1.5)', () => {
    fc.assert(
      fc.property(base, factors, grade, grade, affinity, (b, f, atk, def, aff) => {
        const got = hitDamage(b, f, atk, def, aff);
        const raw = b * f.charge * f.pleroma * f.sick * offenseMultiplier(atk) * defenseMultiplier(def) * affinityMultiplier(aff);
        return Number.isInteger(got) && got >= 0 && got === Math.floor(raw);
      }),
      { numRuns: 200 },
    );
  });

  it('hitDamage never decreases when the base grows', () => {
    fc.assert(
      fc.property(base, base, factors, grade, grade, affinity, (b1, b2, f, atk, def, aff) => {
        const [lo, hi] = b1 <= b2 ? [b1, b2] : [b2, b1];
        return hitDamage(lo, f, atk, def, aff) <= hitDamage(hi, f, atk, def, aff);
      }),
      { numRuns: 200 },
    );
  });

  it('the Repel/Drain amount is the grade-free, affinity-free damage: reflectedAmount = hitDamage at grade 0 on Neutral', () => {
    fc.assert(
      fc.property(base, factors, (b, f) => reflectedAmount(b, f) === hitDamage(b, f, 0, 0, 'Neutral')),
      { numRuns: 200 },
    );
  });
});
