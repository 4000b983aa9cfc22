/** Round order (§6.2): the spec's interleave example, the attack start's first round, SKIP and re-interleaving. */
import { describe, expect, it } from 'vitest';
import { char, play } from '../helpers/marvel.js';

const speed = (vel: number, extra: string[] = []) => ({ VIT: 1000, PA: 4, REF: 1, VEL: vel, ...Object.fromEntries(extra.map((e) => [e, 100])) });
const ROSTER = [
  char('Cap', ['skill Hit offensive cost=1 kinds=fis dmg=500', 'skill In join prep'], speed(4)),
  char('Falcon', ['skill In join prep'], speed(2)),
  char('RedSkull', ['skill In join prep', 'skill Hit offensive cost=1 kinds=fis dmg=5000'], speed(3)),
  char('Crossbones', ['skill In join prep'], speed(3)),
  char('Zola', ['skill In join prep'], speed(1)),
].join('\n');

describe('§6.2 order', () => {
  it('interleaves sides from the fastest overall: Cap, RedSkull, Falcon, Crossbones, Zola', () => {
    const run = play(ROSTER, ['start challenge Cap RedSkull', 'join Falcon A In', 'join Crossbones B In', 'join Zola B In', 'begin']);
    expect(run.out).toContain('ROUND 1 order=Cap,RedSkull,Falcon,Crossbones,Zola');
  });

  it('breaks speed ties by entry and appends the rest of the longer side', () => {
    const run = play(ROSTER, ['start challenge Zola Crossbones', 'join RedSkull B In', 'join Falcon B In', 'begin']);
    expect(run.out).toContain('ROUND 1 order=Crossbones,Zola,RedSkull,Falcon');
  });

  it('round 1 of an attack start is attacker, targets, then entry order (the opener replayed first); round 2 is by speed', () => {
    const run = play(ROSTER, [
      'start attack RedSkull Hit on Cap',
      'join Zola A In',
      'join Falcon B In',
      'begin',
      'take Cap',
      'pass',
      'pass',
      'pass',
    ]);
    expect(run.out).toContain('ROUND 1 order=RedSkull,Cap,Zola,Falcon');
    expect(run.out.slice(run.out.indexOf('TURN RedSkull round=1 pa=4/4'))).toEqual([
      'TURN RedSkull round=1 pa=4/4',
      'USE RedSkull Hit cost=1 pa=3/4',
      'HIT RedSkull:Hit#1/1 kinds=fis base=5000 pct=5000 flat=5000 on=Cap',
      'AWAIT Cap',
      'INPUT: take Cap',
      'TAKE Cap',
      'DMG Cap <- RedSkull:Hit#1 D=5000 react=5000 pdef=5000 red=5000 imm=5000 final=5000 vit=0/1000',
      'FALL Cap',
      'INPUT: pass',
      'ENDTURN RedSkull actions=1 reason=pass',
      'SKIP Cap reason=fallen',
      'TURN Zola round=1 pa=4/4',
      'INPUT: pass',
      'ENDTURN Zola actions=0 reason=pass',
      'TURN Falcon round=1 pa=4/4',
      'INPUT: pass',
      'ENDTURN Falcon actions=0 reason=pass',
      'ENDROUND 1 quiet=0/10',
      'ROUND 2 order=RedSkull,Falcon,Zola',
      'TURN RedSkull round=2 pa=4/4',
      'ERROR E_EOF: input ended; expected turn command for RedSkull',
    ]);
  });

  it('skips members who left before their turn and drops them next round', () => {
    const run = play(ROSTER, ['start challenge Cap RedSkull', 'join Falcon A In', 'join Zola B In', 'begin', 'yield Falcon', 'pass', 'pass', 'pass']);
    expect(run.out).toContain('SKIP Falcon reason=yielded');
    expect(run.out).toContain('ROUND 2 order=Cap,RedSkull,Zola');
  });
});
