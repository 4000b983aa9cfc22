/**
 * Entry point of the `marauders` ruleset for the core: load reads and checks the setup file (9.2) through
 * the rooted Files; start builds a battle with the seeded generator, the `--events` sink, if any, and the
 * colours of a person's terminal when it takes them (paint.ts).
 */
import { Prng } from '../../core/prng.js';
import type { Loaded, LoadRequest, RulesetEngine, RunContext } from '../../core/ruleset.js';
import { MaraudersBattle } from './battle.js';
import { loadMsg } from './errors.js';
import { paintFor } from './paint.js';
import { parseSetup } from './parse-setup.js';
import type { SetupDoc } from './setup-doc.js';

export interface MaraudersSetup {
  readonly file: string;
  readonly doc: SetupDoc;
}

function load(request: LoadRequest): Loaded<MaraudersSetup> {
  const file = request.args[0];
  if (file === undefined || request.args.length !== 1) {
    return { ok: false, stdout: [], stderr: [loadMsg.fileCount()] };
  }
  const parsed = parseSetup(request.texts[0]!.text, file);
  if (!parsed.ok) return { ok: false, stdout: [], stderr: [parsed.error] };
  return {
    ok: true,
    setup: { file, doc: parsed.doc },
    ...(parsed.doc.seed !== undefined && { seed: parsed.doc.seed }),
    warnings: [],
  };
}

function start(setup: MaraudersSetup, context: RunContext): MaraudersBattle {
  return MaraudersBattle.start(setup.doc, context.rng ?? Prng.seeded(0), context.onEvent, paintFor(context), context.terminal === true);
}

export const engine: RulesetEngine<MaraudersSetup> = { load, start };
export default engine;
