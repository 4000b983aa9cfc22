/** The `tactics` ruleset as the CLI shows it: static, so `--help` loads nothing else. */
import type { RulesetMeta } from '../../core/ruleset.js';

export const TACTICS_META: RulesetMeta = {
  id: 'tactics',
  title: 'Tactics: grid tactics with user-defined maps, unit types and actions',
  rulesVersion: '1',
  maturity: 'beta',
  // Without SETUP_FILE the input stream carries the setup commands and `start` (spec 2).
  setup: { kind: 'file', name: 'SETUP_FILE', optional: true },
  seeded: true,
  // Empty and `#` lines are skipped without echo everywhere (D24).
  writesFiles: true,
  skipBlankAndComments: true,
  events: true,
  options: [
    {
      flags: '--allow-outside-paths',
      help: 'let map/units load and save reach absolute paths and paths out of the folder (default: only files under the folder arbiter runs in, or the setup file\'s folder when it is outside it)',
      on: ['play', 'record', 'verify'],
    },
  ],
  examples: {
    play: [
      'tactics data/tactics/game.setup --input data/tactics/demo-commands.txt',
      'tactics data/tactics/game.setup < data/tactics/demo-commands.txt',
    ],
    record: ['tactics record data/tactics/game.setup --input data/tactics/demo-commands.txt --out /tmp/tactics-demo.txt'],
    verify: ['tactics verify test-cases/tactics', 'tactics verify ../shared/tactics/reference'],
  },
};
