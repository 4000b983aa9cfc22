/**
 * `help` and `help <command>` (issue 21 item 7). The spec fixes the log bytes of an unknown first word
 * (`ERROR E_COMMAND: unknown command 'help'`, 7.2, section 10), so the log keeps that line; at a terminal
 * the help is written to stderr, where the person typing reads it. Elsewhere nothing is added: a case fixes
 * stderr too.
 */
import { USAGE } from './commands.js';

/** The commands of each phase (7.1), as their usage strings. */
const GROUPS: readonly { readonly title: string; readonly keys: readonly string[] }[] = [
  {
    title: 'setup (before start):',
    keys: ['map', 'terrain', 'grid', 'cell', 'unit', 'action', 'players', 'limit', 'rounds', 'movecost', 'army', 'map-file', 'units-file', 'start'],
  },
  { title: 'placement:', keys: ['place', 'autoplace'] },
  { title: 'battle (the current player):', keys: ['move', 'act', 'reach', 'end', 'concede'] },
  { title: 'any time:', keys: ['show'] },
];

const NOTES: Readonly<Record<string, string>> = {
  grid: 'then one row of terrain symbols per map row',
  'map-file': 'load in setup only; save any time',
  'units-file': 'load in setup only; save any time',
  reach: 'the cells the unit can move to, with their cost',
  show: 'the board',
  seed: 'in a setup file only, never typed',
};

const line = (key: string) => (NOTES[key] === undefined ? USAGE[key]! : `${USAGE[key]!}   (${NOTES[key]!})`);

/** `help` (every command by phase) or `help <command>` (that command's forms). */
export function helpLines(words: readonly string[]): string[] {
  const word = (words[0] ?? '').toLowerCase();
  if (word === '') {
    return [
      'commands (keywords in any case; <x>,<y> counts from 0,0 at the top left):',
      ...GROUPS.flatMap((g) => [g.title, ...g.keys.map((k) => `  ${line(k)}`)]),
      '  map save <path>, units save <path>',
      '  help [<command>]   (this list, or one command; on stderr, the log keeps E_COMMAND)',
    ];
  }
  const keys = Object.keys(USAGE).filter((k) => k === word || k === `${word}-file`);
  if (keys.length > 0) return keys.map(line);
  return [`no command '${word}'; type help for the list`];
}
