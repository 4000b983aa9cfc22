/**
 * The rules of the prompt's commands (spec 8.2, 8.3), on lines already parsed (commands.ts). A rejected
 * line changes nothing: every check runs before the first change. The battle (battle.ts) owns `next` and
 * `quit`.
 */
import { resolveCommandAttack } from './attack.js';
import { EMPTY } from './board.js';
import { rejectionDetail, type RejectionCode } from './errors.js';
import type { Cell } from './model.js';
import type { BattleState, UnitState } from './state.js';
import type { Command, Step, UnitRef } from './commands.js';

/** What a query asks the presenter to show (spec 8.3); changes come back as the state's events. */
export type Query = { readonly kind: 'help' } | { readonly kind: 'board' } | { readonly kind: 'unit'; readonly unit: UnitState };

export type CommandOutcome =
  | { readonly ok: true; readonly query?: Query }
  | { readonly ok: false; readonly code: Exclude<RejectionCode, 'E_SYNTAX'>; readonly detail?: string };

const STEPS: Record<Step, [number, number]> = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0], UR: [1, -1], UL: [-1, -1], DR: [1, 1], DL: [-1, 1] };

function noUnit(ref: UnitRef): CommandOutcome {
  return { ok: false, code: 'E_TARGET', detail: rejectionDetail.noUnit(ref.kind === 'index' ? String(ref.index) : `${ref.team}:${ref.name}:${ref.id}`) };
}

export function findUnit(state: BattleState, ref: UnitRef): UnitState | null {
  if (ref.kind === 'index') return state.units[ref.index] ?? null;
  return state.unitByTriple(ref.team, ref.name, ref.id);
}

/** Commands other than `next` and `quit`. Changes (moves, attacks, deaths) come back as the state's events. */
export function runCommand(state: BattleState, command: Exclude<Command, { kind: 'next' | 'quit' }>): CommandOutcome {
  switch (command.kind) {
    case 'help':
      return { ok: true, query: { kind: 'help' } };
    case 'show-board':
      return { ok: true, query: { kind: 'board' } };
    case 'show': {
      const u = findUnit(state, command.unit);
      return u === null ? noUnit(command.unit) : { ok: true, query: { kind: 'unit', unit: u } };
    }
    default:
      break;
  }
  const u = findUnit(state, command.unit);
  if (u === null) return noUnit(command.unit);
  // A dead unit keeps the bare text: the corpus (seeded/026) fixes that stderr line.
  if (!u.alive) return { ok: false, code: 'E_TARGET' };
  switch (command.kind) {
    case 'move-to': {
      const to = { column: command.column, row: command.row };
      if (!state.inBoard(to.column, to.row) || state.at(to.column, to.row) !== EMPTY) return { ok: false, code: 'E_MOVE' };
      state.move(u, to);
      return { ok: true };
    }
    case 'move-path': {
      const to = walkPath(state, u.position, command.steps);
      if (to === null) return { ok: false, code: 'E_MOVE' };
      state.move(u, to);
      return { ok: true };
    }
    case 'attack':
      resolveCommandAttack(state, u, command.roll, command.damage);
      return { ok: true };
    case 'kill':
      if (u.spec.mob !== null) u.hp = -1;
      state.die(u);
      return { ok: true };
  }
}

/**
 * Every step is checked on the board as it was before the command (the unit's own cell counts as
 * occupied): the target in the board and Empty, and for a diagonal both side cells Empty.
 */
export function walkPath(state: BattleState, from: Cell, steps: readonly Step[]): Cell | null {
  let { column, row } = from;
  const empty = (c: number, r: number) => state.inBoard(c, r) && state.at(c, r) === EMPTY;
  for (const s of steps) {
    const [dc, dr] = STEPS[s];
    if (!empty(column + dc, row + dr)) return null;
    if (dc !== 0 && dr !== 0 && (!empty(column + dc, row) || !empty(column, row + dr))) return null;
    column += dc;
    row += dr;
  }
  return { column, row };
}
