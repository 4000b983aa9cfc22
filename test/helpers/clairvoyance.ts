/**
 * Building and running Clairvoyance encounters in tests: a compact encounter builder, whole runs in
 * memory (the CLI's own path, through cases.ts), and a battle with direct access to its state.
 */
import { memoryFiles } from '../../src/core/files.js';
import { Prng } from '../../src/core/prng.js';
import { runInMemory, type MemoryRun } from '../../src/core/run.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import type { DiceMode } from '../../src/rulesets/clairvoyance/dice.js';
import { engine } from '../../src/rulesets/clairvoyance/engine.js';
import type { ClvEvent } from '../../src/rulesets/clairvoyance/events.js';
import { ClairvoyanceBattle, type BattleOptions } from '../../src/rulesets/clairvoyance/battle.js';
import { loadEncounter } from '../../src/rulesets/clairvoyance/encounter.js';
import { CLAIRVOYANCE_META } from '../../src/rulesets/clairvoyance/meta.js';
import type { EncounterModel } from '../../src/rulesets/clairvoyance/model.js';

/** Dice as tests name them: a seed (random dice, SEED line first) or a forced mode. */
export type TestDice = { readonly kind: 'seed'; readonly seed: number } | { readonly kind: 'max' } | { readonly kind: 'min' };

export interface TextRunOptions {
  readonly dice: TestDice;
  readonly file: string;
  readonly source: string;
  readonly echo?: boolean;
  readonly strict?: boolean;
  readonly onEvent?: (e: ClvEvent) => void;
  /** (v2) `--crits`, `--round-header`, `--user-coords` (only with `onEvent`: the battle is built here). */
  readonly v2?: Pick<BattleOptions, 'crits' | 'roundHeader' | 'userCoords'>;
}

/** The checked model of an encounter that must load (a test's own text): its diagnostics otherwise. */
export function encounterModel(file: string, text: string, strict = false): EncounterModel {
  const loaded = loadEncounter(file, text, strict);
  if (!loaded.ok) throw new Error(`the encounter does not load:\n${loaded.stderr.join('\n')}`);
  return loaded.encounter.model;
}

/** A whole run in memory, as the CLI does it (setup errors, warnings, SEED line), on an encounter text. */
export function runEncounterText(text: string, commands: Iterable<string>, options: TextRunOptions): MemoryRun {
  if (options.onEvent !== undefined) return runWithEvents(text, commands, options, options.onEvent);
  return runInMemory(CLAIRVOYANCE_META, engine, {
    args: [options.file],
    options: { dice: options.dice.kind === 'seed' ? undefined : options.dice.kind, strict: options.strict === true },
    ...(options.dice.kind === 'seed' ? { seed: options.dice.seed } : {}),
    files: memoryFiles([[options.file, text]]),
    lines: commands,
    source: options.source,
    echo: options.echo ?? true,
  });
}

/** The same run with the battle's typed events (the CLI only sees them as JSON lines); the encounter must load. */
function runWithEvents(text: string, commands: Iterable<string>, options: TextRunOptions, onEvent: (e: ClvEvent) => void): MemoryRun {
  const model = encounterModel(options.file, text, options.strict === true);
  const dice = diceMode(options.dice);
  const sink = new MemorySink();
  const exitCode = runLines(new ClairvoyanceBattle(model, { dice, onEvent, ...options.v2 }), commands, sink, {
    echo: options.echo ?? true,
    source: options.source,
    ruleset: 'clairvoyance',
    skipBlankAndComments: true,
    preamble: dice.kind === 'random' ? [dice.prng.seedLine] : [],
  });
  return { stdout: sink.stdout, stderr: sink.stderr, exitCode, text: sink.text() };
}

/** The battle's dice for a test dice mode (a fresh generator for a seed). */
export function diceMode(dice: TestDice): DiceMode {
  return dice.kind === 'seed' ? { kind: 'random', prng: Prng.seeded(dice.seed) } : dice;
}

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

export function run(text: string, commands: readonly string[], dice: TestDice = { kind: 'max' }, extra: { strict?: boolean; onEvent?: (e: ClvEvent) => void } = {}): MemoryRun {
  return runEncounterText(text, commands, { dice, file: 'f.clv', source: 'cmds', ...extra });
}

/** A battle on a valid encounter, for tests that look at the state directly. */
export function battle(text: string, dice: TestDice = { kind: 'max' }, onEvent?: (e: ClvEvent) => void): ClairvoyanceBattle {
  const model = encounterModel('f.clv', text);
  return new ClairvoyanceBattle(model, { dice: diceMode(dice), ...(onEvent === undefined ? {} : { onEvent }) });
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
