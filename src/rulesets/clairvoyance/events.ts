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
      /** null when the defender has no AC (a player without one: the attack is only announced). */
      readonly ac: number | null;
      readonly hit: boolean | null;
      /** (v2) Under `--crits` (absent otherwise, so version 1 lines and events stay as they were). */
      readonly crits?: {
        /** The 3.5 rules applied: an AI attack on a defender with AC (D37). */
        readonly applied: boolean;
        /** The confirmation d20 (natural 20 only), else null. */
        readonly confirm: number | null;
        readonly confirmed: boolean;
      };
    }
  | { readonly kind: 'died'; readonly unit: number }
  /** (v2) The `hp` command. */
  | { readonly kind: 'hp'; readonly unit: number; readonly from: number; readonly to: number }
  /** (v2) `add`: the unit now stands at its start cell. */
  | { readonly kind: 'added'; readonly unit: number }
  /** (v2) `remove` or Retreat. */
  | { readonly kind: 'removed'; readonly unit: number; readonly why: 'Removed' | 'Retreated' }
  /** (v2) `undo` of the command `line`. */
  | { readonly kind: 'undone'; readonly line: string }
  | { readonly kind: 'ended'; readonly winner: string | null }
  /** (v2) An OUTCOME `lose` rule ended the combat. */
  | { readonly kind: 'lost'; readonly loser: string };

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
        ...(e.crits === undefined ? {} : { nat: e.d20, confirm: e.crits.confirm }),
      });
    case 'died':
      return JSON.stringify({ t: 'death', unit: e.unit });
    case 'hp':
      return JSON.stringify({ t: 'hp', unit: e.unit, from: e.from, to: e.to });
    case 'added':
      return JSON.stringify({ t: 'add', unit: e.unit });
    case 'removed':
      return JSON.stringify({ t: 'remove', unit: e.unit, why: e.why === 'Removed' ? 'removed' : 'retreated' });
    case 'undone':
      return JSON.stringify({ t: 'undo', line: e.line });
    case 'ended':
      return JSON.stringify({ t: 'end', winner: e.winner });
    case 'lost':
      return JSON.stringify({ t: 'end', loser: e.loser });
  }
}
