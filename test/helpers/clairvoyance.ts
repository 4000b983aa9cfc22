/**
 * Building and running Clairvoyance encounters in tests: a compact encounter builder, whole runs in
 * memory (the CLI's own path, through cases.ts), and a battle with direct access to its state.
 */
import { runEncounterText, type RunResult } from '../../src/rulesets/clairvoyance/cases.js';
import type { DiceMode } from '../../src/rulesets/clairvoyance/dice.js';
import type { ClvEvent } from '../../src/rulesets/clairvoyance/events.js';
import { ClairvoyanceBattle, loadEncounter } from '../../src/rulesets/clairvoyance/index.js';

export const ORC = 'UNIT Orc { HP: 12; Initiative: +5; Speed: 4; AC: 14; Attack: Melee +4 1d8+2; Full Attack: Melee +4 1d8+2, Melee -1 1d6; }';
export const HERO = 'PLAYER Hero { Initiative: +9 }';

export interface EncounterParts {
  /** `Rectangle W, H` or `Outline …` */
  readonly layout?: string;
  readonly obstacles?: string;
  readonly units?: readonly string[];
  readonly ais?: readonly string[];
  readonly teams: readonly string[];
}

export function encounter(parts: EncounterParts): string {
  return [
    `MAP { Layout: ${parts.layout ?? 'Rectangle 8, 5'}; Obstacles: ${parts.obstacles ?? ''}; }`,
    ...(parts.units ?? [HERO, ORC]),
    ...(parts.ais ?? ['AI Idle { Pass; }']),
    ...parts.teams,
  ].join('\n') + '\n';
}

export function run(text: string, commands: readonly string[], dice: DiceMode = { kind: 'max' }, extra: { strict?: boolean; onEvent?: (e: ClvEvent) => void } = {}): RunResult {
  return runEncounterText(text, commands, { dice, file: 'f.clv', source: 'cmds', ...extra });
}

/** A battle on a valid encounter, for tests that look at the state directly. */
export function battle(text: string, dice: DiceMode = { kind: 'max' }, onEvent?: (e: ClvEvent) => void): ClairvoyanceBattle {
  const { model } = loadEncounter('f.clv', text);
  return new ClairvoyanceBattle(model, { dice, ...(onEvent === undefined ? {} : { onEvent }) });
}

/** Feeds lines and returns everything printed (rejections as their display text). */
export function feedAll(b: ClairvoyanceBattle, lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const fed = b.feed(line);
    if (!fed.ok) out.push(fed.error.display ?? fed.error.message);
    out.push(...fed.lines);
  }
  return out;
}

/** The lines starting with `- ` (moves, attacks, deaths). */
export function actionLines(lines: readonly string[]): string[] {
  return lines.filter((l) => l.startsWith('- '));
}
