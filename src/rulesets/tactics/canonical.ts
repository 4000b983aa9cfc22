/**
 * Canonical text of definitions (3.1, 3.2): what `map save` / `units save` write, and the body of the
 * TERRAIN / TYPE / ACTION log lines of the START block (8.1), which use the same field order.
 */
import type { ActionDef, GameMap, Terrain, UnitType } from './model.js';

export function terrainBody(t: Terrain): string {
  return `${t.sym} ${t.cost === null ? 'x' : t.cost} ${t.name}`;
}

export function typeBody(t: UnitType): string {
  return `${t.name} hp=${t.hp} mp=${t.mp}`;
}

/** `<type> <name> range= pattern= ext= damage|heal= targets=`, targets always written (3.2). */
export function actionBody(type: string, a: ActionDef): string {
  return `${type} ${a.name} range=${a.range} pattern=${a.pattern} ext=${a.ext} ${a.effect}=${a.amount} targets=${a.targets}`;
}

/** The map file: `map`, the terrains sorted by symbol, `grid` and the rows. Needs a grid. */
export function makeMapFile(map: GameMap): string {
  const lines = [`map ${map.name} ${map.width} ${map.height}`, ...map.terrains.map((t) => `terrain ${terrainBody(t)}`)];
  if (map.grid !== null) lines.push('grid', ...map.grid);
  return lines.join('\n') + '\n';
}

/** The units file: types sorted by name, each followed by its actions sorted by name. */
export function makeUnitsFile(types: readonly UnitType[]): string {
  const lines: string[] = [];
  for (const t of types) {
    lines.push(`unit ${typeBody(t)}`);
    for (const a of t.actions) lines.push(`action ${actionBody(t.name, a)}`);
  }
  return lines.join('\n') + '\n';
}
