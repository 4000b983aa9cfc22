/**
 * Version 2 rules pinned from the spec by hand (issue 23, QA item 1), on the GRID_QA roster, so that they hold
 * without ../shared: reach and evasion (§6.6.2, §8.2, D65, D70, D71), flight and the order of the referee checks
 * (§6.6.5, §13, D73, D75), hiding measured from the frame that is open, an interference's included (§6.6.6, D74),
 * the opt-in of positions (D62) and the damage ledger with healing by kind (§10.5, D78, D79). Each expected line
 * was worked out from the spec before it was compared with the engine; the arithmetic is in the comments.
 */
import { describe, expect, it } from 'vitest';
import { after, battleOf, char, play } from '../helpers/marvel.js';
import { GRID_QA } from './fixtures.js';

// Ace 5,5 facing E and Brick 8,5 facing W: distance 3, inside the challenge range of 5 (D69).
const DUEL = ['ref place Ace 5 5 E', 'ref place Brick 8 5 W', 'start challenge Ace Brick'];

describe('reach, evasion and counter excess with positions', () => {
  const run = play(GRID_QA, [
    ...DUEL,
    'begin',
    'use Ace Shot on Brick',
    'react Brick Dodge to 7 5',
    'react Brick Dodge to 10 5',
    'react Brick Dodge to 8 5',
    'react Brick Dodge to 9 4',
    'use Ace Shot on Brick',
    'ref place Brick 8 5 W',
    'use Ace Shot on Brick',
    'react Brick Poke',
    'ref place Brick 9 5 W',
    'use Ace Burst on Brick',
    'react Brick Poke',
    'use Ace Ray',
  ]);

  it('an evasion from a direct hit leaves only its own cell, never towards the attacker, in one step (D70)', () => {
    // d(7,5; Ace 5,5) = 2 < 3: frontal; 10,5 is 2 steps where 1 suffices; 8,5 is the hit's cell; 9,4 is 1 step, d 4
    expect(after(run.out, 'react Brick Dodge to 7 5')).toEqual(['ERROR E_RANGE: Brick cannot use Dodge here: 7,5 moves towards Ace']);
    expect(after(run.out, 'react Brick Dodge to 10 5')).toEqual(['ERROR E_RANGE: Brick cannot use Dodge here: 10,5 is 2 steps away, 1 needed']);
    expect(after(run.out, 'react Brick Dodge to 8 5')).toEqual(['ERROR E_RANGE: Brick cannot use Dodge here: 8,5 is inside the reach of Shot']);
    expect(after(run.out, 'react Brick Dodge to 9 4')).toEqual([
      'REACT Brick Dodge evasion for=Brick cost=1 pa=19/20',
      'MOVE Brick from=8,5 to=9,4',
      'EVADE Brick <- Ace:Shot#1',
    ]);
  });

  it('range=3 bounds a direct skill by king moves (D65)', () => {
    // after the move Brick stands at 9,4: max(|9-5|, |4-5|) = 4
    expect(run.out[run.out.indexOf('INPUT: use Ace Shot on Brick', run.out.indexOf('MOVE Brick from=8,5 to=9,4')) + 1]).toBe(
      'ERROR E_RANGE: Shot: Brick is out of range (4 > 3)',
    );
  });

  it("a melee counter's range=3 replaces the melee default of 1; out of it the counter is a plain defence (D71)", () => {
    // Poke: C = FUE*2 = 600, m = 1 (melee counter against ene, §9.2); Shot D = EN*1 = 300; excess 600 - 300 = 300 at d 3
    const lines = run.out;
    const i = lines.indexOf('INPUT: react Brick Poke');
    expect(lines.slice(i + 1, i + 5)).toEqual([
      'REACT Brick Poke counter for=Brick cost=1 pa=18/20 R=600',
      'HIT Brick:Poke#1/1 kinds=fis base=300 pct=300 flat=300 on=Ace',
      'DMG Ace <- Brick:Poke#1 D=300 react=300 pdef=300 red=300 imm=300 final=300 vit=1700/2000',
      'DMG Brick <- Ace:Shot#1 D=300 react=0 pdef=0 red=0 imm=0 final=0 vit=3000/3000',
    ]);
    // at 9,5 (d 4 > 3) the same counter sends nothing: no HIT, no DMG on Ace (Burst has no range=, area 1 on Brick);
    // Brick's PA: 20 - Dodge 1 - Poke 1 - Poke 1 = 17
    expect(after(run.out, 'react Brick Poke')).toEqual([
      'REACT Brick Poke counter for=Brick cost=1 pa=17/20 R=600',
      'DMG Brick <- Ace:Burst#1 D=300 react=0 pdef=0 red=0 imm=0 final=0 vit=3000/3000',
    ]);
  });

  it('a line with no member is a USE with no HIT (D66)', () => {
    // Ray: line 3 facing E from 5,5 covers 6,5 7,5 8,5; Brick stands at 9,5. Ace's PA: 20 - Shot - Shot - Burst - Ray = 16
    expect(after(run.out, 'use Ace Ray')).toEqual(['USE Ace Ray cost=1 pa=16/20', 'ERROR E_EOF: input ended; expected turn command for Ace']);
  });
});

describe('the legal lines of a window offer the evasion a shape needs (D70, §17.3)', () => {
  it('an area of 2 centred on the evader takes 3 steps: the list has them, and they are accepted', () => {
    const battle = battleOf(GRID_QA);
    for (const line of [...DUEL, 'begin', 'use Ace Blast on Brick']) expect(battle.feed(line).ok).toBe(true);
    // every cell within 2 of Brick's 8,5 is inside; 11,5 is 3 steps away and 6 from Ace (not frontal)
    const dodges = battle.choices().filter((l) => l.startsWith('react Brick Dodge to '));
    expect(dodges).toContain('react Brick Dodge to 11 5');
    expect(dodges).not.toContain('react Brick Dodge to 10 5');
    expect(battle.feed('react Brick Dodge to 11 5').ok).toBe(true);
  });
});

describe('flight and the referee commands of version 2', () => {
  const run = play(GRID_QA, [
    ...DUEL,
    'ref fly Ace 1',
    'ref hide Shade',
    'join Shade B Shade-In',
    'ref reveal Shade',
    'ref hide Shade',
    'ref fly Shade 2',
    'ref place Shade 4 4',
    'ref fly Shade 2',
    'ref fly Brick 1',
    'ref fly Ace 3',
    'ref fly Ace 2',
    'begin',
    'pass',
    'use Brick Punch on Ace',
    'ref place Brick 6 5 W',
    'use Brick Punch on Ace',
    'status',
  ]);

  it('fly, hide and reveal: phase, then E_STATE (not a participant, the hidden state), then E_RANGE no cell, then the flight limit (D75)', () => {
    const next = (input: string) => run.out[run.out.indexOf(`INPUT: ${input}`) + 1];
    expect(after(run.out, 'ref fly Ace 1')).toEqual(['REF fly Ace 1', 'FLY Ace up=1']);
    expect(next('ref hide Shade')).toBe('ERROR E_STATE: Shade is not in the combat');
    // after the join: not hidden comes before the missing cell for reveal; hide has only the missing cell to report
    expect(after(run.out, 'ref reveal Shade')).toEqual(['ERROR E_STATE: Shade is not hidden']);
    expect(after(run.out, 'ref hide Shade')).toEqual(['ERROR E_RANGE: Shade has no cell']);
    // Shade has no cell and 2 > its flight 1: the missing cell is reported first
    expect(next('ref fly Shade 2')).toBe('ERROR E_RANGE: Shade has no cell');
    expect(after(run.out, 'ref fly Shade 2')).toEqual(['ERROR E_RANGE: Shade cannot fly higher than 1']);
    expect(after(run.out, 'ref fly Brick 1')).toEqual(['ERROR E_RANGE: Brick cannot fly higher than 0']);
    expect(after(run.out, 'ref fly Ace 3')).toEqual(['ERROR E_RANGE: Ace cannot fly higher than 2']);
    expect(after(run.out, 'ref fly Ace 2')).toEqual(['REF fly Ace 2', 'FLY Ace up=2']);
  });

  it('a target higher than the user can reach is out of reach, at any distance (D73)', () => {
    // Brick has no flight: up(Ace) = 2 > 0 + 0, whether d = 3 or 1
    expect(run.out.filter((l) => l === 'ERROR E_RANGE: Punch: Ace is out of reach at height 2')).toHaveLength(2);
  });

  it('STATUS shows cell, up and nothing else for the unhidden (§14)', () => {
    const rows = after(run.out, 'status');
    expect(rows[1]).toBe('  A Ace vit=2000/2000 pa=20/20 free=0/2 state=active dots=- mods=- cd=- statuses=- cell=5,5/E up=2');
    expect(rows[2]).toBe('  B Brick vit=3000/3000 pa=20/20 free=0/2 state=active dots=- mods=- cd=- statuses=- cell=6,5/W');
    expect(rows[3]).toBe('  B Shade vit=1500/1500 pa=20/20 free=0/2 state=active dots=- mods=- cd=- statuses=- cell=4,4/N');
  });
});

describe('hiding is measured from the frame that is open (D74)', () => {
  // Shade hidden at 6,5, one step east of Ace: in Burst's area 1 around Ace only while Ace keeps the cell and facing
  // its current frame opened with; an interference frame (IACTION) opens its own.
  const run = play(GRID_QA, [
    ...DUEL,
    'ref place Shade 6 5',
    'join Shade B Shade-In',
    'ref hide Shade',
    'begin',
    'pass',
    'ref place Ace 5 5 N',
    'interfere Ace Cut-In',
    'use Ace Burst',
    'take Shade',
    'pass',
    'interfere Ace Cut-In',
    'ref place Ace 5 5 E',
    'use Ace Burst',
  ]);

  it('an interference opened after a turn of the facing counts that facing as its start', () => {
    // Ace's own TURN opened at 5,5/E; the IACTION opened at 5,5/N and Ace is still there: Shade (d 1) is a member
    const burst = run.out.indexOf('INPUT: use Ace Burst');
    expect(run.out.slice(burst + 1, burst + 4)).toEqual([
      'USE Ace Burst cost=1 pa=18/20',
      'HIT Ace:Burst#1/1 kinds=ene base=300 pct=300 flat=300 on=Shade',
      'AWAIT Shade',
    ]);
    expect(after(run.out, 'take Shade')).toEqual([
      'TAKE Shade',
      'DMG Shade <- Ace:Burst#1 D=300 react=300 pdef=300 red=300 imm=300 final=300 vit=1200/1500',
      'RESUME Brick',
    ]);
  });

  it('a turn of the facing inside the interference spares the hidden foe: an empty area, no HIT', () => {
    // the second IACTION opened at 5,5/N; Ace now faces E, so the hidden Shade is no member and Brick (d 3) is outside
    expect(after(run.out, 'use Ace Burst')).toEqual([
      'USE Ace Burst cost=1 pa=16/20',
      'RESUME Shade',
      'ERROR E_EOF: input ended; expected turn command for Shade',
    ]);
  });
});

describe('positions are opt-in (D62)', () => {
  it('undoing the only placement removes positions: no challenge range, no cell= in STATUS', () => {
    // Brick has no cell: with positions the challenge would be E_RANGE 'Brick has no cell' (D69)
    const run = play(GRID_QA, ['ref place Ace 5 5 E', 'ref undo', 'start challenge Ace Brick', 'status', 'ref end draw']);
    expect(after(run.out, 'start challenge Ace Brick')).toEqual(['START challenge A=Ace B=Brick', 'PREP open']);
    expect(after(run.out, 'status')).toEqual([
      'STATUS phase=PREP round=0 actor=- quiet=0',
      '  A Ace vit=2000/2000 pa=20/20 free=0/2 state=active dots=- mods=- cd=- statuses=-',
      '  B Brick vit=3000/3000 pa=20/20 free=0/2 state=active dots=- mods=- cd=- statuses=-',
    ]);
  });

  it('one placement is enough for the spatial rules to apply', () => {
    const run = play(GRID_QA, ['ref place Ace 5 5 E', 'start challenge Ace Brick']);
    expect(after(run.out, 'start challenge Ace Brick')).toEqual(['ERROR E_RANGE: Brick has no cell', 'ERROR E_EOF: input ended; expected start']);
  });
});

describe('the damage ledger and healing by kind (§10.5)', () => {
  // Mind-Jab: FUE*1.005 = floor(300·1005/1000) = 301 of men+alma; split 150 each, the remainder to men (first kind,
  // D78): men 151, alma 150. ref vit -101 is kindless: '-' 101. Ace: 2000 - 301 - 101 = 1598.
  const run = play(GRID_QA, [
    ...DUEL,
    'join Medic A Medic-In',
    'begin',
    'pass',
    'use Brick Mind-Jab on Ace',
    'take Ace',
    'ref vit Ace -101',
    'pass',
    'use Medic Mend on Ace',
    'use Medic Soothe on Ace',
    'use Medic Rite on Ace',
    'use Medic Rite on Ace',
  ]);

  it('records the loss by kind and heals only what the method may heal, in the order of D79', () => {
    expect(after(run.out, 'take Ace')).toEqual([
      'TAKE Ace',
      'DMG Ace <- Brick:Mind-Jab#1 D=301 react=301 pdef=301 red=301 imm=301 final=301 vit=1699/2000',
    ]);
    // Mend (EN*1 = 200, ordinary): only '-' 101 is healable; blocked = men 151 + alma 150
    expect(after(run.out, 'use Medic Mend on Ace')).toEqual([
      'USE Medic Mend cost=0 pa=20/20 free=1/2',
      'FX Ace heal amount=200 kinds=- healed=101 blocked=301 vit=1699/2000',
    ]);
    // Soothe (150, men): men first, 151 -> 1; alma 150 stays blocked (it would be 151 had the remainder gone to alma)
    expect(after(run.out, 'use Medic Soothe on Ace')).toEqual([
      'USE Medic Soothe cost=0 pa=20/20 free=2/2',
      'FX Ace heal amount=150 kinds=men healed=150 blocked=150 vit=1849/2000',
    ]);
    // Rite (150, mis): alma 150 -> 0; the last men point is blocked; then nothing it may heal is left
    const rites = run.out.filter((l) => l.startsWith('FX Ace heal amount=150 kinds=mis'));
    expect(rites).toEqual([
      'FX Ace heal amount=150 kinds=mis healed=150 blocked=1 vit=1999/2000',
      'FX Ace heal amount=150 kinds=mis healed=0 blocked=1 vit=1999/2000',
    ]);
  });
});

describe('a line without positions (D77)', () => {
  // Rayla's Ray is a line of 3; Bo and Cy evade only areas up to 0 (maxarea=0); Pal joins A in the prep round, Jo joins B
  const stats = (vel: number) => ({ VIT: 2000, PA: 10, REF: 3, VEL: vel });
  const sheet = [
    char('Rayla', ['stat EN 300', 'skill Ray offensive cost=1 kinds=ene dmg=EN*1 line=3 uses=*'], stats(9)),
    char('Pal', ['skill Pal-In join cost=0 prep'], stats(1)),
    char('Bo', ['skill Duck evasion cost=1 maxarea=0 uses=*'], stats(5)),
    char('Cy', ['skill Duck evasion cost=1 maxarea=0 uses=*'], stats(4)),
    char('Jo', ['skill Jo-In join cost=0'], stats(2)),
  ].join('\n');
  const run = play(sheet, [
    'start attack Rayla Ray on Bo Cy',
    'join Pal A Pal-In',
    'begin',
    'react Bo Duck',
    'join Jo B Jo-In',
    'take Cy',
    'take Jo',
    'use Rayla Ray',
    'use Rayla Ray on Pal Bo Cy Jo',
  ]);

  it('counts as a shape for the two targets of a start, instant joiners and targets=*, and is no area for maxarea', () => {
    // two typed targets (a direct skill would allow one); the replay hits both (attacker, targets, then entry order)
    expect(after(run.out, 'start attack Rayla Ray on Bo Cy')).toEqual(['START attack A=Rayla B=Bo,Cy', 'PREP open']);
    expect(after(run.out, 'begin')).toEqual([
      'PREP close',
      'ROUND 1 order=Rayla,Bo,Cy,Pal',
      'TURN Rayla round=1 pa=10/10',
      'USE Rayla Ray cost=1 pa=9/10',
      'HIT Rayla:Ray#1/1 kinds=ene base=300 pct=300 flat=300 on=Bo,Cy',
      'AWAIT Bo,Cy',
    ]);
    // maxarea=0 does not refuse the evasion: R9.6 makes only cones areas
    expect(after(run.out, 'react Bo Duck')).toEqual(['REACT Bo Duck evasion for=Bo cost=1 pa=9/10', 'AWAIT Cy']);
    // D13: the instant joiner enters the line's target list
    expect(after(run.out, 'join Jo B Jo-In')).toEqual(['JOIN Jo side=B via=Jo-In cost=0 pa=10/10 slots=3/3 turn=next', 'AWAIT Cy,Jo']);
    expect(after(run.out, 'use Rayla Ray')).toEqual(['ERROR E_TARGET: Ray: no target']);
    // targets default to * for a shape, allies allowed (Pal), never the user
    expect(after(run.out, 'use Rayla Ray on Pal Bo Cy Jo').slice(0, 2)).toEqual([
      'USE Rayla Ray cost=1 pa=8/10',
      'HIT Rayla:Ray#1/1 kinds=ene base=300 pct=300 flat=300 on=Pal,Bo,Cy,Jo',
    ]);
  });
});
