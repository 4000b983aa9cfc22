/**
 * Descriptions and targets (spec 10.2, 10.3). A description matches living units only. In conditions it
 * includes the actor (upstream's `ally count` counts it); in closest/furthest/last targets the actor is
 * never a candidate (D4), while `self` and `T:N:i` can still name it.
 */
import { UNREACHABLE, type WalkSearch } from '../geometry/walk.js';
import type { Description, Target } from '../syntax/ast.js';
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
 * The unit a target names, resolved against the walk search started from the actor's cell (settled here
 * as far as the target needs); null: no unit.
 */
export function resolveTarget(state: BattleState, actor: UnitState, t: Target, walk: WalkSearch): UnitState | null {
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
      walk.settleAll();
      // Candidates stable-sorted by ⌊dist⌋ (index order on ties): the last is the furthest, ties the highest index.
      let pick: UnitState | null = null;
      let pickFloor = -1;
      for (const u of state.units) {
        if (u === actor || !matches(t.description, u, actor)) continue;
        const h = walk.half[walk.index(u.position.column, u.position.row)]!;
        if (h !== UNREACHABLE && h >> 1 >= pickFloor) {
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
  }
}

/**
 * The first of the candidates stable-sorted by ⌊dist⌋: the least ⌊dist⌋, then the least index. Living
 * units are the cells holding a unit index, so the search runs until the first matching one is settled and
 * then to the end of its ⌊dist⌋ (half steps 2k and 2k + 1), where a lower index may still be.
 */
function closest(state: BattleState, actor: UnitState, d: Description, walk: WalkSearch): UnitState | null {
  const { code, half, order } = walk;
  let best: UnitState | null = null;
  let bestFloor = -1;
  for (let k = 0; ; ) {
    for (; k < walk.settled; k++) {
      const p = order[k]!;
      const index = code[p]!;
      if (index < 0 || index === actor.index) continue;
      const floor = half[p]! >> 1;
      if (best !== null && floor > bestFloor) break;
      const u = state.units[index]!;
      if (!matches(d, u, actor) || (best !== null && index > best.index)) continue;
      best = u;
      bestFloor = floor;
    }
    if ((best !== null && walk.level >= 2 * bestFloor + 1) || walk.done()) return best;
    walk.settleNext();
  }
}
