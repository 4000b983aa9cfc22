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
import { runMatch } from '../helpers/marauders.js';

/** A battle as a person's terminal runs it (its extra lines are never in a log). */
function atTerminal(setup: string): MaraudersBattle {
  const parsed = parseSetup(setup, 'game.setup');
  if (!parsed.ok) throw new Error(parsed.error);
  return MaraudersBattle.start(parsed.doc, Prng.seeded(1), undefined, PLAIN, true);
}

function inOrder(lines: readonly string[], wanted: readonly (string | RegExp)[]): void {
  let at = 0;
  for (const w of wanted) {
    const i = lines.findIndex((l, k) => k >= at && (typeof w === 'string' ? l === w : w.test(l)));
    expect(i, `missing ${String(w)} in\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
    at = i + 1;
  }
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

  it('single: the line before each prompt says how many attacks P1 has left', () => {
    const b = atTerminal(['tier rank 1', 'options single', 'board', ...B5].join('\n') + '\n');
    expect(b.opening().at(-1)).toBe('P1 to play: turn 1, ATTACK X, 6 moves left, P1 has 5 attacks left; P1 swap <cell> <cell> | P1 cast | P1 pass');
    b.feed('P1 pass');
    const fed = b.feed('P2 pass');
    expect(fed.ok && fed.lines.at(-1)).toBe('P1 to play: turn 3, ATTACK X, 6 moves left, P1 has 4 attacks left; P1 swap <cell> <cell> | P1 cast | P1 pass');
  });
});
