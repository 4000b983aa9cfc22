/**
 * Random valid games from Arbiter's own engine (`generate`, and the games `fuzz` plays): each choice is
 * drawn from the pending prompt's options, with some rejected lines mixed in, from one seeded generator, so
 * `--seed S` gives the same games everywhere. A game is written as a case folder (CONVENTIONS) or, for a
 * ruleset with its own layout, in that layout (SMT: a transcript beside a copy of its team folder).
 */
import { cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { quote } from 'shell-quote';
import { diskFiles, writeAtomically, type Files } from '../core/files.js';
import { Prng } from '../core/prng.js';
import type { RulesetEngine, RulesetMeta, RulesetOptions } from '../core/ruleset.js';
import { prepareRun, runInMemory, type MemoryRun } from '../core/run.js';
import { makeTranscript } from '../core/transcript.js';
import { UsageError } from './io.js';
import { optionKey } from './option-keys.js';

/** Lines that no prompt of any ruleset accepts: they test that a rejected line changes nothing. */
const REJECTED_LINES = ['xyzzy', '??', '-1', '999999', 'next please'];

/** One in this many choices may be a tagged one (cancel, undo, surrender, quit). */
const TAGGED_EVERY = 10;

/**
 * A choice that gives the battle up (surrender, quit: Marvel's yield and flee, Tactics' concede) is not
 * drawn in a game's first this many choices (or the first half of `--max-steps`, when that is smaller),
 * so a game does not end on its third line and is worth keeping as a test.
 */
const GIVE_UP_AFTER = 40;

/** One in this many choices is a rejected line. */
const REJECT_EVERY = 12;

export interface GameSetup {
  readonly meta: RulesetMeta;
  readonly engine: RulesetEngine;
  /** Setup paths and ruleset options as given on the command line (relative to `cwd`). */
  readonly args: readonly string[];
  readonly options: RulesetOptions;
  readonly cwd: string;
}

export interface Game {
  /** The seed of the battle's generator (seeded rulesets), drawn from the run's seed. */
  readonly seed: number | undefined;
  readonly lines: readonly string[];
}

/** The arguments after the ruleset that reproduce a game's setup: setup paths, options, `--seed`. */
export function gameArgs(setup: Pick<GameSetup, 'meta' | 'options' | 'args'>, game: Pick<Game, 'seed'>, paths: readonly string[] = setup.args): string[] {
  const out = [...paths];
  for (const spec of setup.meta.options) {
    const value = setup.options[optionKey(spec.flags)];
    const flag = /--[a-z0-9-]+/i.exec(spec.flags)![0];
    if (value === true) out.push(flag);
    else if (typeof value === 'string') out.push(flag, value);
  }
  if (game.seed !== undefined) out.push('--seed', String(game.seed));
  return out;
}

/** What Arbiter prints for a game: the expected side of every comparison. */
export function playGame(setup: GameSetup, game: Pick<Game, 'seed' | 'lines'>, files: Files = diskFiles(setup.cwd)): MemoryRun {
  return runInMemory(setup.meta, setup.engine, {
    args: setup.args,
    options: setup.options,
    files,
    ...(game.seed === undefined ? {} : { seed: game.seed }),
    lines: game.lines,
    source: 'commands.txt',
  });
}

/** Draws one game: at most `maxSteps` choices, stopping when the battle ends. */
export function drawGame(setup: GameSetup, rng: Prng, maxSteps: number): Game {
  const seed = setup.meta.seeded && setup.meta.unseeded?.(setup.options) !== true ? rng.int(0, 0x7fffffff) : undefined;
  const prepared = prepareRun(setup.meta, setup.engine, { args: setup.args, options: setup.options, files: diskFiles(setup.cwd), ...(seed === undefined ? {} : { seed }) });
  if (!prepared.ok) throw new UsageError(`the setup does not load: ${prepared.stderr.join('; ')}`);
  const { battle } = prepared.run.begin();
  battle.opening();
  const lines: string[] = [];
  const giveUpAfter = Math.min(GIVE_UP_AFTER, Math.floor(maxSteps / 2));
  for (let pending = battle.pending(); lines.length < maxSteps && pending.kind === 'awaiting'; pending = battle.pending()) {
    const offered = pending.choices();
    if (offered.length === 0) break;
    // Giving up is left out early on (while something else is offered), so the game is played first.
    const early = lines.length < giveUpAfter;
    const kept = early ? offered.filter((c) => c.tag !== 'surrender' && c.tag !== 'quit') : offered;
    const all = kept.length > 0 ? kept : offered;
    // A tagged choice (cancel, undo, surrender, quit) rewinds or ends the game: drawn only now and then, so games go somewhere.
    const plain = all.filter((c) => c.tag === undefined);
    const options = plain.length > 0 && rng.int(0, TAGGED_EVERY - 1) !== 0 ? plain : all;
    const line = rng.int(0, REJECT_EVERY - 1) === 0 ? REJECTED_LINES[rng.int(0, REJECTED_LINES.length - 1)]! : options[rng.int(0, options.length - 1)]!.line;
    lines.push(line);
    battle.feed(line);
  }
  return { seed, lines };
}

/** The games of a run: the same `seed` gives the same games. */
export function drawGames(setup: GameSetup, count: number, seed: number, maxSteps: number): Game[] {
  const rng = Prng.seeded(seed);
  return Array.from({ length: count }, () => drawGame(setup, rng, maxSteps));
}

/**
 * Writes a game as a case folder `<dir>`: the setup copied into `setup/` (a setup folder whole; of a setup
 * file's folder only the file and the files the game reads from it, such as the map a Tactics setup loads:
 * not the choices files and whatever else lies beside it), args.txt, commands.txt and the expected streams.
 * Returns the folder.
 */
export function writeCaseFolder(setup: GameSetup, game: Game, dir: string, about: string): string {
  mkdirSync(dir, { recursive: true });
  const copied: string[] = [];
  const into = join(dir, 'setup');
  const sources: string[] = [];
  for (const path of setup.args) {
    const full = resolve(setup.cwd, path);
    if (!existsSync(full)) throw new UsageError(`${path}: not found`);
    if (statSync(full).isDirectory()) {
      cpSync(full, into, { recursive: true });
      copied.push('setup');
    } else {
      mkdirSync(into, { recursive: true });
      cpSync(full, join(into, basename(full)));
      sources.push(dirname(full));
      copied.push(join('setup', basename(full)));
    }
  }
  const run = playGame({ ...setup, cwd: dir, args: copied }, game, copyOnRead(dir, into, sources));
  const files: [string, string | null][] = [
    ['args.txt', `${quote([setup.meta.id, ...gameArgs(setup, game, copied)])}\n`],
    ['commands.txt', game.lines.map((l) => l + '\n').join('')],
    ['expected.txt', run.text],
    ['expected.stderr', run.stderr.length === 0 ? null : makeTranscript(run.stderr)],
    ['expected.exit', `${run.exitCode}\n`],
    ['about.txt', `${about}\n`],
  ];
  for (const [name, text] of files) {
    if (text === null) continue;
    const saved = writeAtomically(join(dir, name), text);
    if (!saved.ok) throw new UsageError(`${join(dir, name)}: cannot write (${saved.reason})`);
  }
  return dir;
}

/**
 * The case folder's files, where a path under `into` that is not there yet is first copied from the setup
 * files' folders (the first that has it): the game's reads decide what the case needs.
 */
function copyOnRead(dir: string, into: string, sources: readonly string[]): Files {
  const disk = diskFiles(dir);
  const fetch = (path: string): void => {
    const full = disk.resolve(path);
    const rel = relative(into, full);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || existsSync(full)) return;
    for (const source of sources) {
      const from = join(source, rel);
      if (!existsSync(from)) continue;
      try {
        mkdirSync(dirname(full), { recursive: true });
        cpSync(from, full, { recursive: true });
      } catch {
        // Left out: the game reads it as missing, in the case as when it is verified.
      }
      return;
    }
  };
  const fetched =
    <A extends unknown[], R>(f: (path: string, ...rest: A) => R) =>
    (path: string, ...rest: A): R => {
      fetch(path);
      return f(path, ...rest);
    };
  return { ...disk, read: fetched(disk.read), list: fetched(disk.list), folders: fetched(disk.folders), kind: fetched(disk.kind) };
}
