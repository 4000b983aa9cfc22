/** In-memory tactics runs for the unit and property tests: files in a map, lines in an array. */
import { memoryFiles } from '../../src/core/files.js';
import { runInMemory, type MemoryRun } from '../../src/core/run.js';
import { engine } from '../../src/rulesets/tactics/engine.js';
import { TACTICS_META } from '../../src/rulesets/tactics/meta.js';

export const VALLEY_MAP = `map valley 8 6
terrain . 1 plain
terrain ^ 2 hill
terrain ~ 3 swamp
terrain % x wall
grid
........
..^^....
.~~.%...
.~..%.^.
....%...
........
`;

export const BASIC_UNITS = `unit soldier hp=5 mp=3
action soldier rifle range=3 pattern=linear ext=1 damage=3 targets=enemies
action soldier grenade range=2 pattern=circular ext=2 damage=2
unit pyro hp=8 mp=2
action pyro flamethrower range=1 pattern=linear ext=3 damage=5
`;

export const GAME_SETUP = `map load valley.map
units load basic.units
players 2
limit 3
army P1 soldier pyro
army P2 soldier*2
seed 7
rounds 20
`;

/** The files of the spec's worked example (8.3). */
export const EXAMPLE_FILES: Record<string, string> = { 'valley.map': VALLEY_MAP, 'basic.units': BASIC_UNITS, 'game.setup': GAME_SETUP };

export interface PlayOptions {
  readonly files?: Record<string, string>;
  /** Positional setup files (default none: the stream holds the setup). */
  readonly args?: readonly string[];
  readonly seed?: number;
  readonly source?: string;
}

export function play(lines: readonly string[], options: PlayOptions = {}): MemoryRun {
  return runInMemory(TACTICS_META, engine, {
    args: options.args ?? [],
    options: {},
    files: memoryFiles(Object.entries(options.files ?? {})),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    lines,
    source: options.source ?? '<stdin>',
    echo: true,
  });
}

/** Lines of a text block (no final empty line). */
export const linesOf = (text: string): string[] => text.split('\n').filter((_, i, all) => i < all.length - 1 || all[i] !== '');
