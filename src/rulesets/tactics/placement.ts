/**
 * `start` and placement (spec 6.2, 6.3): units built from the armies, anchors and the turn order drawn
 * from the one generator in the spec's order (D14), placement steps in turn order (D13) with the
 * two-sector chain rule (D12), DISCARD for walled-in groups, and `autoplace`.
 */
import type { Prng } from '../../core/prng.js';
import { err, type TacticsError } from './errors.js';
import type { TacticsEvent, Unit } from './events.js';
import type { Coord } from './lexer.js';
import { findType, type Config } from './model.js';
import { costsOf, onMap, playerLetter, Work, type GameState } from './state.js';

export type Outcome =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly TacticsEvent[] }
  | { readonly ok: false; readonly error: TacticsError };

/**
 * Starts a game from a config that passed checkStart. Draws exactly 2k-1 numbers from `rng`: one anchor
 * per player, then the Fisher-Yates shuffle of the order (6.2).
 */
export function startGame(config: Config, rng: Prng): { readonly state: GameState; readonly events: readonly TacticsEvent[] } {
  const map = config.map!;
  const players = config.settings.players!;
  const units: Unit[] = [];
  for (let p = 1; p <= players; p++) {
    const army = config.settings.armies[p - 1]!;
    army.forEach((typeName, i) => {
      const type = findType(config.types, typeName)!;
      units.push({ id: `${playerLetter(p)}${i + 1}`, player: p, type: type.name, maxHp: type.hp, mp: type.mp, hp: type.hp, at: null, status: 'unplaced', moved: false, acted: false });
    });
  }
  const base: GameState = {
    config, map, types: config.types, players,
    rounds: config.settings.rounds, movecost: config.settings.movecost,
    costs: costsOf(map), idWidth: Math.max(...units.map((u) => u.id.length)),
    units, order: [], stage: { kind: 'over' },
  };
  const work = new Work(base);
  work.emit({ t: 'start', config, units: [...units] });
  for (let p = 1; p <= players; p++) {
    const occ = work.occupancy();
    const cands: Coord[] = [];
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (work.passable({ x, y }) && occ[y * map.width + x] === -1) cands.push({ x, y });
    const at = cands[rng.int(0, cands.length - 1)]!;
    const first = work.units.find((u) => u.player === p)!;
    work.update(first.id, { at, status: 'alive' });
    work.emit({ t: 'anchor', id: first.id, at });
  }
  const order = rng.shuffle(Array.from({ length: players }, (_, i) => i + 1));
  work.emit({ t: 'order', order });
  const ordered = new Work({ ...work.done().state, order });
  ordered.events.push(...work.events);
  nextPlacer(ordered, 0);
  return ordered.done();
}

/** legal(p): in the map, passable, free, and within distance 2 of one of p's placed units; row-major. */
export function legalSectors(work: Work, player: number): Coord[] {
  const { width, height } = work.base.map;
  // Mark the 5x5 square around each placed unit of p (distance <= 2), then scan row-major.
  const near = new Uint8Array(width * height);
  for (const u of work.units) {
    if (u.player !== player || !onMap(u)) continue;
    for (let y = Math.max(0, u.at!.y - 2); y <= Math.min(height - 1, u.at!.y + 2); y++) {
      for (let x = Math.max(0, u.at!.x - 2); x <= Math.min(width - 1, u.at!.x + 2); x++) near[y * width + x] = 1;
    }
  }
  const occ = work.occupancy();
  const out: Coord[] = [];
  for (let i = 0; i < width * height; i++) {
    if (near[i] === 1 && occ[i] === -1 && work.base.costs[i] !== null) out.push({ x: i % width, y: Math.floor(i / width) });
  }
  return out;
}

const unplaced = (work: Work, player: number): Unit[] => work.units.filter((u) => u.player === player && u.status === 'unplaced');

/** Drops a walled-in group: every unplaced unit of p when legal(p) is empty. */
function discardCheck(work: Work, player: number): void {
  const left = unplaced(work, player);
  if (left.length === 0 || legalSectors(work, player).length > 0) return;
  for (const u of left) {
    work.update(u.id, { status: 'discarded' });
    work.emit({ t: 'discard', id: u.id });
  }
}

/** The next placement step from position `from` of the order, or the battle when nobody is left. */
function nextPlacer(work: Work, from: number): void {
  const order = work.base.order;
  for (let i = from; i < order.length; i++) {
    const p = order[i]!;
    if (unplaced(work, p).length === 0) continue;
    work.emit({ t: 'placing', player: p, board: work.board(null) });
    discardCheck(work, p);
    if (unplaced(work, p).length > 0) {
      work.stage = { kind: 'placing', player: p };
      return;
    }
  }
  beginTurn(work, order[0]!, 1);
}

/** A turn begins: the player's flags are cleared and TURN with the board is printed. */
export function beginTurn(work: Work, player: number, round: number): void {
  for (const u of work.units) if (u.player === player && (u.moved || u.acted)) work.update(u.id, { moved: false, acted: false });
  work.stage = { kind: 'turn', player, round };
  work.emit({ t: 'turn', player, round, board: work.board(player) });
}

function afterPlacement(work: Work, player: number): void {
  discardCheck(work, player);
  if (unplaced(work, player).length === 0) nextPlacer(work, work.base.order.indexOf(player) + 1);
}

/** `place U x,y` with the checks of 7.2 in order. */
export function place(state: GameState, id: string, at: Coord): Outcome {
  if (state.stage.kind !== 'placing') return { ok: false, error: err.phase('place', 'placement') };
  const player = state.stage.player;
  const work = new Work(state);
  const unit = work.units.find((u) => u.id === id);
  if (unit === undefined || unit.status === 'discarded') return { ok: false, error: err.unit(id) };
  if (unit.player !== player) return { ok: false, error: err.owner(id, unit.player, player) };
  if (unit.at !== null) return { ok: false, error: err.placed(id, unit.at) };
  const { width, height } = state.map;
  if (at.x >= width || at.y >= height) return { ok: false, error: err.bounds(at, width, height) };
  if (!work.passable(at)) return { ok: false, error: err.terrain(at, state.map.grid![at.y]![at.x]!) };
  const there = work.unitAt(at);
  if (there !== undefined) return { ok: false, error: err.occupied(at, there.id) };
  if (!legalSectors(work, player).some((c) => c.x === at.x && c.y === at.y)) return { ok: false, error: err.spread(at, player) };
  work.update(id, { at, status: 'alive' });
  work.emit({ t: 'place', id, at });
  afterPlacement(work, player);
  return { ok: true, ...work.done() };
}

/** `autoplace`: the current placer's remaining units in army order, each at legal[int(len)] (6.3). */
export function autoplace(state: GameState, rng: Prng): Outcome {
  if (state.stage.kind !== 'placing') return { ok: false, error: err.phase('autoplace', 'placement') };
  const player = state.stage.player;
  const work = new Work(state);
  for (const u of unplaced(work, player)) {
    const legal = legalSectors(work, player);
    if (legal.length === 0) break;
    const at = legal[rng.int(0, legal.length - 1)]!;
    work.update(u.id, { at, status: 'alive' });
    work.emit({ t: 'place', id: u.id, at });
  }
  afterPlacement(work, player);
  return { ok: true, ...work.done() };
}
