/**
 * Descriptions and targets (spec 10.2, 10.3). A description matches living units only. In conditions it
 * includes the actor (upstream's `ally count` counts it); in closest/furthest/last targets the actor is
 * never a candidate (D4), while `self` and `T:N:i` can still name it.
 */
import { InternalError } from '../../../core/battle.js';
import type { Dice } from '../dice.js';
import { UNSEEN, type WalkSearch } from '../geometry/walk.js';
import type { Description, Target } from '../syntax/ast.js';
import type { Cell } from '../model.js';
import type { BattleState, UnitState } from '../state.js';

export function matches(d: Description, unit: UnitState, actor: UnitState): boolean {
  if (!unit.alive) return false;
  switch (d.kind) {
    case 'ally':
      return unit.spec.team === actor.spec.team;
    case 'enemy':
      return unit.spec.team !== actor.spec.team;
    case 'team':
      return unit.spec.team === d.team.value;
    case 'team-unit':
      // D1: team T and unit name N (upstream compared both with N).
      return unit.spec.team === d.team.value && unit.spec.name === d.name.value;
  }
}

/**
 * The unit a target names; null: no unit. `closest` and `furthest` search from the actor's cell with
 * `walk` and leave it a search from there in which the unit found is settled.
 */
export function resolveTarget(state: BattleState, actor: UnitState, t: Target, walk: WalkSearch, dice: Dice | null = null): UnitState | null {
  switch (t.kind) {
    case 'self':
      return actor;
    case 'unit':
    {
      const u = state.unitByTriple(t.team.value, t.name.value, t.id.value);
      return u !== null && u.alive ? u : null;
    }
    case 'closest':
      return closest(state, actor, t.description, walk);
    case 'furthest': {
      walk.start();
      walk.addSource(walk.index(actor.position.column, actor.position.row));
      walk.settleAll();
      // Candidates stable-sorted by ⌊dist⌋ (index order on ties): the last is the furthest, ties the highest index.
      let pick: UnitState | null = null;
      let pickFloor = -1;
      for (const u of state.units) {
        if (u === actor || !matches(t.description, u, actor)) continue;
        const h = walk.half[walk.index(u.position.column, u.position.row)]!;
        if (h !== UNSEEN && h >> 1 >= pickFloor) {
          pick = u;
          pickFloor = h >> 1;
        }
      }
      return pick;
    }
    case 'last':
      for (const index of actor.history) {
        const u = state.units[index]!;
        if (u !== actor && matches(t.description, u, actor)) return u;
      }
      return null;
    case 'most-injured':
    case 'least-injured': {
      // D29: the lowest (most) or highest (least) HP / max HP, exactly; ties to the lowest index.
      const most = t.kind === 'most-injured';
      let pick: UnitState | null = null;
      for (const u of state.units) {
        if (u === actor || u.spec.maxHp === null || !matches(t.description, u, actor)) continue;
        if (pick === null) pick = u;
        else {
          const order = compareProducts(u.hp, pick.spec.maxHp!, pick.hp, u.spec.maxHp);
          if (most ? order < 0 : order > 0) pick = u;
        }
      }
      return pick;
    }
    case 'random': {
      // D30: one die with as many faces as candidates (index order); none: no draw.
      const candidates = state.units.filter((u) => u !== actor && matches(t.description, u, actor));
      if (candidates.length === 0) return null;
      if (dice === null) throw new InternalError('clairvoyance: a random target needs the dice');
      return candidates[dice.die(candidates.length) - 1]!;
    }
  }
}

/** The sign of a·b − c·d, exactly (products of two 31-bit numbers exceed a double's integers). */
export function compareProducts(a: number, b: number, c: number, d: number): number {
  const left = a * b;
  const right = c * d;
  if (Math.abs(left) <= Number.MAX_SAFE_INTEGER && Math.abs(right) <= Number.MAX_SAFE_INTEGER) return Math.sign(left - right);
  const diff = BigInt(a) * BigInt(b) - BigInt(c) * BigInt(d);
  return diff > 0n ? 1 : diff < 0n ? -1 : 0;
}

/** Half steps of the octile distance between two cells: no walk between them is shorter. */
export function octile(a: Cell, b: Cell): number {
  const dc = Math.abs(a.column - b.column);
  const dr = Math.abs(a.row - b.row);
  return dc > dr ? 2 * dc + dr : 2 * dr + dc;
}

/** Candidates aimed at beyond the nearest by octile distance (half steps), before a second search. */
const SLACK = 8;

/**
 * At most this many aimed cells: each cell a search reaches works out its distance to every one. More
 * candidates within the bound (a crowd) and the search is not aimed (Dijkstra, which settles cells in
 * increasing distance all the same).
 */
const MAX_AIMED = 16;

/**
 * The first of the candidates stable-sorted by ⌊dist⌋: the least ⌊dist⌋ k, then the least index. The
 * search is aimed at the candidates whose octile distance (a lower bound) is within `bound`: they are
 * settled in increasing distance, and once the first is found the search goes on to the end of its
 * ⌊dist⌋ (half steps 2k + 1), where a lower index may still be. The others are further than 2k + 1 when
 * `bound` ≥ 2k + 1; otherwise a second search aims at every candidate within 2k + 1.
 */
function closest(state: BattleState, actor: UnitState, d: Description, walk: WalkSearch): UnitState | null {
  const { units } = state;
  const candidates: UnitState[] = [];
  let least = UNSEEN;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u === actor || !matches(d, u, actor)) continue;
    candidates.push(u);
    least = Math.min(least, octile(actor.position, u.position));
  }
  if (candidates.length === 0) return null;
  for (let bound = least + SLACK; ; ) {
    const within: UnitState[] = [];
    for (let i = 0; i < candidates.length; i++) if (octile(actor.position, candidates[i]!.position) <= bound) within.push(candidates[i]!);
    const aim = within.length <= MAX_AIMED;
    const key = nearestOf(state, actor, walk, aim ? within : candidates, aim);
    if (key < 0) return nearestReached(walk, candidates);
    const floor = (key / units.length) | 0;
    // Not aimed, the search found the nearest of all candidates.
    if (!aim || 2 * floor + 1 <= bound) return units[key - floor * units.length]!;
    bound = 2 * floor + 1;
  }
}

/**
 * One search of closest() from the actor for the nearest of `targets`, aimed at them or not: the least
 * ⌊dist⌋ · units + index of those, once every one of its ⌊dist⌋ is settled; -1 when none has a path.
 */
function nearestOf(state: BattleState, actor: UnitState, walk: WalkSearch, targets: readonly UnitState[], aim: boolean): number {
  const { units, cells } = state;
  const from = actor.position;
  // isTarget[i] = 1: unit i is one of them.
  const isTarget = new Uint8Array(units.length);
  const aimed: number[] = [];
  for (let i = 0; i < targets.length; i++) {
    const u = targets[i]!;
    isTarget[u.index] = 1;
    aimed.push(walk.index(u.position.column, u.position.row));
  }
  walk.start();
  if (aim) walk.aimAtCells(aimed);
  walk.addSource(walk.index(from.column, from.row));
  const { half, order } = walk;
  let best = -1;
  for (let k = 0; ; ) {
    for (; k < walk.settled; k++) {
      const p = order[k]!;
      // Targets are settled in increasing distance; living units are the cells holding a unit index.
      const index = cells[p]!;
      if (index < 0 || isTarget[index] === 0) continue;
      const key = (half[p]! >> 1) * units.length + index;
      if (best < 0 || key < best) best = key;
    }
    if ((best >= 0 && walk.level >= 2 * ((best / units.length) | 0) + 1) || walk.done()) return best;
    walk.settleNext();
  }
}

/** No aimed candidate has a path: the search went everywhere one goes, and every distance is known. */
function nearestReached(walk: WalkSearch, candidates: readonly UnitState[]): UnitState | null {
  let best: UnitState | null = null;
  let bestFloor = 0;
  for (const u of candidates) {
    const h = walk.half[walk.index(u.position.column, u.position.row)]!;
    if (h !== UNSEEN && (best === null || h >> 1 < bestFloor)) {
      best = u;
      bestFloor = h >> 1;
    }
  }
  return best;
}
