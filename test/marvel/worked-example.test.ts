/** Spec §14.1 byte for byte: `arbiter marvel cap-vs-skull.sheet < script.txt` (exit code 1). */
import { describe, expect, it } from 'vitest';
import { CAP_VS_SKULL, play } from '../helpers/marvel.js';

const SCRIPT = `start challenge Cap RedSkull
begin
use Cap skill Shield-Throw on RedSkull
react RedSkull defence Barrier
use Cap Shield-Throw on RedSkull
pass RedSkull
pass Cap
use RedSkull Cosmic-Blast on Cap
react Cap Shield-Block
use RedSkull Dust-Cut on Cap
take Cap
pass RedSkull
use Cap Shield-Throw on RedSkull
take RedSkull
pass Cap
yield RedSkull`.split('\n');

const STDOUT = `SHEET Cap vit=2000 pa=5 ref=3 vel=4 skills=3
SHEET RedSkull vit=1800 pa=6 ref=2 vel=3 skills=3
INPUT: start challenge Cap RedSkull
START challenge A=Cap B=RedSkull
PREP open
INPUT: begin
PREP close
ROUND 1 order=Cap,RedSkull
TURN Cap round=1 pa=5/5
INPUT: use Cap skill Shield-Throw on RedSkull
USE Cap Shield-Throw cost=2 pa=3/5
HIT Cap:Shield-Throw#1/1 kinds=fis base=800 pct=880 flat=880 on=RedSkull
AWAIT RedSkull
INPUT: react RedSkull defence Barrier
REACT RedSkull Barrier defence-ext for=RedSkull cost=2 pa=4/6 R=420
DMG RedSkull <- Cap:Shield-Throw#1 D=880 react=460 pdef=460 red=460 imm=460 final=460 vit=1340/1800
INPUT: use Cap Shield-Throw on RedSkull
ERROR E_ONCE: Cap already used Shield-Throw 1/1 times this round
INPUT: pass RedSkull
ERROR E_TURN: it is Cap's turn, not RedSkull's
INPUT: pass Cap
ENDTURN Cap actions=1 reason=pass
TURN RedSkull round=1 pa=4/6
INPUT: use RedSkull Cosmic-Blast on Cap
USE RedSkull Cosmic-Blast cost=3 pa=1/6
HIT RedSkull:Cosmic-Blast#1/1 kinds=ene+mis pierce base=875 pct=875 flat=875 on=Cap
AWAIT Cap
INPUT: react Cap Shield-Block
REACT Cap Shield-Block defence-int for=Cap cost=1+1 pa=1/5 R=600
DMG Cap <- RedSkull:Cosmic-Blast#1 D=875 react=875 pdef=850 red=850 imm=850 final=850 vit=1150/2000
INPUT: use RedSkull Dust-Cut on Cap
USE RedSkull Dust-Cut cost=1 pa=0/6
HIT RedSkull:Dust-Cut#1/1 kinds=fis base=200 pct=200 flat=200 on=Cap
AWAIT Cap
INPUT: take Cap
TAKE Cap
DMG Cap <- RedSkull:Dust-Cut#1 D=200 react=200 pdef=150 red=150 imm=150 final=150 vit=1000/2000
FX Cap dot Veneno amount=100 ticks=2 kinds=fis applied
INPUT: pass RedSkull
ENDTURN RedSkull actions=2 reason=pass
ENDROUND 1 quiet=0/10
ROUND 2 order=Cap,RedSkull
TURN Cap round=2 pa=5/5
INPUT: use Cap Shield-Throw on RedSkull
USE Cap Shield-Throw cost=2 pa=3/5
HIT Cap:Shield-Throw#1/1 kinds=fis base=800 pct=880 flat=880 on=RedSkull
AWAIT RedSkull
INPUT: take RedSkull
TAKE RedSkull
DMG RedSkull <- Cap:Shield-Throw#1 D=880 react=880 pdef=880 red=880 imm=880 final=880 vit=460/1800
TICK Cap Veneno amount=100 red=100 imm=100 final=100 left=1 vit=900/2000
INPUT: pass Cap
ENDTURN Cap actions=1 reason=pass
TURN RedSkull round=2 pa=6/6
INPUT: yield RedSkull
YIELD RedSkull
END winner=A reason=side-out defeated=A:0,B:1
POSTCOMBAT Cap
`;

describe('spec §14.1 worked example', () => {
  it('prints the whole log byte for byte, with the two rejections on stderr and exit 1', () => {
    const run = play({ 'cap-vs-skull.sheet': CAP_VS_SKULL }, SCRIPT);
    expect(run.stdout).toBe(STDOUT);
    expect(run.stderr).toBe(
      '<stdin>:5: E_ONCE: Cap already used Shield-Throw 1/1 times this round\n<stdin>:6: E_TURN: it is Cap\'s turn, not RedSkull\'s\n',
    );
    expect(run.exit).toBe(1);
  });
});
