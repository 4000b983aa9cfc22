/**
 * The six affinities (rules document 3.2, 6.2, Cuadro 2) and what overrides them: passive affinity skills
 * (7.8), Tetrakarn and Makarakarn (7.6). Real battles on the project catalogue; Flynn's Atacar base is
 * 143 · 54 · 0.0114 = 88.0308 (E1-BasicCombat-Tests/001.txt:49 "Itsuki recibe 88 de daño").
 */
import { describe, expect, it } from 'vitest';
import { attackAffinity, innateAffinity } from '../../src/rulesets/smt/affinity.js';
import { buildState, createBattle, expectLine, expectNoLine, lastActionResult, lastTurnReport, teamFile, turnReports } from '../helpers/smt.js';

/** Flynn (J1, with `monsters` for extra Full Turns) attacks J2's unit `target` (1-based target menu index). */
function flynnAttacks(j2: { samurai: string; skills?: string[]; monsters?: string[] }, target: number, monsters: string[] = []) {
  const b = createBattle(teamFile({ samurai: 'Flynn', monsters }, j2));
  b.choose('1', String(target));
  return b;
}

describe('the six affinities on a basic attack (rules document 6.2; RULES-FROM-TRANSCRIPTS §2.3, §3.12)', () => {
  it('Neutral: no affinity line, full damage, one Full Turn (E1-BasicCombat-Tests/001.txt:48-53)', () => {
    const b = flynnAttacks({ samurai: 'Itsuki' }, 1);
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Itsuki', 'Itsuki recibe 88 de daño', 'Itsuki termina con HP:1048/1136']);
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 0 });
  });

  it('Weak: a weak line, ×1.5 damage, one Full Turn consumed and one Blinking Turn gained', () => {
    const b = flynnAttacks({ samurai: 'Itsuki', monsters: ['Kanbari'] }, 2);
    expect(lastActionResult(b.lines)).toEqual([
      'Flynn ataca a Kanbari',
      'Kanbari es débil contra el ataque de Flynn',
      'Kanbari recibe 132 de daño',
      'Kanbari termina con HP:218/350',
    ]);
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 1 });
  });

  it('Resist: a resist line (worded "es resistente el ataque de"), ×0.5 damage, one turn', () => {
    const b = flynnAttacks({ samurai: 'Kei' }, 1);
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Kei', 'Kei es resistente el ataque de Flynn', 'Kei recibe 44 de daño', 'Kei termina con HP:716/760']);
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 0 });
  });

  it('Null: a block line, no damage line, HP unchanged, two turns (E2-AffinityAndBasicSkills-Tests/005.txt:97-101)', () => {
    const b = flynnAttacks({ samurai: 'Demi-Fiend' }, 1, ['Jack Frost', 'Pyro Jack']);
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Demi-Fiend', 'Demi-Fiend bloquea el ataque de Flynn', 'Demi-Fiend termina con HP:1227/1227']);
    expect(lastTurnReport(b.lines)).toEqual({ full: 2, blinking: 0, gained: 0 });
  });

  it('Repel: the damage goes back to the attacker, whose termina line follows; every turn is consumed', () => {
    const b = flynnAttacks({ samurai: 'Itsuki', monsters: ['Girimekhala'] }, 2, ['Jack Frost', 'Pyro Jack', 'Melchom']);
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Girimekhala', 'Girimekhala devuelve 88 daño a Flynn', 'Flynn termina con HP:883/971']);
    expectNoLine(b.lines, /^Girimekhala termina con HP/);
    expect(lastTurnReport(b.lines)).toEqual({ full: 4, blinking: 0, gained: 0 });
  });

  it('Drain: the target heals by the damage it would have taken (HP capped at max), every turn is consumed', () => {
    // Siegfried: Gun Wk, Phys Dr. Disparar: ⌊121 · 80 · 0.0114 · 1.5⌋ = ⌊165.53⌋ = 165 → 332/497 and +1 Blinking;
    // then Atacar: absorbs 88 → 420/497, using up the Blinking Turn (E2-AffinityAndBasicSkills-Tests/018.txt:378-382).
    const b = createBattle(teamFile({ samurai: 'Flynn' }, { samurai: 'Itsuki', monsters: ['Siegfried'] }));
    b.choose('2', '2');
    expectLine(b.lines, 'Siegfried termina con HP:332/497');
    b.choose('1', '2');
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Siegfried', 'Siegfried absorbe 88 daño', 'Siegfried termina con HP:420/497']);
    expect(turnReports(b.lines)).toEqual([
      { full: 1, blinking: 0, gained: 1 },
      { full: 0, blinking: 1, gained: 0 },
    ]);
  });

  it('Drain on a skill: Agathion (Fire Dr) absorbs Flynn\'s Agi and stays at its max HP', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Agi'] }, { samurai: 'Itsuki', monsters: ['Agathion'] }));
    b.choose('3', '1', '2');
    expect(lastActionResult(b.lines)).toEqual(['Flynn lanza fuego a Agathion', 'Agathion absorbe 106 daño', 'Agathion termina con HP:104/104']);
  });

  it('Almighty is Neutral for everyone, even for a unit that nulls every element', () => {
    const state = buildState(teamFile({ samurai: 'Flynn' }, { samurai: 'Demi-Fiend' }));
    expect(attackAffinity(state.teams[1].samurai, 'Almighty')).toBe('Neutral');
  });
});

describe('passive affinity skills override the catalogue (rules document 7.8; smt-extensions 1.1)', () => {
  it('"Drain Phys" on a samurai turns Kei\'s innate Phys Resist into Drain (E4-MultiTargetSupport-Tests/004.txt:308)', () => {
    const b = flynnAttacks({ samurai: 'Kei', skills: ['Drain Phys'] }, 1);
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Kei', 'Kei absorbe 88 daño', 'Kei termina con HP:760/760']);
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 0 });
  });

  it('the replacement is literal, even when weaker: "Resist Phys" on Demi-Fiend (innate Phys Null) gives Resist', () => {
    const b = flynnAttacks({ samurai: 'Demi-Fiend', skills: ['Resist Phys'] }, 1);
    expectLine(b.lines, 'Demi-Fiend es resistente el ataque de Flynn');
    expectLine(b.lines, 'Demi-Fiend recibe 44 de daño');
  });

  it('with several passives for one element the strongest wins, whatever the team-file order (Drain > Repel > Null > Resist)', () => {
    const a = buildState(teamFile({ samurai: 'Itsuki', skills: ['Resist Fire', 'Drain Fire', 'Null Fire'] }, { samurai: 'Kei' }));
    const b = buildState(teamFile({ samurai: 'Itsuki', skills: ['Null Fire', 'Drain Fire', 'Resist Fire'] }, { samurai: 'Kei' }));
    expect(innateAffinity(a.teams[0].samurai, 'Fire')).toBe('Drain');
    expect(innateAffinity(b.teams[0].samurai, 'Fire')).toBe('Drain');
  });

  it('a monster\'s catalogue passive counts too: Kangiten drains Fire through "Drain Fire"', () => {
    const state = buildState(teamFile({ samurai: 'Flynn' }, { samurai: 'Kei', monsters: ['Kangiten'] }));
    expect(attackAffinity(state.teams[1].monsters[0]!, 'Fire')).toBe('Drain');
  });
});

describe('Tetrakarn and Makarakarn beat every affinity (rules document 7.6; RULES-FROM-TRANSCRIPTS §3.9)', () => {
  it('Tetrakarn makes Demi-Fiend (innate Phys Null) repel an attack, until the start of its own next round', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn' }, { samurai: 'Demi-Fiend', skills: ['Tetrakarn'] }));
    b.passRound(); // J1
    b.choose('3', '1'); // Demi-Fiend: Tetrakarn (Party → itself)
    expectLine(b.lines, 'Demi-Fiend devolverá ataques físicos o disparos por una ronda');
    b.choose('1', '1'); // Flynn attacks
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Demi-Fiend', 'Demi-Fiend devuelve 88 daño a Flynn', 'Flynn termina con HP:883/971']);
    b.passRound(); // J2's round starts: the karn expires
    b.choose('1', '1');
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Demi-Fiend', 'Demi-Fiend bloquea el ataque de Flynn', 'Demi-Fiend termina con HP:1227/1227']);
  });

  it('Tetrakarn also beats a passive Drain Phys (E4-MultiTargetSupport-Tests/004.txt:224-228)', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn' }, { samurai: 'Kei', skills: ['Drain Phys', 'Tetrakarn'] }));
    b.passRound();
    b.choose('3', '1'); // Tetrakarn (the passive is not listed)
    b.choose('1', '1');
    expectLine(b.lines, 'Kei devuelve 88 daño a Flynn');
    expectNoLine(b.lines, /absorbe/);
  });

  it('Makarakarn reflects a magic skill: Kei sends Flynn\'s Agi back (⌊√(143·80)⌋ = 106, no grade or affinity)', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Agi'] }, { samurai: 'Kei', skills: ['Makarakarn'] }));
    b.passRound();
    b.choose('3', '1');
    expectLine(b.lines, 'Kei devolverá ataques mágicos por una ronda');
    b.choose('3', '1', '1');
    expect(lastActionResult(b.lines)).toEqual(['Flynn lanza fuego a Kei', 'Kei devuelve 106 daño a Flynn', 'Flynn termina con HP:865/971']);
  });

  it('Makarakarn does not reflect a drain skill: Life Drain takes ⌊√(143·30)⌋ = 65 HP from Kei', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Life Drain'] }, { samurai: 'Kei', skills: ['Makarakarn'] }));
    b.passRound();
    b.choose('3', '1');
    b.choose('3', '1', '1');
    expect(lastActionResult(b.lines)).toEqual([
      'Flynn lanza un ataque todo poderoso a Kei',
      'El ataque drena 65 HP de Kei',
      'Kei termina con HP:695/760',
      'Flynn termina con HP:971/971',
    ]);
    expectNoLine(b.lines, /devuelve/);
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 0 });
  });

  it('Makarakarn does not cover physical attacks: Kei under Makarakarn still resists Flynn\'s Atacar', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn' }, { samurai: 'Kei', skills: ['Makarakarn'] }));
    b.passRound();
    b.choose('3', '1');
    b.choose('1', '1');
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca a Kei', 'Kei es resistente el ataque de Flynn', 'Kei recibe 44 de daño', 'Kei termina con HP:716/760']);
  });
});
