/**
 * Definition and setting commands (spec 3.1-3.3) as pure updates of a Config, with E_DEF checks in the
 * field order of 7.2, and the `start` checks (E_SETUP, section 9).
 */
import type { Command } from './commands.js';
import { defMsg, err, type TacticsError } from './errors.js';
import { isName, isSymbol, parseInteger, parsePlayer } from './lexer.js';
import {
  findType, inMap, terrainOf, upsertSorted,
  type ActionDef, type Config, type GameMap, type Settings, type Terrain, type UnitType,
} from './model.js';

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: TacticsError };

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = <T>(message: string): Result<T> => ({ ok: false, error: err.def(message) });

type Cmd<K extends Command['kind']> = Extract<Command, { kind: K }>;

export function defineMap(c: Cmd<'map'>): Result<GameMap> {
  if (!isName(c.name)) return fail(defMsg.badName(c.name));
  const width = parseInteger(c.w, 1, 99);
  if (width === null) return fail(defMsg.badValue(c.w));
  const height = parseInteger(c.h, 1, 99);
  if (height === null) return fail(defMsg.badValue(c.h));
  return ok({ name: c.name, width, height, terrains: [], grid: null });
}

export function defineTerrain(map: GameMap | null, c: Cmd<'terrain'>): Result<GameMap> {
  if (map === null) return fail(defMsg.noMap());
  if (!isSymbol(c.sym)) return fail(defMsg.badSymbol(c.sym));
  const cost = c.cost.toLowerCase() === 'x' ? null : parseInteger(c.cost, 1, 99);
  if (cost === null && c.cost.toLowerCase() !== 'x') return fail(defMsg.badValue(c.cost));
  if (!isName(c.name)) return fail(defMsg.badName(c.name));
  const terrain: Terrain = { sym: c.sym, cost, name: c.name };
  return ok({ ...map, terrains: upsertSorted(map.terrains, terrain, (t) => t.sym) });
}

/** The first bad row of a complete grid block: its index and the E_DEF message; null when the block is good. */
export function checkGridRows(map: GameMap, rows: readonly string[]): { readonly row: number; readonly message: string } | null {
  for (let y = 0; y < rows.length; y++) {
    const row = rows[y]!;
    if (row.length !== map.width) return { row: y, message: defMsg.rowLength(y, row.length, map.width) };
    for (let x = 0; x < row.length; x++) {
      const c = row[x]!;
      if (terrainOf(map, c) === undefined) return { row: y, message: defMsg.undefinedTerrain(c, { x, y }) };
    }
  }
  return null;
}

export function setCell(map: GameMap | null, c: Cmd<'cell'>): Result<GameMap> {
  if (map === null) return fail(defMsg.noMap());
  if (map.grid === null) return fail(defMsg.noGrid());
  if (!inMap(map, c.at.x, c.at.y)) return { ok: false, error: err.bounds(c.at, map.width, map.height) };
  if (!isSymbol(c.sym)) return fail(defMsg.badSymbol(c.sym));
  if (terrainOf(map, c.sym) === undefined) return fail(defMsg.undefinedTerrain(c.sym, c.at));
  const grid = map.grid.map((row, y) => (y === c.at.y ? row.slice(0, c.at.x) + c.sym + row.slice(c.at.x + 1) : row));
  return ok({ ...map, grid });
}

/**
 * Splits attribute tokens into key -> token, checking each token in order: an unknown key (or a token with
 * no `=`) and a repeated key are E_DEF (D38).
 */
function readAttrs(attrs: readonly string[], keys: readonly string[]): Result<Map<string, string>> {
  const found = new Map<string, string>();
  for (const token of attrs) {
    const eq = token.indexOf('=');
    const key = eq < 0 ? '' : token.slice(0, eq).toLowerCase();
    if (!keys.includes(key)) return fail(defMsg.unknownAttr(token));
    if (found.has(key)) return fail(defMsg.duplicateAttr(key));
    found.set(key, token);
  }
  return ok(found);
}

const valueOf = (token: string): string => token.slice(token.indexOf('=') + 1);

export function defineUnit(types: readonly UnitType[], c: Cmd<'unit'>): Result<UnitType[]> {
  const made = makeUnit(findType(types, c.type), c);
  return made.ok ? ok(upsertSorted(types, made.value, (t) => t.name)) : made;
}

/** The type a `unit` command makes, given the type of that name if there is one (its actions are kept, 3.2). */
export function makeUnit(existing: UnitType | undefined, c: Cmd<'unit'>): Result<UnitType> {
  if (!isName(c.type)) return fail(defMsg.badName(c.type));
  const read = readAttrs(c.attrs, ['hp', 'mp']);
  if (!read.ok) return read;
  const attrs = read.value;
  for (const key of ['hp', 'mp']) if (!attrs.has(key)) return fail(defMsg.missingAttr(key));
  const hp = parseInteger(valueOf(attrs.get('hp')!), 1, 9999);
  if (hp === null) return fail(defMsg.badValue(attrs.get('hp')!));
  const mp = parseInteger(valueOf(attrs.get('mp')!), 0, 99);
  if (mp === null) return fail(defMsg.badValue(attrs.get('mp')!));
  // `unit` keeps the type's existing actions (3.2).
  return ok({ name: c.type, hp, mp, actions: existing?.actions ?? [] });
}

function wordValue<T extends string>(token: string, words: readonly T[]): T | null {
  const v = valueOf(token).toLowerCase();
  return (words as readonly string[]).includes(v) ? (v as T) : null;
}

export function defineAction(types: readonly UnitType[], c: Cmd<'action'>): Result<UnitType[]> {
  const made = makeAction(findType(types, c.type), c);
  return made.ok ? ok(upsertSorted(types, made.value, (t) => t.name)) : made;
}

/** The type `type` becomes with the action of an `action` command added or replaced. */
export function makeAction(type: UnitType | undefined, c: Cmd<'action'>): Result<UnitType> {
  if (type === undefined) return fail(defMsg.unknownType(c.type));
  if (!isName(c.name)) return fail(defMsg.badName(c.name));
  const read = readAttrs(c.attrs, ['range', 'pattern', 'ext', 'damage', 'heal', 'targets']);
  if (!read.ok) return read;
  const attrs = read.value;
  for (const key of ['range', 'pattern', 'ext']) if (!attrs.has(key)) return fail(defMsg.missingAttr(key));
  if (attrs.has('damage') === attrs.has('heal')) return fail(defMsg.oneEffect());
  const range = parseInteger(valueOf(attrs.get('range')!), 0, 99);
  if (range === null) return fail(defMsg.badValue(attrs.get('range')!));
  const pattern = wordValue(attrs.get('pattern')!, ['linear', 'circular'] as const);
  if (pattern === null) return fail(defMsg.badValue(attrs.get('pattern')!));
  const ext = parseInteger(valueOf(attrs.get('ext')!), 1, 99);
  if (ext === null) return fail(defMsg.badValue(attrs.get('ext')!));
  const effect = attrs.has('damage') ? 'damage' : 'heal';
  const amountToken = attrs.get(effect)!;
  const amount = parseInteger(valueOf(amountToken), 1, 9999);
  if (amount === null) return fail(defMsg.badValue(amountToken));
  const targetsToken = attrs.get('targets');
  const targets = targetsToken === undefined ? 'all' : wordValue(targetsToken, ['all', 'enemies', 'allies'] as const);
  if (targets === null) return fail(defMsg.badValue(targetsToken!));
  if (pattern === 'linear' && range < 1) return fail(defMsg.linearRange());
  const action: ActionDef = { name: c.name, range, pattern, ext, effect, amount, targets };
  return ok({ ...type, actions: upsertSorted(type.actions, action, (a) => a.name) });
}

type SettingCmd = Cmd<'players' | 'limit' | 'seed' | 'rounds' | 'movecost'> | Cmd<'army'>;

/** Settings are checked for syntax here and for meaning at `start` (3.3); the last one wins. */
export function applySetting(s: Settings, c: SettingCmd): Result<Settings> {
  const bad = (t: string) => fail<Settings>(defMsg.badValue(t));
  switch (c.kind) {
    case 'players': {
      const v = parseInteger(c.value, 2, 8);
      return v === null ? bad(c.value) : ok({ ...s, players: v });
    }
    case 'limit': {
      const v = parseInteger(c.value, 1, 99);
      return v === null ? bad(c.value) : ok({ ...s, limit: v });
    }
    case 'seed': {
      const v = parseInteger(c.value, 0, 4294967295);
      return v === null ? bad(c.value) : ok({ ...s, seed: v });
    }
    case 'rounds': {
      const v = parseInteger(c.value, 1, 9999);
      return v === null ? bad(c.value) : ok({ ...s, rounds: v });
    }
    case 'movecost': {
      const v = c.value.toLowerCase();
      return v === 'between' || v === 'enter' ? ok({ ...s, movecost: v }) : bad(c.value);
    }
    case 'army': {
      const player = parsePlayer(c.player);
      if (player === null) return bad(c.player);
      const army: string[] = [];
      for (const entry of c.entries) {
        const m = /^([^*]*)(?:\*([^*]*))?$/.exec(entry);
        const count = m === null ? null : m[2] === undefined ? 1 : parseInteger(m[2], 1, 99);
        if (m === null || count === null || !isName(m[1]!)) return bad(entry);
        for (let i = 0; i < count; i++) army.push(m[1]!);
      }
      const armies = s.armies.map((a, i) => (i === player - 1 ? army : a));
      return ok({ ...s, armies });
    }
  }
}

/** The `start` checks in the order of section 9 (D34: one pass over the players). */
export function checkStart(config: Config): TacticsError | null {
  const { map, types, settings } = config;
  if (map === null) return err.setup('no map');
  if (map.grid === null) return err.setup('no grid');
  if (types.length === 0) return err.setup('no unit types');
  if (settings.players === null) return err.setup('players not set');
  if (settings.limit === null) return err.setup('limit not set');
  let units = 0;
  for (let p = 1; p <= settings.players; p++) {
    const army = settings.armies[p - 1] ?? null;
    if (army === null) return err.setup(`P${p} has no army`);
    const unknown = army.find((t) => findType(types, t) === undefined);
    if (unknown !== undefined) return err.setup(`P${p} army: unknown type '${unknown}'`);
    if (army.length > settings.limit) return err.setup(`P${p} army has ${army.length} units > limit ${settings.limit}`);
    units += army.length;
  }
  let passable = 0;
  for (const row of map.grid) for (const sym of row) if (terrainOf(map, sym)?.cost !== null) passable++;
  if (passable < units) return err.setup(`map has ${passable} passable sectors < ${units} units`);
  return null;
}
