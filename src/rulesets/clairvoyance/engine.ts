/**
 * The `clairvoyance` engine: an encounter file in, battles out; and the corpus's own case layout
 * (corpus-layout.ts).
 */
import type { RulesetEngine } from '../../core/ruleset.js';
import { ClairvoyanceBattle } from './battle.js';
import { corpusLayout } from './corpus-layout.js';
import { loadEncounter, type LoadedEncounter } from './encounter.js';
import { eventJson } from './events.js';

export const engine: RulesetEngine<LoadedEncounter> = {
  load({ texts, options }) {
    const { path: file, text } = texts[0]!;
    const loaded = loadEncounter(file, text, options['strict'] === true, options['userCoords'] === true);
    return loaded.ok ? { ok: true, setup: loaded.encounter, warnings: loaded.encounter.warnings } : loaded;
  },
  start(setup, { rng, options, onEvent, terminal }) {
    const dice = rng !== null ? { kind: 'random' as const, prng: rng } : { kind: options['dice'] === 'min' ? ('min' as const) : ('max' as const) };
    return new ClairvoyanceBattle(setup.model, {
      dice,
      view: terminal === true ? 'terminal' : 'log',
      crits: options['crits'] === true,
      roundHeader: options['roundHeader'] === true,
      userCoords: options['userCoords'] === true,
      ...(onEvent === undefined ? {} : { onEvent: (e) => onEvent(eventJson(e)) }),
    });
  },
  layouts: [corpusLayout],
};

export default engine;
