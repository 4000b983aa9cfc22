/**
 * The turn schedule of 2.1: the spec's normal 2D table as rows, reverse, static and 1D, bouts and the Dark
 * flags' "next turn of that actor and role".
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/rulesets/marauders/state.js';
import { nextTurnOf, turnInfo } from '../../src/rulesets/marauders/schedule.js';
import type { Mode, OptionId } from '../../src/rulesets/marauders/model.js';

function cfg(mode: Mode, options: OptionId[] = []): Config {
  return { mode, tier: { kind: 'rank', rank: 1 }, n: 5, elements: ['S', 'F', 'G', 'W', 'P'], options, turnLimit: 500, startTurn: 1, maxHp: 25, fixedGravity: null };
}

function row(c: Config, t: number): string {
  const i = turnInfo(c, t);
  return `P${i.actor} ${i.role[0]} ${i.axis}${i.closes ? ` P${i.attacker}->P${i.defender}` : ''}`;
}

/** 2.1's table: actor, role, axis, and which bout resolves at the end of the turn. */
const NORMAL_2D = [
  'P1 A X', 'P2 D X P1->P2', 'P2 A X', 'P1 D X P2->P1', 'P1 A Y', 'P2 D Y P1->P2', 'P2 A Y', 'P1 D Y P2->P1',
  'P2 A X', 'P1 D X P2->P1', 'P1 A X', 'P2 D X P1->P2', 'P2 A Y', 'P1 D Y P2->P1', 'P1 A Y', 'P2 D Y P1->P2',
];

describe('turn schedule (2.1)', () => {
  it.each(NORMAL_2D.map((r, i) => [i + 1, r] as const))('normal 2D turn %i: %s', (t, expected) => {
    expect(row(cfg('2d'), t)).toBe(expected);
    expect(row(cfg('2d'), t + 16)).toBe(expected);
  });

  it('reverse: each bout is DEFEND then ATTACK and resolves after the attack', () => {
    const rows = Array.from({ length: 8 }, (_, i) => row(cfg('2d', ['reverse']), i + 1));
    expect(rows).toEqual(['P1 D X', 'P2 A X P2->P1', 'P2 D X', 'P1 A X P1->P2', 'P1 D Y', 'P2 A Y P2->P1', 'P2 D Y', 'P1 A Y P1->P2']);
    expect(row(cfg('2d', ['reverse']), 9)).toBe('P2 D X');
  });

  it('single: odd turns P1 ATTACK, even turns P2 DEFEND closing the bout; the axis as 2.1 (2.3, D68)', () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(cfg('2d', ['single']), i + 1));
    expect(rows).toEqual([
      'P1 A X', 'P2 D X P1->P2', 'P1 A X', 'P2 D X P1->P2', 'P1 A Y', 'P2 D Y P1->P2', 'P1 A Y', 'P2 D Y P1->P2', 'P1 A X', 'P2 D X P1->P2',
    ]);
    expect(row(cfg('1d', ['single']), 5)).toBe('P1 A X');
    // D73: roles never played have no next turn
    expect(nextTurnOf(cfg('2d', ['single']), 3, 2, 'ATTACK')).toBeNull();
    expect(nextTurnOf(cfg('2d', ['single']), 3, 1, 'DEFEND')).toBeNull();
    expect(nextTurnOf(cfg('2d', ['single']), 3, 2, 'DEFEND')).toBe(4);
  });

  it('static: P1 is the first player in every 8-turn cycle', () => {
    for (let t = 1; t <= 8; t++) expect(row(cfg('2d', ['static']), t + 8)).toBe(row(cfg('2d'), t));
  });

  it('1D: always X and P1 first', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(cfg('1d'), i + 1));
    expect(rows).toEqual([
      'P1 A X', 'P2 D X P1->P2', 'P2 A X', 'P1 D X P2->P1', 'P1 A X', 'P2 D X P1->P2', 'P2 A X', 'P1 D X P2->P1',
      'P1 A X', 'P2 D X P1->P2', 'P2 A X', 'P1 D X P2->P1',
    ]);
  });

  it('bouts pair turns (1,2), (3,4), ...', () => {
    expect([1, 2, 3, 4, 9, 10].map((t) => turnInfo(cfg('2d'), t).bout)).toEqual([0, 0, 1, 1, 4, 4]);
  });

  it("'next' turn of an actor and role is strictly later", () => {
    expect(nextTurnOf(cfg('2d'), 10, 1, 'ATTACK')).toBe(11);
    expect(nextTurnOf(cfg('2d'), 10, 2, 'ATTACK')).toBe(13);
    expect(nextTurnOf(cfg('2d'), 4, 1, 'DEFEND')).toBe(8);
  });
});
