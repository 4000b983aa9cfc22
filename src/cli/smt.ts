/** The `smt` command: play a battle from a team folder, or verify transcripts. */
import type { Command } from 'commander';
import { play } from './play.js';
import { collect, parseJobs } from './options.js';

interface SmtOptions {
  teams?: string;
  data?: string;
  input?: string[];
  outDir?: string;
  echoInput?: boolean;
}

const EXAMPLES = `
Examples:
  $ arbiter smt --teams data/smt/teams < data/smt/demo-choices.txt
  $ arbiter smt --teams ../shared/smt/course/E1-BasicCombat --data ../shared/smt/course --input choices.txt
  $ arbiter smt --teams data/smt/teams --input a.txt --input b.txt --out-dir logs/
  $ arbiter smt verify ../shared/smt/course/E1-BasicCombat-Tests --data ../shared/smt/course`;

const RECORD_EXAMPLES = `
Example:
  $ arbiter smt record --teams test-cases/smt/edge-cases --input choices.txt --out test-cases/smt/edge-cases-Tests/031.txt`;

const VERIFY_EXAMPLES = `
Examples:
  $ arbiter smt verify ../shared/smt/course/*-Tests --data ../shared/smt/course
  $ arbiter smt verify test-cases/smt/edge-cases-Tests`;

export function registerSmt(program: Command): void {
  const smt = program
    .command('smt')
    .description('Shin Megami Tensei IV "Press Turn": play a battle from a folder of team files')
    .enablePositionalOptions()
    .option('--teams <folder>', 'folder of team files; the program lists them and reads the choice first')
    .option('--data <folder>', 'catalogue folder (samurai.json, monsters.json, skills.json); default: the folder holding --teams if it has them, else data/smt')
    .option('--input <file>', 'read choices from this file instead of stdin (repeat with --out-dir)', collect)
    .option('--out-dir <folder>', 'write one log per --input file to <folder>/<basename>')
    .option('--echo-input', 'print each choice as "INPUT: <line>" (default when input is not a terminal)')
    .option('--no-echo-input', 'do not print the choices')
    .addHelpText('after', EXAMPLES)
    .action(async (options: SmtOptions) => {
      if (options.teams === undefined) throw new (await import('./play.js')).UsageError("required option '--teams <folder>' not specified");
      const { smtSetup, createSmtBattle, SMT_META } = await import('../rulesets/smt/index.js');
      const teams = options.teams;
      const data = options.data;
      process.exitCode = await play(
        { ruleset: SMT_META.id, skipBlankAndComments: SMT_META.skipBlankAndComments, makeBattle: () => createSmtBattle(smtSetup(teams, data)) },
        options,
      );
    });

  smt
    .command('record')
    .description('play a battle on a choices file and write its log as a new golden transcript')
    .requiredOption('--teams <folder>', 'folder of team files')
    .option('--data <folder>', 'catalogue folder; default: the folder holding the team folder if it has one, else data/smt')
    .requiredOption('--input <file>', 'the choices, one per line')
    .requiredOption('--out <file>', 'where to write the transcript')
    .addHelpText('after', RECORD_EXAMPLES)
    .action(async (options: { teams: string; data?: string; input: string; out: string }) => {
      const { smtSetup, createSmtBattle, SMT_META } = await import('../rulesets/smt/index.js');
      const { record } = await import('./play.js');
      process.exitCode = record(
        { ruleset: SMT_META.id, skipBlankAndComments: SMT_META.skipBlankAndComments, makeBattle: () => createSmtBattle(smtSetup(options.teams, options.data)) },
        options.input,
        options.out,
      );
    });

  smt
    .command('verify')
    .description('replay transcripts (files or -Tests folders) and compare them line by line')
    .argument('<paths...>', 'transcript files or folders of transcripts')
    .option('--teams <folder>', 'team folder; default: the sibling folder without "-Tests"')
    .option('--data <folder>', 'catalogue folder; default: the folder holding the team folder if it has one, else data/smt')
    .option('--json', 'print the report as JSON')
    .option('--jobs <n>', 'worker threads (default: the number of CPUs)', parseJobs)
    .addHelpText('after', VERIFY_EXAMPLES)
    .action(async (paths: string[], options: { teams?: string; data?: string; json?: boolean; jobs?: number }) => {
      const { verifyCommand, defaultJobs } = await import('./verify.js');
      process.exitCode = await verifyCommand({
        ruleset: 'smt',
        options: { teams: options.teams, data: options.data },
        paths,
        json: options.json === true,
        jobs: options.jobs ?? defaultJobs(),
      });
    });
}
