/** The stat total from passives alone: the SHEET line and the load-time VIT check (§3.1, §14). */
import type { Character } from './model.js';
import { statTotal } from './stats.js';

export function passiveStatTotal(character: Character, name: string): number {
  return statTotal(character, name, []);
}
