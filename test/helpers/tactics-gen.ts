/** fast-check generators for tactics definitions: maps (always with a grid) and unit-type tables. */
import fc from 'fast-check';
import { byCode } from '../../src/rulesets/tactics/lexer.js';
import type { ActionDef, GameMap, Terrain, UnitType } from '../../src/rulesets/tactics/model.js';

const SYMBOLS = [...'!"$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~'];

export const nameArb = fc.stringMatching(/^[a-z][a-z0-9_-]{0,19}$/);

export const terrainsArb: fc.Arbitrary<Terrain[]> = fc
  .uniqueArray(fc.constantFrom(...SYMBOLS), { minLength: 1, maxLength: 5 })
  .chain((syms) =>
    fc.tuple(...syms.map((sym) => fc.record({ sym: fc.constant(sym), cost: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }), name: nameArb }))),
  )
  .map((ts) => [...ts].sort((a, b) => byCode(a.sym, b.sym)));

export function mapArb(maxSide = 12): fc.Arbitrary<GameMap> {
  return fc
    .record({ name: nameArb, width: fc.integer({ min: 1, max: maxSide }), height: fc.integer({ min: 1, max: maxSide }), terrains: terrainsArb })
    .chain(({ name, width, height, terrains }) =>
      fc
        .array(fc.array(fc.constantFrom(...terrains.map((t) => t.sym)), { minLength: width, maxLength: width }).map((r) => r.join('')), {
          minLength: height,
          maxLength: height,
        })
        .map((grid) => ({ name, width, height, terrains, grid })),
    );
}

const actionArb: fc.Arbitrary<ActionDef> = fc
  .record({
    name: nameArb,
    pattern: fc.constantFrom('linear' as const, 'circular' as const),
    range: fc.integer({ min: 0, max: 99 }),
    ext: fc.integer({ min: 1, max: 99 }),
    effect: fc.constantFrom('damage' as const, 'heal' as const),
    amount: fc.integer({ min: 1, max: 9999 }),
    targets: fc.constantFrom('all' as const, 'enemies' as const, 'allies' as const),
  })
  .map((a) => ({ ...a, range: a.pattern === 'linear' ? Math.max(1, a.range) : a.range }));

export const typesArb: fc.Arbitrary<UnitType[]> = fc
  .uniqueArray(
    fc.record({
      name: nameArb,
      hp: fc.integer({ min: 1, max: 9999 }),
      mp: fc.integer({ min: 0, max: 99 }),
      actions: fc.uniqueArray(actionArb, { selector: (a) => a.name, maxLength: 4 }).map((as) => [...as].sort((a, b) => byCode(a.name, b.name))),
    }),
    { selector: (t) => t.name, minLength: 1, maxLength: 5 },
  )
  .map((ts) => [...ts].sort((a, b) => byCode(a.name, b.name)));

/** A random small game as a setup file's text (it may fail E_SETUP when the map is too walled in). */
export const setupArb: fc.Arbitrary<string> = fc
  .record({
    width: fc.integer({ min: 2, max: 8 }),
    height: fc.integer({ min: 2, max: 7 }),
    costs: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 })),
    cells: fc.array(fc.constantFrom('.', '.', '.', '.', '^', '~', '%'), { minLength: 56, maxLength: 56 }),
    types: fc.array(
      fc.record({
        hp: fc.integer({ min: 1, max: 9 }),
        mp: fc.integer({ min: 0, max: 4 }),
        actions: fc.array(
          fc.record({
            range: fc.integer({ min: 0, max: 4 }),
            pattern: fc.constantFrom('linear', 'circular'),
            ext: fc.integer({ min: 1, max: 3 }),
            effect: fc.constantFrom('damage', 'damage', 'damage', 'heal'),
            amount: fc.integer({ min: 1, max: 6 }),
            targets: fc.constantFrom('all', 'enemies', 'allies'),
          }),
          { maxLength: 2 },
        ),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    players: fc.integer({ min: 2, max: 4 }),
    limit: fc.integer({ min: 1, max: 4 }),
    armies: fc.array(fc.array(fc.nat(2), { minLength: 1, maxLength: 4 }), { minLength: 4, maxLength: 4 }),
    rounds: fc.integer({ min: 1, max: 6 }),
    movecost: fc.constantFrom('between', 'enter'),
  })
  .map((g) => {
    const lines = [`map arena ${g.width} ${g.height}`, `terrain . ${g.costs[0]} plain`, `terrain ^ ${g.costs[1]} hill`, 'terrain ~ 3 swamp', 'terrain % x wall', 'grid'];
    for (let y = 0; y < g.height; y++) lines.push(g.cells.slice(y * g.width, (y + 1) * g.width).join(''));
    g.types.forEach((t, i) => {
      lines.push(`unit t${i} hp=${t.hp} mp=${t.mp}`);
      t.actions.forEach((a, j) => {
        const range = a.pattern === 'linear' ? Math.max(1, a.range) : a.range;
        lines.push(`action t${i} a${j} range=${range} pattern=${a.pattern} ext=${a.ext} ${a.effect}=${a.amount} targets=${a.targets}`);
      });
    });
    lines.push(`players ${g.players}`, `limit ${g.limit}`, `rounds ${g.rounds}`, `movecost ${g.movecost}`);
    g.armies.slice(0, g.players).forEach((army, p) => {
      const entries = army.slice(0, g.limit).map((k) => `t${k % g.types.length}`);
      lines.push(`army P${p + 1} ${entries.join(' ')}`);
    });
    return lines.join('\n') + '\n';
  });
