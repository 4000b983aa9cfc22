/**
 * Dice (spec 6): random dice draw one `int(1, S)` per die from the battle's seeded generator (also for
 * S = 1; `0dS` draws nothing); forced dice (`--dice max|min`) show S or 1 and draw nothing.
 */
import { Prng } from '../../core/prng.js';

export type DiceMode = { readonly kind: 'seed'; readonly seed: number } | { readonly kind: 'max' } | { readonly kind: 'min' };

export interface Dice {
  /** True for forced dice: initiative ties are then ordered by index instead of re-rolled. */
  readonly forced: boolean;
  /** The SEED line, for random dice only. */
  readonly seedLine: string | null;
  die(faces: number): number;
  /** N dice of S faces, each value in draw order. */
  roll(count: number, faces: number): number[];
}

export function makeDice(mode: DiceMode): Dice {
  if (mode.kind === 'seed') {
    const prng = Prng.seeded(mode.seed);
    const die = (faces: number) => prng.int(1, faces);
    return { forced: false, seedLine: prng.seedLine, die, roll: (count, faces) => repeat(count, () => die(faces)) };
  }
  const die = (faces: number) => (mode.kind === 'max' ? faces : 1);
  return { forced: true, seedLine: null, die, roll: (count, faces) => repeat(count, () => die(faces)) };
}

function repeat(count: number, f: () => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(f());
  return out;
}
