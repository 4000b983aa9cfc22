/**
 * The log's wording (spec 11), kept apart from the rules: events become lines here, and so do the board,
 * stat blocks and the help text. Every template is verbatim upstream text.
 */
import { EMPTY, WALL } from './board.js';
import type { Query } from './rules.js';
import type { ClvEvent } from './events.js';
import type { AttackEntry } from './model.js';
import { unitLabel, type BattleState, type UnitState } from './state.js';

export function eventLines(e: ClvEvent, state: BattleState): string[] {
  const label = (index: number) => unitLabel(state.units[index]!.spec);
  switch (e.kind) {
    case 'initiative':
      return [];
    case 'turn':
      return ['', 'Current turn: ', `${label(e.unit)}  (Index ${e.unit})`, ''];
    case 'moved':
      return [`- ${label(e.unit)} moved to (${e.to.column},${e.to.row}).`];
    case 'attacked': {
      const D = label(e.defender);
      const lines = [
        e.attacker === null
          ? `- ${D} is attacked with a roll of ${e.roll} for ${e.damage} damage.`
          : `- ${label(e.attacker)} attacked ${D} with a roll of ${e.roll} for ${e.damage} damage.`,
      ];
      if (e.hit === true) lines.push(`- Attack hit. ${D} lost ${e.damage} health points.`);
      if (e.hit === false) lines.push('- Attack missed.');
      return lines;
    }
    case 'died':
      return [`- ${label(e.unit)} died.`];
    case 'ended':
      return [e.winner === null ? 'Combat over. No team is left standing.' : `Combat over. Winner: ${e.winner}.`];
  }
}

/**
 * Where the text goes: the log (fixed by upstream's bytes) or a person's terminal, where boards get
 * coordinates and a legend and the initiative order names its units. Piped output is always the log.
 */
export type View = 'log' | 'terminal';

export function openingLines(order: readonly number[], state: BattleState, view: View = 'log'): string[] {
  const initiative = view === 'log' ? order.join(', ') : order.map((i) => `${i} ${unitLabel(state.units[i]!.spec)}`).join(', ');
  return ['Initiative order:', initiative, '', ...boardLines(state, view)];
}

/** What `help`, `show board` and `show <unit>` print. */
export function queryLines(query: Query, state: BattleState, view: View = 'log'): readonly string[] {
  switch (query.kind) {
    case 'help':
      return HELP_LINES;
    case 'board':
      return ['', ...boardLines(state, view), ''];
    case 'unit':
      return ['', ...statBlock(query.unit), ''];
  }
}

export function boardLines(state: BattleState, view: View = 'log'): string[] {
  const board = renderBoard(state.width, state.height, (c, r) => state.at(c, r));
  return view === 'log' ? board : withCoordinates(board, state);
}

/** The terminal view of a board: column numbers above, row numbers on the left, and who each number is. */
function withCoordinates(board: readonly string[], state: BattleState): string[] {
  const margin = String(state.height - 1).length + 1;
  const header = ' '.repeat(margin) + ' ' + Array.from({ length: state.width }, (_, c) => String(c).padStart(3).padEnd(5)).join('');
  let row = 0;
  const isRow = (line: string) => line.startsWith('|') && !line.startsWith('|----');
  // The board ends with an empty line: the legend goes before it.
  const rows = board.slice(0, -1).map((line) => (isRow(line) ? String(row++).padStart(margin - 1) + ' ' : ' '.repeat(margin)) + line);
  const legend = state.units
    .filter((u) => u.alive)
    .map((u) => `${String(u.index % 100).padStart(2, '0')} = ${unitLabel(u.spec)} at (${u.position.column},${u.position.row})${u.spec.mob === null ? '' : `, ${u.hp} HP`}`);
  return [header, ...rows.map((l) => l.trimEnd()), ...legend, ''];
}

/** 11.3: the stat block of any unit, dead ones included. */
export function statBlock(u: UnitState): string[] {
  const head = [`${unitLabel(u.spec)}  (Index ${u.index})`];
  const status = [`  Status: ${u.alive ? 'Alive' : 'Dead'}`, `  Position: (${u.position.column},${u.position.row})`];
  const mob = u.spec.mob;
  if (mob === null) return [...head, 'Player-controlled unit', ...status];
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
