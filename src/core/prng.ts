/**
 * The one seeded generator every drawing ruleset uses (CONVENTIONS, Randomness): pure-rand's
 * xoroshiro128plus with its unbiased uniform integer distribution. The generator is a value inside the
 * battle state; `clone()` lets a ruleset try a choice without consuming draws when it is rejected.
 */
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

export const PRNG_ALGORITHM = 'xoroshiro128plus';

type Generator = ReturnType<typeof xoroshiro128plus>;

export class Prng {
  private constructor(
    readonly seed: number,
    private generator: Generator,
  ) {}

  /** `seed` is a 32-bit unsigned integer (CONVENTIONS); anything else is a caller bug. */
  static seeded(seed: number): Prng {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new RangeError(`seed must be an integer from 0 to 4294967295, got ${seed}`);
    }
    return new Prng(seed, xoroshiro128plus(seed | 0));
  }

  /** The first log line of a drawing ruleset. */
  get seedLine(): string {
    return `SEED ${PRNG_ALGORITHM}:${this.seed}`;
  }

  /** One draw: an integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.generator, from, to);
  }

  /** Fisher–Yates from the last index down, one draw `int(0, i)` per index (CONVENTIONS). */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }

  /** The generator's state, for rulesets that serialise a battle with its generator (marauders I1). */
  state(): readonly number[] {
    return this.generator.getState();
  }

  static fromState(seed: number, state: readonly number[]): Prng {
    return new Prng(seed, xoroshiro128plusFromState(state));
  }

  clone(): Prng {
    return new Prng(this.seed, xoroshiro128plusFromState(this.generator.getState()));
  }
}
