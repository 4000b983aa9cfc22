/**
 * The log's wording (spec 11), kept apart from the rules: events become lines here, and so do the board,
 * stat blocks and the help text. Every template is verbatim upstream text.
 */
import { EMPTY, WALL } from './board.js';
import type { Query } from './rules.js';
import type { ClvEvent } from './events.js';
import type { AttackEntry, Cell } from './model.js';
import { unitLabel, type BattleState, type UnitState } from './state.js';

/** How the log shows what the rules report: the view, and (v2) the run's display options. */
export interface Presentation {
  readonly view: View;
  /** Subtracted from every printed coordinate: the Outline offset with `--user-coords` (D36), else (0,0). */
  readonly origin: Cell;
  /** `--round-header` (D35). */
  readonly roundHeader: boolean;
}

export const LOG: Presentation = { view: 'log', origin: { column: 0, row: 0 }, roundHeader: false };

const at = (c: Cell, p: Presentation) => `(${c.column - p.origin.column},${c.row - p.origin.row})`;

export function eventLines(e: ClvEvent, state: BattleState, p: Presentation = LOG): string[] {
  const label = (index: number) => unitLabel(state.units[index]!.spec);
  switch (e.kind) {
    case 'initiative':
      return [];
    case 'turn':
      return ['', p.roundHeader ? `Current turn (round ${e.round}): ` : 'Current turn: ', `${label(e.unit)}  (Index ${e.unit})`, ''];
    case 'moved':
      return [`- ${label(e.unit)} moved to ${at(e.to, p)}.`];
    case 'attacked':
      return attackLines(e, label, state.units[e.defender]!.spec.maxHp !== null);
    case 'died':
      return [`- ${label(e.unit)} died.`];
    case 'hp':
      return [`- ${label(e.unit)} now has ${e.to} / ${state.units[e.unit]!.spec.maxHp} health points.`];
    case 'added':
      return [`- ${label(e.unit)} joined the combat at ${at(state.units[e.unit]!.spec.start, p)} with index ${e.unit}.`];
    case 'removed':
      return [e.why === 'Removed' ? `- ${label(e.unit)} was removed from the combat.` : `- ${label(e.unit)} retreated.`];
    case 'undone':
      return [`- Undone: ${e.line}`];
    case 'ended':
      return [e.winner === null ? 'Combat over. No team is left standing.' : `Combat over. Winner: ${e.winner}.`];
    case 'lost':
      return [`Combat over. Loser: ${e.loser}.`];
  }
}

/** 10.6: the attack line, then hit or miss; (v2) with `--crits`, the natural 1 and 20 lines (D37). */
function attackLines(e: Extract<ClvEvent, { kind: 'attacked' }>, label: (index: number) => string, tracked: boolean): string[] {
  const D = label(e.defender);
  const lines = [
    e.attacker === null
      ? `- ${D} is attacked with a roll of ${e.roll} for ${e.damage} damage.`
      : `- ${label(e.attacker)} attacked ${D} with a roll of ${e.roll} for ${e.damage} damage.`,
  ];
  const lost = tracked ? ` ${D} lost ${e.damage} health points.` : '';
  if (e.crits?.applied === true && e.d20 === 1) return [...lines, '- Attack missed (natural 1).'];
  if (e.crits?.applied === true && e.d20 === 20) {
    lines.push(`- Critical threat. Confirmation roll of ${e.crits.confirm! + e.modifier}.`);
    lines.push(e.crits.confirmed ? `- Critical hit.${lost}` : `- Attack hit.${lost}`);
    return lines;
  }
  if (e.hit === true) lines.push(`- Attack hit.${lost}`);
  if (e.hit === false) lines.push('- Attack missed.');
  return lines;
}

/**
 * Where the text goes: the log (fixed by upstream's bytes) or a person's terminal, where boards get
 * coordinates and a legend and the initiative order names its units. Piped output is always the log.
 */
export type View = 'log' | 'terminal';

export function openingLines(order: readonly number[], state: BattleState, p: Presentation = LOG): string[] {
  const initiative = p.view === 'log' ? order.join(', ') : order.map((i) => `${i} ${unitLabel(state.units[i]!.spec)}`).join(', ');
  return ['Initiative order:', initiative, '', ...boardLines(state, p)];
}

/** What `help`, `show board`, `show <unit>` and (v2) `round` print. */
export function queryLines(query: Query, state: BattleState, p: Presentation = LOG): readonly string[] {
  switch (query.kind) {
    case 'help':
      return HELP_LINES;
    case 'board':
      return ['', ...boardLines(state, p), ''];
    case 'unit':
      return ['', ...statBlock(query.unit, p), ''];
    case 'round':
      return [`Round ${query.round}.`];
  }
}

export function boardLines(state: BattleState, p: Presentation = LOG): string[] {
  const board = renderBoard(state.width, state.height, (c, r) => state.at(c, r));
  return p.view === 'log' ? board : withCoordinates(board, state, p);
}

/**
 * The terminal view of a board: column numbers above, row numbers on the left (board cells: the drawing
 * keeps its frame, D36), who each number is with HP and AC where tracked, who has left, and (v2) the
 * round with `--round-header`.
 */
function withCoordinates(board: readonly string[], state: BattleState, p: Presentation): string[] {
  const margin = String(state.height - 1).length + 1;
  const header = ' '.repeat(margin) + ' ' + Array.from({ length: state.width }, (_, c) => String(c).padStart(3).padEnd(5)).join('');
  let row = 0;
  const isRow = (line: string) => line.startsWith('|') && !line.startsWith('|----');
  // The board ends with an empty line: the legend goes before it.
  const rows = board.slice(0, -1).map((line) => (isRow(line) ? String(row++).padStart(margin - 1) + ' ' : ' '.repeat(margin)) + line);
  const legend = state.units
    .filter((u) => u.alive)
    .map((u) => {
      const hp = u.spec.maxHp === null ? '' : `, ${u.hp} HP`;
      const ac = u.spec.mob === null && u.spec.ac !== null ? `, AC ${u.spec.ac}` : '';
      return `${String(u.index % 100).padStart(2, '0')} = ${unitLabel(u.spec)} at ${at(u.position, p)}${hp}${ac}`;
    });
  const gone = state.units.filter((u) => u.gone !== null).map((u) => `${unitLabel(u.spec)}: ${u.gone}`);
  const round = p.roundHeader ? [`Round ${state.round}`] : [];
  return [...round, header, ...rows.map((l) => l.trimEnd()), ...legend, ...gone, ''];
}

/** 11.3: the stat block of any unit, dead ones included; (v2) a player's HP and AC when it has them. */
export function statBlock(u: UnitState, p: Presentation = LOG): string[] {
  const head = [`${unitLabel(u.spec)}  (Index ${u.index})`];
  const status = [`  Status: ${u.alive ? 'Alive' : (u.gone ?? 'Dead')}`, `  Position: ${at(u.position, p)}`];
  const mob = u.spec.mob;
  if (mob === null) {
    const hp = u.spec.maxHp === null ? [] : [`  Health Points: ${u.hp} / ${u.spec.maxHp}`];
    const ac = u.spec.ac === null ? [] : [`  Armor Class: ${u.spec.ac}`];
    return [...head, 'Player-controlled unit', ...status, ...hp, ...ac];
  }
  return [
    ...head,
    'AI-controlled unit',
    ...status,
    `  Health Points: ${u.hp} / ${mob.hp}`,
    `  Speed: ${mob.speed}`,
    `  Armor Class: ${mob.ac}`,
    `  Attack: ${mob.attack.map(attackEntry).join(', ')}`,
    `  Full Attack : ${mob.fullAttack.map(attackEntry).join(', ')}`,
  ];
}

const modifier = (n: number) => (n === 0 ? '' : n > 0 ? `+${n}` : `${n}`);

/** `Melee +4 1d8+2`; a zero modifier leaves two spaces (`Melee  1d4`). */
export function attackEntry(a: AttackEntry): string {
  return `${a.ranged === null ? 'Melee' : `Ranged(${a.ranged})`} ${modifier(a.modifier)} ${a.count}d${a.faces}${modifier(a.damageModifier)}`;
}

export const HELP_LINES: readonly string[] = [
  'Commands:',
  '  next                  play the next turn',
  '  show board            print the board',
  '  show UNIT             print the stat block of UNIT',
  '  move UNIT (col,row)   put UNIT on an empty cell',
  '  move UNIT PATH        walk UNIT along steps such as U-UR-R (U R D L UR UL DR DL)',
  '  attack UNIT atk dmg   resolve an attack with roll atk and damage dmg against UNIT',
  '  kill UNIT             kill UNIT',
  '  help                  print this list',
  '  quit                  stop the combat',
  'UNIT is an index (0, 1, ...) or team:name:id, such as Good:Hero:1.',
];

/** 4.4, verbatim: edge, rows with separators, edge, and one empty line. */
function renderBoard(width: number, height: number, cellAt: (column: number, row: number) => number): string[] {
  const edge = '-'.repeat(5 * width + 1);
  const separator = '|' + '----|'.repeat(width);
  const lines = [edge];
  for (let r = 0; r < height; r++) {
    if (r > 0) lines.push(separator);
    let row = '|';
    for (let c = 0; c < width; c++) {
      const v = cellAt(c, r);
      row += (v === WALL ? '||||' : v === EMPTY ? '    ' : ` ${String(v % 100).padStart(2, '0')} `) + '|';
    }
    lines.push(row);
  }
  lines.push(edge, '');
  return lines;
}
