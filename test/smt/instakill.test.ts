/**
 * Light and Dark instant kills (rules document 7.5, Cuadro 3; RULES-FROM-TRANSCRIPTS §3.10, §3.9 Tetraja):
 * the luck thresholds at their boundary, Weak, Null, Repel, Tetraja and Makarakarn, through real battles on
 * the project catalogue (data/smt). Lck values are the catalogue's.
 */
import { describe, expect, it } from 'vitest';
import { createBattle, expectLine, expectNoLine, lastActionResult, lastStatus, lastTurnReport, teamFile, winnerLine } from '../helpers/smt.js';

/** J1 = the user alone (its only skill is `skill`); J2 = the target, as samurai or as monster in slot B. */
function castOn(user: string, skill: string, target: { samurai: string } | { monster: string }) {
  const j2 = 'samurai' in target ? { samurai: target.samurai } : { samurai: 'Yu', monsters: [target.monster] };
  const b = createBattle(teamFile({ samurai: user, skills: [skill] }, j2));
  b.choose('3', '1', 'samurai' in target ? '1' : '2');
  return b;
}

const verb = (skill: string) => (/^(Ha|Ma?ha)/.test(skill) ? 'ataca con luz a' : 'ataca con oscuridad a');

describe('Neutral: kills iff Lck_user + Power ≥ Lck_target (rules document 7.5, Cuadro 3)', () => {
  it.each([
    // [user (Lck), skill (Power), target (Lck), kills, HP line]
    ['Kei', 'Hama', 'Dantalion', true, 'Dantalion termina con HP:0/197', '14 + 30 = 44 = Lck 44: the boundary kills'],
    ['Tamaki', 'Hama', 'Orthrus', false, 'Orthrus termina con HP:634/634', '20 + 30 = 50 < Lck 51: one short misses'],
    ['Nanashi', 'Hamaon', 'Tezcatlipoca', true, 'Tezcatlipoca termina con HP:0/432', '46 + 55 = 101 = Lck 101'],
    ['Kei', 'Hamaon', 'Oberon', false, 'Oberon termina con HP:518/518', '14 + 55 = 69 < Lck 70'],
    ['Nanashi', 'Mudo', 'Garuda', false, 'Garuda termina con HP:567/567', '46 + 30 = 76 < Lck 77'],
  ] as const)('%s casting %s on %s kills: %s (%s; %s)', (user, skill, target, kills, hpLine, _why) => {
    const b = castOn(user, skill, { monster: target });
    expect(lastActionResult(b.lines)).toEqual([
      `${user} ${verb(skill)} ${target}`,
      kills ? `${target} ha sido eliminado` : `${user} ha fallado el ataque`,
      hpLine,
    ]);
    // A kill on Neutral and a Miss both cost one Full Turn and grant nothing (Cuadro 2).
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 0 });
  });
});

describe('Resist: kills iff Lck_user + Power ≥ 2 × Lck_target (rules document 7.5, Cuadro 3)', () => {
  it('Aleph (Lck 131) + Mudoon (55) = 186 = 2 × 93 kills Mastema (Dark Rs), with the resist line first', () => {
    const b = castOn('Aleph', 'Mudoon', { monster: 'Mastema' });
    expect(lastActionResult(b.lines)).toEqual([
      'Aleph ataca con oscuridad a Mastema',
      'Mastema es resistente el ataque de Aleph',
      'Mastema ha sido eliminado',
      'Mastema termina con HP:0/399',
    ]);
  });

  it('Shujinko (Lck 130) + Mudoon (55) = 185 < 186 misses Mastema, and a failed Resist prints no resist line (§3.10)', () => {
    const b = castOn('Shujinko', 'Mudoon', { monster: 'Mastema' });
    expect(lastActionResult(b.lines)).toEqual([
      'Shujinko ataca con oscuridad a Mastema',
      'Shujinko ha fallado el ataque',
      'Mastema termina con HP:399/399',
    ]);
  });

  it('Flynn (Lck 95) + Hamaon (55) = 150 = 2 × 75 kills Vasuki (Light Rs)', () => {
    const b = castOn('Flynn', 'Hamaon', { monster: 'Vasuki' });
    expectLine(b.lines, 'Vasuki es resistente el ataque de Flynn');
    expectLine(b.lines, 'Vasuki ha sido eliminado');
  });

  it('Flynn (Lck 95) + Hama (30) = 125 < 2 × 63 misses Kotone, a Light-Resist samurai, though it would kill a Neutral one', () => {
    const b = castOn('Flynn', 'Hama', { samurai: 'Kotone' });
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca con luz a Kotone', 'Flynn ha fallado el ataque', 'Kotone termina con HP:597/597']);
  });
});

describe('Weak, Null and Repel (rules document 7.5, Cuadro 3; Cuadro 2 for the turns)', () => {
  it('Weak always kills, even when luck falls short, and gains a Blinking Turn: Tamaki (20) + Hama (30) = 50 < Girimekhala Lck 53', () => {
    const b = castOn('Tamaki', 'Hama', { monster: 'Girimekhala' });
    expect(lastActionResult(b.lines)).toEqual([
      'Tamaki ataca con luz a Girimekhala',
      'Girimekhala es débil contra el ataque de Tamaki',
      'Girimekhala ha sido eliminado',
      'Girimekhala termina con HP:0/653',
    ]);
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 1 });
    expect(lastStatus(b.lines)).toMatchObject({ full: 0, blinking: 1 });
    // The dead monster has left J2's board.
    expect(lastStatus(b.lines).boards[1][1]).toBe('B-');
  });

  it('Null always blocks and costs two Full Turns: Flynn\'s Mudo on Joker (Dark Nu) ends J1\'s two-unit round', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Mudo'], monsters: ['Jack Frost'] }, { samurai: 'Joker' }));
    const out = b.choose('3', '1', '1');
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca con oscuridad a Joker', 'Joker bloquea el ataque de Flynn', 'Joker termina con HP:597/597']);
    expect(lastTurnReport(b.lines)).toEqual({ full: 2, blinking: 0, gained: 0 });
    expect(out).toContain('Ronda de Joker (J2)');
  });

  it('Repel kills the user and consumes every turn: Nahobino (Dark Rp) sends Flynn\'s Mudo back', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Mudo'], monsters: ['Jack Frost'] }, { samurai: 'Nahobino' }));
    b.choose('3', '1', '1');
    expect(lastActionResult(b.lines)).toEqual([
      'Flynn ataca con oscuridad a Nahobino',
      'Nahobino devuelve el ataque a Flynn y lo elimina',
      'Flynn termina con HP:0/971',
    ]);
    expect(lastTurnReport(b.lines)).toEqual({ full: 2, blinking: 0, gained: 0 });
    // The dead samurai stays in slot A (MP paid: 527 − 6).
    expect(lastStatus(b.lines).boards[0][0]).toBe('A-Flynn HP:0/971 MP:521/527');
  });

  it('a Repel that kills the last unit of the acting player makes the rival win (§3.11)', () => {
    const b = castOn('Flynn', 'Mudo', { samurai: 'Nahobino' });
    expect(winnerLine(b.lines)).toBe('Ganador: Nahobino (J2)');
  });
});

describe('Tetraja (rules document 7.6; RULES-FROM-TRANSCRIPTS §3.9)', () => {
  it('turns a kill on a Weak target into a plain miss with no affinity line, and is used up by it', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Hama'] }, { samurai: 'Joker', skills: ['Tetraja'] }));
    b.passRound(); // J1
    b.choose('3', '1'); // Joker: Tetraja (Party → itself)
    expectLine(b.lines, 'Joker bloqueará el siquiente ataque de luz o de oscuridad que reciba');
    b.choose('3', '1', '1'); // Flynn: Hama on Joker (Light Wk)
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca con luz a Joker', 'Flynn ha fallado el ataque', 'Joker termina con HP:597/597']);
    expectNoLine(b.lines, 'Joker es débil contra el ataque de Flynn');
    // A miss: one Full Turn, no Blinking gained (not the Weak +1).
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 0 });
    b.passRound(); // J2
    b.choose('3', '1', '1'); // the flag is gone: Hama kills
    expectLine(b.lines, 'Joker ha sido eliminado');
    expect(winnerLine(b.lines)).toBe('Ganador: Flynn (J1)');
  });

  it('is not used up by an attack that would miss anyway; the next would-be kill spends it', () => {
    // Kotone: Light Rs, Lck 63. Hama: 95 + 30 < 126 misses on luck; Hamaon: 95 + 55 = 150 ≥ 126 would kill.
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Hama', 'Hamaon'] }, { samurai: 'Kotone', skills: ['Tetraja'] }));
    b.passRound();
    b.choose('3', '1'); // Tetraja
    b.choose('3', '1', '1'); // Hama: a luck miss
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca con luz a Kotone', 'Flynn ha fallado el ataque', 'Kotone termina con HP:597/597']);
    b.passRound();
    b.choose('3', '2', '1'); // Hamaon: would kill, Tetraja blocks
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca con luz a Kotone', 'Flynn ha fallado el ataque', 'Kotone termina con HP:597/597']);
    b.passRound();
    b.choose('3', '2', '1'); // Hamaon again: kills
    expect(lastActionResult(b.lines)).toEqual([
      'Flynn ataca con luz a Kotone',
      'Kotone es resistente el ataque de Flynn',
      'Kotone ha sido eliminado',
      'Kotone termina con HP:0/597',
    ]);
  });

  it('does not stop a Null block: the action still counts as Null (E4-MultiTargetSupport-Tests/032.txt:269-283)', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Mudo'], monsters: ['Jack Frost'] }, { samurai: 'Joker', skills: ['Tetraja'] }));
    b.passRound();
    b.choose('3', '1');
    b.choose('3', '1', '1'); // Mudo on Joker (Dark Nu)
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca con oscuridad a Joker', 'Joker bloquea el ataque de Flynn', 'Joker termina con HP:597/597']);
    expect(lastTurnReport(b.lines)).toEqual({ full: 2, blinking: 0, gained: 0 });
  });
});

describe('Makarakarn reflects Light and Dark (RULES-FROM-TRANSCRIPTS §3.9, E4-MultiTargetSupport-Tests/024.txt:269-277)', () => {
  it('a Hama on a Makarakarn holder kills its user', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Hama'], monsters: ['Jack Frost'] }, { samurai: 'Kei', skills: ['Makarakarn'] }));
    b.passRound();
    b.choose('3', '1'); // Kei: Makarakarn
    b.choose('3', '1', '1'); // Flynn: Hama on Kei
    expect(lastActionResult(b.lines)).toEqual(['Flynn ataca con luz a Kei', 'Kei devuelve el ataque a Flynn y lo elimina', 'Flynn termina con HP:0/971']);
    expect(lastTurnReport(b.lines)).toEqual({ full: 2, blinking: 0, gained: 0 });
  });
});
