/** Stat totals (§5.1) and damage/resistance bonuses (§5.2): the spec's examples and the VIT handling. */
import { describe, expect, it } from 'vitest';
import type { Character, Passive } from '../../src/rulesets/marvel/model.js';
import type { Mod } from '../../src/rulesets/marvel/state.js';
import { applyBonus, bonusTerms, statTotal } from '../../src/rulesets/marvel/stats.js';
import { char, play } from '../helpers/marvel.js';

function who(passives: Passive[], base = 400): Character {
  return { id: 'X', stats: [{ name: 'FUE', value: base }], passives, skills: [] };
}
let nextId = 1;
function mod(chan: Mod['chan'], op: 'pct' | 'flat', value: number, src: Mod['src'], stat?: string, dur: Mod['dur'] = { t: 'r', n: 2 }): Mod {
  return { id: nextId++, chan, value: { op, value }, dur, left: 2, armed: true, src, ...(stat === undefined ? {} : { stat }) };
}

describe('§5.1 stat totals', () => {
  it('FUE 400, passive +10%, active +25%, passive +50, enemy -20% gives 540 -> 590 -> 472', () => {
    const x = who([
      { kind: 'stat', stat: 'FUE', num: { op: 'pct', value: 1000 } },
      { kind: 'stat', stat: 'FUE', num: { op: 'flat', value: 50 } },
    ]);
    expect(statTotal(x, 'FUE', [mod('stat', 'pct', 2500, 'ally', 'FUE')])).toBe(590);
    expect(statTotal(x, 'FUE', [mod('stat', 'pct', 2500, 'ally', 'FUE'), mod('stat', 'pct', -2000, 'enemy', 'FUE')])).toBe(472);
  });

  it('sums passives, keeps one active per sign and op (the largest), cuts enemy pct before flat', () => {
    const x = who([
      { kind: 'stat', stat: 'FUE', num: { op: 'pct', value: 1000 } },
      { kind: 'stat', stat: 'FUE', num: { op: 'pct', value: 1000 } },
    ]);
    expect(statTotal(x, 'FUE', [])).toBe(480);
    expect(statTotal(x, 'FUE', [mod('stat', 'flat', -80, 'enemy', 'FUE'), mod('stat', 'pct', -5000, 'enemy', 'FUE')])).toBe(160);
    expect(statTotal(x, 'FUE', [mod('stat', 'flat', -1000, 'enemy', 'FUE')])).toBe(0);
  });
});

describe('§5.2 bonuses', () => {
  it('base 1000, passive +10%, active +25%, +50 passive flat, +100 active flat gives 1350 then 1500', () => {
    const x = who([
      { kind: 'dmg', num: { op: 'pct', value: 1000 } },
      { kind: 'dmg', num: { op: 'flat', value: 50 } },
    ]);
    const terms = bonusTerms(x, 'dmg', [mod('dmg', 'pct', 2500, 'own'), mod('dmg', 'flat', 100, 'own')]);
    expect(applyBonus(1000, terms)).toEqual({ base: 1000, pct: 1350, flat: 1500 });
  });

  it('applies the pct before the flat (never (B+f)(1+p)); dmgdef feeds both channels; counters see passives only', () => {
    const x = who([{ kind: 'dmgdef', num: { op: 'pct', value: 1000 } }]);
    const mods = [mod('dmg', 'flat', 100, 'own')];
    expect(applyBonus(1000, bonusTerms(x, 'dmg', mods)).flat).toBe(1200);
    expect(applyBonus(1000, bonusTerms(x, 'def', mods)).flat).toBe(1100);
    expect(applyBonus(1000, bonusTerms(x, 'dmg', mods, { passiveOnly: true })).flat).toBe(1100);
  });

  it('counts a next bonus only on hit 1 of an offensive use (D52)', () => {
    const x = who([]);
    const mods = [mod('dmg', 'pct', 5000, 'own', undefined, { t: 'next' })];
    expect(applyBonus(100, bonusTerms(x, 'dmg', mods)).flat).toBe(100);
    expect(applyBonus(100, bonusTerms(x, 'dmg', mods, { withNext: true })).flat).toBe(150);
  });
});

describe('VIT handling (§5.1, D4, D53)', () => {
  const sheet = [
    char('Healer', ['skill Fort supplementary targets=2 fx=mod:stat.VIT:+50%:1r', 'skill Weak supplementary fx=mod:stat.VIT:-99%:1r:self'], {
      VIT: 1000,
      PA: 5,
      REF: 1,
      VEL: 5,
    }),
    char('Hexer', ['skill Hex offensive kinds=fis dmg=1 fx=mod:stat.VIT:-50%:1r'], { VIT: 1000, PA: 5, REF: 1, VEL: 1 }),
  ].join('\n');

  it('keeps the ratio for own changes, clamps for enemy ones, and never drops a living holder to 0', () => {
    const run = play(sheet, [
      'start challenge Healer Hexer',
      'begin',
      'ref vit Healer -501',
      'use Healer Fort',
      'status',
      'use Healer Weak',
      'status',
    ]);
    const statuses = run.out.filter((l) => l.startsWith('  A Healer'));
    expect(statuses[0]).toContain('vit=748/1500');
    expect(statuses[1]).toContain('vit=7/15');
  });

  it('an enemy VIT cut clamps, its expiry leaves VIT as it is', () => {
    const run = play(sheet, ['start challenge Hexer Healer', 'begin', 'pass', 'use Hexer Hex on Healer', 'take Healer', 'status', 'pass', 'status']);
    const rows = run.out.filter((l) => l.startsWith('  B Healer'));
    expect(rows[0]).toContain('vit=500/500');
    expect(rows[1]).toContain('vit=500/1000');
  });
});
