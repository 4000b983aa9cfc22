/**
 * Menus, Cancel and bad input (RULES-FROM-TRANSCRIPTS §3.6, §3.13; smt-extensions 5): every Cancelar goes
 * back to the same unit's action menu with nothing spent, and a rejected line reprints the same menu and
 * changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createSmtBattle, smtSetupFromTexts } from '../../src/rulesets/smt/setup.js';
import {
  SEPARATOR, createBattle, lastStatus, menuChoices, pendingMenu, playBattle, replay, teamFile, TEAM_FILE_NAME,
} from '../helpers/smt.js';

const FLYNN_VS_KEI = teamFile({ samurai: 'Flynn', skills: ['Agi', 'Bouncing Claw'] }, { samurai: 'Kei' });
const FLYNN_MENU = ['Seleccione una acción para Flynn', '1: Atacar', '2: Disparar', '3: Usar Habilidad', '4: Invocar', '5: Pasar Turno', '6: Rendirse'];

describe('Cancelar (RULES-FROM-TRANSCRIPTS §3.6)', () => {
  it.each([
    ['the skill menu', ['3', '3']],
    ['the target menu of a skill (back to the action menu, not the skill menu; E2-Random-Tests/001.txt:517-528)', ['3', '2', '2']],
    ['the target menu of Atacar', ['1', '2']],
    ['the target menu of Disparar', ['2', '2']],
    ['an empty Invocar menu ("1-Cancelar" only)', ['4', '1']],
  ])('in %s returns to the action menu: a separator and the same menu, no board, no turn report', (_where, choices) => {
    const b = createBattle(FLYNN_VS_KEI);
    const out = b.choose(...choices);
    expect(out.slice(-FLYNN_MENU.length - 1)).toEqual([SEPARATOR, ...FLYNN_MENU]);
    expect(out.some((l) => l.startsWith('Se han consumido') || l.startsWith('Equipo de'))).toBe(false);
  });

  it('spends nothing: after every kind of Cancel the game goes on exactly as if they had not happened (no turn, MP or K)', () => {
    const cancels = ['3', '3', '3', '2', '2', '1', '2', '2', '2', '4', '1'];
    // Bouncing Claw (1–3 hits, cost 4) on Kei: with K = 0 it hits once; a K spent by a Cancel would make it 2.
    const action = ['3', '2', '1'];
    const plain = playBattle(FLYNN_VS_KEI, action).lines;
    const cancelled = playBattle(FLYNN_VS_KEI, [...cancels, ...action]).lines;
    const firstMenuEnd = plain.indexOf('6: Rendirse') + 1;
    expect(cancelled.slice(0, firstMenuEnd)).toEqual(plain.slice(0, firstMenuEnd));
    expect(cancelled.slice(cancelled.length - (plain.length - firstMenuEnd))).toEqual(plain.slice(firstMenuEnd));
    expect(plain.filter((l) => l === 'Flynn ataca a Kei')).toHaveLength(1);
    expect(lastStatus(plain).boards[0][0]).toBe('A-Flynn HP:971/971 MP:523/527');
    expect(lastStatus(plain)).toMatchObject({ full: 1, blinking: 0, order: ['Kei'] });
  });

  it('in the position menu returns to the action menu, not to the monster menu (E2-Random-Tests/003.txt:1213-1228)', () => {
    const b = createBattle(teamFile({ samurai: 'Flynn', monsters: ['Melchom', 'Jack Frost', 'Pyro Jack', 'High Pixie'] }, { samurai: 'Kei' }));
    b.choose('4', '1');
    expect(pendingMenu(b.lines)[0]).toBe('Seleccione una posición para invocar');
    b.choose('4');
    expect(pendingMenu(b.lines)).toEqual(FLYNN_MENU);
    expect(lastStatus(b.lines).boards[0][1]).toBe('B-Melchom HP:71/71 MP:67/67');
  });
});

describe('the skill menu (RULES-FROM-TRANSCRIPTS §3.6)', () => {
  it('lists the samurai\'s skills in team-file order, leaves out passives and what MP cannot pay, and ends with Cancelar', () => {
    // Kei has 398 MP: Defender's Gaze (255) is affordable, Drain Phys is a passive.
    const b = createBattle(teamFile({ samurai: 'Kei', skills: ['Zio', 'Drain Phys', "Defender's Gaze", 'Coughing Fit'] }, { samurai: 'Flynn' }));
    b.choose('3');
    expect(pendingMenu(b.lines)).toEqual([
      'Seleccione una habilidad para que Kei use',
      '1-Zio MP:5',
      "2-Defender's Gaze MP:255",
      '3-Coughing Fit MP:0', // cost −1 read as 0 (smt-extensions 4.3)
      '4-Cancelar',
    ]);
  });

  it('a samurai with no usable skill gets just "1-Cancelar" (E1-BasicCombat-Tests/007.txt:96-97: Kyouji, MP 0)', () => {
    const b = createBattle(teamFile({ samurai: 'Kyouji', skills: ['Agi'] }, { samurai: 'Flynn' }));
    b.choose('3');
    expect(menuChoices(b.lines)).toEqual(['Cancelar']);
  });

  it('a monster\'s action menu has four options and no Disparar or Rendirse (rules document 4.1, Cuadro 1)', () => {
    const b = createBattle(teamFile({ samurai: 'Kei', monsters: ['Nue'] }, { samurai: 'Flynn' }));
    expect(b.actor()).toBe('Nue'); // Spd 32 > 19
    expect(menuChoices(b.lines)).toEqual(['Atacar', 'Usar Habilidad', 'Invocar', 'Pasar Turno']);
  });
});

/** The log with every rejected line removed: its echo, its ERROR line and the menu printed again after it. */
function withoutRejections(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.startsWith('INPUT: ') && /^ERROR E_(SYNTAX|RANGE): /.test(lines[i + 1] ?? '')) {
      const menu = pendingMenu(out);
      expect(menu.length).toBeGreaterThan(0);
      expect(lines.slice(i + 2, i + 2 + menu.length), `menu reprinted after ${lines[i]}`).toEqual(menu);
      i += 1 + menu.length;
      continue;
    }
    out.push(lines[i]!);
  }
  return out;
}

function run(choices: readonly string[]) {
  const battle = createSmtBattle(smtSetupFromTexts(new Map([[TEAM_FILE_NAME, FLYNN_VS_KEI]])));
  return replay(battle, choices, 'choices.txt');
}

describe('bad input (smt-extensions 5)', () => {
  // Flynn attacks Kei, Kei surrenders.
  const CLEAN = ['0', '1', '1', '6'];
  const BAD = ['x', '1', '0', '7', '', '-1', ' 1 x', '1', '9', '1.0', '1', '+1', '３', '6'];

  it('a rejected line reprints the same menu and changes nothing: the log minus the rejections is the clean log', () => {
    const clean = run(CLEAN);
    const bad = run(BAD);
    expect(clean.exitCode).toBe(0);
    expect(withoutRejections(bad.lines)).toEqual(clean.lines);
    expect(bad.lines.filter((l) => l.startsWith('ERROR '))).toHaveLength(10);
  });

  it('a game with a rejected line exits 1, and stderr gets the same message with the choice line number', () => {
    const bad = run(BAD);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr[0]).toBe("choices.txt:1: E_SYNTAX: expected a number from 0 to 0, got 'x'");
    expect(bad.stderr).toContain("choices.txt:4: E_RANGE: expected a number from 1 to 6, got '7'");
  });

  it.each([
    ['7', 'E_RANGE'],
    ['0', 'E_RANGE'],
    ['-1', 'E_RANGE'],
    ['x', 'E_SYNTAX'],
    ['', 'E_SYNTAX'],
    ['1.0', 'E_SYNTAX'],
    ['+1', 'E_SYNTAX'],
    ['1 2', 'E_SYNTAX'],
    ['３', 'E_SYNTAX'],
  ])('"%s" at the action menu is %s, echoed raw, and the menu comes back', (line, code) => {
    const b = createBattle(FLYNN_VS_KEI);
    const out = b.choose(line);
    expect(out).toEqual([`INPUT: ${line}`, `ERROR ${code}: expected a number from 1 to 6, got '${line}'`, ...FLYNN_MENU]);
  });

  it.each([
    ['01', 'a leading zero'],
    [' 1 ', 'spaces around it (E3-MultiTargetOffensive-Tests/099.txt:3188 "INPUT: 2 ")'],
    ['1\t', 'a tab after it'],
  ])('"%s" is accepted (%s) and echoed exactly as read', (line) => {
    const b = createBattle(FLYNN_VS_KEI);
    const out = b.choose(line);
    expect(out[0]).toBe(`INPUT: ${line}`);
    expect(out[2]).toBe('Seleccione un objetivo para Flynn');
  });

  it('input that ends before the game does prints E_EOF with the pending range and exits 1', () => {
    const result = run(['0', '1']);
    expect(result.lines.slice(-1)).toEqual(['ERROR E_EOF: input ended; expected a number from 1 to 2']);
    expect(result.exitCode).toBe(1);
  });
});
