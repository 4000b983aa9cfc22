/**
 * The presenter: events to the canonical log lines of section 8, and the board of 8.2. It decides nothing.
 * A Paint colours the text for a person's terminal (paint.ts); the log gets PLAIN, so its bytes never change.
 */
import { actionBody, terrainBody, typeBody } from './canonical.js';
import type { BoardView, TacticsEvent, Unit } from './events.js';
import { coordText, type Coord } from './lexer.js';
import type { GameMap } from './model.js';
import { PLAIN, type Paint } from './paint.js';

/** Left padding outside the painted text, so a painted cell stripped of its escapes is the plain cell. */
const spaces = (s: string, n: number): string => ' '.repeat(Math.max(0, n - s.length));

/** The grid part of a board: column labels, then one line per row (units over terrain). */
function gridLines(map: GameMap, idWidth: number, units: readonly Unit[], paint: Paint, marks: readonly Coord[] = []): string[] {
  const L = String(map.height - 1).length;
  const C = Math.max(String(map.width - 1).length, idWidth);
  const cells = map.grid!.map((row) => [...row].map((sym) => ({ text: sym, shown: paint.terrain(map, sym, sym) })));
  for (const at of marks) cells[at.y]![at.x] = { text: '*', shown: paint.good('*') };
  for (const u of units) if (u.status === 'alive' && u.at !== null) cells[u.at.y]![u.at.x] = { text: u.id, shown: paint.player(u.player, u.id) };
  const label = (s: string, n: number) => spaces(s, n) + paint.label(s);
  const lines = [' '.repeat(L) + cells[0]!.map((_, x) => ' ' + label(String(x), C)).join('')];
  cells.forEach((row, y) => lines.push(label(String(y), L) + row.map((c) => ' ' + spaces(c.text, C) + c.shown).join('')));
  return lines;
}

function left(u: Unit): string {
  if (!u.moved && !u.acted) return 'move,act';
  if (!u.moved) return 'move';
  if (!u.acted) return 'act';
  return 'none';
}

export function boardLines(board: BoardView, paint: Paint = PLAIN): string[] {
  const lines = gridLines(board.map, board.idWidth, board.units, paint, board.marks);
  for (const u of board.units) {
    if (u.status !== 'alive' && u.status !== 'unplaced') continue;
    const at = u.at === null ? '-' : coordText(u.at);
    const flags = board.current === u.player ? ` left=${left(u)}` : '';
    const hp = `${u.hp}/${u.maxHp}`;
    const who = `${paint.player(u.player, u.id)} ${paint.player(u.player, `P${u.player}`)}`;
    lines.push(`${who} ${u.type} hp=${u.hp * 3 <= u.maxHp ? paint.bad(hp) : hp} at=${at}${flags}`);
  }
  return lines;
}

/** The bare map board of `show` in the setup phase (no units; C counts an id width of 1). */
export function mapBoardLines(map: GameMap, paint: Paint = PLAIN): string[] {
  return gridLines(map, 1, [], paint);
}

export function eventLines(event: TacticsEvent, paint: Paint = PLAIN): string[] {
  const P = (player: number) => paint.player(player, `P${player}`);
  const id = paint.unit;
  switch (event.t) {
    case 'loaded-map':
      return [`LOADED map ${event.map.name} ${event.map.width}x${event.map.height} ${event.path}`];
    case 'loaded-units':
      return [`LOADED units ${event.count} ${event.path}`];
    case 'saved':
      return [`SAVED ${event.what} ${event.path}`];
    case 'board':
      return boardLines(event.board, paint);
    case 'map-board':
      return mapBoardLines(event.map, paint);
    case 'start': {
      const { map, types, settings } = event.config;
      const lines = [
        `START players=${settings.players} limit=${settings.limit} rounds=${settings.rounds} movecost=${settings.movecost}`,
        `MAP ${map!.name} ${map!.width}x${map!.height}`,
        ...map!.terrains.map((t) => `TERRAIN ${paint.terrain(map!, t.sym, t.sym)}${terrainBody(t).slice(t.sym.length)}`),
      ];
      for (const t of types) {
        lines.push(`TYPE ${typeBody(t)}`);
        for (const a of t.actions) lines.push(`ACTION ${actionBody(t.name, a)}`);
      }
      for (let p = 1; p <= settings.players!; p++) {
        const army = event.units.filter((u) => u.player === p).map((u) => `${paint.player(p, u.id)}=${u.type}`);
        lines.push(`ARMY ${P(p)} ${army.join(' ')}`);
      }
      return lines;
    }
    case 'anchor':
      return [`ANCHOR ${id(event.id)} ${coordText(event.at)}`];
    case 'order':
      return [`ORDER ${event.order.map(P).join(' ')}`];
    case 'placing':
      return [`PLACING ${P(event.player)}`, ...boardLines(event.board, paint)];
    case 'place':
      return [`PLACE ${id(event.id)} ${coordText(event.at)}`];
    case 'discard':
      return [`DISCARD ${id(event.id)} no-legal-sector`];
    case 'turn':
      return [`TURN ${P(event.player)} round=${event.round}`, ...boardLines(event.board, paint)];
    case 'move':
      return [`MOVE ${id(event.id)} ${coordText(event.from)}->${coordText(event.to)} cost=${event.cost} mp=${event.mp}`];
    case 'act':
      return [`ACT ${id(event.id)} ${event.action} ${coordText(event.focus)} area=${event.area.map(coordText).join(';')}`];
    case 'hit':
      return [`HIT ${id(event.id)} ${paint.bad(`-${event.amount}`)} hp=${event.hp}/${event.max}`];
    case 'heal':
      return [`HEAL ${id(event.id)} ${paint.good(`+${event.gain}`)} hp=${event.hp}/${event.max}`];
    case 'elim':
      return [`ELIM ${id(event.id)} ${coordText(event.at)}`];
    case 'out':
      return [`OUT ${P(event.player)}`];
    case 'concede':
      return [`CONCEDE ${P(event.player)}`];
    case 'end':
      return [`END ${P(event.player)}`];
    case 'winner':
      return [`WINNER ${P(event.player)}`];
    case 'draw':
      return [`DRAW ${event.reason}`];
    case 'reach': {
      const cells = event.cells.map((c) => `${coordText(c.at)}:${c.cost}`).join(';');
      return [`REACH ${id(event.id)} mp=${event.mp} ${cells === '' ? 'none' : cells}`];
    }
  }
}

export function present(events: readonly TacticsEvent[], paint: Paint = PLAIN): string[] {
  return events.flatMap((event) => eventLines(event, paint));
}
