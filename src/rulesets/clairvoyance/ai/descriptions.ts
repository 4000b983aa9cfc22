/**
 * Descriptions and targets (spec 10.2, 10.3). A description matches living units only. In conditions it
 * includes the actor (upstream's `ally count` counts it); in closest/furthest/last targets the actor is
 * never a candidate (D4), while `self` and `T:N:i` can still name it.
 */
import { floorDistance, reachable, type DistanceMap } from '../geometry/distance.js';
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

/** The unit a target names, resolved against the walk map from the actor's cell; null: no unit. */
export function resolveTarget(state: BattleState, actor: UnitState, t: Target, walk: DistanceMap): UnitState | null {
  switch (t.kind) {
    case 'self':
      return actor;
    case 'unit':
    {
      const u = state.unitByTriple(t.team.value, t.name.value, t.id.value);
      return u !== null && u.alive ? u : null;
    }
    case 'closest':
    case 'furthest': {
      const candidates = state.units
        .filter((u) => u !== actor && matches(t.description, u, actor) && reachable(walk, u.position))
        .map((u) => ({ u, d: floorDistance(walk, u.position) }));
      // Array.prototype.sort is stable: equal distances keep index order.
      candidates.sort((a, b) => a.d - b.d);
      const pick = t.kind === 'closest' ? candidates[0] : candidates[candidates.length - 1];
      return pick?.u ?? null;
    }
    case 'last':
      for (const index of actor.history) {
        const u = state.units[index]!;
        if (u !== actor && matches(t.description, u, actor)) return u;
      }
      return null;
  }
}
