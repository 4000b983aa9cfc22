/** The static description of the `marvel` ruleset, read at start-up for `--help`. */
import type { RulesetMeta } from '../../core/ruleset.js';

export const MARVEL_META: RulesetMeta = {
  id: 'marvel',
  title: 'Marvel forum roleplay — combat referee',
  rulesVersion: '2',
  maturity: 'beta',
  setup: { kind: 'files', name: 'SHEET_FILE' },
  // D35: no randomness, so no --seed option and no SEED line.
  seeded: false,
  writesFiles: false,
  skipBlankAndComments: true,
  events: true,
  options: [],
  examples: {
    play: ['marvel data/marvel/demo.sheet --input data/marvel/demo-commands.txt'],
    record: ['marvel record data/marvel/demo.sheet --input data/marvel/demo-commands.txt --out /tmp/marvel-demo.txt'],
    verify: ['marvel verify test-cases/marvel'],
  },
};
