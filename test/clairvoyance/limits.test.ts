/**
 * Issue 10, items 13, 14 and 18 for Clairvoyance: what a hostile run found (stack overflows on deep
 * nesting, a dice roll that ran out of memory, AI turns that never ended on huge boards and crowds, an
 * E_PARSE search that never ended on a 20 MB file, verify's internal error on a case file that is a
 * folder), each answered cleanly: one positioned setup error naming the limit (exit 2), or a game that
 * simply runs; never a stack trace. The fast paths are checked against the straightforward versions they
 * replace on random inputs. The same limits at full size (100,000 deep, millions of cells, 20 MB files)
 * are in limits.stress.test.ts (npm run test:stress).
 */
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EOF, type IToken } from 'chevrotain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { StepView } from '../../src/rulesets/clairvoyance/ai/conditions.js';
import { matches } from '../../src/rulesets/clairvoyance/ai/descriptions.js';
import { escapeField } from '../../src/rulesets/clairvoyance/ai/disengage.js';
import { buildBoard, EMPTY, MAX_CELLS, WALL } from '../../src/rulesets/clairvoyance/board.js';
import { flyDistance, UNREACHABLE, walkMap } from '../../src/rulesets/clairvoyance/geometry/distance.js';
import { NEIGHBOURS } from '../../src/rulesets/clairvoyance/geometry/grid.js';
import { lineOfSight, SightField, SightIndex } from '../../src/rulesets/clairvoyance/geometry/los.js';
import type { Cell } from '../../src/rulesets/clairvoyance/model.js';
import type { Condition, Description, Layout, Obstacle } from '../../src/rulesets/clairvoyance/syntax/ast.js';
import { encounterParser } from '../../src/rulesets/clairvoyance/syntax/grammar.js';
import { lexEncounter } from '../../src/rulesets/clairvoyance/syntax/lexer.js';
import { encounterGrammarTable } from '../../src/rulesets/clairvoyance/syntax/grammar-table.js';
import { encounterViablePrefix, expectedList, MAX_NESTING, parseEncounter } from '../../src/rulesets/clairvoyance/syntax/parse.js';
import { grammarTable } from '../../src/rulesets/clairvoyance/syntax/viable.js';
import { MAX_DICE } from '../../src/rulesets/clairvoyance/validate.js';
import { hasStackTrace } from '../helpers/cli.js';
import { battle } from '../helpers/clairvoyance.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { COND, encounterWith, freshFolder, nestingAndChains, NESTED, offsetOf, oneSetupError, ORC, play } from './limits-helpers.js';

describe(`item 13: '(' and '{' nest at most ${MAX_NESTING} deep; chains of any length run`, () => {
  nestingAndChains(1000);

  it(`exactly ${MAX_NESTING} levels load`, () => {
    // The AI's own '{' is level 1.
    const text = encounterWith(NESTED['parentheses']!(MAX_NESTING - 1));
    expect(parseEncounter(text).ok).toBe(true);
    expect(parseEncounter(encounterWith(NESTED['parentheses']!(MAX_NESTING))).ok).toBe(false);
  });

  it('a syntax error before the deep part is the error reported', async () => {
    const text = encounterWith(`if ${COND} then { Pass } else { Pass; } ` + NESTED['while']!(1000));
    const e = oneSetupError(await play(text));
    expect(e.rest).toBe("E_PARSE: unexpected '}'; expected ';'");
    expect(text.slice(offsetOf(text, e.line, e.column) - 5)).toMatch(/^Pass } else/);
  });

  it('a flat program of 10,000 whiles that never play: the turn passes, nothing overflows', async () => {
    const r = await play(encounterWith('while enemy count < 0 { Pass; } '.repeat(10_000) + 'Approach closest enemy;'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('- Bad: Orc: 1 moved to (');
  });
});

describe('item 14: every number has a range, and every algorithm is near-linear', () => {
  for (const dice of ['2147483647d6', '100000000d6']) {
    it(`dice ${dice} (it ran out of memory or never finished): E_UNIT naming the limit`, async () => {
      const unit = `UNIT Orc { HP: 12; Initiative: +5; Speed: 4; AC: 14; Attack: Melee +4 1d8+2; Full Attack: Melee +4 ${dice}; }`;
      const text = encounterWith('Full Attack closest enemy;', { unit });
      const r = await play(text);
      const e = oneSetupError(r);
      const message = `Too many dice in Full Attack in unit Orc: ${dice} (at most ${MAX_DICE}).`;
      expect(e.rest).toBe(`E_UNIT: ${message}`);
      expect(r.stdout).toBe(`ERROR: ${message}\n`);
      expect(text.slice(offsetOf(text, e.line, e.column))).toMatch(/^Full Attack: Melee \+4 \d+d6/);
    });
  }

  it(`${MAX_DICE} dice are allowed and rolled; ${MAX_DICE + 1} are not`, async () => {
    const unit = (n: number) => `UNIT Orc { HP: 12; Initiative: +5; Speed: 4; AC: 14; Attack: Melee +4 ${n}d6; Full Attack: Melee +4 1d6; }`;
    const ok = await play(encounterWith('Attack closest enemy;', { unit: unit(MAX_DICE), orc: '(1,1)' }));
    expect(ok.stdout).toContain(`for ${6 * MAX_DICE} damage`);
    expect(oneSetupError(await play(encounterWith('Pass;', { unit: unit(MAX_DICE + 1) }))).rest).toMatch(/^E_UNIT: Too many dice in Attack/);
  });

});

describe('item 18: a corpus case whose file is a folder is a broken case, never an internal error', () => {
  const source = join(REPO_ROOT, 'test-cases', 'clairvoyance', 'seeded', '001-approach-open');

  for (const name of ['encounter.clv', 'expected.txt', 'commands.txt']) {
    it(`${name} is a folder: FAIL naming it, exit 1; a good case beside it still passes`, async () => {
      const root = freshFolder('broken');
      cpSync(source, join(root, 'a-good'), { recursive: true });
      cpSync(source, join(root, 'b-broken'), { recursive: true });
      rmSync(join(root, 'b-broken', name));
      mkdirSync(join(root, 'b-broken', name));
      const io = memoryIo(REPO_ROOT);
      const code = await runArgv(['clairvoyance', 'verify', root, '--jobs', '1'], io);
      expect(code).toBe(1);
      expect(io.stdout()).toContain(`FAIL ${join(root, 'b-broken')} ${join(root, 'b-broken', name)}: E_IO: cannot read ${name} (is a folder)`);
      expect(io.stdout()).toContain('1/2 identical');
      expect(hasStackTrace(io.stdout() + io.stderr())).toBe(false);
      expect(io.stderr()).not.toMatch(/internal error/);
    });
  }
});

describe('the fast paths answer exactly as the straightforward versions they replace', () => {
  it('the E_PARSE search (one pass over the grammar) equals chevrotain content assist on mutated encounters', () => {
    const parser = encounterParser();
    const viable = encounterViablePrefix();
    const next = (tokens: IToken[]) => parser.computeContentAssist('encounter', tokens).map((p) => p.nextTokenType);
    const base = readFileSync(join(REPO_ROOT, 'test-cases', 'clairvoyance', 'seeded', '001-approach-open', 'encounter.clv'), 'utf8');
    const words = ['if', 'then', 'else', 'while', 'not', 'and', 'or', '(', ')', '{', '}', ';', ':', ',', '-', '+', '*', 'x3', 'd', 'Full Attack', 'FullAttack', 'in', 'range', 'count', '>', '=', 'enemy', 'Foo', 'Pass', 'TEAM', 'AI', 'UNIT', '3', '1d6'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.nat(4), fc.constantFrom(...words)), { minLength: 1, maxLength: 3 }), (edits) => {
        const parts = base.split(/(\s+)/);
        for (const [at, op, word] of edits) {
          // an encounter cut to nothing takes further edits at its start
          const i = parts.length === 0 ? 0 : at % parts.length;
          if (op === 0) parts.splice(i, 1);
          else if (op === 1) parts.splice(i, 0, word, ' ');
          else if (op === 2) parts[i] = word;
          else if (op === 3) parts.length = i;
          else parts.splice(i, 0, parts[i] ?? '');
        }
        const tokens = lexEncounter(parts.join('')).tokens;
        // Content assist: the longest prefix with a follower, by binary search (a prefix of a viable prefix is viable).
        let low = 0;
        let high = tokens.length + 1;
        while (high - low > 1) {
          const mid = (low + high) >>> 1;
          if (next(tokens.slice(0, mid)).length > 0) low = mid;
          else high = mid;
        }
        const found = viable.run(tokens);
        expect(found.index).toBe(low);
        expect(expectedList(found.next)).toBe(expectedList(next(tokens.slice(0, low))));
        // parseEncounter builds chevrotain's parser only for input viable to its end: it accepts nothing else.
        parser.input = tokens;
        parser.encounter();
        if (parser.errors.length === 0) expect([found.index, found.next.includes(EOF)]).toEqual([tokens.length, true]);
        parser.input = [];
      }),
      { numRuns: 150 },
    );
  });

  it("the E_PARSE search's grammar table is the grammar chevrotain records from grammar.ts (after a grammar change: node scripts/clairvoyance-grammar-table.mjs)", () => {
    expect(encounterGrammarTable()).toEqual(grammarTable(encounterParser().getGAstProductions()));
  });

  it('boards: obstacles and outlines as when every cell was filled one by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom('U', 'R', 'D', 'L')), { minLength: 1, maxLength: 10 }),
        fc.array(fc.tuple(fc.integer({ min: -1, max: 8 }), fc.integer({ min: -1, max: 8 }), fc.integer({ min: -1, max: 8 }), fc.integer({ min: -1, max: 8 })), { maxLength: 6 }),
        fc.boolean(),
        (walk, boxes, rectangle) => {
          // A closed walk: the steps, then the same steps reversed and turned around.
          const back = { U: 'D', D: 'U', L: 'R', R: 'L' } as const;
          const steps = [...walk, ...[...walk].reverse().map(([n, d]) => [n, back[d]] as const)];
          const layout: Layout = rectangle
            ? { kind: 'rectangle', width: { value: 7, at: { line: 1, column: 1 } }, height: { value: 5, at: { line: 1, column: 1 } } }
            : { kind: 'outline', at: { line: 1, column: 1 }, steps: steps.map(([n, d]) => ({ count: { value: n, at: { line: 1, column: 1 } }, direction: d })) };
          const obstacles: Obstacle[] = boxes.map(([c1, c2, r1, r2]) => ({ at: { line: 1, column: 1 }, columns: { from: c1, to: c2, single: false }, rows: { from: r1, to: r2, single: false } }));
          expect(buildBoard(layout, obstacles)).toEqual(naiveBoard(layout, obstacles));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('line of sight through wall counts equals lineOfSight on every pair of small random boards', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.array(fc.boolean(), { minLength: 81, maxLength: 81 }), (width, height, walls) => {
        const cells = Int32Array.from({ length: width * height }, (_, i) => (walls[i] && i % 3 !== 0 ? WALL : EMPTY));
        const g = { width, height, cells };
        const sight = new SightIndex(g);
        for (let a = 0; a < cells.length; a++) {
          for (let b = 0; b < cells.length; b++) {
            const A = { column: a % width, row: Math.floor(a / width) };
            const B = { column: b % width, row: Math.floor(b / width) };
            expect(sight.lineOfSight(A, B)).toBe(lineOfSight(g, A, B));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a field of sight over a box answers lineOfSight from its centre to every cell of the box', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 13 }),
        fc.integer({ min: 1, max: 13 }),
        fc.array(fc.nat(9), { minLength: 169, maxLength: 169 }),
        fc.nat(5),
        fc.nat(168),
        fc.array(fc.nat(12), { minLength: 4, maxLength: 4 }),
        (width, height, noise, density, at, box) => {
          const cells = Int32Array.from({ length: width * height }, (_, i) => (noise[i]! < density ? WALL : EMPTY));
          const g = { width, height, cells };
          const t = { column: at % width, row: Math.floor(at / width) % height };
          // A random box of cells x0..x1-1 by y0..y1-1 holding t (the attack fallback's square, clipped).
          const x0 = box[0]! % (t.column + 1);
          const y0 = box[1]! % (t.row + 1);
          const x1 = t.column + 1 + (box[2]! % (width - t.column));
          const y1 = t.row + 1 + (box[3]! % (height - t.row));
          const field = new SightField(new SightIndex(g), g, t, x0, y0, x1, y1);
          for (let column = x0; column < x1; column++) {
            for (let row = y0; row < y1; row++) expect(field.sees({ column, row })).toBe(lineOfSight(g, t, { column, row }));
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('the escape field on a ring of buckets equals the bucket-per-value fixed point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 7 }), fc.array(fc.nat(9), { minLength: 63, maxLength: 63 }), (width, height, marks) => {
        const rows = Array.from({ length: height }, (_, r) =>
          Array.from({ length: width }, (_, c) => (r === 0 && c === 0 ? 'A' : r === height - 1 && c === width - 1 ? 'E' : marks[r * width + c]! < 2 ? '#' : '.')).join(''),
        );
        const b = battle(gridEncounter(rows));
        const actor = b.state.units.find((u) => u.spec.team === 'Bad')!;
        expect([...escapeField(b.state, actor)]).toEqual([...naiveEscapeField(b.state, actor)]);
      }),
      { numRuns: 300 },
    );
  });

  it('conditions through one StepView equal each condition evaluated on its own', () => {
    const descriptions: Description[] = [
      { kind: 'ally' },
      { kind: 'enemy' },
      { kind: 'team', team: { value: 'Good', at: { line: 1, column: 1 } } },
      { kind: 'team', team: { value: 'Nobody', at: { line: 1, column: 1 } } },
      { kind: 'team-unit', team: { value: 'Bad', at: { line: 1, column: 1 } }, name: { value: 'Orc', at: { line: 1, column: 1 } } },
    ];
    const condition = fc.tuple(fc.constantFrom(...descriptions), fc.nat(6), fc.nat(4), fc.constantFrom('count', 'in-range', 'count-in-range') as fc.Arbitrary<'count' | 'in-range' | 'count-in-range'>).map(
      ([description, range, value, kind]): Condition => {
        const comparison = { op: '>=' as const, value };
        const r = { kind: 'number' as const, value: range };
        return kind === 'count' ? { kind, description, comparison } : kind === 'in-range' ? { kind, description, range: r } : { kind, description, range: r, comparison };
      },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(6), fc.nat(4)), { minLength: 1, maxLength: 8 }), fc.array(condition, { minLength: 1, maxLength: 10 }), fc.nat(20), (spots, conditions, killed) => {
        const cells = [...new Map(spots.map(([c, r]) => [`${c},${r}`, [c, r]])).values()];
        const b = battle(
          [
            'MAP { Layout: Rectangle 8, 5; Obstacles: ; }',
            'PLAYER Hero { Initiative: +9 }',
            ORC,
            'AI Brute { Pass; }',
            `TEAM Good { Hero x1 : (7,4); }`,
            `TEAM Bad { Orc, Brute x${cells.length} : ${cells.map(([c, r]) => `(${c},${r})`).join(', ')}; }`,
          ].join('\n'),
        );
        const units = b.state.units;
        if (killed < units.length) b.state.die(units[killed]!);
        const actor = units[1]!;
        const view = new StepView(b.state, actor);
        for (const c of conditions) expect(view.holds(c)).toBe(naiveHolds(units, actor, c));
      }),
      { numRuns: 300 },
    );
  });
});

/** A board from text rows (`#` wall, `.` floor, `A` the mob, `E` the enemy player) as an encounter. */
function gridEncounter(rows: readonly string[]): string {
  const obstacles: string[] = [];
  let a = '';
  let e = '';
  rows.forEach((row, r) =>
    [...row].forEach((ch, c) => {
      if (ch === '#') obstacles.push(`(${c}, ${r})`);
      if (ch === 'A') a = `(${c},${r})`;
      if (ch === 'E') e = `(${c},${r})`;
    }),
  );
  return [
    `MAP { Layout: Rectangle ${rows[0]!.length}, ${rows.length}; Obstacles: ${obstacles.join(', ')}; }`,
    'PLAYER Hero { Initiative: +9 }',
    ORC,
    'AI Brute { Disengage; }',
    `TEAM Good { Hero x1 : ${e}; }`,
    `TEAM Bad { Orc, Brute x1 : ${a}; }`,
  ].join('\n');
}

/** buildBoard as it was: every obstacle and every outline step filled cell by cell. */
function naiveBoard(layout: Layout, obstacles: readonly Obstacle[]) {
  let width: number;
  let height: number;
  let offset: Cell;
  let walls: Uint8Array;
  if (layout.kind === 'rectangle') {
    width = layout.width.value;
    height = layout.height.value;
    offset = { column: 0, row: 0 };
    walls = new Uint8Array(width * height);
  } else {
    const STEP = { U: [0, -1], R: [1, 0], D: [0, 1], L: [-1, 0] } as const;
    let c = 0;
    let r = 0;
    let [minC, maxC, minR, maxR] = [0, 0, 0, 0];
    for (const s of layout.steps) {
      c += STEP[s.direction][0] * s.count.value;
      r += STEP[s.direction][1] * s.count.value;
      [minC, maxC, minR, maxR] = [Math.min(minC, c), Math.max(maxC, c), Math.min(minR, r), Math.max(maxR, r)];
    }
    width = maxC - minC + 3;
    height = maxR - minR + 3;
    offset = { column: 1 - minC, row: 1 - minR };
    const path = new Uint8Array(width * height);
    c = offset.column;
    r = offset.row;
    path[r * width + c] = 1;
    for (const s of layout.steps) {
      for (let k = 0; k < s.count.value; k++) {
        c += STEP[s.direction][0];
        r += STEP[s.direction][1];
        path[r * width + c] = 1;
      }
    }
    walls = new Uint8Array(width * height);
    const stack = [0];
    walls[0] = 1;
    while (stack.length > 0) {
      const p = stack.pop()!;
      const pc = p % width;
      const pr = (p - pc) / width;
      for (const [dc, dr] of [[0, -1], [0, 1], [-1, 0], [1, 0]] as const) {
        const nc = pc + dc;
        const nr = pr + dr;
        if (nc < 0 || nr < 0 || nc >= width || nr >= height) continue;
        const n = nr * width + nc;
        if (walls[n] === 1 || path[n] === 1) continue;
        walls[n] = 1;
        stack.push(n);
      }
    }
  }
  if (width * height > MAX_CELLS) throw new Error('too large for this test');
  for (const o of obstacles) {
    const c1 = o.columns.from + offset.column;
    const c2 = o.columns.to + offset.column;
    const r1 = o.rows.from + offset.row;
    const r2 = o.rows.to + offset.row;
    if (c1 < 0 || c2 >= width || r1 < 0 || r2 >= height || c1 > c2 || r1 > r2) {
      return { message: `Incorrect obstacle boundaries: (${o.columns.from}-${o.columns.to}, ${o.rows.from}-${o.rows.to}) .`, at: o.at };
    }
    for (let r = r1; r <= r2; r++) walls.fill(1, r * width + c1, r * width + c2 + 1);
  }
  return { width, height, offset, walls };
}

/** escapeField as it was: one bucket array per field value. */
function naiveEscapeField(state: Parameters<typeof escapeField>[0], actor: Parameters<typeof escapeField>[1]): Int32Array {
  const enemies = state.units.filter((u) => u.alive && u.spec.team !== actor.spec.team).map((u) => u.position);
  const n = state.width * state.height;
  const field = new Int32Array(n).fill(UNREACHABLE);
  if (enemies.length === 0) return field;
  const d = walkMap(state, enemies).half;
  let maxHalf = -1;
  for (let i = 0; i < n; i++) maxHalf = Math.max(maxHalf, d[i]!);
  for (let i = 0; i < n; i++) if (d[i] !== UNREACHABLE) field[i] = 3 * (maxHalf - d[i]!);
  const steps = (p: number, visit: (x: number, cost: number) => void) => {
    const pc = p % state.width;
    const pr = (p - pc) / state.width;
    for (const [dc, dr] of NEIGHBOURS) {
      const xc = pc + dc;
      const xr = pr + dr;
      if (xc < 0 || xr < 0 || xc >= state.width || xr >= state.height) continue;
      const x = xr * state.width + xc;
      if (state.cells[x] !== EMPTY) continue;
      const diagonal = dc !== 0 && dr !== 0;
      if (diagonal && (state.cells[pr * state.width + xc] !== EMPTY || state.cells[xr * state.width + pc] !== EMPTY)) continue;
      visit(x, diagonal ? 6 : 4);
    }
  };
  const buckets: number[][] = [];
  for (let i = 0; i < n; i++) if (field[i] !== UNREACHABLE && state.cells[i] === EMPTY) (buckets[field[i]!] ??= []).push(i);
  for (let v = 0; v < buckets.length; v++) {
    for (const p of buckets[v] ?? []) {
      if (field[p] !== v) continue;
      steps(p, (x, cost) => {
        if (field[x] !== UNREACHABLE && v + cost < field[x]!) {
          field[x] = v + cost;
          (buckets[v + cost] ??= []).push(x);
        }
      });
    }
  }
  for (let i = 0; i < n; i++) {
    if (field[i] === UNREACHABLE || state.cells[i] === EMPTY) continue;
    steps(i, (x, cost) => {
      if (field[x] !== UNREACHABLE) field[i] = Math.min(field[i]!, field[x]! + cost);
    });
  }
  return field;
}

/** holds() as it was, for the condition kinds the property draws: one pass over the units per condition. */
function naiveHolds(units: Parameters<typeof matches>[1][], actor: Parameters<typeof matches>[2], c: Condition): boolean {
  const cmp = (n: number, value: number) => n >= value;
  switch (c.kind) {
    case 'count':
      return cmp(units.filter((u) => matches(c.description, u, actor)).length, c.comparison.value);
    case 'in-range': {
      const r = (c.range as { value: number }).value;
      return units.some((u) => matches(c.description, u, actor) && flyDistance(actor.position, u.position) <= r);
    }
    case 'count-in-range': {
      const r = (c.range as { value: number }).value;
      return cmp(units.filter((u) => matches(c.description, u, actor) && flyDistance(actor.position, u.position) <= r).length, c.comparison.value);
    }
    default:
      throw new Error('not drawn');
  }
}
