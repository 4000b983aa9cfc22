/**
 * The presenter: events to the canonical log lines of section 8, and the board of 8.2. It decides nothing.
 */
import { actionBody, terrainBody, typeBody } from './canonical.js';
import type { BoardView, TacticsEvent, Unit } from './events.js';
import { coordText } from './lexer.js';
import type { GameMap } from './model.js';

const pad = (s: string, n: number): string => s.padStart(n, ' ');

/** The grid part of a board: column labels, then one line per row (units over terrain). */
function gridLines(map: GameMap, idWidth: number, units: readonly Unit[]): string[] {
  const L = String(map.height - 1).length;
  const C = Math.max(String(map.width - 1).length, idWidth);
  const cells = map.grid!.map((row) => [...row]);
  for (const u of units) if (u.status === 'alive' && u.at !== null) cells[u.at.y]![u.at.x] = u.id;
  const lines = [' '.repeat(L) + cells[0]!.map((_, x) => ' ' + pad(String(x), C)).join('')];
  cells.forEach((row, y) => lines.push(pad(String(y), L) + row.map((c) => ' ' + pad(c, C)).join('')));
  return lines;
}

function left(u: Unit): string {
  if (!u.moved && !u.acted) return 'move,act';
  if (!u.moved) return 'move';
  if (!u.acted) return 'act';
  return 'none';
}

export function boardLines(board: BoardView): string[] {
  const lines = gridLines(board.map, board.idWidth, board.units);
  for (const u of board.units) {
    if (u.status !== 'alive' && u.status !== 'unplaced') continue;
    const at = u.at === null ? '-' : coordText(u.at);
    const flags = board.current === u.player ? ` left=${left(u)}` : '';
    lines.push(`${u.id} P${u.player} ${u.type} hp=${u.hp}/${u.maxHp} at=${at}${flags}`);
  }
  return lines;
}

/** The bare map board of `show` in the setup phase (no units; C counts an id width of 1). */
export function mapBoardLines(map: GameMap): string[] {
  return gridLines(map, 1, []);
}

export function eventLines(event: TacticsEvent): string[] {
  switch (event.t) {
    case 'loaded-map':
      return [`LOADED map ${event.map.name} ${event.map.width}x${event.map.height} ${event.path}`];
    case 'loaded-units':
      return [`LOADED units ${event.count} ${event.path}`];
    case 'saved':
      return [`SAVED ${event.what} ${event.path}`];
    case 'board':
      return boardLines(event.board);
    case 'map-board':
      return mapBoardLines(event.map);
    case 'start': {
      const { map, types, settings } = event.config;
      const lines = [
        `START players=${settings.players} limit=${settings.limit} rounds=${settings.rounds} movecost=${settings.movecost}`,
        `MAP ${map!.name} ${map!.width}x${map!.height}`,
        ...map!.terrains.map((t) => `TERRAIN ${terrainBody(t)}`),
      ];
      for (const t of types) {
        lines.push(`TYPE ${typeBody(t)}`);
        for (const a of t.actions) lines.push(`ACTION ${actionBody(t.name, a)}`);
      }
      for (let p = 1; p <= settings.players!; p++) {
        const army = event.units.filter((u) => u.player === p).map((u) => `${u.id}=${u.type}`);
        lines.push(`ARMY P${p} ${army.join(' ')}`);
      }
      return lines;
    }
    case 'anchor':
      return [`ANCHOR ${event.id} ${coordText(event.at)}`];
    case 'order':
      return [`ORDER ${event.order.map((p) => `P${p}`).join(' ')}`];
    case 'placing':
      return [`PLACING P${event.player}`, ...boardLines(event.board)];
    case 'place':
      return [`PLACE ${event.id} ${coordText(event.at)}`];
    case 'discard':
      return [`DISCARD ${event.id} no-legal-sector`];
    case 'turn':
      return [`TURN P${event.player} round=${event.round}`, ...boardLines(event.board)];
    case 'move':
      return [`MOVE ${event.id} ${coordText(event.from)}->${coordText(event.to)} cost=${event.cost} mp=${event.mp}`];
    case 'act':
      return [`ACT ${event.id} ${event.action} ${coordText(event.focus)} area=${event.area.map(coordText).join(';')}`];
    case 'hit':
      return [`HIT ${event.id} -${event.amount} hp=${event.hp}/${event.max}`];
    case 'heal':
      return [`HEAL ${event.id} +${event.gain} hp=${event.hp}/${event.max}`];
    case 'elim':
      return [`ELIM ${event.id} ${coordText(event.at)}`];
    case 'out':
      return [`OUT P${event.player}`];
    case 'concede':
      return [`CONCEDE P${event.player}`];
    case 'end':
      return [`END P${event.player}`];
    case 'winner':
      return [`WINNER P${event.player}`];
    case 'draw':
      return [`DRAW ${event.reason}`];
    case 'reach': {
      const cells = event.cells.map((c) => `${coordText(c.at)}:${c.cost}`).join(';');
      return [`REACH ${event.id} mp=${event.mp} ${cells === '' ? 'none' : cells}`];
    }
  }
}

export function present(events: readonly TacticsEvent[]): string[] {
  return events.flatMap(eventLines);
}
