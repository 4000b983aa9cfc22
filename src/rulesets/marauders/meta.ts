/**
 * The `marauders` ruleset: Match Making Marauders Style C (seed 003, by Murazrai, CC BY 4.0), a two-player
 * match-3 battle, as docs/specs/marauders.md describes it. Static and tiny: read at start-up for `--help`.
 */
import type { RulesetMeta } from '../../core/ruleset.js';

export const MARAUDERS_META: RulesetMeta = {
  id: 'marauders',
  title: 'Match Making Marauders Style C - a match-3 puzzle battle (after Murazrai, Srevensia)',
  rulesVersion: '2',
  maturity: 'beta',
  setup: { kind: 'file', name: 'SETUP_FILE', optional: false },
  seeded: true,
  writesFiles: false,
  skipBlankAndComments: true,
  options: [],
  events: true,
  examples: {
    play: [
      'marauders data/marauders/demo.setup --input data/marauders/demo-commands.txt',
      'marauders data/marauders/demo.setup < data/marauders/demo-commands.txt',
    ],
    record: ['marauders record data/marauders/demo.setup --input data/marauders/demo-commands.txt --out /tmp/marauders-demo.txt'],
    verify: ['marauders verify test-cases/marauders', 'marauders verify ../shared/marauders/reference'],
  },
};
