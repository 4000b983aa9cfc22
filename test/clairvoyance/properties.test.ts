/**
 * Properties (spec 13): random encounters driven by random accepted commands always end (Combat over,
 * quit) or reach E_EOF, keep the board invariants after every line, and never break; the same seed gives
 * the same bytes; a rejected line changes nothing; garbage encounters and command lines give one
 * diagnostic, never an exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClairvoyanceBattle } from '../../src/rulesets/clairvoyance/battle.js';
import { loadEncounter } from '../../src/rulesets/clairvoyance/encounter.js';
import { encounterModel, runEncounterText } from '../helpers/clairvoyance.js';
import { randomEncounter } from '../helpers/clairvoyance-gen.js';
import { randomPlay } from './random-play.js';

describe('random play', () => {
  // A few runs here; properties.stress.test.ts plays 80 (npm run test:stress).
  it('ends with Combat over or quit, or waits for input; invariants hold after every line', () => {
    randomPlay(20);
  });

  it('the same encounter, seed and commands give the same bytes', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 4294967295 }), (encounterSeed, seed) => {
        const { text } = randomEncounter(encounterSeed);
        const commands = Array.from({ length: 30 }, (_, i) => (i % 7 === 6 ? 'show board' : 'next'));
        const a = runEncounterText(text, commands, { dice: { kind: 'seed', seed }, file: 'e', source: 'c' });
        const b = runEncounterText(text, commands, { dice: { kind: 'seed', seed }, file: 'e', source: 'c' });
        expect(b.text).toBe(a.text);
        expect(b.stderr).toEqual(a.stderr);
        expect(a.stdout[0]).toBe(`SEED xoroshiro128plus:${seed}`);
      }),
      { numRuns: 60 },
    );
  });

  it('a rejected line changes nothing: the rest of the log is as if it had not been typed', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 1000 }), fc.constantFrom('kill 99', 'move 0 (99,99)', 'attack', 'move 0 U-U-U-U-U-U-U-U-U-U', 'show Nobody:X:1', 'nxt'), (encounterSeed, seed, bad) => {
        const { text } = randomEncounter(encounterSeed);
        const plain = ['next', 'next', 'next', 'next', 'next', 'next'];
        const withBad = ['next', 'next', bad, 'next', 'next', 'next', 'next'];
        const a = runEncounterText(text, plain, { dice: { kind: 'seed', seed }, file: 'e', source: 'c' });
        const b = runEncounterText(text, withBad, { dice: { kind: 'seed', seed }, file: 'e', source: 'c' });
        const strip = (lines: string[]) => lines.filter((l) => !l.startsWith('INPUT: ') && !['Invalid command target.', 'Invalid movement command for that unit.', 'Error interpreting command. Please check your syntax.'].includes(l));
        expect(strip(b.stdout)).toEqual(strip(a.stdout));
      }),
      { numRuns: 60 },
    );
  });
});

describe('garbage', () => {
  const isDiagnostic = (line: string) => /^e:\d+:\d+: (E_PARSE|E_BOARD|E_UNIT|E_AI|E_TEAM): /.test(line);

  it('any string as an encounter either loads or gives exactly one positioned error, never an exception', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 200 })), (text) => {
        const loaded = loadEncounter('e', text);
        if (!loaded.ok) {
          expect(loaded.stderr).toHaveLength(1);
          expect(isDiagnostic(loaded.stderr[0]!)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('mutated valid encounters (a character removed, replaced or doubled) never throw anything but one setup error', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(), fc.constantFrom('delete', 'replace', 'double'), fc.string({ minLength: 1, maxLength: 1 }), (seed, where, how, c) => {
        const text = randomEncounter(seed).text;
        const i = where % text.length;
        const mutated = how === 'delete' ? text.slice(0, i) + text.slice(i + 1) : how === 'replace' ? text.slice(0, i) + c + text.slice(i + 1) : text.slice(0, i) + text[i] + text.slice(i);
        const r = runEncounterText(mutated, ['next', 'next'], { dice: { kind: 'max' }, file: 'e', source: 'c' });
        if (r.exitCode === 2) {
          expect(r.stderr.length).toBeGreaterThanOrEqual(1);
          expect(isDiagnostic(r.stderr[r.stderr.length - 1]!)).toBe(true);
        } else {
          expect([0, 1]).toContain(r.exitCode);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('any command line is accepted or rejected with one code, never an exception', () => {
    const model = encounterModel('e', randomEncounter(1).text);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('move 0 (', 'attack 0 1', 'show ::', 'kill 0:0:0', 'move 0 U-', 'show 4294967296')), (line) => {
        const b = new ClairvoyanceBattle(model, { dice: { kind: 'max' } });
        const fed = b.feed(line);
        if (!fed.ok) expect(['E_SYNTAX', 'E_TARGET', 'E_MOVE']).toContain(fed.error.code);
      }),
      { numRuns: 500 },
    );
  });
});
