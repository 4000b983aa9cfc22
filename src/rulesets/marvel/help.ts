/**
 * What a referee may ask for (issue 21 item 7): `help`, `help <command>`, the list of `ref` commands after a
 * bare or unknown `ref`, a character's sheet (`sheet <X>`) or skills (`skills <X>`), and the grid (`map`).
 * The spec fixes the log bytes of these lines (an unknown verb is E_SYNTAX `expected a command`, a bare `ref`
 * is `expected a ref command`: §15, D42), so the log keeps them; at a terminal the answer is written to
 * stderr, where the person typing reads it. Elsewhere nothing is added: a case fixes stderr too.
 */
import { COMMAND_FORMS, REF_FORM_LIST } from './commands.js';
import type { Character } from './model.js';
import { makeCharacter } from './sheet-make.js';

const QUERIES = [
  'help [<command>]            this list, or the forms of one command (on stderr)',
  'sheet <X>                   X\'s sheet: stats, passives, skills (on stderr)',
  'skills <X>                  X\'s skill lines (on stderr)',
  'map                         the grid: who stands where, facing, flying (^), hidden (~), the last shape (:) (on stderr)',
];

/** The `ref` commands, one form a line. */
export function refHelp(): string[] {
  return ['ref commands:', ...REF_FORM_LIST.map((f) => `  ${f}`)];
}

/** `help` (every command) or `help <command>` (that verb's forms; `help ref <sub>` for one ref command). */
export function helpLines(words: readonly string[]): string[] {
  const verb = (words[0] ?? '').toLowerCase();
  if (verb === '') {
    return [
      'commands (names as in the sheets; keywords in any case):',
      ...COMMAND_FORMS.map((f) => `  ${f}`),
      ...refHelp(),
      'queries:',
      ...QUERIES.map((q) => `  ${q}`),
    ];
  }
  if (verb === 'ref') {
    const sub = (words[1] ?? '').toLowerCase();
    const one = REF_FORM_LIST.filter((f) => f.split(' ')[1] === sub || f.includes(` or ref ${sub} `));
    return one.length > 0 ? one : refHelp();
  }
  const forms = COMMAND_FORMS.filter((f) => f.split(' ')[0] === verb);
  if (forms.length > 0) return forms;
  const query = QUERIES.filter((q) => q.startsWith(`${verb} `));
  if (query.length > 0) return query;
  return [`no command '${verb}'; type help for the list`];
}

/** `sheet <X>` (the whole character) or `skills <X>` (its skill lines), or why not. */
export function sheetLines(roster: ReadonlyMap<string, Character>, verb: 'sheet' | 'skills', name: string | undefined): string[] {
  if (name === undefined) return [`usage: ${verb} <X>; characters: ${[...roster.keys()].join(', ')}`];
  const ch = roster.get(name);
  if (ch === undefined) return [`no character '${name}'; characters: ${[...roster.keys()].join(', ')}`];
  const lines = makeCharacter(ch);
  if (verb === 'sheet') return lines;
  const skills = lines.filter((l) => l.startsWith('  skill ')).map((l) => l.slice(2));
  return skills.length > 0 ? skills : [`${name} has no skills`];
}
