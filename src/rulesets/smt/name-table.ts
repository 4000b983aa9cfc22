/**
 * Lookups in the rules' tables keyed by skill name. Only a table's own entries count: a catalogue may name a
 * skill "constructor" or "toString", which a plain `table[name]` or `name in table` would find on
 * Object.prototype.
 */
export function byName<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
