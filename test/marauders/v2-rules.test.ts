/**
 * Version 2 rules that no other test pinned, each worked out by hand from the spec before the engine was run
 * (the derivation is in the comments): Power Up's field order, the Aligner's leave-first moves, the Merger's
 * pairing in 2D, the Disperser's halving and its end, `single` from an even start-turn, the value of blocks a
 * diagonal line shares with a group, and `view` of every kind of mark.
 */
import { describe, expect, it } from 'vitest';
import { findLines, type Board } from '../../src/rulesets/marauders/board.js';
import type { El } from '../../src/rulesets/marauders/model.js';
import { passValues } from '../../src/rulesets/marauders/settle.js';
import { cellAt } from '../../src/rulesets/marauders/setup-doc.js';
import { runMatch } from '../helpers/marauders.js';

/** The board of 9.2 (no line, a legal matching swap, no marks). */
const B5 = ['SGWPF', 'PFFSW', 'FWGSP', 'WSPGF', 'GPSWG'];

/** P1 casts its non-matching spell at turn 4 (DEFEND X); it triggers at S4 of turn 5, P1's ATTACK turn on Y. */
function cast(spell: string, fixtures: string[], after: string[] = []): string[] {
  const setup = ['tier rank 1', 'seed 7', 'options non-matching', `spell P1 ${spell}`, 'spell P2 W', 'start-turn 4', 'force 10 10', ...fixtures, 'board', ...B5];
  return runMatch(setup.join('\n') + '\n', ['P1 cast', 'P1 pass', ...after]).lines;
}

/** The lines from the first that starts with `from`, up to (not including) the first after it that starts with `to`. */
function between(lines: readonly string[], from: string, to: string): string[] {
  const i = lines.findIndex((l) => l.startsWith(from));
  expect(i, `no line ${from}`).toBeGreaterThanOrEqual(0);
  const j = lines.findIndex((l, k) => k > i && l.startsWith(to));
  return lines.slice(i, j < 0 ? undefined : j);
}

const pick = (lines: readonly string[], re: RegExp) => lines.filter((l) => re.test(l));

describe('exclusive spells (6.1)', () => {
  it('Power Up: +1 on every present caster shield, field P1.X then P1.Y, lane order; reversed and enemy shields untouched (D81)', () => {
    const lines = cast('power-up', ['shield P1.Y 1 G1', 'shield P1.X B S2', 'shield P1.Y 2 F-3', 'shield P2.Y 1 W4'], ['P1 pass']);
    expect(pick(between(lines, 'TURN 5', 'TURN 6'), /^(SPELL|EFFECT|SHIELDS)/)).toEqual([
      'SPELL P1 Exclusive Power Up attack',
      'EFFECT P1 Exclusive power-up P1.X:B 2->3',
      'EFFECT P1 Exclusive power-up P1.Y:1 1->2',
      'SHIELDS P1.X B:S3/A',
      'SHIELDS P1.Y 1:G2/A 2:F-3/A',
      'SHIELDS P2.X -',
      'SHIELDS P2.Y 1:W4/A',
    ]);
  });

  it('Aligner: all moving shields leave first, then join in old-lane order; a join into a reversed shield keeps its sign (D82)', () => {
    // C (P1.Y strongest first) = 1:S5, 2:F3, 4:W1 (3:G-2 is not present); D (P2.Y) = 2:P6, 1:G4, 3:W2.
    // Pairs: 1 -> 2, 2 -> 1, 4 -> 3. Lanes 1, 2 and 4 empty first, so S5 and F3 trade places; W1 joins G-2:
    // s = -2 + 1 = -1, not 0, so the element becomes W (Join of 1.4).
    const lines = cast('aligner', ['shield P1.Y 1 S5', 'shield P1.Y 2 F3', 'shield P1.Y 4 W1', 'shield P1.Y 3 G-2', 'shield P2.Y 2 P6', 'shield P2.Y 1 G4', 'shield P2.Y 3 W2'], ['P1 pass']);
    expect(pick(between(lines, 'TURN 5', 'TURN 6'), /^(EFFECT|SHIELDS P1)/)).toEqual([
      'EFFECT P1 Exclusive align P1.Y:1 -> P1.Y:2 +5 = S5/A',
      'EFFECT P1 Exclusive align P1.Y:2 -> P1.Y:1 +3 = F3/A',
      'EFFECT P1 Exclusive align P1.Y:4 -> P1.Y:3 +1 = W-1/A',
      'SHIELDS P1.X -',
      'SHIELDS P1.Y 1:F3/A 2:S5/A 3:W-1/A',
    ]);
  });

  it('Burglary: floor(#E/4) = 2 shields, strongest first, each placed on the field as the previous one left it (D84)', () => {
    // standard advanced: 8 elements, 2 shields. P2.Y strongest: 2:F7, then 1:S5 (a tie with 3:G5, lane order).
    // F7: P1.Y 2 holds W2, so the lowest empty P1.Y lane, 1 (2..8 all hold shields): F7. S5: P1.Y 1 is no longer
    // empty and no lane is, so it joins lane 1: 7 + 5 = 12, element replaced: S12.
    const setup = ['tier standard advanced', 'elements SFGWIAPE', 'seed 7', 'options non-matching', 'spell P1 burglary', 'spell P2 W', 'start-turn 4', 'force 10 10',
      'shield P2.Y 1 S5', 'shield P2.Y 2 F7', 'shield P2.Y 3 G5', 'shield P1.Y 2 W2', ...[3, 4, 5, 6, 7, 8].map((lane) => `shield P1.Y ${lane} I1`)];
    const lines = runMatch(setup.join('\n') + '\n', ['P1 cast', 'P1 pass', 'P1 pass']).lines;
    expect(pick(between(lines, 'TURN 5', 'TURN 6'), /^(SPELL|EFFECT|SHIELDS P.\.Y)/)).toEqual([
      'SPELL P1 Exclusive Burglary attack',
      'EFFECT P1 Exclusive steal P2.Y:2 -> P1.Y:1 +7 = F7/A',
      'EFFECT P1 Exclusive steal P2.Y:1 -> P1.Y:1 +5 = S12/A',
      'SHIELDS P1.Y 1:S12/A 2:W2/A 3:I1/A 4:I1/A 5:I1/A 6:I1/A 7:I1/A 8:I1/A',
      'SHIELDS P2.Y 3:G5/A',
    ]);
  });

  it('Merger in 2D: the 2 strongest other-axis shields join the 2 weakest turn-axis shields, strongest first, at E4 (D85)', () => {
    // x = Y (turn 5). S = P1.X strongest: B:F5, C:W5 (a tie on 5, lane order), not A:S2.
    // T = P1.Y weakest: 2:P1, 1:G3 (not 3:S4). B joins Y2: 1 + 5 = F6; C joins Y1: 3 + 5 = W8; B and C are cleared.
    const lines = cast('merger', ['shield P1.X A S2', 'shield P1.X B F5', 'shield P1.X C W5', 'shield P1.Y 1 G3', 'shield P1.Y 2 P1', 'shield P1.Y 3 S4'], ['P1 pass']);
    const turn5 = between(lines, 'TURN 5', 'TURN 6');
    expect(pick(turn5, /^(SPELL|TURN-END|EFFECT|SHIELDS P1)/)).toEqual([
      'SPELL P1 Exclusive Merger attack',
      // nothing at the trigger: the merge waits for E4, after TURN-END
      'TURN-END pass',
      'EFFECT P1 Exclusive merge P1.X:B -> P1.Y:2 +5 = F6/A',
      'EFFECT P1 Exclusive merge P1.X:C -> P1.Y:1 +5 = W8/A',
      'SHIELDS P1.X A:S2/A',
      'SHIELDS P1.Y 1:W8/A 2:F6/A 3:S4/A',
    ]);
  });

  it('a second Merger triggered while one waits adds nothing: one merge at the next attack turn\'s E4 (D91)', () => {
    // extended gives two casts: window 1 at hp 26 (turn 5), window 2 once hp <= 25. P1's S3 attack on P2's Poison
    // shield P5 poisons P1 (no P1 shield to drain), so P1 is at 24 by turn 8. Triggers: turn 8 (P1 DEFEND Y) and,
    // from the turn 8 cast, turn 10 (P1 DEFEND X); no P1 attack turn lies between them (turn 9 is P2's). At E4
    // of turn 11 (P1 ATTACK X) one merge happens; P1 has no shield left (its P1 at Y1 fell at turn 8): merge none.
    const setup = ['tier rank 1', 'seed 7', 'options non-matching,extended', 'spell P1 merger', 'spell P2 W', 'start-turn 5', 'force 20 10', 'hp 26 50', 'shield P1.Y 1 S3', 'shield P2.Y 1 P5', 'board', ...B5];
    const lines = runMatch(setup.join('\n') + '\n', ['P1 cast', 'P1 pass', 'P2 pass', 'P2 pass', 'P1 cast', 'P1 pass', 'P2 pass', 'P1 pass', 'P1 pass', 'P2 pass']).lines;
    expect(pick(lines, /^(TURN [0-9]+ P1|CAST|SPELL|EFFECT P1 Exclusive)/)).toEqual([
      'TURN 5 P1 ATTACK Y', 'CAST P1 Exclusive Merger',
      'TURN 8 P1 DEFEND Y', 'SPELL P1 Exclusive Merger defend', 'CAST P1 Exclusive Merger',
      'TURN 10 P1 DEFEND X', 'SPELL P1 Exclusive Merger defend',
      'TURN 11 P1 ATTACK X', 'EFFECT P1 Exclusive merge none',
    ]);
  });

  it("Disperser: the caster's HITs in this turn's bout deal half, after step 6; it ends at R7, a later resolution is whole (D83, D92)", () => {
    // Bout (5, 6) on Y resolves P1 -> P2 at the end of turn 6: P1.Y 1 S6 hits the empty P2.Y 1 lane for 6,
    // halved to 3: hp 25 -> 22, P1's force 0 (10 paid for the cast) + 3. Bout (11, 12) on X resolves P1 -> P2
    // again: P1.X A S4 hits for 4 whole (hp 22 -> 18, force 3 + 4).
    const lines = cast('disperser', ['shield P1.Y 1 S6', 'shield P1.X A S4'], ['P1 pass', 'P2 pass', 'P2 pass', 'P1 pass', 'P2 pass', 'P1 pass', 'P1 pass', 'P2 pass']);
    expect(pick(lines, /^(RESOLVE P1|LAUNCH|EFFECT P1 Exclusive halve|HIT)/)).toEqual([
      'RESOLVE P1->P2 Y',
      'LAUNCH P1.Y 1 S6',
      'EFFECT P1 Exclusive halve-damage 6->3',
      'HIT P1->P2.Y:1 S6 vs - dmg=3 hp=22/25 force=3 left=-',
      'RESOLVE P1->P2 X',
      'LAUNCH P1.X A S4',
      'HIT P1->P2.X:A S4 vs - dmg=4 hp=18/25 force=7 left=-',
    ]);
  });

  it('Disperser triggered in defend mode halves nothing, also on a turn a Shockwave skipped (6.1 D83: "a defend-mode trigger has no caster hits to halve")', () => {
    // standard easy with elements S F G W D (Dark's Shockwave in play); the 9.2 board with D for P.
    // t3 P2 casts Disperser (its next own turn is t6); t4 P1 casts Shockwave, which triggers at t5 (ATTACK, normal
    // order): bout (5, 6) resolves at the end of t5 and t6 is skipped. At S4 of t6 the Disperser triggers in defend
    // mode: this turn's bout has already resolved. Bout (7, 8) then resolves P2 -> P1 on Y: P2.Y 1 S6 hits the
    // empty P1.Y 1 for 6, whole (hp 25 -> 19; P2's force 0 after the cast, + 6).
    const board = ['SGWDF', 'DFFSW', 'FWGSD', 'WSDGF', 'GDSWG'];
    const setup = ['tier standard easy', 'elements SFGWD', 'seed 3', 'options non-matching', 'spell P1 D', 'spell P2 disperser', 'start-turn 3', 'force 10 10', 'shield P2.Y 1 S6', 'board', ...board];
    const lines = runMatch(setup.join('\n') + '\n', ['P2 cast', 'P2 pass', 'P1 cast', 'P1 pass', 'P1 pass', 'P2 pass', 'P1 pass']).lines;
    expect(pick(lines, /^(SPELL|TURN-END skipped|RESOLVE|LAUNCH|EFFECT P2 Exclusive|HIT)/)).toEqual([
      'RESOLVE P2->P1 X',
      'SPELL P1 Dark Shockwave attack',
      'RESOLVE P1->P2 Y',
      'SPELL P2 Exclusive Disperser defend',
      'TURN-END skipped',
      'RESOLVE P2->P1 Y',
      'LAUNCH P2.Y 1 S6',
      'HIT P2->P1.Y:1 S6 vs - dmg=6 hp=19/25 force=6 left=-',
    ]);
  });
});

describe('single from an even start-turn (2.3, D69)', () => {
  it("starts at P2's DEFEND turn, whose resolution uses one of P1's 5 attacks; the fifth, at turn 10, ends it", () => {
    // Resolutions at the ends of turns 2, 4, 6, 8, 10 (each closes a bout P1 -> P2); P1's STATE shows n minus
    // the resolutions so far; E6a prints WINNER P2 after turn 10's SHIELDS.
    const setup = ['tier rank 1', 'seed 5', 'options single', 'start-turn 2', 'board', ...B5].join('\n') + '\n';
    const passes = ['P2 pass', 'P1 pass', 'P2 pass', 'P1 pass', 'P2 pass', 'P1 pass', 'P2 pass', 'P1 pass', 'P2 pass'];
    const run = runMatch(setup, passes);
    expect(run.lines.filter((l) => l.startsWith('TURN ')).map((l) => l.split(' ').slice(1, 4).join(' '))).toEqual([
      '2 P2 DEFEND', '3 P1 ATTACK', '4 P2 DEFEND', '5 P1 ATTACK', '6 P2 DEFEND', '7 P1 ATTACK', '8 P2 DEFEND', '9 P1 ATTACK', '10 P2 DEFEND',
    ]);
    expect(run.lines.filter((l) => l.startsWith('STATE P1')).map((l) => l.split(' ').pop())).toEqual([
      'attacks=5', 'attacks=4', 'attacks=4', 'attacks=3', 'attacks=3', 'attacks=2', 'attacks=2', 'attacks=1', 'attacks=1',
    ]);
    expect(run.lines.filter((l) => l.startsWith('RESOLVE'))).toEqual(['RESOLVE P1->P2 X', 'RESOLVE P1->P2 X', 'RESOLVE P1->P2 Y', 'RESOLVE P1->P2 Y', 'RESOLVE P1->P2 X']);
    expect(run.lines.slice(-2)).toEqual(['SHIELDS P2.Y -', 'WINNER P2 P2']);
    expect(run.exit).toBe(0);
  });
});

describe('adjacent with diagonal: blocks shared by a group and a diagonal line (3.3, 3.4, D65)', () => {
  it('are valued as for crossing lines: one key bonus per distinct key, first report wins', () => {
    // FFF / FFW / FWF: the group A1 A2 A3 B1 B2 C1 (6 blocks), the falling A1 B2 C3 and the rising A3 B2 C1;
    // k = 3. Every cell changed (a reset's settle): keys = first cells A1, A1, A3. Group key A1 +max(0, 6-3) = 3;
    // the distinct keys A1 and A3 get +(k-1) = 2 once. A1 = 1+3+2 = 6, A3 = 1+2 = 3, the rest 1.
    // MATCH values: group 6+1+3+1+1+1 = 13; falling: only C3 is new = 1; rising: all reported = 0.
    const el = 'FFFFFWFWF'.split('') as El[];
    const b: Board = { n: 3, el, mark: el.map(() => null) };
    const lines = findLines(b, { adjacent: true, diagonal: true });
    const { values, keys } = passValues(b, lines, new Set(el.map((_, i) => i)), false);
    expect(keys.map((k) => cellAt(3, k))).toEqual(['A1', 'A1', 'A3']);
    const reported = new Set<number>();
    const shown = lines.map((l) => l.cells.reduce((v, c) => (reported.has(c) ? v : (reported.add(c), v + values.get(c)!)), 0));
    expect(shown).toEqual([13, 1, 0]);
  });
});

describe('view (3.1, D74)', () => {
  it('prints every mark token of 1.3 as written in the setup, with the block element', () => {
    const setup = ['tier rank 1', 'seed 5', 'mark B4 mirrorV', 'mark A2 filter2', 'mark C2 shifterF', 'mark D2 cover', 'mark E5 rose', 'mark A1 warp', 'board', ...B5].join('\n') + '\n';
    const lines = runMatch(setup, ['P2 view B4', 'P1 view a2', 'P1 view C2', 'P2 view d2', 'P2 view E5', 'P1 view A1', 'P1 view A3']).lines;
    expect(lines.filter((l) => l.startsWith('VIEW'))).toEqual([
      'VIEW B4 S mark=mirrorV', 'VIEW A2 G mark=filter2', 'VIEW C2 W mark=shifterF', 'VIEW D2 S mark=cover', 'VIEW E5 G mark=rose', 'VIEW A1 S mark=warp', 'VIEW A3 W mark=none',
    ]);
  });
});
