/**
 * Every error and warning Clairvoyance reports, worded in one place so the texts stay exact: the encounter
 * file's diagnostics (E_PARSE of spec 2.4, the checks of 3.1 with upstream's messages, W_NAME/E_NAME of 3.3)
 * and the rejections of command lines (8.3). A setup failure is a value the engine's load returns.
 */
import { formatSetupError, type Rejection } from '../../core/battle.js';
import type { Pos } from './syntax/ast.js';

/** Something wrong in the encounter file, and where. */
export interface Diagnostic {
  readonly at: Pos;
  readonly message: string;
}

/**
 * Upstream's wording for rejected command lines (8.3). The stderr copy repeats it and, where Arbiter knows
 * more, adds in parentheses what was wrong (the unit that does not exist, what the grammar expected).
 */
export const REJECTION_TEXT = {
  E_SYNTAX: 'Error interpreting command. Please check your syntax.',
  E_TARGET: 'Invalid command target.',
  E_MOVE: 'Invalid movement command for that unit.',
  E_VALUE: 'Invalid health value for that unit.',
  E_ADD: 'Invalid unit to add.',
  E_UNDO: 'Nothing to undo.',
} as const;

export type RejectionCode = keyof typeof REJECTION_TEXT;

/** A rejected command line: upstream's fixed text on stdout replaces CONVENTIONS' `ERROR <CODE>: …`. */
export function rejection(code: RejectionCode, detail?: string | null): Rejection {
  const text = REJECTION_TEXT[code];
  return { code, message: detail == null ? text : `${text} (${detail})`, display: text };
}

/** E_PARSE (2.4): the first token that cannot continue, and what could have come there. */
export const parseMsg = {
  unexpected: (found: string, expected: string) => `unexpected ${found}; expected ${expected}`,
  tooDeep: (found: string, max: number) => `unexpected ${found}; expected at most ${max} levels of nested '(' and '{'`,
  numberTooLarge: (found: string, max: number) => `unexpected ${found}; expected a number up to ${max}`,
} as const;

/** The codes of the semantic checks (3.1), in the order they run. */
export type ValidationCode = 'E_BOARD' | 'E_UNIT' | 'E_AI' | 'E_TEAM';

/** E_BOARD (3.1 rows 1–5); the too-large board is not upstream's (README "Limits"). */
export const boardMsg = {
  widthNotPositive: () => 'Board width is not positive.',
  heightNotPositive: () => 'Board height is not positive.',
  tooLarge: (width: number, height: number, max: number) => `Board is too large: ${width} x ${height} cells (at most ${max}).`,
  obstacleBounds: (range: string) => `Incorrect obstacle boundaries: ${range} .`,
  outlineValue: () => 'Invalid outline value.',
  borderNotClosed: (column: number, row: number) => `Border path does not finish at the start point. Offset: (${column}, ${row}) .`,
} as const;

/** E_UNIT (rows 6–10); too many dice is not upstream's (README "Limits"). */
export const unitMsg = {
  duplicateName: (unit: string) => `Duplicate unit name ${unit}.`,
  duplicateStat: (stat: string, unit: string) => `Duplicate ${stat} field in unit ${unit}.`,
  hp: (unit: string) => `Negative or null HP points in unit ${unit}.`,
  invalidAttack: (stat: string, unit: string) => `Invalid ${stat} in unit ${unit}.`,
  tooManyDice: (stat: string, unit: string, count: number, faces: number, max: number) =>
    `Too many dice in ${stat} in unit ${unit}: ${count}d${faces} (at most ${max}).`,
  missingStats: (unit: string) => `Missing statistics in unit ${unit}.`,
} as const;

/** E_AI (row 11). */
export const aiMsg = {
  duplicateName: (ai: string) => `Duplicate AI name ${ai}.`,
} as const;

/** E_TEAM (rows 12–19). */
export const teamMsg = {
  duplicateName: (team: string) => `Duplicate team name ${team}.`,
  unknownUnit: (unit: string, team: string) => `Unknown unit name ${unit} in team ${team}.`,
  missingAi: (unit: string, team: string) => `Missing AI name for unit ${unit} in team ${team}.`,
  unknownAi: (ai: string, team: string) => `Unknown AI name ${ai} in team ${team}.`,
  playerWithAi: (unit: string, team: string) => `Player controlled unit ${unit} does not use an AI in team ${team}.`,
  countMismatch: (unit: string, team: string) => `Mismatched amount and coordinate amount in unit ${unit} in team ${team}.`,
  outOfBounds: (column: number, row: number, unit: string, team: string) => `Coordinate (${column},${row}) out of bounds in unit ${unit} in team ${team}.`,
  badPlacement: (column: number, row: number, unit: string, team: string) => `Invalid unit placement (${column},${row}) in unit ${unit} in team ${team}.`,
  unknownOutcomeTeam: (team: string) => `Unknown team name ${team} in outcome.`,
} as const;

/** W_NAME (3.3): a name in an AI program that nothing matches. */
export const nameMsg = {
  unknownTeam: (team: string) => `unknown team '${team}'`,
  unknownUnit: (unit: string) => `unknown unit '${unit}'`,
  teamHasNoUnit: (team: string, unit: string) => `team '${team}' has no unit '${unit}'`,
  teamHasNoMember: (team: string, unit: string, id: number) => `team '${team}' has no unit ${team}:${unit}:${id}`,
  inAi: (message: string, ai: string) => `${message} in AI '${ai}'`,
  inOutcome: (message: string) => `${message} in OUTCOME`,
} as const;

/** A failed load: what stdout and stderr get (the Loaded failure of the core's contract). */
export interface SetupFailure {
  readonly ok: false;
  readonly stdout: readonly string[];
  readonly stderr: readonly string[];
}

const positioned = (file: string, code: string, d: Diagnostic): string => formatSetupError(file, code, d.message, d.at.line, d.at.column);

export const setupFailure = {
  /** E_PARSE prints nothing on stdout. */
  parse: (file: string, d: Diagnostic): SetupFailure => ({ ok: false, stdout: [], stderr: [positioned(file, 'E_PARSE', d)] }),
  /** A failed check also prints upstream's `ERROR: <message>` on stdout. */
  invalid: (file: string, code: ValidationCode, d: Diagnostic): SetupFailure => ({ ok: false, stdout: [`ERROR: ${d.message}`], stderr: [positioned(file, code, d)] }),
  /** `--strict`: every W_NAME becomes an E_NAME, one stderr line each. */
  strictNames: (file: string, names: readonly Diagnostic[]): SetupFailure => ({ ok: false, stdout: [], stderr: names.map((w) => positioned(file, 'E_NAME', w)) }),
} as const;

/** A W_NAME warning line for stderr; the run goes on. */
export const nameWarning = (file: string, w: Diagnostic): string => positioned(file, 'W_NAME', w);
