/**
 * Death and the end of the game (rules document 5; RULES-FROM-TRANSCRIPTS §3.5, §3.11): a dead monster
 * leaves the board, a dead samurai stays in slot A, and a side with no living unit on the board loses even
 * with living monsters in its reserve. Demi-Fiend's Atacar is ⌊273 · 54 · 0.0114⌋ = ⌊168.06⌋ = 168.
 */
import { describe, expect, it } from 'vitest';
import { createBattle, lastActionResult, lastStatus, menuChoices, teamFile, winnerLine } from '../helpers/smt.js';

describe('death on the board', () => {
  it('a dead monster leaves the board: its slot prints "B-" and it leaves the Orden', () => {
    const b = createBattle(teamFile({ samurai: 'Demi-Fiend' }, { samurai: 'Flynn', monsters: ['Melchom', 'Jack Frost'] }));
    b.choose('1', '2');
    expect(lastActionResult(b.lines)).toEqual(['Demi-Fiend ataca a Melchom', 'Melchom recibe 168 de daño', 'Melchom termina con HP:0/71']);
    const status = lastStatus(b.lines);
    expect(status.boards[1]).toEqual(['A-Flynn HP:971/971 MP:527/527', 'B-', 'C-Jack Frost HP:103/103 MP:113/113', 'D-']);
    expect(status.order).toEqual(['Flynn', 'Jack Frost']);
    expect(status.full).toBe(2); // Full Turns = living units on the board
  });

  it('a dead samurai stays in slot A with HP:0, keeps naming the round, and is neither in the Orden nor a target', () => {
    // Nanashi has 140 HP.
    const b = createBattle(teamFile({ samurai: 'Demi-Fiend' }, { samurai: 'Nanashi', monsters: ['Jack Frost'] }));
    b.choose('1', '1');
    expect(b.lines).toContain('Nanashi termina con HP:0/140');
    expect(b.lines).toContain('Ronda de Nanashi (J2)');
    const status = lastStatus(b.lines);
    expect(status.boards[1][0]).toBe('A-Nanashi HP:0/140 MP:411/411');
    expect(status.order).toEqual(['Jack Frost']);
    expect(status.full).toBe(1);
    expect(winnerLine(b.lines)).toBeUndefined();
    b.pass(); // Jack Frost: its Full Turn becomes a Blinking Turn
    b.pass(); // …which it passes too
    b.choose('1'); // Demi-Fiend: Atacar
    expect(menuChoices(b.lines)).toEqual(['Jack Frost', 'Cancelar']);
  });
});

describe('the end of the game (rules document 5; RULES-FROM-TRANSCRIPTS §3.11)', () => {
  it('a side with no living unit on the board loses although its reserve has a living monster', () => {
    // Megidolaon (Almighty, All, Power 320) from Mag 300: ⌊√96000⌋ = 309 on each of Nanashi (140), Melchom (71),
    // Jack Frost (103), Leanan Sidhe (108); High Pixie waits in the reserve.
    const b = createBattle(teamFile({ samurai: 'Demi-Fiend', skills: ['Megidolaon'] }, { samurai: 'Nanashi', monsters: ['Melchom', 'Jack Frost', 'Leanan Sidhe', 'High Pixie'] }));
    b.choose('3', '1');
    expect(lastActionResult(b.lines).filter((l) => l.endsWith('recibe 309 de daño'))).toHaveLength(4);
    expect(b.lines[b.lines.length - 1]).toBe('Ganador: Demi-Fiend (J1)');
    expect(b.ended).toBe(true);
    expect(b.finish()).toBe(0);
  });

  it('the game goes on while a monster lives on the board beside a dead samurai', () => {
    const b = createBattle(teamFile({ samurai: 'Demi-Fiend' }, { samurai: 'Nanashi', monsters: ['Jack Frost'] }));
    b.choose('1', '1');
    expect(b.ended).toBe(false);
    expect(b.actor()).toBe('Jack Frost');
  });

  it('the winner line names the winning samurai even when that samurai is dead (§3.11: 38 course games)', () => {
    // J1 Nanashi (Lck 46) + Mudo (30) = 76 ≥ Tadano's Lck 43: Tadano dies, Michael stays on J2's board.
    // Michael's God's Fire (Fire, All, Power 300) from Mag 88: ⌊√26400⌋ = 162 ≥ Nanashi's 140 HP.
    const b = createBattle(teamFile({ samurai: 'Nanashi', skills: ['Mudo'] }, { samurai: 'Tadano', monsters: ['Michael'] }));
    b.choose('3', '1', '1');
    expect(b.lines).toContain('Tadano ha sido eliminado');
    expect(b.actor()).toBe('Michael');
    b.choose('2', '1');
    expect(b.lines).toContain('Nanashi termina con HP:0/140');
    expect(b.lines.slice(-1)).toEqual(['Ganador: Tadano (J2)']);
  });

  it('a player whose own action empties its board loses (RULES-FROM-TRANSCRIPTS §3.11, E2-Random-Tests/127.txt:4292-4299)', () => {
    // Flynn, J1's only unit, casts Mudo on Nahobino (Dark Rp): the kill comes back to Flynn.
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Mudo'] }, { samurai: 'Nahobino' }));
    b.choose('3', '1', '1');
    expect(b.lines.slice(-1)).toEqual(['Ganador: Nahobino (J2)']);
  });

  it('surrender ends the game at once with no turn report (E1-BasicCombat-Tests/002.txt:41-45)', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn' }, { samurai: 'Kei' }));
    const out = b.choose('6');
    expect(out).toEqual(['INPUT: 6', '-'.repeat(40), 'Flynn (J1) se rinde', '-'.repeat(40), 'Ganador: Kei (J2)']);
  });
});
