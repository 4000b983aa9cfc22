/**
 * The AI's lazy walk search (geometry/walk.ts: settled only as far as a decision needs, arrays reused from
 * one search to the next, a padded copy of the board kept in step with moves and deaths) against the AI
 * decisions computed the straightforward way from the spec's words: whole distance maps by brute force
 * (relax every edge until nothing changes), pred(x) by its tie-break rule, every candidate listed and
 * sorted. Targets chosen, Approach destinations, attack-or-walk plans and Disengage destinations must be
 * the same on random small boards, while units move and die between decisions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approachDestination, attackPlan } from '../../src/rulesets/clairvoyance/ai/actions.js';
import { resolveTarget } from '../../src/rulesets/clairvoyance/ai/descriptions.js';
import { disengageDestination } from '../../src/rulesets/clairvoyance/ai/disengage.js';
import { EMPTY, WALL } from '../../src/rulesets/clairvoyance/board.js';
import { flyDistance } from '../../src/rulesets/clairvoyance/geometry/distance.js';
import { lineOfSight } from '../../src/rulesets/clairvoyance/geometry/los.js';
import { listRange, NONE, type Cell, type EncounterModel, type UnitSpec } from '../../src/rulesets/clairvoyance/model.js';
import { BattleState, type UnitState } from '../../src/rulesets/clairvoyance/state.js';
import type { Description, Target } from '../../src/rulesets/clairvoyance/syntax/ast.js';

const at = { line: 1, column: 1 };
const located = <T>(value: T) => ({ value, at });
const TEAMS = ['A', 'B', 'C'];
const NAMES = ['Orc', 'Elf'];

/** Whole-board walk distances (half steps) from the sources, by relaxing every edge of 9.1 until stable. */
function bruteWalk(state: BattleState, sources: readonly Cell[]): Int32Array {
  const { width, height, cells } = state;
  const d = new Int32Array(width * height).fill(-1);
  const source = new Uint8Array(width * height);
  for (const s of sources) {
    d[s.row * width + s.column] = 0;
    source[s.row * width + s.column] = 1;
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (let p = 0; p < d.length; p++) {
      if (d[p] === -1 || (source[p] === 0 && cells[p] !== EMPTY)) continue;
      for (const [x, cost] of walkEdges(state, p)) {
        if (d[x] === -1 || d[p]! + cost < d[x]!) {
          d[x] = d[p]! + cost;
          changed = true;
        }
      }
    }
  }
  return d;
}

/** The walk edges out of an expanding cell p: [x, half-step cost]. */
function walkEdges(state: BattleState, p: number): [number, number][] {
  const { width, height, cells } = state;
  const pc = p % width;
  const pr = (p - pc) / width;
  const out: [number, number][] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const xc = pc + dc;
      const xr = pr + dr;
      if ((dc === 0 && dr === 0) || xc < 0 || xr < 0 || xc >= width || xr >= height) continue;
      const x = xr * width + xc;
      if (dc !== 0 && dr !== 0) {
        const s1 = cells[pr * width + xc]!;
        const s2 = cells[xr * width + pc]!;
        const ok = (cells[x] === EMPTY && s1 === EMPTY && s2 === EMPTY) || (cells[x]! >= 0 && !(s1 === WALL && s2 === WALL));
        if (ok) out.push([x, 3]);
      } else out.push([x, 2]);
    }
  }
  return out;
}

/** pred(x): among expanding p with an edge p→x and d(p) + cost = d(x), the least (d(p), column, row). */
function brutePred(state: BattleState, d: Int32Array, source: number, x: number): number {
  const { width } = state;
  let best = -1;
  for (let p = 0; p < d.length; p++) {
    if (d[p] === -1 || (p !== source && state.cells[p] !== EMPTY)) continue;
    const edge = walkEdges(state, p).find(([y]) => y === x);
    if (edge === undefined || d[p]! + edge[1] !== d[x]) continue;
    const key = (q: number) => [d[q]!, q % width, Math.floor(q / width)];
    const [a, b] = [key(p), key(best)];
    if (best < 0 || a[0]! < b[0]! || (a[0] === b[0] && (a[1]! < b[1]! || (a[1] === b[1] && a[2]! < b[2]!)))) best = p;
  }
  return best;
}

/** Along Path(x) (x included): the first cell with ⌊dist⌋ ≤ budget. */
function bruteFirstWithin(state: BattleState, d: Int32Array, source: number, x: number, budget: number): Cell {
  let c = x;
  while (d[c]! >> 1 > budget) c = brutePred(state, d, source, c);
  return { column: c % state.width, row: Math.floor(c / state.width) };
}

function matches(d: Description, u: UnitState, actor: UnitState): boolean {
  if (!u.alive) return false;
  if (d.kind === 'ally') return u.spec.team === actor.spec.team;
  if (d.kind === 'enemy') return u.spec.team !== actor.spec.team;
  if (d.kind === 'team') return u.spec.team === d.team.value;
  return u.spec.team === d.team.value && u.spec.name === d.name.value;
}

/** Spec 10.3, candidates listed and stable-sorted. */
function bruteTarget(state: BattleState, actor: UnitState, t: Target, d: Int32Array): UnitState | null {
  if (t.kind === 'self') return actor;
  if (t.kind === 'unit') {
    const u = state.units.find((v) => v.spec.team === t.team.value && v.spec.name === t.name.value && v.spec.id === t.id.value);
    return u !== undefined && u.alive ? u : null;
  }
  if (t.kind === 'last') {
    for (const i of actor.history) if (state.units[i] !== actor && matches(t.description, state.units[i]!, actor)) return state.units[i]!;
    return null;
  }
  const at = (u: UnitState) => d[state.cellIndex(u.position)]!;
  const sorted = state.units.filter((u) => u !== actor && matches(t.description, u, actor) && at(u) !== -1).sort((a, b) => (at(a) >> 1) - (at(b) >> 1));
  return (t.kind === 'closest' ? sorted[0] : sorted[sorted.length - 1]) ?? null;
}

function bruteApproach(state: BattleState, actor: UnitState, target: Target): Cell | null {
  const d = bruteWalk(state, [actor.position]);
  const t = bruteTarget(state, actor, target, d);
  const source = state.cellIndex(actor.position);
  if (t === null || t === actor || d[state.cellIndex(t.position)] === -1) return null;
  return bruteFirstWithin(state, d, source, brutePred(state, d, source, state.cellIndex(t.position)), actor.spec.mob!.speed);
}

function bruteAttack(state: BattleState, actor: UnitState, target: Target, full: boolean) {
  const d = bruteWalk(state, [actor.position]);
  const t = bruteTarget(state, actor, target, d);
  if (t === null) return { kind: 'none' };
  const mob = actor.spec.mob!;
  const list = full ? mob.fullAttack : mob.attack;
  const range = listRange(list);
  if (flyDistance(t.position, actor.position) <= range && lineOfSight(state, t.position, actor.position)) return { kind: 'attack', target: t.index };
  let best = -1;
  for (let i = 0; i < d.length; i++) {
    const c = { column: i % state.width, row: Math.floor(i / state.width) };
    if (d[i] === -1 || state.cells[i] !== EMPTY || flyDistance(t.position, c) > range || !lineOfSight(state, t.position, c)) continue;
    const key = (j: number) => ((d[j]! >> 1) * state.width + (j % state.width)) * state.height + Math.floor(j / state.width);
    if (best < 0 || key(i) < key(best)) best = i;
  }
  if (best < 0) return { kind: 'move', to: null };
  return { kind: 'move', to: bruteFirstWithin(state, d, state.cellIndex(actor.position), best, full ? 2 * mob.speed : mob.speed) };
}

/** Spec 10.5 Disengage, the fixed point found by sweeping until nothing changes. */
function bruteDisengage(state: BattleState, actor: UnitState): Cell {
  const { width, cells } = state;
  const enemies = state.units.filter((u) => u.alive && u.spec.team !== actor.spec.team).map((u) => u.position);
  const d = bruteWalk(state, enemies);
  const maxHalf = Math.max(-1, ...d);
  const e = Int32Array.from(d, (h) => (h === -1 ? -1 : 3 * (maxHalf - h)));
  const legal = (p: number): [number, number][] =>
    walkEdges(state, p).filter(([x, cost]) => {
      if (cells[x] !== EMPTY) return false;
      if (cost === 2) return true;
      const [pc, pr, xc, xr] = [p % width, Math.floor(p / width), x % width, Math.floor(x / width)];
      return cells[pr * width + xc] === EMPTY && cells[xr * width + pc] === EMPTY;
    });
  for (let changed = true; changed; ) {
    changed = false;
    for (let x = 0; x < e.length; x++) {
      if (e[x] === -1) continue;
      for (const [n, cost] of legal(x)) {
        if (e[n] !== -1 && e[n]! + 2 * cost < e[x]!) {
          e[x] = e[n]! + 2 * cost;
          changed = true;
        }
      }
    }
  }
  // legal() lists up-left, up, up-right, left, …: put the steps in the spec's direction order.
  const rank = (p: number, x: number) => ['0,-1', '0,1', '-1,0', '1,0', '-1,-1', '-1,1', '1,-1', '1,1'].indexOf(`${(x % width) - (p % width)},${Math.floor(x / width) - Math.floor(p / width)}`);
  let here = state.cellIndex(actor.position);
  let spent = 0;
  for (;;) {
    const steps = legal(here).sort((a, b) => rank(here, a[0]) - rank(here, b[0])).sort((a, b) => e[a[0]]! - e[b[0]]!);
    const best = steps[0];
    if (best === undefined || !(e[best[0]]! < e[here]!) || (spent + best[1]) >> 1 > actor.spec.mob!.speed) break;
    spent += best[1];
    here = best[0];
  }
  return { column: here % width, row: Math.floor(here / width) };
}

/** Boards up to `maxWidth` x `maxHeight` with up to `maxUnits` mobs, and decisions to compare. */
const scenarios = (maxWidth: number, maxHeight: number, maxUnits: number, minUnits = 2, crowd = false) =>
  fc.record({
    width: fc.integer({ min: minUnits > 2 ? maxWidth : 2, max: maxWidth }),
    height: fc.integer({ min: minUnits > 2 ? maxHeight : 1, max: maxHeight }),
    marks: fc.array(fc.nat(99), { minLength: maxWidth * maxHeight, maxLength: maxWidth * maxHeight }),
    places: fc.array(fc.nat(), { minLength: maxUnits, maxLength: maxUnits }),
    units: fc.array(fc.record({ team: fc.nat(crowd ? 1 : 2), name: fc.nat(1), speed: fc.integer({ min: 1, max: 6 }), range: fc.nat(4), full: fc.nat(4) }), { minLength: minUnits, maxLength: maxUnits }),
    // A crowd's plays are closest targets, mostly of the other team.
    plays: fc.array(fc.record({ actor: fc.nat(), target: crowd ? fc.constant(2) : fc.nat(5), description: crowd ? fc.constantFrom(1, 1, 2) : fc.nat(3), pick: fc.nat(), action: fc.nat(3), kill: fc.nat(5) }), { minLength: 1, maxLength: 8 }),
  });
const scenario = scenarios(9, 7, 9);

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The board: walls where marks < 22; units on the first free cells after their mark. */
function build(s: Scenario): BattleState | null {
  const { width, height } = s;
  const walls = Uint8Array.from({ length: width * height }, (_, i) => (s.marks[i]! < 22 ? 1 : 0));
  const free = [...walls.keys()].filter((i) => walls[i] === 0);
  if (free.length < s.units.length) return null;
  const ids = new Map<string, number>();
  const units: UnitSpec[] = s.units.map((u, index) => {
    const taken = free.splice(s.places[index]! % free.length, 1)[0]!;
    const key = `${TEAMS[u.team]}:${NAMES[u.name]}`;
    ids.set(key, (ids.get(key) ?? 0) + 1);
    const entry = (r: number) => ({ ranged: r === 0 ? null : r, modifier: 0, count: 1, faces: 4, damageModifier: 0 });
    return {
      index,
      team: TEAMS[u.team]!,
      name: NAMES[u.name]!,
      id: ids.get(key)!,
      initiative: 0,
      start: { column: taken % width, row: Math.floor(taken / width) },
      mob: { hp: 5, speed: u.speed, ac: 10, attack: [entry(u.range)], fullAttack: [entry(u.full), entry(u.range)], program: NONE },
      maxHp: 5,
      ac: 10,
    };
  });
  const model: Pick<EncounterModel, 'board' | 'units' | 'teams'> = { board: { width, height, walls }, units, teams: TEAMS };
  return new BattleState(model);
}

function targetOf(state: BattleState, p: Scenario['plays'][number]): Target {
  const other = state.units[p.pick % state.units.length]!.spec;
  const descriptions: Description[] = [{ kind: 'ally' }, { kind: 'enemy' }, { kind: 'team', team: located(other.team) }, { kind: 'team-unit', team: located(other.team), name: located(other.name) }];
  const description = descriptions[p.description]!;
  if (p.target === 0) return { kind: 'self' };
  if (p.target === 1) return { kind: 'unit', team: located(other.team), name: located(other.name), id: located(other.id) };
  return { kind: (['closest', 'closest', 'furthest', 'last'] as const)[p.target - 2]!, description };
}

describe('the lazy walk search', () => {
  /** Every decision of the scenarios' plays equals the brute-force one, the board changing between them. */
  const sameDecisions = (arbitrary: ReturnType<typeof scenarios>, numRuns: number) =>
    fc.assert(
      fc.property(arbitrary, (s) => {
        const state = build(s);
        if (state === null) return;
        for (const p of s.plays) {
          const living = state.units.filter((u) => u.alive);
          if (living.length === 0) return;
          const actor = living[p.actor % living.length]!;
          actor.history.splice(0, actor.history.length, ...state.units.map((u) => u.index).filter((i) => (i + p.pick) % 3 === 0));
          const target = targetOf(state, p);
          const walk = state.walk();
          walk.start();
          walk.addSource(walk.index(actor.position.column, actor.position.row));
          expect(resolveTarget(state, actor, target, walk)?.index).toBe(bruteTarget(state, actor, target, bruteWalk(state, [actor.position]))?.index);
          let to: Cell | null;
          if (p.action === 0) {
            to = approachDestination(state, actor, target);
            expect(to).toEqual(bruteApproach(state, actor, target));
          } else if (p.action === 3) {
            to = disengageDestination(state, actor);
            expect(to).toEqual(bruteDisengage(state, actor));
          } else {
            const plan = attackPlan(state, actor, target, p.action === 2);
            const simple = plan.kind === 'attack' ? { kind: 'attack', target: plan.target.index } : plan;
            expect(simple).toEqual(bruteAttack(state, actor, target, p.action === 2));
            to = plan.kind === 'move' ? plan.to : null;
          }
          // The board changes between decisions: the actor moves, sometimes a unit dies.
          if (to !== null && (to.column !== actor.position.column || to.row !== actor.position.row)) state.move(actor, to);
          if (p.kill === 0) state.die(living[p.pick % living.length]!);
        }
      }),
      { numRuns },
    );

  it('chooses the same targets, Approach and Attack destinations and Disengage cells as whole brute-force maps', () => {
    sameDecisions(scenario, 400);
  });

  it('the same in crowds (more candidates near the nearest than a search aims at)', () => {
    sameDecisions(scenarios(12, 10, 50, 35, true), 60);
  });

  it('reads the distances of a long corridor only as far as the target', () => {
    const state = drawn(['a..b' + '.'.repeat(9_995) + 'b']);
    const actor = state.units[0]!;
    expect(approachDestination(state, actor, { kind: 'closest', description: { kind: 'enemy' } })).toEqual({ column: 2, row: 0 });
    expect(state.walk().settled).toBeLessThan(10);
  });

  // closest aims first at the candidates within 4 cells (octile) of the nearest; the others are checked.
  const enemy: Target = { kind: 'closest', description: { kind: 'enemy' } };

  it('closest: the nearest by octile distance is far round a wall, so a second search aims at the nearer one', () => {
    const state = drawn([
      '.##.....', //
      'a#b.....',
      '.#......',
      '.#......',
      '.#......',
      '.#......',
      '.#......',
      '........',
      '........',
      'b.......',
    ]);
    const actor = state.units[0]!;
    const walk = state.walk();
    expect(resolveTarget(state, actor, enemy, walk)?.spec.start).toEqual({ column: 0, row: 9 });
    expect(resolveTarget(state, actor, enemy, walk)).toBe(bruteTarget(state, actor, enemy, bruteWalk(state, [actor.position])));
  });

  it('closest: the nearest by octile distance has no path, so the search goes everywhere and finds the next', () => {
    const state = drawn([
      'a.###...', //
      '..#b#...',
      '..###...',
      '........',
      '........',
      '........',
      '........',
      '........',
      '........',
      'b.......',
    ]);
    const actor = state.units[0]!;
    expect(resolveTarget(state, actor, enemy, state.walk())?.spec.start).toEqual({ column: 0, row: 9 });
    expect(approachDestination(state, actor, enemy)).toEqual(bruteApproach(state, actor, enemy));
  });
});

/** A board from rows: `#` wall, `a` / `b` a mob of team A / B (Speed 2, melee), `.` empty; unit indices in reading order. */
function drawn(rows: readonly string[]): BattleState {
  const width = rows[0]!.length;
  const walls = new Uint8Array(width * rows.length);
  const units: UnitSpec[] = [];
  rows.forEach((row, r) =>
    [...row].forEach((ch, c) => {
      if (ch === '#') walls[r * width + c] = 1;
      if (ch !== 'a' && ch !== 'b') return;
      const team = ch.toUpperCase();
      const entry = { ranged: null, modifier: 0, count: 1, faces: 4, damageModifier: 0 };
      units.push({ index: units.length, team, name: 'Orc', id: units.filter((u) => u.team === team).length + 1, initiative: 0, start: { column: c, row: r }, mob: { hp: 5, speed: 2, ac: 10, attack: [entry], fullAttack: [entry], program: NONE }, maxHp: 5, ac: 10 });
    }),
  );
  return new BattleState({ board: { width, height: rows.length, walls }, units, teams: ['A', 'B'] });
}
