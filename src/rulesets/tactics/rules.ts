/**
 * The rules of the battle commands (spec 4, 5, 6.4, 6.5), on commands already parsed (commands.ts): move,
 * act (simultaneous resolution, D15), end, concede, the turn advance with the round limit, the result
 * check, and the `reach` query. Each check list follows 7.2.
 */
import { err, type TacticsError } from './errors.js';
import type { TacticsEvent, Unit } from './events.js';
import { area, checkFocus } from './geometry.js';
import type { Coord } from './lexer.js';
import { findType } from './model.js';
import { reach as reachField, reachCost } from './path.js';
import { beginTurn, type Outcome } from './placement.js';
import { onMap, Work, type GameState } from './state.js';

const reject = (error: TacticsError): Outcome => ({ ok: false, error });

/** E_UNIT then E_DEAD: the unit a battle command names (discarded units are unknown). */
function lookUp(state: GameState, id: string): Unit | TacticsError {
  const unit = state.units.find((u) => u.id === id);
  if (unit === undefined || unit.status === 'discarded') return err.unit(id);
  if (unit.status === 'dead') return err.dead(id);
  return unit;
}

function isError(x: Unit | TacticsError): x is TacticsError {
  return 'code' in x;
}

/** E_UNIT, E_DEAD, E_OWNER: a unit of the current player. `word` names the command if no turn is on. */
function ownUnit(state: GameState, id: string, word: string): { unit: Unit; player: number; round: number } | TacticsError {
  if (state.stage.kind !== 'turn') return err.phase(word, 'battle');
  const found = lookUp(state, id);
  if (isError(found)) return found;
  const { player, round } = state.stage;
  if (found.player !== player) return err.owner(id, found.player, player);
  return { unit: found, player, round };
}

export function move(state: GameState, id: string, to: Coord): Outcome {
  const own = ownUnit(state, id, 'move');
  if ('code' in own) return reject(own);
  const { unit } = own;
  if (unit.moved) return reject(err.moved(id));
  const { width, height } = state.map;
  if (to.x >= width || to.y >= height) return reject(err.bounds(to, width, height));
  const work = new Work(state);
  if (!work.passable(to)) return reject(err.terrain(to, state.map.grid![to.y]![to.x]!));
  const there = work.unitAt(to);
  if (there !== undefined) return reject(err.occupied(to, there.id));
  const cost = reachCost(work.field(), unit.at!, unit.player, unit.mp, state.movecost, to);
  if (cost === null) return reject(err.reach(to, id, unit.mp));
  work.update(id, { at: to, moved: true });
  work.emit({ t: 'move', id, from: unit.at!, to, cost, mp: unit.mp });
  return { ok: true, ...work.done() };
}

export function act(state: GameState, id: string, actionName: string, focus: Coord): Outcome {
  const own = ownUnit(state, id, 'act');
  if ('code' in own) return reject(own);
  const { unit, player } = own;
  if (unit.acted) return reject(err.acted(id));
  const action = findType(state.types, unit.type)?.actions.find((a) => a.name === actionName);
  if (action === undefined) return reject(err.action(unit.type, actionName));
  const invalid = checkFocus(state.map, unit.at!, focus, action);
  if (invalid !== null) return reject(invalid);
  const work = new Work(state);
  const cells = area(state.map, unit.at!, focus, action);
  work.update(id, { acted: true });
  work.emit({ t: 'act', id, action: action.name, focus, area: cells });
  const before = work.alivePlayers();
  const hit = work.units.filter(
    (u) =>
      onMap(u) &&
      cells.some((c) => c.x === u.at!.x && c.y === u.at!.y) &&
      (action.targets === 'all' || (action.targets === 'enemies') === (u.player !== player)),
  );
  for (const u of hit) {
    if (action.effect === 'damage') {
      const hp = u.hp - action.amount;
      work.update(u.id, { hp });
      work.emit({ t: 'hit', id: u.id, amount: action.amount, hp, max: u.maxHp });
    } else {
      const gain = Math.min(action.amount, u.maxHp - u.hp);
      work.update(u.id, { hp: u.hp + gain });
      work.emit({ t: 'heal', id: u.id, gain, hp: u.hp + gain, max: u.maxHp });
    }
  }
  for (const h of hit) {
    const u = work.units.find((x) => x.id === h.id)!;
    if (u.hp > 0) continue;
    work.update(u.id, { status: 'dead' });
    work.emit({ t: 'elim', id: u.id, at: u.at! });
  }
  const after = work.alivePlayers();
  for (const p of before) if (!after.includes(p)) work.emit({ t: 'out', player: p });
  resultCheck(work);
  return { ok: true, ...work.done() };
}

export function endTurn(state: GameState): Outcome {
  if (state.stage.kind !== 'turn') return reject(err.phase('end', 'battle'));
  const work = new Work(state);
  work.emit({ t: 'end', player: state.stage.player });
  advance(work);
  return { ok: true, ...work.done() };
}

export function concede(state: GameState): Outcome {
  if (state.stage.kind !== 'turn') return reject(err.phase('concede', 'battle'));
  const player = state.stage.player;
  const work = new Work(state);
  work.emit({ t: 'concede', player });
  for (const u of work.units) if (u.player === player && onMap(u)) work.update(u.id, { status: 'dead' });
  work.emit({ t: 'out', player });
  resultCheck(work);
  return { ok: true, ...work.done() };
}

/** 6.5, after every act and concede. */
function resultCheck(work: Work): void {
  const stage = work.stage;
  if (stage.kind !== 'turn') return;
  const alive = work.alivePlayers();
  if (alive.length === 1) {
    work.emit({ t: 'winner', player: alive[0]! });
    work.stage = { kind: 'over' };
  } else if (alive.length === 0) {
    work.emit({ t: 'draw', reason: 'all-eliminated' });
    work.stage = { kind: 'over' };
  } else if (!alive.includes(stage.player)) {
    work.emit({ t: 'end', player: stage.player });
    advance(work);
  }
}

/** ADVANCE (6.4): the next player in the order that still has units; the round goes up on wrap-around. */
function advance(work: Work): void {
  const stage = work.stage;
  if (stage.kind !== 'turn') return;
  const order = work.base.order;
  const alive = work.alivePlayers();
  const at = order.indexOf(stage.player);
  let round = stage.round;
  for (let step = 1; step <= order.length; step++) {
    const i = at + step;
    const next = order[i % order.length]!;
    if (!alive.includes(next)) continue;
    if (i >= order.length) round++;
    if (round > work.base.rounds) {
      work.emit({ t: 'draw', reason: 'round-limit' });
      work.stage = { kind: 'over' };
    } else {
      beginTurn(work, next, round);
    }
    return;
  }
}

/** `reach U` for any alive unit, own or enemy: a query, the state does not change. */
export function reachQuery(state: GameState, id: string): { readonly ok: true; readonly events: readonly TacticsEvent[] } | { readonly ok: false; readonly error: TacticsError } {
  const found = lookUp(state, id);
  if (isError(found)) return { ok: false, error: found };
  const work = new Work(state);
  const { width } = state.map;
  const result = reachField(work.field(), found.at!, found.player, found.mp, state.movecost);
  const cells: { at: Coord; cost: number }[] = [];
  result.cost.forEach((c, i) => {
    if (c !== null) cells.push({ at: { x: i % width, y: Math.floor(i / width) }, cost: c });
  });
  return { ok: true, events: [{ t: 'reach', id, mp: found.mp, cells }] };
}
