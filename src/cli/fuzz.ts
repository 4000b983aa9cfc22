/**
 * `generate` and `fuzz`. generate writes random valid games as new golden cases. fuzz plays the same kind
 * of games through another program (differential testing): every game whose output differs from
 * Arbiter's is shrunk to the shortest choice list that still differs (first the shortest differing
 * prefix, then chunks and single lines removed, within a budget of runs) and written as a case that
 * `verify --exec` replays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isBroken, type CaseSpec } from '../core/case.js';
import { diskFiles } from '../core/files.js';
import { layoutsOf } from './cases.js';
import { externalOutcome, processProblem, runExternal, type ExecOptions } from './exec.js';
import { drawGames, playGame, writeCaseFolder, type Game, type GameSetup } from './games.js';
import { shownPath, type Io } from './io.js';
import { failureMessage } from './reporters.js';
import { compareOutcome, type Failure } from './verify.js';
import { os } from '../entry/builtins.js';

/** External runs one shrink may spend: each costs a process start. */
const SHRINK_BUDGET = 200;

/** Writes a game in the ruleset's layout (its own where it writes games, else a case folder); returns the path verify takes. */
export function writeGame(setup: GameSetup, game: Game, out: string, name: string): string {
  const own = setup.engine.layouts?.find((layout) => layout.write !== undefined);
  if (own !== undefined) {
    const written = own.write!(out, name, { options: setup.options, stdout: playGame(setup, game).text }, diskFiles());
    if (typeof written !== 'string') throw new Error(`${setup.meta.id}: cannot write a generated game: ${written.broken}`);
    return written;
  }
  return writeCaseFolder(setup, game, join(out, name), `generated game ${name}${game.seed === undefined ? '' : ` (seed ${game.seed})`}, ${game.lines.length} choices`);
}

/** A written game read back as a case, as verify would read it. */
function specOf(setup: GameSetup, path: string): CaseSpec {
  const files = diskFiles();
  for (const layout of layoutsOf(setup.meta.id, setup.engine)) {
    if ((layout.find(path, files) ?? []).length === 0) continue;
    const spec = layout.read(path, {}, files);
    if (isBroken(spec)) throw new Error(`${path}: a generated game cannot be read back: ${spec.broken}`);
    return spec;
  }
  throw new Error(`${path}: a generated game is in no layout of ${setup.meta.id}`);
}

export interface GenerateRequest {
  readonly games: number;
  readonly seed: number;
  readonly maxSteps: number;
  readonly outDir: string;
}

export function generate(setup: GameSetup, request: GenerateRequest, io: Io): number {
  const games = drawGames(setup, request.games, request.seed, request.maxSteps);
  const width = String(games.length).length;
  games.forEach((game, k) => writeGame(setup, game, request.outDir, `game-${String(k + 1).padStart(width, '0')}`));
  io.err(`${setup.meta.id}: ${games.length} game(s) from seed ${request.seed} written to ${request.outDir}\n`);
  return 0;
}

/** How a game fares through the program: null when its output is Arbiter's. */
async function difference(setup: GameSetup, game: Game, exec: ExecOptions): Promise<Failure | null> {
  const scratch = mkdtempSync(join(os().tmpdir(), 'arbiter-fuzz-'));
  try {
    const spec = specOf(setup, writeGame(setup, game, scratch, 'game'));
    const run = await runExternal(spec, exec);
    const problem = processProblem(run, exec, spec.expected.exit);
    if (problem !== null) return { line: null, expected: null, actual: null, context: null, error: problem };
    return compareOutcome(externalOutcome(spec, run, exec));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The shortest differing prefix, then single chunks removed while the game still differs. */
async function shrink(setup: GameSetup, game: Game, exec: ExecOptions): Promise<{ game: Game; failure: Failure; runs: number }> {
  let runs = 0;
  let best: { game: Game; failure: Failure } | null = null;
  const differs = async (lines: readonly string[]): Promise<boolean> => {
    runs++;
    const candidate = { seed: game.seed, lines };
    const failure = await difference(setup, candidate, exec);
    if (failure !== null) best = { game: candidate, failure };
    return failure !== null;
  };
  let lines = [...game.lines];
  if (!(await differs(lines))) throw new Error('fuzz: a differing game no longer differs (is the program deterministic?)');
  let lo = 0;
  let hi = lines.length;
  while (lo < hi && runs < SHRINK_BUDGET) {
    const mid = Math.floor((lo + hi) / 2);
    if (await differs(lines.slice(0, mid))) hi = mid;
    else lo = mid + 1;
  }
  lines = lines.slice(0, hi);
  for (let size = Math.max(1, Math.floor(lines.length / 2)); size >= 1 && runs < SHRINK_BUDGET; size = size === 1 ? 0 : Math.max(1, Math.floor(size / 2))) {
    for (let at = lines.length - size; at >= 0 && runs < SHRINK_BUDGET; at -= size) {
      const candidate = [...lines.slice(0, at), ...lines.slice(at + size)];
      if (await differs(candidate)) lines = candidate;
    }
  }
  // The last differing candidate is the shortest found; re-run it so the reported failure is its own.
  await differs(lines);
  return { ...best!, runs };
}

export interface FuzzRequest extends GenerateRequest {
  readonly exec: ExecOptions;
}

export async function fuzz(setup: GameSetup, request: FuzzRequest, io: Io): Promise<number> {
  const games = drawGames(setup, request.games, request.seed, request.maxSteps);
  let differing = 0;
  for (const [k, game] of games.entries()) {
    const failure = await difference(setup, game, request.exec);
    if (failure === null) continue;
    differing++;
    const name = `fuzz-${request.seed}-${k + 1}`;
    const shrunk = await shrink(setup, game, request.exec);
    const path = writeGame(setup, shrunk.game, request.outDir, name);
    io.out(`DIFF game ${k + 1}${game.seed === undefined ? '' : ` (game seed ${game.seed})`}: ${failureMessage(shrunk.failure)}\n`);
    io.out(`  shrunk from ${game.lines.length} to ${shrunk.game.lines.length} choice(s) in ${shrunk.runs} run(s): ${JSON.stringify(shrunk.game.lines)}\n`);
    io.out(`  replay: arbiter ${setup.meta.id} verify ${shownPath(io.cwd, path)} --exec ${JSON.stringify(request.exec.command)}\n`);
  }
  io.out(`${setup.meta.id} fuzz: ${games.length} game(s) from seed ${request.seed}; ${differing === 0 ? 'no differences' : `${differing} differ`}\n`);
  return differing === 0 ? 0 : 1;
}
