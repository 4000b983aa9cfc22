/**
 * The tactics engine for the core: `load` runs SETUP_FILE (when given) as setup commands with no echo and
 * checks the implicit `start` (D25), so every setup fault is fatal before anything is printed; `start`
 * draws the anchors and the order from the run's generator and opens the battle.
 */
import { formatSetupError } from '../../core/battle.js';
import { splitLines } from '../../core/lines.js';
import { dirname } from '../../core/platform.js';
import { Prng } from '../../core/prng.js';
import type { Loaded, LoadRequest, RulesetEngine, RunContext } from '../../core/ruleset.js';
import { TacticsBattle } from './battle.js';
import { checkStart } from './defs.js';
import { EMPTY_CONFIG, type Config } from './model.js';
import { paintFor } from './paint.js';
import { startGame } from './placement.js';
import { present } from './presenter.js';
import { runScript } from './script.js';

/** No SETUP_FILE: the stream holds the setup. With one: its checked config and what it printed. */
export type TacticsSetup =
  | { readonly kind: 'stream' }
  | { readonly kind: 'file'; readonly config: Config; readonly lines: readonly string[] };

function fatal(file: string, code: string, message: string, line?: number): Loaded<TacticsSetup> {
  return { ok: false, stdout: [], stderr: [formatSetupError(file, code, message, line)] };
}

export function loadTactics(request: LoadRequest): Loaded<TacticsSetup> {
  if (request.args.length === 0) return { ok: true, setup: { kind: 'stream' }, warnings: [] };
  const file = request.args[0]!;
  if (request.args.length > 1) return fatal(request.args[1]!, 'E_USAGE', 'expected at most one SETUP_FILE');
  const lines = splitLines(request.texts[0]!.text);
  const dir = dirname(file);
  const allowOutside = request.options['allowOutsidePaths'] === true;
  const run = runScript('setup', lines, { files: request.files, dir: dir === '.' ? '' : dir, allowOutside });
  if (!run.ok) return fatal(file, run.failure.error.code, run.failure.error.message, run.failure.line);
  // The implicit `start` is checked here, so a failure is fatal at the line after the file's last (spec 2).
  const problem = checkStart(run.config);
  if (problem !== null) return fatal(file, problem.code, problem.message, lines.length + 1);
  const seed = run.config.settings.seed;
  return {
    ok: true,
    setup: { kind: 'file', config: run.config, lines: present(run.events) },
    ...(seed === null ? {} : { seed }),
    warnings: [],
  };
}

export function startTactics(setup: TacticsSetup, context: RunContext): TacticsBattle {
  const rng = context.rng ?? Prng.seeded(0);
  const host = { files: context.files, dir: '', allowOutside: context.options['allowOutsidePaths'] === true };
  // Colour only for a person at a terminal that takes it (paint.ts); a log, pipe or file gets PLAIN.
  const paint = paintFor(context);
  if (setup.kind === 'stream') return new TacticsBattle({ config: EMPTY_CONFIG }, rng, host, [], paint, context.terminal === true);
  const started = startGame(setup.config, rng);
  return new TacticsBattle({ game: started.state }, rng, host, [...setup.lines, ...present(started.events, paint)], paint, context.terminal === true);
}

export const engine: RulesetEngine<TacticsSetup> = { load: loadTactics, start: startTactics };
export default engine;
