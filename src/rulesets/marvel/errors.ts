/** The rejection messages of spec §15 (exact wording), one constructor per code. */
import type { Rejection } from '../../core/battle.js';
import { article } from './sheet-skill.js';
import type { LifeState } from './state.js';

const r = (code: string, message: string): Rejection => ({ code, message });

export const rejections = {
  syntax: (line: string, form: string) => r('E_SYNTAX', `cannot parse '${line}': expected ${form}`),
  unknown: (what: 'character' | 'skill' | 'side' | 'modifier' | 'dot' | 'status', name: string) =>
    r('E_UNKNOWN', `unknown ${what} '${name}'`),
  phase: (verb: string, phase: string) => r('E_PHASE', `'${verb}' not allowed during ${phase}`),
  over: () => r('E_OVER', 'the combat is over'),
  turn: (actor: string, who: string) => r('E_TURN', `it is ${actor}'s turn, not ${who}'s`),
  state: (who: string, what: LifeState | 'not in the combat' | 'already in the combat' | 'already hidden' | 'not hidden') =>
    r('E_STATE', `${who} is ${what}`),
  cls: (skill: string, cls: string) => r('E_CLASS', `${skill} is ${article(cls)} skill and cannot be used here`),
  once: (who: string, skill: string, used: number, max: number) =>
    r('E_ONCE', `${who} already used ${skill} ${used}/${max} times this round`),
  blocked: (skill: string) => r('E_BLOCKED', `${skill} was anticipated this round`),
  cooldown: (skill: string, n: number) => r('E_COOLDOWN', `${skill} is on cooldown for ${n} more round(s)`),
  combo: (who: string) => r('E_COMBO', `${who} already made a combo this turn`),
  target: (skill: string, reason: string) => r('E_TARGET', `${skill}: ${reason}`),
  pa: (who: string, need: number, has: number) => r('E_PA', `${who} needs ${need} PA, has ${has}`),
  free: (who: string) => r('E_FREE', `${who} already took 2 free actions this round`),
  react: (who: string, skill: string, reason: string) => r('E_REACT', `${who} cannot use ${skill} here: ${reason}`),
  twice: (who: string) => r('E_TWICE', `${who} already reacted to this hit`),
  covered: (who: string) => r('E_COVERED', `${who} is already covered for this hit`),
  slot: (side: string, used: number, cap: number) => r('E_SLOT', `side ${side} is full (${used}/${cap})`),
  undo: () => r('E_UNDO', 'nothing to undo'),
  /** v2: the whole message (`<S>: <reason>`, `<R> cannot use <S> here: <reason>`, or a start's or ref's own). */
  range: (message: string) => r('E_RANGE', message),
  cell: (x: number, y: number, who: string) => r('E_CELL', `cell ${x},${y} is taken by ${who}`),
};
