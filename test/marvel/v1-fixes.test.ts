/**
 * Two version 1 rulings the differential fuzz found and the spec settles: a supplementary use that takes VIT to 0
 * is a FALL (§11 checks the end after every supplementary use, §13 VIT 0 is FALL), and a reserved word where a
 * name goes is the verb's E_SYNTAX form (D82).
 */
import { describe, expect, it } from 'vitest';
import { after, char, play } from '../helpers/marvel.js';

const ROSTER = [
  char('Drainer', ['skill Drain supplementary cost=1 fx=mod:stat.VIT:-145:2r', 'skill Cap offensive cost=1 kinds=fis dmg=10'], {
    VIT: 55,
    PA: 5,
    REF: 1,
    VEL: 5,
  }),
  char('Skull', ['skill Hit offensive cost=1 kinds=fis dmg=10', 'skill Guard defence int cost=1 res=5']),
].join('\n');

describe('a supplementary use that takes its user to VIT 0 (§11, §13)', () => {
  it('prints FALL, then the side-out end', () => {
    const run = play(ROSTER, ['start challenge Drainer Skull', 'begin', 'use Drainer Drain', 'status']);
    expect(after(run.out, 'use Drainer Drain')).toEqual([
      'USE Drainer Drain cost=1 pa=4/5',
      'FX Drainer mod#1 stat.VIT -145 2r applied',
      'FALL Drainer',
      'END winner=B reason=side-out defeated=A:1,B:0',
      'POSTCOMBAT Skull',
    ]);
    expect(after(run.out, 'status')[1]).toContain('vit=0/0 pa=4/5 free=0/2 state=fallen');
  });
});

describe('a reserved word where a name goes (D82)', () => {
  it.each([
    ['use Drainer B', 'use <X> [skill] <S> [on <T>...]'],
    ['use Drainer a', 'use <X> [skill] <S> [on <T>...]'],
    ['react Skull B', 'react <R> [defence|evasion|counter|anticipation|annulment] <S> [for <T>] [norange]'],
    ['pass B', 'pass [<X>]'],
  ])('%s is E_SYNTAX', (line, form) => {
    const run = play(ROSTER, ['start challenge Drainer Skull', 'begin', 'use Drainer Cap on Skull', line]);
    expect(after(run.out, line)[0]).toEqual(`ERROR E_SYNTAX: cannot parse '${line}': expected ${form}`);
  });
});
