/**
 * The action order (`Orden`) and the reserve (rules document 5.1; RULES-FROM-TRANSCRIPTS §3.5, §3.7):
 * rotation after each action, summons that swap or fill an empty slot, and the reserve kept in roster
 * order. Real battles on the project catalogue.
 */
import { describe, expect, it } from 'vitest';
import { createBattle, lastStatus, lastTurnReport, menuChoices, pendingMenu, statuses, teamFile } from '../helpers/smt.js';

describe('rotation (rules document 5.1)', () => {
  it('the round starts by Spd with ties to the left, and the unit that acted goes to the end: Joker, Nue, Agathion, Leanan Sidhe → Nue, Agathion, Leanan Sidhe, Joker', () => {
    // The document's own example: Joker 54, Agathion 15, Leanan Sidhe 15, Nue 32 (figures 6 and 7).
    const b = createBattle(teamFile({ samurai: 'Joker', monsters: ['Agathion', 'Leanan Sidhe', 'Nue'] }, { samurai: 'Yu' }));
    expect(lastStatus(b.lines).order).toEqual(['Joker', 'Nue', 'Agathion', 'Leanan Sidhe']);
    expect(b.actor()).toBe('Joker');
    b.pass();
    expect(lastStatus(b.lines).order).toEqual(['Nue', 'Agathion', 'Leanan Sidhe', 'Joker']);
    expect(b.actor()).toBe('Nue');
    b.choose('1', '1'); // Nue attacks Yu
    expect(lastStatus(b.lines).order).toEqual(['Agathion', 'Leanan Sidhe', 'Joker', 'Nue']);
    expect(b.actor()).toBe('Agathion');
  });

  it('a new round re-sorts by Spd, whatever the order at the end of the last one', () => {
    const b = createBattle(teamFile({ samurai: 'Joker', monsters: ['Agathion', 'Leanan Sidhe', 'Nue'] }, { samurai: 'Yu' }));
    b.passRound(); // J1
    b.passRound(); // J2
    const rounds = statuses(b.lines).filter((s) => s.order.includes('Joker'));
    expect(rounds[0]!.order).toEqual(['Joker', 'Nue', 'Agathion', 'Leanan Sidhe']);
    expect(lastStatus(b.lines).order).toEqual(['Joker', 'Nue', 'Agathion', 'Leanan Sidhe']);
    expect(lastStatus(b.lines)).toMatchObject({ full: 4, blinking: 0 });
  });
});

describe('summons and the order (rules document 5.1; RULES-FROM-TRANSCRIPTS §3.5, §3.7)', () => {
  // Roster: Melchom (Spd 10), Jack Frost (15), Pyro Jack (21) on the board; High Pixie, Leanan Sidhe in reserve.
  const ROSTER = ['Melchom', 'Jack Frost', 'Pyro Jack', 'High Pixie', 'Leanan Sidhe'];
  const SWAP_TEAMS = teamFile({ samurai: 'Flynn', monsters: ROSTER }, { samurai: 'Kei' });

  it('a swap puts the incoming monster in the outgoing one\'s place, in the slot and in the order', () => {
    const b = createBattle(SWAP_TEAMS);
    expect(lastStatus(b.lines).order).toEqual(['Flynn', 'Pyro Jack', 'Jack Frost', 'Melchom']);
    b.choose('4'); // Flynn: Invocar
    expect(pendingMenu(b.lines)[0]).toBe('Seleccione un monstruo para invocar');
    expect(menuChoices(b.lines)).toEqual(['High Pixie', 'Leanan Sidhe', 'Cancelar']);
    b.choose('2'); // Leanan Sidhe
    expect(pendingMenu(b.lines)).toEqual([
      'Seleccione una posición para invocar',
      '1-Melchom HP:71/71 MP:67/67 (Puesto 2)',
      '2-Jack Frost HP:103/103 MP:113/113 (Puesto 3)',
      '3-Pyro Jack HP:137/137 MP:144/144 (Puesto 4)', // Mana Bonus: 131 + ⌊131 × 10 / 100⌋
      '4-Cancelar',
    ]);
    b.choose('1'); // into slot B, replacing Melchom
    expect(b.lines).toContain('Leanan Sidhe ha sido invocado');
    // Invocar costs like Pasar Turno: one Full Turn, +1 Blinking.
    expect(lastTurnReport(b.lines)).toEqual({ full: 1, blinking: 0, gained: 1 });
    const status = lastStatus(b.lines);
    expect(status.boards[0][1]).toBe('B-Leanan Sidhe HP:108/108 MP:94/94'); // Life Bonus: 99 + 9
    // Leanan Sidhe (Spd 15) takes Melchom's place (last), then Flynn rotates to the end.
    expect(status.order).toEqual(['Pyro Jack', 'Jack Frost', 'Leanan Sidhe', 'Flynn']);
  });

  it('a monster\'s Invocar swaps itself out: no position menu, and the newcomer takes its place at the end', () => {
    const b = createBattle(SWAP_TEAMS);
    b.pass(); // Flynn
    expect(b.actor()).toBe('Pyro Jack');
    b.choose('3'); // Pyro Jack: Invocar
    b.choose('1'); // High Pixie, straight into Pyro Jack's slot D
    expect(lastStatus(b.lines).boards[0][3]).toBe('D-High Pixie HP:179/179 MP:172/172');
    expect(lastStatus(b.lines).order).toEqual(['Jack Frost', 'Melchom', 'Flynn', 'High Pixie']);
  });

  it('the reserve stays in roster order, whoever enters it and when (E2-PassTurnSummon-Tests/002.txt:211-213)', () => {
    const b = createBattle(SWAP_TEAMS);
    b.choose('4', '2', '1'); // Flynn swaps Leanan Sidhe in for Melchom: reserve = Melchom, High Pixie
    expect(b.actor()).toBe('Pyro Jack');
    b.choose('3'); // Pyro Jack: Invocar
    // Roster order, not "appended at the end" (High Pixie, Melchom).
    expect(menuChoices(b.lines)).toEqual(['Melchom', 'High Pixie', 'Cancelar']);
    b.choose('2'); // High Pixie replaces Pyro Jack: reserve = Melchom, Pyro Jack
    expect(b.actor()).toBe('Jack Frost');
    b.choose('3'); // Jack Frost: Invocar
    // Roster order, not "inserted at the front" (Pyro Jack, Melchom).
    expect(menuChoices(b.lines)).toEqual(['Melchom', 'Pyro Jack', 'Cancelar']);
  });

  it('a summon into an empty slot is appended to the order and adds no Full Turn (E3-MultiTargetOffensive-Tests/099.txt:3173-3212)', () => {
    // J1 Demi-Fiend kills J2's Melchom (⌊273 · 54 · 0.0114⌋ = 168 ≥ 71); J2's Flynn then fills the empty slot B.
    const b = createBattle(teamFile({ samurai: 'Demi-Fiend' }, { samurai: 'Flynn', monsters: ['Melchom', 'Jack Frost', 'Pyro Jack', 'High Pixie'] }));
    b.choose('1', '2');
    expect(b.lines).toContain('Melchom termina con HP:0/71');
    let status = lastStatus(b.lines);
    expect(status.boards[1][1]).toBe('B-');
    expect(status).toMatchObject({ full: 3, blinking: 0, order: ['Flynn', 'Pyro Jack', 'Jack Frost'] });
    b.choose('4'); // Flynn: Invocar — only the living reserve monster is offered
    expect(pendingMenu(b.lines)).toEqual(['Seleccione un monstruo para invocar', '1-High Pixie HP:179/179 MP:172/172', '2-Cancelar']);
    b.choose('1');
    expect(pendingMenu(b.lines)[1]).toBe('1-Vacío (Puesto 2)');
    b.choose('1');
    status = lastStatus(b.lines);
    expect(status.boards[1][1]).toBe('B-High Pixie HP:179/179 MP:172/172');
    expect(status.order).toEqual(['Pyro Jack', 'Jack Frost', 'High Pixie', 'Flynn']);
    // 3 Full − 1 + 1 Blinking: the newcomer brings no extra Full Turn.
    expect(status).toMatchObject({ full: 2, blinking: 1 });
  });

  it('a dead monster goes back to the reserve in roster order and is not offered by Invocar', () => {
    const b = createBattle(teamFile({ samurai: 'Demi-Fiend' }, { samurai: 'Flynn', monsters: ['Melchom', 'Jack Frost', 'Pyro Jack', 'High Pixie', 'Leanan Sidhe'] }));
    b.choose('1', '2'); // Melchom dies
    b.choose('4');
    expect(menuChoices(b.lines)).toEqual(['High Pixie', 'Leanan Sidhe', 'Cancelar']);
  });
});
