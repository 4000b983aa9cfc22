/**
 * The one generator (CONVENTIONS, Randomness): pure-rand's xoroshiro128plus with its unbiased uniform
 * integers, the published known answers, Fisher–Yates from the last index, and copies of the state that
 * continue the same sequence.
 */
import fc from 'fast-check';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { Prng, PRNG_ALGORITHM } from '../../src/core/prng.js';

const draws = (rng: Prng, n: number, from = 0, to = 9) => Array.from({ length: n }, () => rng.int(from, to));

describe('Prng known answers (CONVENTIONS)', () => {
  it('int(0, 9) five times: seed 0 gives 7 1 2 2 5', () => {
    expect(draws(Prng.seeded(0), 5)).toEqual([7, 1, 2, 2, 5]);
  });

  it('int(0, 9) five times: seed 7 gives 0 0 5 9 3', () => {
    expect(draws(Prng.seeded(7), 5)).toEqual([0, 0, 5, 9, 3]);
  });

  it('is pure-rand xoroshiro128plus with uniformInt, for any seed and range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 1000 }), (seed, from, span) => {
        const reference = xoroshiro128plus(seed | 0);
        const expected = Array.from({ length: 8 }, () => uniformInt(reference, from, from + span));
        expect(draws(Prng.seeded(seed), 8, from, from + span)).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });

  it('draws stay inside [from, to], both ends reachable', () => {
    const rng = Prng.seeded(3);
    const seen = new Set(draws(rng, 400, 1, 6));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('names its seed in the SEED line', () => {
    expect(PRNG_ALGORITHM).toBe('xoroshiro128plus');
    expect(Prng.seeded(42).seedLine).toBe('SEED xoroshiro128plus:42');
    expect(Prng.seeded(4294967295).seedLine).toBe('SEED xoroshiro128plus:4294967295');
    expect(Prng.seeded(42).seed).toBe(42);
  });

  it('the same seed gives the same sequence; different seeds differ', () => {
    expect(draws(Prng.seeded(123), 20, 0, 1000)).toEqual(draws(Prng.seeded(123), 20, 0, 1000));
    expect(draws(Prng.seeded(123), 20, 0, 1000)).not.toEqual(draws(Prng.seeded(124), 20, 0, 1000));
  });

  it.each([-1, 1.5, 4294967296, Number.NaN, Number.POSITIVE_INFINITY])('a bad seed (%s) throws a RangeError', (seed) => {
    expect(() => Prng.seeded(seed)).toThrow(RangeError);
    expect(() => Prng.seeded(seed)).toThrow(/seed must be an integer from 0 to 4294967295/);
  });

  it('0 and 4294967295 are valid seeds', () => {
    expect(() => Prng.seeded(0)).not.toThrow();
    expect(() => Prng.seeded(4294967295)).not.toThrow();
  });
});

describe('Prng.shuffle', () => {
  /** Fisher–Yates written out from CONVENTIONS: i from the last index down to 1, j = int(0, i), swap. */
  function referenceShuffle<T>(items: readonly T[], seed: number): T[] {
    const out = [...items];
    const gen = xoroshiro128plus(seed | 0);
    for (let i = out.length - 1; i > 0; i--) {
      const j = uniformInt(gen, 0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  it('is Fisher–Yates from the last index, drawing int(0, i)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 30 }), fc.integer({ min: 0, max: 0xffffffff }), (items, seed) => {
        expect(Prng.seeded(seed).shuffle([...items])).toEqual(referenceShuffle(items, seed));
      }),
      { numRuns: 100 },
    );
  });

  it('a known answer: seed 0 shuffles 0..4 with draws int(0,4), int(0,3), int(0,2), int(0,1)', () => {
    const rng = Prng.seeded(0);
    const js = [rng.int(0, 4), rng.int(0, 3), rng.int(0, 2), rng.int(0, 1)];
    const expected = [0, 1, 2, 3, 4];
    js.forEach((j, k) => {
      const i = 4 - k;
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    });
    expect(Prng.seeded(0).shuffle([0, 1, 2, 3, 4])).toEqual(expected);
  });

  it('shuffles in place, returns the same array and keeps every item', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const result = Prng.seeded(9).shuffle(items);
    expect(result).toBe(items);
    expect([...result].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('draws n - 1 times for n items (none for 0 or 1 item)', () => {
    for (const n of [0, 1, 2, 7]) {
      const rng = Prng.seeded(5);
      rng.shuffle(Array.from({ length: n }, (_, i) => i));
      const after = rng.int(0, 1_000_000);
      const expected = Prng.seeded(5);
      for (let i = n - 1; i > 0; i--) expected.int(0, i);
      expect(after, `n = ${n}`).toBe(expected.int(0, 1_000_000));
    }
  });
});

describe('Prng copies', () => {
  it('clone() continues the same sequence and is independent of the original', () => {
    const rng = Prng.seeded(77);
    draws(rng, 3);
    const copy = rng.clone();
    expect(copy.seed).toBe(77);
    const fromCopy = draws(copy, 10);
    // The original did not move while the copy drew.
    expect(draws(rng, 10)).toEqual(fromCopy);
  });

  it('state() / fromState() continue the same sequence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.nat({ max: 20 }), (seed, before) => {
        const rng = Prng.seeded(seed);
        draws(rng, before);
        const revived = Prng.fromState(seed, rng.state());
        expect(revived.seedLine).toBe(rng.seedLine);
        expect(draws(revived, 10, 0, 99)).toEqual(draws(rng, 10, 0, 99));
      }),
      { numRuns: 50 },
    );
  });

  it('state() is a copy: drawing afterwards does not change a saved state', () => {
    const rng = Prng.seeded(1);
    const saved = [...rng.state()];
    draws(rng, 5);
    expect(Prng.fromState(1, saved).int(0, 9)).toBe(Prng.seeded(1).int(0, 9));
  });
});
