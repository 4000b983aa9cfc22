/**
 * Every error Marauders reports, worded in one place so the texts stay exact: the load's own failures, the
 * setup file's E_SETUP messages (9.2) and the rejections of choice lines (9.4).
 */
import type { Rejection } from '../../core/battle.js';
import type { PlayerId } from './model.js';

/** The load's failures as stderr lines (an unreadable file is the core's E_IO line). */
export const loadMsg = {
  fileCount: () => 'marauders: expected exactly one SETUP_FILE',
  setup: (file: string, failure: SetupFailure) => `${file}:${failure.line}: E_SETUP: ${failure.message}`,
} as const;

/**
 * An E_SETUP fault at a line of the setup file. The two passes over the file throw it at the first fault;
 * parseSetup catches it and returns the positioned line as a value.
 */
export class SetupFailure {
  constructor(
    readonly line: number,
    readonly message: string,
  ) {}
}

/** What each key's value must look like, for `bad value` (9.2). */
export const FORMS: Readonly<Record<string, string>> = {
  mode: '2d|1d',
  tier: 'rank <1-9>|standard <name>|casual <name>',
  options: 'none or a comma list of ids',
  seed: '0..4294967295',
  player: 'P1|P2 <name>',
  'turn-limit': '1..9999',
  'start-turn': '1..9999',
  force: '<a> <b>, each 0..999999',
  board: 'nothing (the rows follow)',
  shield: 'P1|P2.X|Y <lane> <element><strength>',
  mark: '<cell> <mark token>',
  pending: 'P1|P2 <element letter>',
  spell: 'P1|P2 <element letter or exclusive spell>',
};

/** E_SETUP messages (9.2). */
export const setupMsg = {
  unknownKey: (key: string) => `unknown key '${key}'`,
  duplicateKey: (key: string) => `duplicate key '${key}'`,
  badValue: (value: string, key: string, form: string) => `bad value '${value}' for ${key}; expected ${form}`,
  optionLater: (id: string) => `option '${id}' is not available in v1`,
  duplicateOption: (id: string) => `duplicate option '${id}'`,
  exclusiveOptions: (a: string, b: string) => `options ${a} and ${b} exclude each other`,
  staticIn1D: () => 'static is not available in 1D',
  expertIn1D: () => '1D cannot use standard expert',
  elementsWithRank: () => 'elements is only valid with a standard or casual tier',
  startAfterLimit: (start: number, limit: number) => `start-turn ${start} is after turn-limit ${limit}`,
  boardRows: (rows: number, n: number) => `board has ${rows} rows, expected ${n}`,
  boardRowCells: (row: string, cells: number, n: number) => `board row ${row} has ${cells} cells, expected ${n}`,
  notInPlay: (letter: string, cell: string) => `'${letter}' at ${cell} is not an element in play`,
  outsideBoard: (cell: string, n: number) => `${cell} is outside the ${n}x${n} board`,
  markNotAllowed: (mark: string, cell: string) => `${mark} cannot go on ${cell}`,
  boardHasLine: (cell: string) => `board has a line at ${cell}`,
  noLegalSwap: () => 'board has no legal matching swap',
  pendingWith: (option: string) => `pending is not available with ${option}`,
  spellWithout: () => 'spell is only valid with non-matching',
  spellNeeded: (p: PlayerId) => `non-matching needs a spell for P${p}`,
} as const;

const USAGE = 'usage: P1|P2 swap <cell> <cell> | P1|P2 cast | P1|P2 pass';

const r = (code: string, message: string): Rejection => ({ code, message });

/** Choice-line rejections (9.4), in the order they are checked. */
export const rejections = {
  syntax: () => r('E_SYNTAX', USAGE),
  command: (word: string) => r('E_COMMAND', `unknown command '${word}'`),
  cell: (text: string) => r('E_CELL', `bad cell '${text}'; expected a row letter and a column number, e.g. E6`),
  bounds: (cell: string, n: number) => r('E_BOUNDS', `${cell} is outside the ${n}x${n} board`),
  turn: (actor: PlayerId, p: PlayerId) => r('E_TURN', `it is P${actor}'s turn, not P${p}'s`),
  warp: (cell: string) => r('E_WARP', `${cell} holds a warped block and cannot be swapped`),
  adjacent: (a: string, b: string) => r('E_ADJACENT', `${a} and ${b} are not adjacent`),
  spell: (p: PlayerId, why: string) => r('E_SPELL', `P${p} cannot cast: ${why}`),
  over: () => r('E_OVER', 'the match is over'),
} as const;

/** Why `cast` is refused (3.8's table): the reason after `cannot cast: `. */
export const castRefusalMsg = {
  off: () => 'spells are off',
  armed: () => 'already armed',
  used: () => 'no spell left',
  pending: () => 'a spell is pending',
  cooldown: (turn: number) => `cooldown until turn ${turn}`,
  force: (force: number) => `force ${force} < 10`,
} as const;
