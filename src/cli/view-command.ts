/**
 * `arbiter <id> view <game> --out game.html` (issue 25, docs/viewer.md): one self-contained page that steps
 * through a game. The game is a case any layout of the ruleset reads (a case folder, an SMT transcript, a
 * Clairvoyance corpus folder), a log (its INPUT lines replayed on the setup given after it), or an
 * `--events` file (with `--log`, the log its line numbers point into). Cases and logs are played here with
 * the events stream on; the states are drawn by the ruleset's view.ts, the page is src/view's.
 */
import { Command } from 'commander';
import type { RulesetEntry } from '../core/ruleset.js';
import { UsageError, type Io } from './io.js';
import { type Outcome, addRulesetOptions, checkOptions, examples, parseSeed, rulesetOptions } from './ruleset-options.js';
import type { ViewFlags } from './view-game.js';

export function viewCommand(entry: RulesetEntry, io: Io, outcome: Outcome): Command {
  const { meta } = entry;
  const cmd = new Command('view')
    .description('write a self-contained HTML page that steps through a game: a case (folder or transcript), a log, or an --events file')
    // One variadic argument keeps the help's column as narrow as the other subcommands'.
    .argument('<game...>', `a case folder or transcript, a log${meta.setup.kind === 'none' ? '' : ` (then the ${meta.setup.name} it was played with)`}, or an --events file (with --log)`);
  addRulesetOptions(cmd, meta, 'verify');
  if (meta.seeded) cmd.option('--seed <n>', 'with a log: the seed (default: the log\'s SEED line)', parseSeed);
  cmd
    .option('--out <file>', 'where to write the page (required)')
    .option('--log <file>', 'with an --events file: the log it was written beside');
  // The first play example with --events, then its events file with its log: runnable as written.
  const game = `/tmp/${meta.id}-game`;
  cmd.addHelpText('after', examples([`${meta.examples.play[0]!} --events ${game}.jsonl > ${game}.log`, `${meta.id} view ${game}.jsonl --log ${game}.log --out ${game}.html`]));
  cmd.action(async (words: string[], flags: ViewFlags & Record<string, unknown>) => {
    const [game, ...setup] = words as [string, ...string[]];
    if (setup.length > 0 && meta.setup.kind === 'none') throw new UsageError(`view takes one game; ${meta.id} has no setup file (${setup[0]})`);
    if (flags.out === undefined) throw new UsageError('view needs --out <file>');
    const options = rulesetOptions(meta, flags, 'verify');
    checkOptions(meta, options, flags.seed, 'verify');
    // Loaded here: the case runner and the page are not needed to play.
    const { writeViewer } = await import('./view-game.js');
    outcome.code = await writeViewer(entry, io, game, setup, options, { ...flags, out: flags.out });
  });
  return cmd;
}

