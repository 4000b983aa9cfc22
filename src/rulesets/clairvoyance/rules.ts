/**
 * The rules of the prompt's commands (spec 8.2, 8.3), on lines already parsed (commands.ts). A rejected
 * line changes nothing: every check runs before the first change. The battle (battle.ts) owns `next` and
 * `quit`.
 */
import { deathCheck, resolveCommandAttack } from './attack.js';
import { EMPTY } from './board.js';
import type { RejectionCode } from './errors.js';
import { NONE, unitSpec, type Cell, type EncounterModel } from './model.js';
import type { BattleState, UnitState } from './state.js';
import type { Command, Step, UnitRef } from './commands.js';

/** What a query asks the presenter to show (spec 8.3); changes come back as the state's events. */
export type Query = { readonly kind: 'help' } | { readonly kind: 'board' } | { readonly kind: 'unit'; readonly unit: UnitState } | { readonly kind: 'round'; readonly round: number };

/** What commands need beyond the state: the encounter (for `add`) and the run's v2 options. */
export interface CommandContext {
  readonly model: Pick<EncounterModel, 'blocks' | 'programs'>;
  /** Added to typed coordinates: the Outline offset with `--user-coords` (D36), else (0,0). */
  readonly typed: Cell;
  readonly crits: boolean;
}

const NO_CONTEXT: CommandContext = { model: { blocks: new Map(), programs: () => null }, typed: { column: 0, row: 0 }, crits: false };

export type CommandOutcome =
  | { readonly ok: true; readonly query?: Query }
  | { readonly ok: false; readonly code: Exclude<RejectionCode, 'E_SYNTAX'>; readonly detail?: string };

const STEPS: Record<Step, [number, number]> = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0], UR: [1, -1], UL: [-1, -1], DR: [1, 1], DL: [-1, 1] };

/** A unit that does not exist: the bare text (the stderr copy of 8.3, as the version 2 corpus fixes it). */
const NO_UNIT: CommandOutcome = { ok: false, code: 'E_TARGET' };

export function findUnit(state: BattleState, ref: UnitRef): UnitState | null {
  if (ref.kind === 'index') return state.units[ref.index] ?? null;
  return state.unitByTriple(ref.team, ref.name, ref.id);
}

/** Commands other than `next` and `quit`. Changes (moves, attacks, deaths) come back as the state's events. */
export function runCommand(state: BattleState, command: Exclude<Command, { kind: 'next' | 'quit' | 'undo' }>, ctx: CommandContext = NO_CONTEXT): CommandOutcome {
  switch (command.kind) {
    case 'help':
      return { ok: true, query: { kind: 'help' } };
    case 'show-board':
      return { ok: true, query: { kind: 'board' } };
    case 'round':
      return { ok: true, query: { kind: 'round', round: state.round } };
    case 'show': {
      const u = findUnit(state, command.unit);
      return u === null ? NO_UNIT : { ok: true, query: { kind: 'unit', unit: u } };
    }
    case 'add':
      return add(state, command, ctx);
    default:
      break;
  }
  const u = findUnit(state, command.unit);
  if (u === null) return NO_UNIT;
  // A dead unit keeps the bare text: the corpus (seeded/026) fixes that stderr line.
  if (!u.alive) return { ok: false, code: 'E_TARGET' };
  switch (command.kind) {
    case 'move-to': {
      const to = { column: command.column + ctx.typed.column, row: command.row + ctx.typed.row };
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
      resolveCommandAttack(state, u, command.roll, command.damage, ctx.crits);
      return { ok: true };
    case 'kill':
      if (u.spec.maxHp !== null) state.setHp(u, -1);
      state.die(u);
      return { ok: true };
    case 'hp': {
      // D25: only units with HP; healing stops at the maximum; `=n` above it is a typo, not a heal.
      const max = u.spec.maxHp;
      if (max === null) return { ok: false, code: 'E_TARGET' };
      if (command.op === '=' && command.amount > max) return { ok: false, code: 'E_VALUE' };
      const hp = command.op === '+' ? Math.min(max, u.hp + command.amount) : command.op === '-' ? u.hp - command.amount : command.amount;
      state.setHp(u, hp, true);
      deathCheck(state, u);
      return { ok: true };
    }
    case 'remove':
      state.depart(u, 'Removed');
      return { ok: true };
  }
}

/** (v2) `add Team Unit[, AI] (c,r)`: the block and AI first (E_ADD), then the cell (E_MOVE). */
function add(state: BattleState, command: Extract<Command, { kind: 'add' }>, ctx: CommandContext): CommandOutcome {
  const block = ctx.model.blocks.get(command.block);
  if (block === undefined) return { ok: false, code: 'E_ADD' };
  const program = command.ai === null ? null : ctx.model.programs(command.ai);
  if (block.kind === 'mob' ? program === null : command.ai !== null) return { ok: false, code: 'E_ADD' };
  const start = { column: command.column + ctx.typed.column, row: command.row + ctx.typed.row };
  if (!state.inBoard(start.column, start.row) || state.at(start.column, start.row) !== EMPTY) return { ok: false, code: 'E_MOVE' };
  let id = 1;
  for (const u of state.units) if (u.spec.team === command.team && u.spec.name === command.block) id++;
  state.add(unitSpec(block, { index: state.units.length, team: command.team, name: command.block, id, start }, program ?? NONE));
  return { ok: true };
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
