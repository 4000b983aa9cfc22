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
