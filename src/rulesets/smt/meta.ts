/** The `smt` ruleset as the CLI shows it: static, so `--help` loads nothing else. */
import type { RulesetMeta } from '../../core/ruleset.js';

export const SMT_META: RulesetMeta = {
  id: 'smt',
  title: 'Shin Megami Tensei IV "Press Turn" (course IIC2113)',
  rulesVersion: '1',
  maturity: 'stable',
  // The team folder is an option, not a positional file: the course harness passes a folder.
  setup: { kind: 'none' },
  seeded: false,
  // The course transcripts have no blank or comment lines: an empty line is a bad choice (CONVENTIONS).
  writesFiles: false,
  skipBlankAndComments: false,
  events: true,
  options: [
    { flags: '--teams <folder>', help: 'folder of team files; the program lists them and reads the choice first (verify: default the sibling folder without "-Tests")', on: ['play', 'record', 'verify'], requiredToPlay: true },
    { flags: '--data <folder>', help: 'catalogue folder (samurai.json, monsters.json, skills.json); default: the folder holding --teams if it has them, else data/smt', on: ['play', 'record', 'verify'] },
  ],
  examples: {
    play: [
      'smt --teams data/smt/teams --input data/smt/demo-choices.txt',
      'smt --teams data/smt/teams < data/smt/demo-choices.txt',
    ],
    record: ['smt record --teams data/smt/teams --input data/smt/demo-choices.txt --out /tmp/demo-transcript.txt'],
    verify: ['smt verify test-cases/smt/edge-cases-Tests', 'smt verify ../shared/smt/course/E1-BasicCombat-Tests'],
    // A course program gets the team folder as its one argument: Arbiter itself takes it after --teams.
    fuzz: ['smt fuzz --teams data/smt/teams --exec "node $PWD/dist/cli.cjs smt --teams" --games 3'],
  },
};
