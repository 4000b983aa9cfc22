/**
 * Every ruleset Arbiter hosts: one line each. The CLI, the verify workers, golden blessing and the
 * conformance tests all read this list; a ruleset's engine loads only when a command runs it.
 */
import type { RulesetEntry } from '../core/ruleset.js';
import { CLAIRVOYANCE_META } from './clairvoyance/meta.js';
import { MARAUDERS_META } from './marauders/meta.js';
import { MARVEL_META } from './marvel/meta.js';
import { SMT_META } from './smt/meta.js';
import { TACTICS_META } from './tactics/meta.js';

export const RULESETS: readonly RulesetEntry[] = [
  { meta: SMT_META, engine: async () => (await import('./smt/engine.js')).engine, view: async () => (await import('./smt/view.js')).view },
  { meta: CLAIRVOYANCE_META, engine: async () => (await import('./clairvoyance/engine.js')).engine, view: async () => (await import('./clairvoyance/view.js')).view },
  { meta: TACTICS_META, engine: async () => (await import('./tactics/engine.js')).engine, view: async () => (await import('./tactics/view.js')).view },
  { meta: MARVEL_META, engine: async () => (await import('./marvel/engine.js')).engine, view: async () => (await import('./marvel/view.js')).view },
  { meta: MARAUDERS_META, engine: async () => (await import('./marauders/engine.js')).engine, view: async () => (await import('./marauders/view.js')).view },
  // new rulesets: one line above this comment
];

export function rulesetById(id: string): RulesetEntry | undefined {
  return RULESETS.find((r) => r.meta.id === id);
}
