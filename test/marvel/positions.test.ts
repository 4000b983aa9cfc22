/**
 * Version 2 positions (§6.6): the grid's geometry, and the two properties of issue 23. A combat whose fighters all
 * stand within reach of one another and use no shape logs exactly what version 1 logs, placement lines apart
 * (D62, §17.14); `ref undo` after any accepted command restores the exact state, cells, heights and hiding
 * included (§17.4, D75).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ShapeCells, distance, inShape, ring, shapeCells } from '../../src/rulesets/marvel/grid.js';
import type { MarvelBattle } from '../../src/rulesets/marvel/battle.js';
import { battleOf } from '../helpers/marvel.js';
import { flightOf } from '../../src/rulesets/marvel/model.js';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import type { State } from '../../src/rulesets/marvel/state.js';
import { ARENA } from './fixtures.js';

describe('grid geometry (§6.6.1, §6.6.3)', () => {
  it("distance is king's moves", () => {
    expect(distance({ x: 5, y: 5 }, { x: 8, y: 7 })).toBe(3);
    expect(distance({ x: 0, y: 0 }, { x: 5, y: 5 })).toBe(5);
  });

  it('a cone of 3 facing E widens by one cell a side per row', () => {
    const cone: ShapeCells = { kind: 'cone', origin: { x: 10, y: 10 }, facing: 'E', n: 3 };
    const cells = shapeCells(cone).map((p) => `${p.x},${p.y}`);
    expect(cells.sort()).toEqual(['11,10', '12,10', '12,11', '12,9', '13,10', '13,11', '13,12', '13,8', '13,9'].sort());
    expect(inShape(cone, { x: 10, y: 10 })).toBe(false);
    expect(inShape(cone, { x: 14, y: 10 })).toBe(false);
  });

  it('a line runs diagonally along its facing for exactly N cells', () => {
    const line: ShapeCells = { kind: 'line', origin: { x: 10, y: 10 }, facing: 'SE', n: 3 };
    expect(shapeCells(line)).toEqual([
      { x: 11, y: 11 },
      { x: 12, y: 12 },
      { x: 13, y: 13 },
    ]);
  });

  it('an area covers every cell within N steps, cut at the grid edge; rings stay in the grid', () => {
    expect(shapeCells({ kind: 'area', centre: { x: 0, y: 0 }, n: 1, aroundUser: true })).toHaveLength(4);
    expect(ring({ x: 0, y: 0 }, 1)).toHaveLength(3);
    expect(ring({ x: 50, y: 50 }, 2)).toHaveLength(16);
  });
});

/** Four fighters with no shape and no evasion, every reach unlimited or 1 (melee), for a 2 × 2 block. */
const BLOCK = `character Kestrel
  stat VIT 2400
  stat PA 7
  stat REF 4
  stat VEL 6
  stat FUE 300
  stat EN 350
  fuetier II 4
  passive pdef 40/*
  skill Talon offensive cost=2 kinds=fis dmg=FUE*1.5 range=3
  skill Flurry offensive cost=3 kinds=fis hits=FUE*0.5;FUE*0.5;FUE*0.8
  skill Jab offensive cost=0 kinds=fis dmg=FUE*0.2 uses=2 range=1
  skill Feather defence ext allies cost=1 res=EN*1.2
  skill Rally supplementary cost=1 prep targets=2 fx=mod:dmg:+20%:2r
  skill Dive-In interference mode=action cost=1
end
character Granite
  stat VIT 3200
  stat PA 5
  stat REF 2
  stat VEL 2
  stat FUE 500
  fuetier I 6
  skill Slam offensive cost=2 kinds=fis dmg=FUE*1.2 no-evade
  skill Bulwark defence int cost=1 res=FUE*1 uses=2
  skill Rebound counter cost=1 kinds=fis dmg=FUE*1.2
  skill Stone-Grip annulment melee cost=2
  skill Granite-In join cost=0 prep
end
character Lumen
  stat VIT 1800
  stat PA 6
  stat REF 5
  stat VEL 4
  stat EN 400
  skill Beam offensive cost=1 kinds=ene dmg=EN*1 fx=dot:Glare:50:2
  skill Prism defence ext zone cost=2 res=EN*1
  skill Foresee anticipation cost=2 kinds=ene dmg=EN*0.5 range=2 fx=mod:dmg:-10%:1r
  skill Mend supplementary cost=0 fx=heal:100,mod:stat.VIT:+10%:2a:self
  skill Shine-In join cost=0 prep
end
character Viper
  stat VIT 2200
  stat PA 6
  stat REF 3
  stat VEL 5
  stat FUE 350
  stat EN 300
  fuetier I 5
  passive flight 1
  skill Fang offensive cost=2 kinds=fis dmg=FUE*1.4 fx=dot:Venom:FUE*0.3:3 req-def=REF:4
  skill Spit offensive cost=1 kinds=ign+fis dmg=EN*0.8 ignore range=1
  skill Backbite counter ranged cost=1 kinds=ene dmg=EN*1.5 range=2 fx=mod:stat.REF:-1:1r
  skill Ambush interference mode=turn cost=2 cd=2
  skill Viper-In join cost=1 now
end
`;
const BLOCK_PLACES = ['ref place Kestrel 10 10 E', 'ref place Granite 11 10 W', 'ref place Lumen 10 11 N', 'ref place Viper 11 11 NW'];

/** Plays picks from the battle's own legal lines (status left out: its rows gain cell= with positions). */
function pickedLines(picks: readonly number[], bound: number): string[] {
  const battle = battleOf(BLOCK);
  const lines: string[] = [];
  for (let step = 0; step < bound; step++) {
    const choices = battle.choices().filter((l) => l !== 'status' && !l.startsWith('yield ') && !l.startsWith('flee '));
    if (choices.length === 0) break;
    const line = choices[picks[step % picks.length]! % choices.length]!;
    lines.push(line);
    battle.feed(line);
  }
  return lines;
}

function logOf(battle: MarvelBattle, lines: readonly string[]): string[] {
  const log: string[] = [];
  for (const line of lines) {
    const fed = battle.feed(line);
    log.push(`INPUT: ${line}`, ...(fed.ok ? fed.lines : [`ERROR ${fed.error.code}: ${fed.error.message}`]));
  }
  return log;
}

const flights = (() => {
  const parsed = parseSheets([{ path: 'arena.sheet', text: ARENA }]);
  if (!parsed.ok) throw new Error(parsed.error);
  return new Map(parsed.roster.map((ch) => [ch.id, flightOf(ch)]));
})();

/** §17.14: no two taken cells coincide, every cell is on the grid, and no one is higher than its flight. */
function cellInvariants(s: State): void {
  const taken = Object.entries(s.cells)
    .filter(([id]) => (s.fighters.find((f) => f.id === id)?.state ?? 'active') === 'active')
    .map(([, p]) => `${p.x},${p.y}`);
  expect(new Set(taken).size).toBe(taken.length);
  for (const [id, p] of Object.entries(s.cells)) {
    expect(p.x >= 0 && p.x <= 99 && p.y >= 0 && p.y <= 99).toBe(true);
    expect(p.up).toBeLessThanOrEqual(flights.get(id) ?? 0);
  }
}

const picksArb = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 20, maxLength: 200 });

describe('positions properties (issue 23)', () => {
  it('everyone within reach, no shape: the version 1 log apart from the placement lines', () => {
    fc.assert(
      fc.property(picksArb, (picks) => {
        const lines = pickedLines(picks, 250);
        const v1 = logOf(battleOf(BLOCK), lines);
        const v2 = logOf(battleOf(BLOCK), [...BLOCK_PLACES, ...lines]);
        const placement = v2.slice(0, BLOCK_PLACES.length * 3);
        expect(placement.filter((l) => l.startsWith('PLACE '))).toHaveLength(4);
        expect(v2.slice(BLOCK_PLACES.length * 3)).toEqual(v1);
      }),
      { numRuns: 30 },
    );
  });

  it('ref undo after any accepted command restores the exact state, positions included', () => {
    const ids = ['Kestrel', 'Granite', 'Lumen', 'Viper', 'Bastion', 'Wisp', 'Brute', 'Oracle'];
    const facings = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
    fc.assert(
      fc.property(picksArb, (picks) => {
        const battle = battleOf(ARENA);
        ids.forEach((id, i) => expect(battle.feed(`ref place ${id} ${10 + (i % 4)} ${10 + 2 * Math.floor(i / 4)} E`).ok).toBe(true));
        for (let step = 0; step < 150; step++) {
          const pick = picks[step % picks.length]!;
          const id = ids[pick % ids.length]!;
          const referee = [
            `ref place ${id} ${8 + (pick % 7)} ${8 + ((pick >> 3) % 7)} ${facings[(pick >> 6) % 8]!}`,
            `ref fly ${id} ${pick % 3}`,
            `ref hide ${id}`,
            `ref reveal ${id}`,
          ];
          const choices = battle.choices();
          if (choices.length === 0) break;
          const line = pick % 5 === 0 ? referee[(pick >> 9) % 4]! : choices[pick % choices.length]!;
          const before = battle.snapshot();
          const fed = battle.feed(line);
          if (!fed.ok) {
            expect(battle.snapshot()).toStrictEqual(before);
            continue;
          }
          if (line === 'status' || line.startsWith('ref note')) continue;
          expect(battle.feed('ref undo').ok).toBe(true);
          expect(battle.snapshot()).toStrictEqual(before);
          expect(battle.feed(line).ok).toBe(true);
          cellInvariants(battle.snapshot());
        }
        expect(battle.snapshot().grid).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});
