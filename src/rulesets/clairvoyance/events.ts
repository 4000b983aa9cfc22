/**
 * What the rules report, in past tense and in log order. The presenter turns events into log text; the
 * `--events` log (R9) writes them as JSON lines. Rules never format text themselves.
 */
import type { Cell } from './model.js';

export type ClvEvent =
  | { readonly kind: 'initiative'; readonly unit: number; readonly d20: number; readonly total: number }
  | { readonly kind: 'turn'; readonly round: number; readonly unit: number }
  | { readonly kind: 'moved'; readonly unit: number; readonly from: Cell; readonly to: Cell }
  | {
      readonly kind: 'attacked';
      /** null for the `attack` command, which names no attacker and rolls no dice. */
      readonly attacker: number | null;
      readonly defender: number;
      readonly d20: number | null;
      readonly modifier: number;
      readonly roll: number;
      readonly dice: readonly number[] | null;
      readonly damageModifier: number;
      readonly damage: number;
      /** null when the defender is a player (attacks on players are only announced). */
      readonly ac: number | null;
      readonly hit: boolean | null;
    }
  | { readonly kind: 'died'; readonly unit: number }
  | { readonly kind: 'ended'; readonly winner: string | null };

/** One `--events` line (R9), keys in the documented order. */
export function eventJson(e: ClvEvent): string {
  switch (e.kind) {
    case 'initiative':
      return JSON.stringify({ t: 'initiative', unit: e.unit, d20: e.d20, total: e.total });
    case 'turn':
      return JSON.stringify({ t: 'turn', round: e.round, unit: e.unit });
    case 'moved':
      return JSON.stringify({ t: 'move', unit: e.unit, from: [e.from.column, e.from.row], to: [e.to.column, e.to.row] });
    case 'attacked':
      return JSON.stringify({
        t: 'attack', attacker: e.attacker, defender: e.defender, d20: e.d20, mod: e.modifier, roll: e.roll, dice: e.dice,
        dmod: e.damageModifier, damage: e.damage, ac: e.ac, hit: e.hit,
      });
    case 'died':
      return JSON.stringify({ t: 'death', unit: e.unit });
    case 'ended':
      return JSON.stringify({ t: 'end', winner: e.winner });
  }
}
