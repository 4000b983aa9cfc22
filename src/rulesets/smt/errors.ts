/**
 * SMT's error codes and messages, in one place so their wording stays exact: rejected choice lines, the
 * reasons a skill cannot be used, and the stderr notes that explain an invalid team file. Rules return
 * these values; the log's own lines are the presenter's.
 */
import { formatSetupError, type Rejection } from '../../core/battle.js';

const r = (code: string, message: string): Rejection => ({ code, message });

/** What a menu numbered `lo`..`hi` expects, in words: for rejections and the E_EOF message. */
export function expectedWords(lo: number, hi: number): string {
  return `a number from ${lo} to ${hi}`;
}

export const rejections = {
  syntax: (line: string, lo: number, hi: number) => r('E_SYNTAX', `expected ${expectedWords(lo, hi)}, got '${line}'`),
  range: (line: string, lo: number, hi: number) => r('E_RANGE', `expected ${expectedWords(lo, hi)}, got '${line}'`),
  /** A skill this engine has no rule for (the menu keeps it: the course lists every affordable skill). */
  unsupported: (reason: string) => r('E_UNSUPPORTED', reason),
};

/** Why a skill cannot be used: the message of its E_UNSUPPORTED rejection. */
export const unsupportedSkill = {
  target: (skill: string, target: string) => `skill "${skill}" cannot be used with target ${target}`,
  passive: (skill: string) => `"${skill}" is a passive skill and cannot be used`,
  noRule: (type: string, skill: string) => `no rule is known for the ${type} skill "${skill}"`,
};

/** Why a chosen team file is invalid: stderr notes beside the log's "Archivo de equipos inválido". */
export const teamFileNotes = {
  /** `reason`: the errno code of the failed read. */
  unreadable: (path: string, reason: string) => formatSetupError(path, 'E_IO', `cannot read team file (${reason})`),
  invalid: (path: string, line: number, message: string) => formatSetupError(path, 'E_TEAM', message, line),
};
