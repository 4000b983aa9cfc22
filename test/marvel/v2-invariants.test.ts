/**
 * The version 2 invariants of §17 (9: the ledger; 14: positions) over random play with the referee moving,
 * lifting and hiding fighters (issue 23, QA item 1). The checks are an independent reading of §6.6 and §10.5,
 * written from the spec with the grid helpers only (distance, inShape), not from positions.ts:
 * - the ledger sums to total(VIT) − vit, and a heal lowers `men` only by mental means, `alma` only by mystic ones;
 * - a shape hit's targets are exactly the members of §6.6.3 (cells, user out, noallies, vertical reach, hiding);
 * - an accepted direct target or area centre is within range=, with a cell, reachable, and not a hidden foe;
 * - a MOVE leaves the attack's cells, is not frontal while a sideways or backward cell exists, and takes the
 *   fewest steps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Point, type ShapeCells, distance, inShape } from '../../src/rulesets/marvel/grid.js';
import { flightOf } from '../../src/rulesets/marvel/model.js';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import type { State } from '../../src/rulesets/marvel/state.js';
import { statTotal } from '../../src/rulesets/marvel/stats.js';
import { battleOf } from '../helpers/marvel.js';
import { ARENA, GRID_QA } from './fixtures.js';

const roster = (() => {
  const parsed = parseSheets([{ path: 'grid.sheet', text: GRID_QA }]);
  if (!parsed.ok) throw new Error(parsed.error);
  return new Map(parsed.roster.map((c) => [c.id, c]));
})();
const IDS = [...roster.keys()];
const FACINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

const skillOf = (who: string, name: string) => roster.get(who)!.skills.find((k) => k.name === name)!;
const sideOf = (s: State, id: string) => s.fighters.find((f) => f.id === id)?.side;
const activeIds = (s: State) => s.fighters.filter((f) => f.state === 'active').map((f) => f.id);
/** §6.6.5: U reaches T iff up(T) ≤ up(U) + flight N of U. */
const reaches = (s: State, u: string, t: string) => s.cells[t]!.up <= s.cells[u]!.up + flightOf(roster.get(u)!);

/** §6.6.3 membership, written from the spec: the expected `on=` of a shape hit launched in state s. */
function expectedMembers(s: State, user: string, skillName: string, shape: ShapeCells): string[] {
  const skill = skillOf(user, skillName);
  const frame = s.frames[s.frames.length - 1];
  const here = s.cells[user];
  const kept = frame?.actor === user && frame.start != null && here !== undefined && here.x === frame.start.x && here.y === frame.start.y && here.facing === frame.start.facing;
  const fromUser = shape.kind !== 'area' || shape.aroundUser;
  return s.fighters
    .filter((f) => {
      const p = s.cells[f.id];
      if (f.state !== 'active' || f.id === user || p === undefined || !inShape(shape, p)) return false;
      const ally = f.side === sideOf(s, user);
      if (ally && skill.flags.includes('noallies')) return false;
      if (!reaches(s, user, f.id)) return false;
      return ally || !p.hidden || (fromUser && kept);
    })
    .map((f) => f.id);
}

/** The fewest king's moves from `from` to a cell passing `ok` (D70), by an independent search of square rings. */
function fewest(from: Point, ok: (p: Point) => boolean): number | undefined {
  for (let k = 1; k <= 99; k++) {
    for (let y = from.y - k; y <= from.y + k; y++) {
      for (let x = from.x - k; x <= from.x + k; x++) {
        if (x < 0 || y < 0 || x > 99 || y > 99 || Math.max(Math.abs(x - from.x), Math.abs(y - from.y)) !== k) continue;
        if (ok({ x, y })) return k;
      }
    }
  }
  return undefined;
}

function checkLedger(s: State): void {
  for (const f of s.fighters) {
    const lost = Object.values(f.hurt).reduce((a, b) => a + b, 0);
    expect(lost, `${f.id} ledger`).toBe(statTotal(roster.get(f.id)!, 'VIT', f.mods) - f.vit);
    for (const v of Object.values(f.hurt)) expect(v).toBeGreaterThanOrEqual(0);
  }
}

function checkLine(line: string, before: State, after: State, out: readonly string[], at: number): void {
  const heal = /^FX (\S+) heal amount=\d+ kinds=(\S+) /.exec(out[at]!);
  if (heal) {
    const kinds = heal[2]!.split('+');
    const was = before.fighters.find((f) => f.id === heal[1])!.hurt;
    const now = after.fighters.find((f) => f.id === heal[1])!.hurt;
    if (!kinds.includes('men')) expect(now.men ?? 0).toBe(was.men ?? 0);
    if (!kinds.includes('mis') && !kinds.includes('alma')) expect(now.alma ?? 0).toBe(was.alma ?? 0);
  }
  const move = /^MOVE (\S+) from=(\d+),(\d+) to=(\d+),(\d+)$/.exec(out[at]!);
  if (move) {
    // the window is the one `before` had open: the source is the hit's user, or in SUB the reactor (D70)
    const a = before.action!;
    const sub = a.window!.sub;
    const source = sub === null ? a.actor : sub.reactor;
    const r = move[1]!;
    const from = { x: Number(move[2]), y: Number(move[3]) };
    const to = { x: Number(move[4]), y: Number(move[5]) };
    const shape = sub === null ? a.shape : undefined;
    const inside = (p: Point) => (shape !== undefined ? inShape(shape, p) : p.x === from.x && p.y === from.y);
    const taken = (p: Point) =>
      Object.entries(before.cells).some(([id, c]) => id !== r && c.x === p.x && c.y === p.y && (before.fighters.find((f) => f.id === id)?.state ?? 'active') === 'active');
    const src = before.cells[source];
    const frontal = (p: Point) => src !== undefined && distance(p, src) < distance(from, src);
    expect(inside(to), line).toBe(false);
    expect(taken(to), line).toBe(false);
    const sideways = fewest(from, (p) => !taken(p) && !inside(p) && !frontal(p));
    if (sideways !== undefined) {
      expect(frontal(to), line).toBe(false);
      expect(distance(from, to), line).toBe(sideways);
    }
    // an evasion keeps facing and height (§6.6.5, D70)
    expect(after.cells[r]!.up).toBe(before.cells[r]!.up);
  }
}

/** A direct target or area centre accepted by `use` (§7.1 step 11a): a cell, not a hidden foe, reachable, in range. */
function checkUse(line: string, before: State): void {
  const m = /^use (\S+) (\S+) on (.+)$/.exec(line);
  if (!m) return;
  const [, user, name, list] = m;
  const skill = skillOf(user!, name!);
  if (skill.cls !== 'offensive' || skill.cone !== undefined || skill.line !== undefined) return;
  for (const t of list!.split(' ')) {
    const p = before.cells[t];
    expect(p, line).toBeDefined();
    expect(p!.hidden && sideOf(before, t) !== sideOf(before, user!), line).toBe(false);
    expect(reaches(before, user!, t), line).toBe(true);
    if (skill.range !== undefined) expect(distance(before.cells[user!]!, p!), line).toBeLessThanOrEqual(skill.range);
  }
}

function lastHit(out: readonly string[]): number {
  for (let i = out.length - 1; i >= 0; i--) if (out[i]!.startsWith('HIT ')) return i;
  return -1;
}

/** A shape HIT printed last (its window now open, nothing moved since): on= is exactly the members (§6.6.3, D67). */
function checkLastHit(out: readonly string[], after: State): void {
  const i = lastHit(out);
  if (i < 0 || out.slice(i).some((l) => l.startsWith('MOVE '))) return;
  const hit = /^HIT (\S+):(\S+)#\d+\/\d+ .* on=(\S+)$/.exec(out[i]!)!;
  const a = after.action;
  if (a === null || a.actor !== hit[1] || a.skill !== hit[2] || a.shape === undefined || a.typed === true) return;
  if (a.window?.sub != null) return;
  expect(hit[3]!.split(','), out[i]).toEqual(expectedMembers(after, a.actor, a.skill, a.shape));
}

const picksArb = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 30, maxLength: 150 });

describe('version 2 invariants (§17.9, §17.14)', () => {
  it('random play with the referee moving, lifting and hiding fighters keeps the ledger, membership, range and evasion rules', () => {
    let shapeHits = 0;
    let moves = 0;
    fc.assert(
      fc.property(picksArb, (picks) => {
        const battle = battleOf(GRID_QA);
        // a 4 × 4 block, so that areas, cones and lines catch fighters
        IDS.forEach((id, i) => expect(battle.feed(`ref place ${id} ${10 + (picks[i]! % 4)} ${10 + i}`).ok).toBe(true));
        for (let step = 0; step < 150; step++) {
          const pick = picks[step % picks.length]!;
          const s = battle.snapshot();
          const id = activeIds(s)[pick % Math.max(1, activeIds(s).length)] ?? IDS[pick % IDS.length]!;
          const referee = [
            `ref place ${id} ${9 + (pick % 6)} ${9 + ((pick >> 3) % 6)} ${FACINGS[(pick >> 6) % 8]}`,
            `ref fly ${id} ${(pick >> 4) % 3}`,
            `ref hide ${id}`,
            `ref reveal ${id}`,
          ];
          const choices = battle.choices().filter((l) => !/^(yield|flee) /.test(l));
          if (choices.length === 0) break;
          const line = pick % 6 === 0 ? referee[(pick >> 9) % 4]! : choices[pick % choices.length]!;
          const fed = battle.feed(line);
          if (!fed.ok) continue;
          const after = battle.snapshot();
          checkLedger(after);
          checkUse(line, s);
          for (let i = 0; i < fed.lines.length; i++) checkLine(line, s, after, fed.lines, i);
          checkLastHit(fed.lines, after);
          if (fed.lines.some((l) => l.startsWith('MOVE '))) moves++;
          if (lastHit(fed.lines) >= 0 && after.action?.shape !== undefined) shapeHits++;
        }
      }),
      { numRuns: 30 },
    );
    // the runs met shapes and evasions, so the checks above were exercised
    expect(shapeHits).toBeGreaterThan(10);
    expect(moves).toBeGreaterThan(10);
  });
});

/**
 * ARENA with every version 2 sheet key it can take: range=1 on each direct or area offensive skill, counter and
 * anticipation (the tightest reach), noallies on each area and cone, and passive flight 1 on every character.
 */
const ARENA_V2_KEYS = ARENA.split('\n')
  .flatMap((line) => {
    const t = line.trim();
    if (t.startsWith('character ')) return [line, '  passive flight 1'];
    if (!t.startsWith('skill ')) return [line];
    const cls = t.split(' ')[2];
    const shape = / (area|cone)=/.test(t);
    const ranged = (cls === 'offensive' && !/ cone=/.test(t)) || cls === 'counter' || cls === 'anticipation';
    return [`${line}${ranged ? ' range=1' : ''}${shape ? ' noallies' : ''}`];
  })
  .join('\n');

describe('the version 2 sheet keys change nothing without positions (D62, §6.6.7)', () => {
  it('random play on ARENA and on ARENA with range=, noallies and passive flight prints the same bytes', () => {
    expect(ARENA_V2_KEYS).toContain('skill Quake offensive cost=3 kinds=fis cone=3 dmg=FUE*0.8 pierce noallies');
    expect(ARENA_V2_KEYS).toContain('skill Gale offensive cost=3 kinds=ele area=2 dmg=EN*1 fx=status:Dazed:1r range=1 noallies');
    fc.assert(
      fc.property(picksArb, (picks) => {
        const v1 = battleOf(ARENA);
        const v2 = battleOf(ARENA_V2_KEYS);
        expect(v2.opening()).toEqual(v1.opening());
        for (let step = 0; step < 250; step++) {
          // leaving lines are kept rare so that play goes deep
          const all = v1.choices();
          const calm = all.filter((l) => !/^(yield|flee) /.test(l));
          const choices = calm.length > 0 && picks[step % picks.length]! % 41 !== 0 ? calm : all;
          if (choices.length === 0) break;
          const line = choices[picks[step % picks.length]! % choices.length]!;
          const a = v1.feed(line);
          const b = v2.feed(line);
          expect(b, line).toEqual(a);
        }
        expect(v2.snapshot().grid).toBe(false);
      }),
      { numRuns: 25 },
    );
  });
});
