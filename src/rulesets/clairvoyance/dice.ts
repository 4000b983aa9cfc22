/**
 * Dice (spec 6): random dice draw one `int(1, S)` per die from the battle's seeded generator (also for
 * S = 1; `0dS` draws nothing); forced dice (`--dice max|min`) show S or 1 and draw nothing.
 */
import { Prng } from '../../core/prng.js';

/** Random dice draw from the run's generator (the core prints its SEED line); forced dice draw nothing. */
export type DiceMode = { readonly kind: 'random'; readonly prng: Prng } | { readonly kind: 'max' } | { readonly kind: 'min' };

export interface Dice {
  /** True for forced dice: initiative ties are then ordered by index instead of re-rolled. */
  readonly forced: boolean;
  die(faces: number): number;
  /** N dice of S faces, each value in draw order. */
  roll(count: number, faces: number): number[];
  /** (v2) The generator's state for undo (D28); null for forced dice, which have none. */
  snapshot(): readonly number[] | null;
  /** Puts the generator back to a `snapshot`. */
  restore(state: readonly number[] | null): void;
}

export function makeDice(mode: DiceMode): Dice {
  if (mode.kind === 'random') {
    let prng = mode.prng;
    const die = (faces: number) => prng.int(1, faces);
    return {
      forced: false,
      die,
      roll: (count, faces) => repeat(count, () => die(faces)),
      snapshot: () => prng.state(),
      // The battle's generator is replaced, not rewound: Prng keeps its state private.
      restore: (state) => {
        if (state !== null) prng = Prng.fromState(prng.seed, state);
      },
    };
  }
  const die = (faces: number) => (mode.kind === 'max' ? faces : 1);
  return { forced: true, die, roll: (count, faces) => repeat(count, () => die(faces)), snapshot: () => null, restore: () => undefined };
}

function repeat(count: number, f: () => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(f());
  return out;
}
