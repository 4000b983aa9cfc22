/**
 * Clairvoyance's random-play property, shared by properties.test.ts (a few runs, in npm test) and
 * properties.stress.test.ts (many, in npm run test:stress): random encounters driven mostly by `next`,
 * with random accepted commands, always accept their line and keep the board invariants after every line.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { EMPTY, WALL } from '../../src/rulesets/clairvoyance/board.js';
import { ClairvoyanceBattle } from '../../src/rulesets/clairvoyance/battle.js';
import { diceMode, encounterModel } from '../helpers/clairvoyance.js';
import { Lcg, randomEncounter } from '../helpers/clairvoyance-gen.js';

function invariants(b: ClairvoyanceBattle, walls: Int32Array): void {
  const { state } = b;
  for (const u of state.units) {
    const at = state.at(u.position.column, u.position.row);
    if (u.alive) expect(at).toBe(u.index);
    else expect(at).not.toBe(u.index);
    // Invariant 4: mobs and (v2) tracked players; a removed or retreated unit is gone at any HP.
    if (u.spec.maxHp !== null) {
      expect(u.hp).toBeLessThanOrEqual(u.spec.maxHp);
      if (u.gone === null) expect(u.alive).toBe(u.hp >= 0);
    }
    if (u.gone !== null) expect(u.alive).toBe(false);
  }
  for (let i = 0; i < walls.length; i++) expect(state.cells[i] === WALL).toBe(walls[i] === WALL);
  for (let i = 0; i < state.cells.length; i++) {
    const v = state.cells[i]!;
    if (v >= 0) expect(state.units[v]!.alive).toBe(true);
  }
  expect(state.round).toBeGreaterThanOrEqual(1);
  // Invariant 5: the turn order is a permutation of all indices.
  expect([...state.order].sort((a, b) => a - b)).toEqual(state.units.map((u) => u.index));
}

/** The property over `numRuns` random encounters and dice seeds. */
export function randomPlay(numRuns: number): void {
  fc.assert(
    fc.property(fc.integer(), fc.integer({ min: 0, max: 4294967295 }), (encounterSeed, diceSeed) => {
      // Every other encounter uses version 2's syntax; the commands include hp, add, remove and undo.
      const model = encounterModel('gen.clv', randomEncounter(encounterSeed, encounterSeed % 2 === 0).text);
      const b = new ClairvoyanceBattle(model, { dice: diceMode(diceSeed % 3 === 0 ? { kind: 'max' } : { kind: 'seed', seed: diceSeed }) });
      const walls = Int32Array.from(b.state.cells, (v) => (v === WALL ? WALL : EMPTY));
      b.opening();
      const r = new Lcg(diceSeed);
      for (let n = 0; n < 300 && b.pending().kind === 'awaiting'; n++) {
        const pending = b.pending();
        const choices = (pending.kind === 'awaiting' ? pending.choices() : []).filter((c) => c.tag !== 'quit' || r.chance(0.05)).map((c) => c.line);
        // Mostly `next`: the AI runs the battle, the commands stir it.
        const line = r.chance(0.7) ? 'next' : r.pick(choices);
        const fed = b.feed(line);
        expect(fed.ok, line).toBe(true);
        invariants(b, walls);
      }
    }),
    { numRuns },
  );
}
