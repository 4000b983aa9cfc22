/** The `marvel` engine: loads the sheet files in the order given (§2-3) and starts a battle per script. */
import type { Loaded, RulesetEngine } from '../../core/ruleset.js';
import { MarvelBattle } from './battle.js';
import type { Character } from './model.js';
import { parseSheets } from './sheet.js';

export interface MarvelSetup {
  readonly roster: readonly Character[];
}

export const engine: RulesetEngine<MarvelSetup> = {
  load(request): Loaded<MarvelSetup> {
    if (request.args.length === 0) return { ok: false, stdout: [], stderr: ['marvel: no sheet file given'] };
    const parsed = parseSheets(request.texts);
    if (!parsed.ok) return { ok: false, stdout: [], stderr: [parsed.error] };
    return { ok: true, setup: { roster: parsed.roster }, warnings: [] };
  },
  start(setup, context) {
    // Colour only for a referee at a terminal that takes it; a log, pipe or file stays plain.
    return new MarvelBattle(setup.roster, { colour: context.terminal === true && context.colour === true, terminal: context.terminal === true });
  },
};

export default engine;
