/** Sheet round trip (parseSheets/makeSheet) on random valid sheets, and random text never throws (§17.13). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import { makeSheet } from '../../src/rulesets/marvel/sheet-make.js';
import { ARENA } from './fixtures.js';

const kind = fc.constantFrom('fis', 'ign', 'gel', 'ene', 'ele', 'men', 'son', 'tem', 'mis', 'alma');
const kindList = fc.uniqueArray(kind, { minLength: 1, maxLength: 4 }).map((k) => k.join('+'));
const kindSet = fc.oneof(kindList, fc.constant('*'));
const n = (min: number, max: number) => fc.integer({ min, max }).map(String);
const factor = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 999 })).map(([a, b]) => (b === 0 ? `${a}` : `${a}.${b}`));
const expr = fc.oneof(n(0, 5000), factor.map((f) => `FUE*${f}`));
const pct = fc.tuple(fc.constantFrom('+', '-', ''), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([s, a, b]) => `${s}${a}${b === 0 ? '' : `.${b}`}%`);
const flat = fc.integer({ min: -500, max: 500 }).map((v) => (v < 0 ? `${v}` : `+${v}`));
const dur = fc.oneof(fc.constant('perm'), n(1, 9).map((v) => `${v}r`), n(1, 9).map((v) => `${v}a`));
const enemyMod = fc.oneof(
  fc.integer({ min: 1, max: 90 }).map((v) => `mod:dmg:-${v}%`),
  fc.integer({ min: 1, max: 90 }).map((v) => `mod:stat.FUE:-${v}`),
).chain((m) => dur.map((d) => `${m}:${d}`));
const selfMod = fc
  .oneof(pct.map((p) => `mod:def:${p}`), kindSet.map((k) => `mod:pdef:30/${k}`), kindSet.map((k) => `mod:imm:partial/${k}`), fc.constant('mod:cost:-1'))
  .chain((m) => dur.map((d) => `${m}:${d}:self`));
const fxItem = fc.oneof(
  fc.tuple(expr, n(1, 5), fc.option(kindList)).map(([e, t, k]) => `dot:Burn:${e}:${t}${k === null ? '' : `:${k}`}`),
  enemyMod,
  selfMod,
  dur.map((d) => `status:Dazed:${d}`),
);
const fx = fc.array(fxItem, { minLength: 1, maxLength: 3 }).map((items) => `fx=${items.join(',')}`);
const common = fc.tuple(fc.option(n(0, 5).map((v) => `cost=${v}`)), fc.option(fc.oneof(n(0, 3), fc.constant('*')).map((v) => `uses=${v}`)), fc.option(n(0, 3).map((v) => `cd=${v}`)));
const skill = (name: string) =>
  fc
    .oneof(
      fc.tuple(fc.oneof(expr.map((e) => `dmg=${e}`), fc.tuple(expr, expr).map(([a, b]) => `hits=${a};${b}`)), kindList, fc.option(fx), fc.option(fc.constantFrom('ignore', 'pierce', 'area=2', 'cone=3', 'targets=2', 'no-evade', 'req-def=REF:4+VEL:2', 'line=4 noallies', 'area=1 range=3', 'range=5'))).map(
        ([d, k, f, flag]) => ['offensive', d, `kinds=${k}`, f, flag],
      ),
      fc.tuple(fc.constantFrom('int', 'ext', 'ext allies', 'ext zone omni'), expr, fc.option(kindList)).map(([w, e, vs]) => ['defence', w, `res=${e}`, vs === null ? null : `vs=${vs}`]),
      n(0, 5).map((m) => ['evasion', `maxarea=${m}`]),
      fc.tuple(expr, kindList, fc.constantFrom('melee', 'ranged', 'ranged range=3', null)).map(([e, k, r]) => ['counter', `dmg=${e}`, `kinds=${k}`, r]),
      fc.tuple(expr, kindList, fc.constantFrom('range=2', null)).map(([e, k, r]) => ['anticipation', `dmg=${e}`, `kinds=${k}`, r]),
      fc.constant(['annulment', 'melee']),
      fx.map((f) => ['supplementary', 'prep', f]),
      fc.tuple(expr, fc.option(kindList)).map(([e, k]) => ['supplementary', `fx=heal:${e}${k === null ? '' : `:${k}`}`]),
      fc.constant(['join', 'now']),
      fc.constantFrom('turn', 'action').map((m) => ['interference', `mode=${m}`]),
    )
    .chain((parts) => common.map((c) => `skill ${name} ${[...parts, ...c].filter((p) => p !== null).join(' ')}`));
const passive = fc.oneof(
  pct.map((p) => `passive stat.FUE ${p}`),
  flat.map((f) => `passive dmg ${f}`),
  pct.map((p) => `passive dmgdef ${p}`),
  kindSet.map((k) => `passive pdef 50/${k}`),
  kindSet.map((k) => `passive red 25%/${k}`),
  kindSet.map((k) => `passive imm total/${k}`),
  fc.constantFrom('passive noslot', 'passive slots+2'),
);
/** v2: at most one `passive flight` line a character. */
const flight = fc.option(n(1, 99).map((v) => `passive flight ${v}`));
const character = (id: string) =>
  fc
    .tuple(fc.array(passive, { maxLength: 3 }), fc.array(fc.constant(0), { minLength: 1, maxLength: 5 }), fc.option(fc.constantFrom('fuetier II 4', 'fuetier 0 1')), flight)
    .chain(([passives, skills, tier, flies]) =>
      fc.tuple(...skills.map((_, i) => skill(`S${i}`))).map((lines) =>
        [
          `character ${id}`,
          'stat VIT 5000',
          'stat PA 6',
          'stat REF 3',
          'stat VEL 2',
          'stat FUE 400',
          ...(tier === null ? [] : [tier]),
          ...passives.filter((p) => !p.startsWith('passive stat.FUE -1')),
          ...(flies === null ? [] : [flies]),
          ...lines,
          'end',
        ].join('\n'),
      ),
    );
const sheetText = fc.tuple(character('Alpha'), character('Beta')).map(([a, b]) => `${a}\n${b}\n`);

describe('sheet round trip', () => {
  it('parse(make(parse(text))) equals parse(text) on random valid sheets', () => {
    fc.assert(
      fc.property(sheetText, (text) => {
        const first = parseSheets([{ path: 'r.sheet', text }]);
        expect(first.ok, first.ok ? '' : first.error).toBe(true);
        if (!first.ok) return;
        const again = parseSheets([{ path: 'r.sheet', text: makeSheet(first.roster) }]);
        expect(again).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips the arena roster and prints it canonically', () => {
    const first = parseSheets([{ path: 'a.sheet', text: ARENA }]);
    if (!first.ok) throw new Error(first.error);
    const made = makeSheet(first.roster);
    expect(parseSheets([{ path: 'a.sheet', text: made }])).toEqual(first);
    expect(made).toContain('  skill Flurry offensive cost=3 kinds=fis hits=FUE*0.5;FUE*0.5;FUE*0.8');
  });

  it('random text never throws: a roster or one positioned E_SHEET line', () => {
    const line = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('character X', 'end', 'stat VIT 1', 'skill A offensive', 'passive red 5%/*', '# c', ''));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), (lines) => {
        const result = parseSheets([{ path: 'g.sheet', text: lines.join('\n') }]);
        if (!result.ok) expect(result.error).toMatch(/^g\.sheet:\d+: E_SHEET: expected .+$/);
      }),
      { numRuns: 300 },
    );
  });
});
