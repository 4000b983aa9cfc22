/**
 * Semantic validation (spec 3.1): the parsed encounter becomes the checked model, or the first failing
 * check in the spec's order gives one positioned error with upstream's exact message.
 */
import { buildBoard } from './board.js';
import { aiMsg, teamMsg, unitMsg, type ValidationCode } from './errors.js';
import { NONE, unitSpec, type EncounterModel, type MobStats, type Program, type UnitBlock, type UnitSpec } from './model.js';
import type { Action, AttackEntry, Encounter, MobDecl, PlayerDecl, Pos, StatKind } from './syntax/ast.js';

export interface ValidationError {
  readonly code: ValidationCode;
  readonly message: string;
  readonly at: Pos;
}

export type ValidationResult = { readonly ok: true; readonly model: EncounterModel } | { readonly ok: false; readonly error: ValidationError };

const fail = (code: ValidationCode, message: string, at: Pos): ValidationResult => ({ ok: false, error: { code, message, at } });

/**
 * Not in upstream: the most dice one attack entry may roll (this folder's README.md, "Limits"). Every die is drawn and kept
 * for the events log, so `2147483647d6` ran out of memory and `100000000d6` never finished; D&D's largest
 * rolls are a few dozen dice.
 */
export const MAX_DICE = 1000;

/** All six stats a UNIT block must give exactly once (row 10). */
const STAT_KINDS: readonly StatKind[] = ['HP', 'Initiative', 'Speed', 'AC', 'Attack', 'Full Attack'];

/** `userCoords` (v2, D36): rows 18 and 19 print coordinates as the file wrote them, not board ones. */
export function validateEncounter(e: Encounter, userCoords = false): ValidationResult {
  // Rows 1–5: the board.
  const board = buildBoard(e.board.layout, e.board.obstacles);
  if ('message' in board) return fail('E_BOARD', board.message, board.at);

  // Row 6: PLAYER and UNIT names share one space.
  const unitDecls = new Map<string, (typeof e.units)[number]>();
  for (const unit of e.units) {
    if (unitDecls.has(unit.name.value)) return fail('E_UNIT', unitMsg.duplicateName(unit.name.value), unit.name.at);
    unitDecls.set(unit.name.value, unit);
  }

  // Rows 7–10 (a UNIT) and 7b–8b (a PLAYER, v2), block by block in file order.
  const stats = new Map<string, CheckedStats>();
  const blocks = new Map<string, UnitBlock>();
  for (const unit of e.units) {
    if (unit.kind !== 'mob') {
      const checked = checkPlayer(unit);
      if ('message' in checked) return fail('E_UNIT', checked.message, checked.at);
      blocks.set(unit.name.value, checked);
      continue;
    }
    const checked = checkStats(unit);
    if ('message' in checked) return fail('E_UNIT', checked.message, checked.at);
    stats.set(unit.name.value, checked);
    const { initiative, ...mobStats } = checked;
    blocks.set(unit.name.value, { kind: 'mob', stats: mobStats, initiative });
  }

  // Row 11 (D6 spelling) and row 12.
  const ais = new Map<string, readonly Action[]>();
  for (const ai of e.ais) {
    if (ais.has(ai.name.value)) return fail('E_AI', aiMsg.duplicateName(ai.name.value), ai.name.at);
    ais.set(ai.name.value, ai.body);
  }
  const teamNames = new Set<string>();
  for (const team of e.teams) {
    if (teamNames.has(team.name.value)) return fail('E_TEAM', teamMsg.duplicateName(team.name.value), team.name.at);
    teamNames.add(team.name.value);
  }

  // Rows 13–19, team by team.
  const { width, height, offset, walls } = board;
  const shown = (column: number, row: number): [number, number] => (userCoords ? [column - offset.column, row - offset.row] : [column, row]);
  const occupied = new Uint8Array(width * height);
  const units: UnitSpec[] = [];
  // One program per AI, however many members use it (a large AI times many members was quadratic).
  const programs = new Map<string, Program>();
  const programOf = (ai: string): Program => {
    let program = programs.get(ai);
    if (program === undefined) {
      program = toProgram(ais.get(ai)!);
      programs.set(ai, program);
    }
    return program;
  };
  for (const team of e.teams) {
    const T = team.name.value;
    for (const m of team.members) {
      if (!unitDecls.has(m.unit.value)) return fail('E_TEAM', teamMsg.unknownUnit(m.unit.value, T), m.unit.at);
    }
    for (const m of team.members) {
      const decl = unitDecls.get(m.unit.value)!;
      if (decl.kind === 'mob' && m.ai === null) return fail('E_TEAM', teamMsg.missingAi(m.unit.value, T), m.unit.at);
      if (decl.kind === 'mob' && !ais.has(m.ai!.value)) return fail('E_TEAM', teamMsg.unknownAi(m.ai!.value, T), m.ai!.at);
      if (decl.kind === 'player' && m.ai !== null) return fail('E_TEAM', teamMsg.playerWithAi(m.unit.value, T), m.ai.at);
    }
    const ids = new Map<string, number>();
    for (const m of team.members) {
      const U = m.unit.value;
      if (m.count.value !== m.coordinates.length) {
        return fail('E_TEAM', teamMsg.countMismatch(U, T), m.count.at);
      }
      const program = m.ai === null ? NONE : programOf(m.ai.value);
      for (const coordinate of m.coordinates) {
        const column = coordinate.value.column + offset.column;
        const row = coordinate.value.row + offset.row;
        if (column < 0 || row < 0 || column >= width || row >= height) {
          return fail('E_TEAM', teamMsg.outOfBounds(...shown(column, row), U, T), coordinate.at);
        }
        const cell = row * width + column;
        if (walls[cell] === 1 || occupied[cell] === 1) {
          return fail('E_TEAM', teamMsg.badPlacement(...shown(column, row), U, T), coordinate.at);
        }
        occupied[cell] = 1;
        const id = (ids.get(U) ?? 0) + 1;
        ids.set(U, id);
        units.push(unitSpec(blocks.get(U)!, { index: units.length, team: T, name: U, id, start: { column, row } }, program));
      }
    }
  }
  // Row 20 (v2): every OUTCOME rule names a declared team.
  for (const rule of e.outcome) {
    if (!teamNames.has(rule.team.value)) return fail('E_TEAM', teamMsg.unknownOutcomeTeam(rule.team.value), rule.team.at);
  }
  return { ok: true, model: { board: { width, height, walls }, units, teams: e.teams.map((t) => t.name.value), offset, outcome: e.outcome, blocks, programs: (ai) => (ais.has(ai) ? programOf(ai) : null), aiNames: [...ais.keys()] } };
}

/** Rows 7b and 8b (v2): a PLAYER's HP and AC, each at most once, HP above 0. */
function checkPlayer(unit: PlayerDecl): UnitBlock | { message: string; at: Pos } {
  const U = unit.name.value;
  let hp: number | null = null;
  let ac: number | null = null;
  for (const s of unit.stats) {
    if ((s.kind === 'HP' ? hp : ac) !== null) return { message: unitMsg.duplicateStat(s.kind, U), at: s.at };
    if (s.kind === 'HP') {
      if (s.value === 0) return { message: unitMsg.hp(U), at: s.at };
      hp = s.value;
    } else ac = s.value;
  }
  return { kind: 'player', initiative: unit.initiative, hp, ac };
}

type CheckedStats = Omit<MobStats, 'program'> & { initiative: number };

/** Rows 7–10 for one UNIT block. */
function checkStats(unit: MobDecl): CheckedStats | { message: string; at: Pos } {
  const U = unit.name.value;
  const seen = new Set<StatKind>();
  let hp = 0;
  let initiative = 0;
  let speed = 0;
  let ac = 0;
  let attack: readonly AttackEntry[] = [];
  let fullAttack: readonly AttackEntry[] = [];
  for (const s of unit.stats) {
    if (seen.has(s.kind)) return { message: unitMsg.duplicateStat(s.kind, U), at: s.at };
    seen.add(s.kind);
    switch (s.kind) {
      case 'HP':
        if (s.value === 0) return { message: unitMsg.hp(U), at: s.at };
        hp = s.value;
        break;
      case 'Initiative':
        initiative = s.value;
        break;
      case 'Speed':
        speed = s.value;
        break;
      case 'AC':
        ac = s.value;
        break;
      case 'Attack':
      case 'Full Attack':
        if (s.entries.some((a) => a.faces === 0)) return { message: unitMsg.invalidAttack(s.kind, U), at: s.at };
        {
          const many = s.entries.find((a) => a.count > MAX_DICE);
          if (many !== undefined) return { message: unitMsg.tooManyDice(s.kind, U, many.count, many.faces, MAX_DICE), at: s.at };
        }
        if (s.kind === 'Attack') attack = s.entries;
        else fullAttack = s.entries;
        break;
    }
  }
  if (STAT_KINDS.some((k) => !seen.has(k))) return { message: unitMsg.missingStats(U), at: unit.name.at };
  return { hp, initiative, speed, ac, attack, fullAttack };
}

/** An AI body `a1 a2 … an` is Cons(a1, Cons(a2, … an)) (spec 2.2). */
export function toProgram(body: readonly Action[]): Program {
  let program: Program | null = null;
  for (let i = body.length - 1; i >= 0; i--) {
    const a = actionProgram(body[i]!);
    program = program === null ? a : { kind: 'cons', first: a, rest: program };
  }
  return program ?? NONE;
}

function actionProgram(a: Action): Program {
  switch (a.kind) {
    case 'turn':
      return { kind: 'turn', actions: a.turn };
    case 'if':
      return { kind: 'if', condition: a.condition, then: toProgram(a.then), otherwise: toProgram(a.otherwise) };
    case 'while':
      return { kind: 'while', condition: a.condition, body: toProgram(a.body) };
  }
}
