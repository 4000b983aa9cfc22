/**
 * Who a skill reaches (rules document 5.1, 7.1, 7.2; RULES-FROM-TRANSCRIPTS §3.4, §3.5, §3.8, §3.9):
 * hit counts from K, the Multi walk, Party and Universal target lists, and the round order.
 */
import { describe, expect, it } from 'vitest';
import { die } from '../../src/rulesets/smt/life.js';
import { deadAllies, hitCount, multiWalk, partyTargets, roundOrder, universalTargets } from '../../src/rulesets/smt/targeting.js';
import { buildState, createBattle, expectNoLine, lastActionResult, teamFile } from '../helpers/smt.js';

const range = (min: number, max: number) => ({ hits: { min, max } });

describe('hitCount: hits = A + K mod (B − A + 1) (rules document 7.1)', () => {
  it.each([
    // [skill, hits range, K, expected, source]
    ['Myriad Arrows', 2, 4, 5, 4, 'rules document 7.1: K = 5, offset = 5 mod 3 = 2, hits = 2 + 2'],
    ['Myriad Arrows', 2, 4, 6, 2, 'rules document 7.1: K ends at 6 after the skill; the next use wraps to A'],
    ['Myriad Arrows', 2, 4, 0, 2, 'K starts at 0 (rules document 7.1)'],
    ['Fire Breath', 1, 4, 3, 4, 'rules document 7.1 example range [1, 4]'],
    ['Bouncing Claw', 1, 3, 2, 3, 'rules document 7.1 example range [1, 3]'],
    ['Bar Toss', 1, 15, 29, 15, '29 mod 15 = 14'],
    ['Agi', 1, 1, 0, 1, 'a fixed "1" is the range [1, 1]'],
    ['Agi', 1, 1, 17, 1, 'a fixed count ignores K'],
  ])('%s [%i, %i] with K = %i hits %i times (%s)', (_skill, min, max, k, expected) => {
    expect(hitCount(range(min, max), k)).toBe(expected);
  });
});

describe('multiWalk: the Multi target walk (rules document 7.2; RULES-FROM-TRANSCRIPTS §3.4)', () => {
  it('the document example (K = 5, A = 3, hits = 4) hits Matador twice and Kotone and Black Rider once', () => {
    const visits = multiWalk(['Kotone', 'Black Rider', 'Matador'], 5, 4);
    const count = (name: string) => visits.filter((v) => v === name).length;
    expect([count('Matador'), count('Kotone'), count('Black Rider')]).toEqual([2, 1, 1]);
  });

  it('with the course direction (i even → towards higher indices) that example visits Matador, Kotone, Black Rider, Matador', () => {
    // i = 5 mod 3 = 2: start at R[2], step +1 with wrap-around (RULES-FROM-TRANSCRIPTS §3.4).
    expect(multiWalk(['Kotone', 'Black Rider', 'Matador'], 5, 4)).toEqual(['Matador', 'Kotone', 'Black Rider', 'Matador']);
  });

  it('the course example: K = 2, R = [Demi-Fiend, Alilat, Metatron, Azrael], hits = 3 visits Metatron, Azrael, Demi-Fiend', () => {
    // E3-MultiTargetOffensive-Tests/097.txt:469-481 (the document's "left" would give Metatron, Alilat, Demi-Fiend).
    expect(multiWalk(['Demi-Fiend', 'Alilat', 'Metatron', 'Azrael'], 2, 3)).toEqual(['Metatron', 'Azrael', 'Demi-Fiend']);
  });

  it.each([
    // [R, K, hits, expected, why]
    [['a', 'b', 'c'], 1, 4, ['b', 'a', 'c', 'b'], 'i = 1 is odd: towards lower indices, wrapping from the first to the last'],
    [['a', 'b', 'c'], 2, 3, ['c', 'a', 'b'], 'i = 2 is even: towards higher indices, wrapping from the last to the first'],
    [['a', 'b', 'c', 'd'], 3, 6, ['d', 'c', 'b', 'a', 'd', 'c'], 'i = 3 is odd: more hits than units go round again'],
    [['a', 'b', 'c', 'd'], 4, 5, ['a', 'b', 'c', 'd', 'a'], 'i = 4 mod 4 = 0 is even'],
    [['a'], 7, 3, ['a', 'a', 'a'], 'a single unit takes every hit'],
  ] as const)('R = %j, K = %i, hits = %i visits %j (%s)', (r, k, hits, expected, _why) => {
    expect(multiWalk(r, k, hits)).toEqual(expected);
  });

  it('an empty R gives no visit', () => {
    expect(multiWalk([], 3, 4)).toEqual([]);
  });

  it('in a real battle, Myriad Arrows with K = 1 on a full board hits slots B, A and D and never C', () => {
    // K = 1 after Tarukaja: hits = 2 + 1 mod 3 = 3; A = 4, i = 1 (odd) → R[1], R[0], R[3] (course direction;
    // the document's direction would give R[1], R[2], R[3]). Hits print in board order (§3.4).
    // Flynn Skl 121, Power 280: ⌊√33880 × 1.25 (Tarukaja)⌋ = ⌊184.07 × 1.25⌋ = 230 on Gun-Neutral targets.
    const b = createBattle(teamFile(
      { samurai: 'Flynn', skills: ['Tarukaja', 'Myriad Arrows'], monsters: ['Jack Frost'] },
      { samurai: 'Itsuki', monsters: ['Ogre', 'Vasuki', 'Mithras'] },
    ));
    b.choose('3', '1'); // Tarukaja: K = 1
    b.pass(); // Jack Frost
    b.choose('3', '2'); // Myriad Arrows (Multi: no target menu)
    expect(lastActionResult(b.lines)).toEqual([
      'Flynn dispara a Itsuki',
      'Itsuki recibe 230 de daño',
      'Itsuki termina con HP:906/1136',
      'Flynn dispara a Ogre',
      'Ogre recibe 230 de daño',
      'Ogre termina con HP:383/613', // Ogre holds Life Gain: 511 + ⌊511 × 20 / 100⌋ = 613 (smt-extensions 1.4)
      'Flynn dispara a Mithras',
      'Mithras recibe 230 de daño',
      'Mithras termina con HP:63/293',
    ]);
    expectNoLine(b.lines, 'Flynn dispara a Vasuki');
  });
});

describe('partyTargets: own living board units, the user last (RULES-FROM-TRANSCRIPTS §3.8)', () => {
  it('a samurai user comes after its monsters (E3-MultiTargetHeal-Tests/002.txt:1720-1731)', () => {
    const state = buildState(teamFile({ samurai: 'Flynn', monsters: ['Jack Frost', 'Pyro Jack', 'Melchom'] }, { samurai: 'Kei' }));
    const team = state.teams[0];
    expect(partyTargets(team, team.samurai).map((u) => u.name)).toEqual(['Jack Frost', 'Pyro Jack', 'Melchom', 'Flynn']);
  });

  it('a monster user keeps board order for the others, then itself (E3-Random-Tests/001.txt:1574-1585)', () => {
    const state = buildState(teamFile({ samurai: 'Flynn', monsters: ['Jack Frost', 'Pyro Jack', 'Melchom'] }, { samurai: 'Kei' }));
    const team = state.teams[0];
    expect(partyTargets(team, team.monsters[0]!).map((u) => u.name)).toEqual(['Flynn', 'Pyro Jack', 'Melchom', 'Jack Frost']);
  });

  it('a dead samurai on the board is skipped (§3.14: including it contradicts 15 transcripts)', () => {
    const state = buildState(teamFile({ samurai: 'Flynn', monsters: ['Jack Frost', 'Pyro Jack'] }, { samurai: 'Kei' }));
    const team = state.teams[0];
    die(team.samurai);
    expect(partyTargets(team, team.monsters[1]!).map((u) => u.name)).toEqual(['Jack Frost', 'Pyro Jack']);
  });
});

describe('universalTargets (Silent Prayer; RULES-FROM-TRANSCRIPTS §3.9)', () => {
  it('lists own units but the user, the rival board, then the user — grouped by name (E4-Random-Tests/435.txt:1004-1021)', () => {
    // Both samurai are Demi-Fiend: the rival Demi-Fiend pulls the user forward next to it.
    const state = buildState(teamFile({ samurai: 'Demi-Fiend', monsters: ['Jack Frost', 'Pyro Jack'] }, { samurai: 'Demi-Fiend', monsters: ['Melchom'] }));
    const [own, other] = state.teams;
    const list = universalTargets(own, other, own.samurai);
    expect(list.map((u) => `${u.name}/J${u.player + 1}`)).toEqual(['Jack Frost/J1', 'Pyro Jack/J1', 'Demi-Fiend/J2', 'Demi-Fiend/J1', 'Melchom/J2']);
  });

  it('includes dead samurai on both boards (E4-Random-Tests/149.txt:4128)', () => {
    const state = buildState(teamFile({ samurai: 'Flynn', monsters: ['Jack Frost'] }, { samurai: 'Kei', monsters: ['Melchom'] }));
    const [own, other] = state.teams;
    die(own.samurai);
    die(other.samurai);
    expect(universalTargets(own, other, own.monsters[0]!).map((u) => u.name)).toEqual(['Flynn', 'Kei', 'Melchom', 'Jack Frost']);
  });
});

describe('deadAllies: the revive menu (RULES-FROM-TRANSCRIPTS §3.6)', () => {
  it('lists the dead samurai first, then dead reserve monsters in roster order', () => {
    const state = buildState(teamFile({ samurai: 'Flynn', monsters: ['Jack Frost', 'Pyro Jack', 'Melchom', 'High Pixie', 'Leanan Sidhe'] }, { samurai: 'Kei' }));
    const team = state.teams[0];
    const [, , , highPixie, leanan] = team.monsters;
    die(leanan!);
    die(highPixie!);
    die(team.samurai);
    expect(deadAllies(team).map((u) => u.name)).toEqual(['Flynn', 'High Pixie', 'Leanan Sidhe']);
  });
});

describe('roundOrder: Spd descending, ties to the leftmost slot (rules document 5.1)', () => {
  it('Joker (54), Agathion (15), Leanan Sidhe (15), Nue (32) act as Joker, Nue, Agathion, Leanan Sidhe', () => {
    const state = buildState(teamFile({ samurai: 'Joker', monsters: ['Agathion', 'Leanan Sidhe', 'Nue'] }, { samurai: 'Yu' }));
    expect(roundOrder(state.teams[0]).map((u) => u.name)).toEqual(['Joker', 'Nue', 'Agathion', 'Leanan Sidhe']);
  });

  it('the tie goes to the leftmost slot whatever the roster says: Leanan Sidhe before Agathion when it sits left of it', () => {
    const state = buildState(teamFile({ samurai: 'Joker', monsters: ['Leanan Sidhe', 'Agathion', 'Nue'] }, { samurai: 'Yu' }));
    expect(roundOrder(state.teams[0]).map((u) => u.name)).toEqual(['Joker', 'Nue', 'Leanan Sidhe', 'Agathion']);
  });

  it('a Lesson passive counts: Speed Lesson (+10) lifts a Spd 52 samurai above a Spd 55 monster (smt-extensions 1.3)', () => {
    const plain = buildState(teamFile({ samurai: 'Nahobino', monsters: ['Kaiwan'] }, { samurai: 'Yu' }));
    expect(roundOrder(plain.teams[0]).map((u) => u.name)).toEqual(['Kaiwan', 'Nahobino']);
    const lesson = buildState(teamFile({ samurai: 'Nahobino', skills: ['Speed Lesson'], monsters: ['Kaiwan'] }, { samurai: 'Yu' }));
    expect(roundOrder(lesson.teams[0]).map((u) => u.name)).toEqual(['Nahobino', 'Kaiwan']);
  });

  it('dead units are left out', () => {
    const state = buildState(teamFile({ samurai: 'Joker', monsters: ['Agathion', 'Leanan Sidhe', 'Nue'] }, { samurai: 'Yu' }));
    die(state.teams[0].samurai);
    expect(roundOrder(state.teams[0]).map((u) => u.name)).toEqual(['Nue', 'Agathion', 'Leanan Sidhe']);
  });
});
