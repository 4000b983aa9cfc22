/**
 * Validation (3.1) in the spec's order with its exact messages, positions and stdout line; name warnings
 * (3.3) and --strict; boards (4.2 Outline padding and offset, 4.4 rendering).
 */
import { describe, expect, it } from 'vitest';
import { battle, encounter, run } from '../helpers/clairvoyance.js';

const GOB = 'UNIT Gob { HP: 5; Initiative: +3; Speed: 5; AC: 12; Attack: Melee +2 1d6; Full Attack: Melee +2 1d6; }';
const HERO = 'PLAYER Hero { Initiative: +9 }';
const TEAMS = ['TEAM Good { Hero x1 : (0,0); }', 'TEAM Bad { Gob, Idle x1 : (2,1); }'];

function failure(text: string): { stdout: string[]; stderr: string[]; exit: number } {
  const r = run(text, ['next']);
  return { stdout: r.stdout, stderr: r.stderr, exit: r.exitCode };
}

describe('validation errors: first failing check, exact message, stdout ERROR line, exit 2', () => {
  it.each([
    ['row 1: zero width', { layout: 'Rectangle 0, 3' }, '1:25: E_BOARD: Board width is not positive.'],
    ['row 2: zero height', { layout: 'Rectangle 4, 0' }, '1:28: E_BOARD: Board height is not positive.'],
    ['row 3: a zero step, before the closure check', { layout: 'Outline 3R - 0D - 2L' }, '1:28: E_BOARD: Invalid outline value.'],
    ['row 4: an open outline gives its end point', { layout: 'Outline 3R - 2D - 2L - 2U' }, '1:15: E_BOARD: Border path does not finish at the start point. Offset: (1, 0) .'],
    ['row 5: obstacle bounds as written', { obstacles: '(0-3, -2--2)' }, '1:42: E_BOARD: Incorrect obstacle boundaries: (0-3, -2--2) .'],
    ['row 5: start after end', { obstacles: '(2-1, 0)' }, '1:42: E_BOARD: Incorrect obstacle boundaries: (2-1, 0-0) .'],
  ])('%s', (_, parts, line) => {
    const f = failure(encounter({ ...parts, units: [HERO, GOB], teams: TEAMS }));
    expect(f.stderr).toEqual([`f.clv:${line}`]);
    expect(f.stdout).toEqual([`ERROR: ${line.replace(/^.*?: E_[A-Z]+: /, '')}`]);
    expect(f.exit).toBe(2);
  });

  it.each([
    ['row 6: PLAYER and UNIT share names', [HERO, GOB, 'PLAYER Gob { Initiative: +1 }'], TEAMS, '4:8: E_UNIT: Duplicate unit name Gob.'],
    ['row 7: a repeated stat, at its label', [HERO, 'UNIT Gob { HP: 5; Full Attack: Melee 1d4; FullAttack: Melee 1d4; }'], TEAMS, '3:43: E_UNIT: Duplicate Full Attack field in unit Gob.'],
    ['row 8: HP 0', [HERO, 'UNIT Gob { HP: 0; }'], TEAMS, '3:12: E_UNIT: Negative or null HP points in unit Gob.'],
    ['row 9: a 0-faced die', [HERO, 'UNIT Gob { Full Attack: Melee 1d6, Melee 2d0; }'], TEAMS, '3:12: E_UNIT: Invalid Full Attack in unit Gob.'],
    ['row 10: missing stats, at the name', [HERO, 'UNIT Gob { HP: 3; }'], TEAMS, '3:6: E_UNIT: Missing statistics in unit Gob.'],
    ['row 7 before row 10 of a later unit', [HERO, 'UNIT Gob { HP: 3; HP: 4; }', 'UNIT Orc { HP: 3; }'], TEAMS, '3:19: E_UNIT: Duplicate HP field in unit Gob.'],
  ])('%s', (_, units, teams, line) => {
    const f = failure(encounter({ units, teams }));
    expect(f.stderr).toEqual([`f.clv:${line}`]);
    expect(f.exit).toBe(2);
  });

  it.each([
    ['row 11 (D6 spelling)', ['AI Idle { Pass; }', 'AI Idle { Pass; }'], TEAMS, '5:4: E_AI: Duplicate AI name Idle.'],
    ['row 12', ['AI Idle { Pass; }'], [...TEAMS, 'TEAM Good { Hero x1 : (1,1); }'], '7:6: E_TEAM: Duplicate team name Good.'],
    ['row 13 checks all members before row 14', ['AI Idle { Pass; }'], ['TEAM Good { Gob x1 : (0,0); Ogre, Idle x1 : (1,0); }'], '5:29: E_TEAM: Unknown unit name Ogre in team Good.'],
    ['row 14', ['AI Idle { Pass; }'], ['TEAM Good { Gob x1 : (0,0); }'], '5:13: E_TEAM: Missing AI name for unit Gob in team Good.'],
    ['row 15', ['AI Idle { Pass; }'], ['TEAM Good { Gob, Lazy x1 : (0,0); }'], '5:18: E_TEAM: Unknown AI name Lazy in team Good.'],
    ['row 16', ['AI Idle { Pass; }'], ['TEAM Good { Hero, Idle x1 : (0,0); }'], '5:19: E_TEAM: Player controlled unit Hero does not use an AI in team Good.'],
    ['row 17, at the multiplier', ['AI Idle { Pass; }'], ['TEAM Good { Hero × 2 : (0,0); }'], '5:18: E_TEAM: Mismatched amount and coordinate amount in unit Hero in team Good.'],
    ['row 18', ['AI Idle { Pass; }'], ['TEAM Good { Hero x1 : (8,0); }'], '5:23: E_TEAM: Coordinate (8,0) out of bounds in unit Hero in team Good.'],
    ['row 19: occupied by an earlier team', ['AI Idle { Pass; }'], ['TEAM Good { Hero x1 : (1,1); }', 'TEAM Bad { Gob, Idle x1 : (1,1); }'], '6:27: E_TEAM: Invalid unit placement (1,1) in unit Gob in team Bad.'],
    ['row 19: a wall', ['AI Idle { Pass; }'], ['TEAM Good { Hero x1 : (3,0); }'], '5:23: E_TEAM: Invalid unit placement (3,0) in unit Hero in team Good.'],
  ])('%s', (_, ais, teams, line) => {
    const f = failure(encounter({ obstacles: '(3, 0)', units: [HERO, GOB], ais, teams }));
    expect(f.stderr).toEqual([`f.clv:${line}`]);
    expect(f.exit).toBe(2);
  });

  it('Outline coordinates print shifted by the offset (board coordinates), as upstream', () => {
    const f = failure(encounter({ layout: 'Outline 2R - 1D - 2L - 1U', units: [HERO, GOB], teams: ['TEAM Good { Hero x1 : (4,0); }'] }));
    expect(f.stdout).toEqual(['ERROR: Coordinate (5,1) out of bounds in unit Hero in team Good.']);
    // (3,0) is (4,1) on the board: inside it, but on the frame's wall.
    const g = failure(encounter({ layout: 'Outline 2R - 1D - 2L - 1U', units: [HERO, GOB], teams: ['TEAM Good { Hero x1 : (3,0); }'] }));
    expect(g.stdout).toEqual(['ERROR: Invalid unit placement (4,1) in unit Hero in team Good.']);
  });

  it('accepted without complaint: negative AC, Speed 0, 0dN, unused blocks, a single team (then over at once)', () => {
    const r = run(
      encounter({ units: [HERO, 'UNIT Odd { HP: 1; Initiative: +0; Speed: 0; AC: -3; Attack: Melee 0d6; Full Attack: Ranged(0) 0d1; }', GOB], ais: ['AI Idle { Pass; }', 'AI Unused { Disengage; }'], teams: ['TEAM Solo { Odd, Idle x1 : (1,1); }'] }),
      ['next'],
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout.slice(-2)).toEqual(['', 'Combat over. Winner: Solo.']);
  });
});

describe('unknown names in AI programs (3.3)', () => {
  const text = encounter({
    units: [HERO, GOB],
    ais: ['AI Idle { if Orcs count = 0 then { Attack closest Good:Gob; } else { Approach Good:Hero:2; } Approach Bad:Troll:1; Attack last Elves:Elf; }'],
    teams: TEAMS,
  });

  it('each is a positioned W_NAME warning in file order; play goes on as upstream', () => {
    const r = run(text, ['next', 'next']);
    expect(r.stderr).toEqual([
      "f.clv:4:14: W_NAME: unknown team 'Orcs' in AI 'Idle'",
      "f.clv:4:56: W_NAME: team 'Good' has no unit 'Gob' in AI 'Idle'",
      "f.clv:4:89: W_NAME: team 'Good' has no unit Good:Hero:2 in AI 'Idle'",
      "f.clv:4:107: W_NAME: unknown unit 'Troll' in AI 'Idle'",
      "f.clv:4:128: W_NAME: unknown team 'Elves' in AI 'Idle'",
      "f.clv:4:134: W_NAME: unknown unit 'Elf' in AI 'Idle'",
      'cmds:3: E_EOF: input ended; expected a command',
    ]);
    expect(r.exitCode).toBe(1);
  });

  it('--strict: the same lines as E_NAME errors, nothing simulated, exit 2', () => {
    const r = run(text, ['next'], { kind: 'max' }, { strict: true });
    expect(r.stdout).toEqual([]);
    expect(r.stderr).toHaveLength(6);
    expect(r.stderr[0]).toBe("f.clv:4:14: E_NAME: unknown team 'Orcs' in AI 'Idle'");
    expect(r.exitCode).toBe(2);
  });
});

describe('boards', () => {
  it('Outline: a one-cell frame of walls, the flood-filled outside walled, enclosed cells floor (the seed figure)', () => {
    const b = battle(encounter({ layout: 'Outline 3R - 1D - 2L - 2D - 1L - 3U', units: [HERO, GOB], teams: ['TEAM Good { Hero x1 : (0,0); }', 'TEAM Bad { Gob, Idle x1 : (1,2); }'] }));
    expect(b.opening().slice(3)).toEqual([
      '-------------------------------',
      '|||||||||||||||||||||||||||||||',
      '|----|----|----|----|----|----|',
      '|||||| 00 |    |    |    ||||||',
      '|----|----|----|----|----|----|',
      '||||||    |    |    |    ||||||',
      '|----|----|----|----|----|----|',
      '||||||    | 01 ||||||||||||||||',
      '|----|----|----|----|----|----|',
      '||||||    |    ||||||||||||||||',
      '|----|----|----|----|----|----|',
      '|||||||||||||||||||||||||||||||',
      '-------------------------------',
      '',
    ]);
  });

  it('indices render modulo 100, zero-padded', () => {
    const coords = Array.from({ length: 101 }, (_, i) => `(${i % 11},${Math.floor(i / 11)})`).join(', ');
    const b = battle(encounter({ layout: 'Rectangle 11, 10', units: [HERO, GOB], teams: [`TEAM Good { Hero x101 : ${coords}; }`, 'TEAM Bad { Gob, Idle x1 : (10,9); }'] }));
    const rows = b.opening().filter((l) => l.startsWith('| '));
    expect(rows[0]!.startsWith('| 00 | 01 |')).toBe(true);
    expect(rows[9]).toBe('| 99 | 00 |    |    |    |    |    |    |    |    | 01 |');
  });
});
