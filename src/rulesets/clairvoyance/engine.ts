/**
 * The `clairvoyance` engine: an encounter file in, battles out; and the corpus's own case layout
 * (corpus-layout.ts).
 */
import { SetupError } from '../../core/battle.js';
import type { RulesetEngine } from '../../core/ruleset.js';
import { corpusLayout } from './corpus-layout.js';
import { eventJson } from './events.js';
import { ClairvoyanceBattle, loadEncounter, type LoadedEncounter } from './index.js';

export const engine: RulesetEngine<LoadedEncounter> = {
  load({ texts, options }) {
    const { path: file, text } = texts[0]!;
    try {
      const loaded = loadEncounter(file, text, options['strict'] === true);
      return { ok: true, setup: loaded, warnings: loaded.warnings };
    } catch (error) {
      if (!(error instanceof SetupError)) throw error;
      return { ok: false, stdout: error.stdoutLines, stderr: error.message.split('\n') };
    }
  },
  start(setup, { rng, options, onEvent, terminal }) {
    const dice = rng !== null ? { kind: 'random' as const, prng: rng } : { kind: options['dice'] === 'min' ? ('min' as const) : ('max' as const) };
    return new ClairvoyanceBattle(setup.model, { dice, view: terminal === true ? 'terminal' : 'log', ...(onEvent === undefined ? {} : { onEvent: (e) => onEvent(eventJson(e)) }) });
  },
  layouts: [corpusLayout],
};

export default engine;
