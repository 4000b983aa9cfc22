/**
 * Version 2 of the spec, feature by feature: the block query `view` (3.1, D74), the line shapes (3.3), `single`
 * (2.3), `pre-match` (3.7), `force-matchable` (3.6) and `non-matching` with its spells (6.1). Expected lines
 * are worked out from the spec's rules in the comments beside them.
 */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.js';
import { MaraudersBattle } from '../../src/rulesets/marauders/battle.js';
import { parseSetup } from '../../src/rulesets/marauders/parse-setup.js';
import { PLAIN } from '../../src/rulesets/marauders/paint.js';
import { inOrder, runMatch } from '../helpers/marauders.js';

/** A battle as a person's terminal runs it (its extra lines are never in a log). */
function atTerminal(setup: string): MaraudersBattle {
  const parsed = parseSetup(setup, 'game.setup');
  if (!parsed.ok) throw new Error(parsed.error);
  return MaraudersBattle.start(parsed.doc, Prng.seeded(1), undefined, PLAIN, true);
}


const B5 = ['SGWPF', 'PFFSW', 'FWGSP', 'WSPGF', 'GPSWG'];

describe('view (3.1, D74)', () => {
  it('either player, at any prompt, sees the element and mark; nothing changes and no move is used', () => {
    const setup = ['tier rank 1', 'seed 5', 'mark B4 warp', 'board', ...B5].join('\n') + '\n';
    const plain = runMatch(setup, ['P1 pass']).lines;
    const viewed = runMatch(setup, ['P2 view b4', 'P1 view A1', 'P1 view E5', 'P1 pass']);
    expect(viewed.lines.filter((l) => l.startsWith('VIEW'))).toEqual(['VIEW B4 S mark=warp', 'VIEW A1 S mark=none', 'VIEW E5 G mark=none']);
    // the same log once the queries and their echoes are taken out
    expect(viewed.lines.filter((l) => !l.startsWith('VIEW') && !/^INPUT: P\d view /.test(l))).toEqual(plain);
  });

  it('its errors follow 9.4: token count (the v1 usage text), bad cell, outside the board', () => {
    const setup = ['tier rank 1', 'seed 5', 'board', ...B5].join('\n') + '\n';
    const lines = runMatch(setup, ['P1 view', 'P1 view A1 A2', 'P2 view Z', 'P2 view F1']).lines;
    inOrder(lines, [
      'INPUT: P1 view', 'ERROR E_SYNTAX: usage: P1|P2 swap <cell> <cell> | P1|P2 cast | P1|P2 pass',
      'INPUT: P1 view A1 A2', 'ERROR E_SYNTAX: usage: P1|P2 swap <cell> <cell> | P1|P2 cast | P1|P2 pass',
      'INPUT: P2 view Z', "ERROR E_CELL: bad cell 'Z'; expected a row letter and a column number, e.g. E6",
      'INPUT: P2 view F1', 'ERROR E_BOUNDS: F1 is outside the 5x5 board',
    ]);
  });
});

describe('single (2.3, D68-D73)', () => {
  const setup = (extra: string[]) => ['tier rank 1', 'seed 5', 'options single', ...extra, 'board', ...B5].join('\n') + '\n';

  it('spells are off for both players; P1 STATE shows the attacks left; cast is refused after the turn check', () => {
    const lines = runMatch(setup(['force 12 12']), ['P2 cast', 'P1 cast', 'P1 pass']).lines;
    inOrder(lines, [
      'TURN 1 P1 ATTACK X', 'STATE P1 hp=25/25 force=12 spell=off poison=0 attacks=5', 'STATE P2 hp=25/25 force=12 spell=off poison=0',
      'ERROR E_TURN: it is P1\'s turn, not P2\'s', 'ERROR E_SPELL: P1 cannot cast: spells are off', 'TURN 2 P2 DEFEND X',
    ]);
  });

  it('each resolution uses one attack; after the fifth P2 wins at E6a, before the turn limit (D69, D70)', () => {
    const passes = Array.from({ length: 12 }, (_, i) => `P${(i % 2) + 1} pass`);
    const run = runMatch(setup(['turn-limit 10']), passes);
    expect(run.lines.filter((l) => l.startsWith('RESOLVE'))).toHaveLength(5);
    expect(run.lines.filter((l) => l.startsWith('STATE P1')).map((l) => l.split(' ').pop())).toEqual([
      // turns 1-10: the count drops after each even turn's resolution, and turn 10's fifth one ends the match
      'attacks=5', 'attacks=5', 'attacks=4', 'attacks=4', 'attacks=3', 'attacks=3', 'attacks=2', 'attacks=2', 'attacks=1', 'attacks=1',
    ]);
    expect(run.lines.slice(-2)).toEqual(['SHIELDS P2.Y -', 'WINNER P2 P2']);
    expect(run.exit).toBe(0);
  });

  it('extended gives 10 attacks; pending is refused at the later line (D69, D72)', () => {
    expect(runMatch(setup(['options single,extended']).replace('options single\n', ''), []).lines).toContain('STATE P1 hp=50/50 force=0 spell=off poison=0 attacks=10');
    expect(runMatch(setup(['pending P1 F']), []).stderr).toEqual(['game.setup:4: E_SETUP: pending is not available with single']);
  });
});

describe('terminal additions', () => {
  it('a view answers in words too: the element, its value in a line and what its mark does', () => {
    const b = atTerminal(['tier rank 1', 'mark B4 warp', 'mark A2 cover', 'board', ...B5].join('\n') + '\n');
    const fed = b.feed('P2 view B4');
    expect(fed.ok && fed.lines.slice(0, 2)).toEqual([
      'VIEW B4 S mark=warp', 'B4: Star, worth 2 in a line before bonuses, warp (warp: cannot be swapped, swaps jump over it, doubles the values of its line)',
    ]);
    const cover = b.feed('P1 view a2');
    expect(cover.ok && cover.lines[1]).toBe('A2: Wood, worth 0 in a line before bonuses, cover (cover: worth 0 and no bonus)');
  });

  it('a group or diagonal line is drawn under its MATCH at a terminal, on the rows it spans; never in a log', () => {
    const setup = ['tier rank 1', 'options adjacent,diagonal', 'board', 'SGWPS', 'FFWSP', 'GPFGW', 'FFGSP', 'WSPWG'].join('\n') + '\n';
    const fed = atTerminal(setup).feed('P1 swap D2 C2');
    expect(fed.ok && fed.lines.slice(0, 3)).toEqual(['MATCH 1 F B1-C3 key=C2 value=5', 'B  F  F  .  .  .', 'C  .  F  F  .  .']);
    const logged = runMatch(setup, ['P1 swap D2 C2']).lines;
    expect(logged[logged.indexOf('MATCH 1 F B1-C3 key=C2 value=5') + 1]).toMatch(/^SHIELD /);
  });

  it('non-matching: the line before the prompt says when a Free Swap is ready, until it is spent', () => {
    const setup = ['tier rank 1', 'options non-matching', 'spell P1 free-swap', 'spell P2 W', 'start-turn 4', 'force 10 10', 'board', ...B5].join('\n') + '\n';
    const b = atTerminal(setup);
    b.feed('P1 cast');
    const trigger = b.feed('P1 pass');
    expect(trigger.ok && trigger.lines.at(-1)).toBe('P1 to play: turn 5, ATTACK Y, 6 moves left, free swap ready (any two cells); P1 swap <cell> <cell> | P1 cast | P1 pass');
    const swapped = b.feed('P1 swap C1 B1');
    expect(swapped.ok && swapped.lines.at(-1)).toBe('P1 to play: turn 5, ATTACK Y, 5 moves left; P1 swap <cell> <cell> | P1 cast | P1 pass');
  });

  it('single: the line before each prompt says how many attacks P1 has left', () => {
    const b = atTerminal(['tier rank 1', 'options single', 'board', ...B5].join('\n') + '\n');
    expect(b.opening().at(-1)).toBe('P1 to play: turn 1, ATTACK X, 6 moves left, P1 has 5 attacks left; P1 swap <cell> <cell> | P1 cast | P1 pass');
    b.feed('P1 pass');
    const fed = b.feed('P2 pass');
    expect(fed.ok && fed.lines.at(-1)).toBe('P1 to play: turn 3, ATTACK X, 6 moves left, P1 has 4 attacks left; P1 swap <cell> <cell> | P1 cast | P1 pass');
  });
});

describe('non-matching and the exclusive spells (6.1)', () => {
  /** P1 casts at turn 4 (DEFEND X); the spell triggers at turn 5, P1's ATTACK turn on Y. */
  function cast(spell: string, extra: string[], after: string[] = []): string[] {
    const setup = ['tier rank 1', 'seed 7', 'options non-matching', `spell P1 ${spell}`, 'spell P2 W', 'start-turn 4', 'force 10 10', ...extra, 'board', ...B5];
    return runMatch(setup.join('\n') + '\n', ['P1 cast', 'P1 pass', ...after]).lines;
  }

  it('cast pays and casts at once: ARMED then CAST, the state pending-<Spell> (D78, D79)', () => {
    const setup = ['tier rank 1', 'options non-matching', 'spell P1 power-up', 'spell P2 W', 'force 10 10', 'board', ...B5];
    inOrder(runMatch(setup.join('\n') + '\n', ['P1 cast', 'P1 cast', 'P1 pass']).lines, [
      'INPUT: P1 cast', 'ARMED P1 force=10->0', 'CAST P1 Exclusive Power Up', 'ERROR E_SPELL: P1 cannot cast: a spell is pending',
      'TURN 2 P2 DEFEND X', 'STATE P1 hp=25/25 force=0 spell=pending-Power-Up poison=0',
    ]);
    expect(cast('power-up', []).some((l) => l.startsWith('FIZZLE'))).toBe(false);
  });

  it('Power Down: -1 on every present enemy shield, a shield of 1 is cleared, reversed ones untouched (D81)', () => {
    const lines = cast('power-down', ['shield P2.Y 1 G1', 'shield P2.Y 2 S-2', 'shield P2.Y 3 S4']);
    inOrder(lines, ['SPELL P1 Exclusive Power Down attack', 'EFFECT P1 Exclusive power-down P2.Y:1 1->0', 'EFFECT P1 Exclusive power-down P2.Y:3 4->3']);
    expect(lines.filter((l) => l.includes('power-down'))).toHaveLength(2);
  });

  it('Aligner: a shield already in its target lane does not move or print (D82)', () => {
    // C = Y1 F5, Y3 W2; D = Y1 P6, Y4 S3: Y1 stays, Y3 goes to Y4
    const lines = cast('aligner', ['shield P1.Y 1 F5', 'shield P1.Y 3 W2', 'shield P2.Y 1 P6', 'shield P2.Y 4 S3']);
    inOrder(lines, ['SPELL P1 Exclusive Aligner attack', 'EFFECT P1 Exclusive align P1.Y:3 -> P1.Y:4 +2 = W2/A']);
    expect(lines.filter((l) => l.includes(' align '))).toHaveLength(1);
  });

  it('Burglary: into the caster\'s lowest empty lane when its own lane holds a shield (D84)', () => {
    // rank 1 has 5 elements: floor(5/4) = 1 shield, P2's strongest on Y
    const lines = cast('burglary', ['shield P1.Y 1 F3', 'shield P1.Y 2 W5', 'shield P2.Y 2 P6', 'shield P2.Y 4 S1'], ['P1 pass']);
    inOrder(lines, ['SPELL P1 Exclusive Burglary attack', 'EFFECT P1 Exclusive steal P2.Y:2 -> P1.Y:3 +6 = P6/A', 'SHIELDS P1.Y 1:F3/A 2:W5/A 3:P6/A']);
  });

  it('Disperser: a reversed caster shield leaves its lane free as a destination (D83, D92)', () => {
    const lines = cast('disperser', ['shield P1.Y 1 F3', 'shield P1.Y 2 W5', 'shield P1.Y 3 W-2', 'shield P2.Y 2 S2']);
    inOrder(lines, ['SPELL P1 Exclusive Disperser attack', 'EFFECT P1 Exclusive disperse P2.Y:2 -> P2.Y:3 +2 = S2/A']);
  });

  it('Merger in 1D has no other axis: merge none at E4 of the attack turn (D85)', () => {
    const setup = ['mode 1d', 'tier rank 1', 'seed 7', 'options non-matching', 'spell P1 merger', 'spell P2 W', 'start-turn 4', 'force 10 10', 'shield P1.X A S4', 'board', ...B5];
    const lines = runMatch(setup.join('\n') + '\n', ['P1 cast', 'P1 pass', 'P1 pass']).lines;
    inOrder(lines, ['TURN 5 P1 ATTACK X', 'SPELL P1 Exclusive Merger attack', 'INPUT: P1 pass', 'TURN-END pass', 'EFFECT P1 Exclusive merge none', 'SHIELDS P1.X A:S4/A']);
  });

  it('Free Swap: c1 = c2 still fails; the next swap spends it (adjacent or not) with pass 1 x3 (D80)', () => {
    const lines = cast('free-swap', [], ['P1 swap A1 A1', 'P1 swap C1 B1', 'P1 swap A1 C1']);
    inOrder(lines, [
      'EFFECT P1 Exclusive free-swap', 'INPUT: P1 swap A1 A1', 'ERROR E_ADJACENT: A1 and A1 are not adjacent',
      // the F line B1-B3 of 9.6, on Y: three blocks worth 1, each x3
      'INPUT: P1 swap C1 B1', 'MATCH 1 F B1-B3 key=B1 value=9', 'SHIELD P1.Y 1 +3 = F3/A',
      'INPUT: P1 swap A1 C1', 'ERROR E_ADJACENT: A1 and C1 are not adjacent',
    ]);
  });

  it('setup: spell needs non-matching, each player needs one, and the element must be in play (9.2, D88)', () => {
    const err = (text: string) => runMatch(text + '\n', []).stderr;
    expect(err('tier rank 1\nspell P1 W')).toEqual(['game.setup:2: E_SETUP: spell is only valid with non-matching']);
    expect(err('tier rank 1\noptions non-matching\nspell P2 W')).toEqual(['game.setup:4: E_SETUP: non-matching needs a spell for P1']);
    expect(err('tier rank 1\noptions non-matching\nspell P1 O\nspell P2 W')).toEqual(["game.setup:3: E_SETUP: bad value 'P1 O' for spell; expected P1|P2 <element letter or exclusive spell>"]);
    expect(err('tier rank 1\noptions non-matching\nspell P1 w\nspell P2 W')).toEqual(["game.setup:3: E_SETUP: bad value 'P1 w' for spell; expected P1|P2 <element letter or exclusive spell>"]);
    expect(err('tier rank 1\noptions non-matching\nspell P1 Power-Up\nspell P2 W\npending P1 F')).toEqual(['game.setup:5: E_SETUP: pending is not available with non-matching']);
  });
});
