/** Effects (§10): the renewal example of §10.1, arming (D47), mod groups (§10.2), statuses (D57), blocked items. */
import { describe, expect, it } from 'vitest';
import { after, char, play } from '../helpers/marvel.js';

const stats = { VIT: 5000, PA: 9, REF: 1, VEL: 1 };
const ROSTER = [
  char(
    'Viper',
    [
      'skill Sting offensive cost=1 kinds=fis dmg=1 fx=dot:Veneno:100:1 uses=*',
      'skill Big offensive cost=1 kinds=fis dmg=1 fx=dot:Veneno:120:2 uses=*',
      'skill Weak offensive cost=1 kinds=fis dmg=1 fx=dot:Veneno:80:3 uses=*',
      'skill Curse offensive cost=1 kinds=fis dmg=1 fx=mod:dmg:-10%:2r,mod:dmg:-20%:2r,mod:dmg:-15%:2r,status:Hexed:1r,status:Hexed:2a uses=*',
    ],
    { ...stats, VEL: 5 },
  ),
  char('Victim', ['skill Poke offensive cost=1 kinds=fis dmg=1 uses=*'], stats),
].join('\n');

describe('§10.1 dots', () => {
  it('renewal by a stronger dot: ticks 100, 120, 120 then EXPIRE; a weaker one is rejected', () => {
    const run = play(ROSTER, [
      'start challenge Viper Victim',
      'begin',
      'use Viper Sting on Victim',
      'take Victim',
      'use Viper Big on Victim',
      'take Victim',
      'use Viper Weak on Victim',
      'take Victim',
      ...Array<string>(6).fill('pass'),
    ]);
    const ticks = run.out.filter((l) => l.startsWith('TICK') || l.startsWith('EXPIRE') || l.includes(' dot Veneno '));
    expect(ticks).toEqual([
      'FX Victim dot Veneno amount=100 ticks=1 kinds=fis applied',
      'FX Victim dot Veneno amount=120 ticks=2 kinds=fis renewed',
      'FX Victim dot Veneno amount=80 ticks=3 kinds=fis rejected',
      'TICK Victim Veneno amount=100 red=100 imm=100 final=100 left=2 vit=4897/5000',
      'TICK Victim Veneno amount=120 red=120 imm=120 final=120 left=1 vit=4777/5000',
      'TICK Victim Veneno amount=120 red=120 imm=120 final=120 left=0 vit=4657/5000',
      'EXPIRE Victim dot Veneno',
    ]);
  });
});

describe('§10.2 modifiers and §10.3 statuses', () => {
  it('one mod per group: a larger one replaces (new id, no EXPIRE), an equal or smaller one is rejected with mod#-; a status takes the old place', () => {
    const run = play(ROSTER, ['start challenge Viper Victim', 'begin', 'use Viper Curse on Victim', 'take Victim', 'status']);
    expect(after(run.out, 'take Victim').slice(2)).toEqual([
      'FX Victim mod#1 dmg -10% 2r applied',
      'FX Victim mod#2 dmg -20% 2r replaced',
      'FX Victim mod#- dmg -15% 2r rejected',
      'FX Victim status Hexed 1r applied',
      'FX Victim status Hexed 2a replaced',
    ]);
    expect(after(run.out, 'status')[2]).toContain('mods=#2 dmg -20% 2r cd=- statuses=Hexed 2a');
  });

  it('a status in actions received outside the holder action is armed and counts down at its next action', () => {
    const run = play(ROSTER, ['start challenge Viper Victim', 'begin', 'use Viper Curse on Victim', 'take Victim', 'pass', 'use Victim Poke on Viper', 'take Viper', 'status']);
    expect(after(run.out, 'status')[2]).toContain('statuses=Hexed 1a');
  });
});
