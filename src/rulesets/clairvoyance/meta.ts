/** The `clairvoyance` ruleset as the CLI shows it: static, so `--help` loads nothing else. */
import type { RulesetMeta } from '../../core/ruleset.js';

export const CLAIRVOYANCE_META: RulesetMeta = {
  id: 'clairvoyance',
  title: 'Clairvoyance: D&D 3.5 encounters with unit behaviours',
  rulesVersion: '2',
  maturity: 'beta',
  setup: { kind: 'file', name: 'encounter', optional: false },
  seeded: true,
  // Forced dice draw nothing, so they print no SEED line (CONVENTIONS, Randomness).
  unseeded: (options) => options['dice'] !== undefined,
  // Empty and `#` command lines are skipped without echo (CONVENTIONS, D17).
  writesFiles: false,
  skipBlankAndComments: true,
  events: true,
  options: [
    { flags: '--dice <mode>', help: 'forced dice: every die shows its maximum or 1, no SEED line (verify: for cases without a SEED line, default max)', choices: ['max', 'min'], excludes: ['seed'], on: ['play', 'record', 'verify'] },
    { flags: '--strict', help: 'unknown names in AI programs are errors (E_NAME, exit 2), not warnings' },
    { flags: '--crits', help: 'critical hits and natural 1 misses for AI attacks (3.5 rules, confirmation roll, x2)' },
    { flags: '--round-header', help: "the turn header names the round: 'Current turn (round N): '" },
    { flags: '--user-coords', help: "coordinates printed and typed as the file's (an Outline's start is (0,0))" },
  ],
  examples: {
    play: [
      'clairvoyance data/clairvoyance/skirmish.clv --seed 7 --input data/clairvoyance/demo-commands.txt',
      'clairvoyance data/clairvoyance/skirmish.clv --dice max --strict < data/clairvoyance/demo-commands.txt',
      'clairvoyance data/clairvoyance/skirmish.clv --events /tmp/events.jsonl --input data/clairvoyance/demo-commands.txt',
    ],
    record: ['clairvoyance record data/clairvoyance/skirmish.clv --seed 7 --input data/clairvoyance/demo-commands.txt --out /tmp/skirmish.txt'],
    verify: ['clairvoyance verify test-cases/clairvoyance/seeded', 'clairvoyance verify ../shared/clairvoyance/reference'],
  },
};
