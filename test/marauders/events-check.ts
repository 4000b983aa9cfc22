/**
 * Checks an `--events` file against its log and section 8 (issue 12's debugging aid), shared by the events
 * tests: every draw replays from the seed, and the draws of each step are the ones section 8 names, in its
 * order, with the counts it gives.
 */
import { expect } from 'vitest';
import { Prng } from '../../src/core/prng.js';
import { hasLegalSwap, shapeOf, type Shape } from '../../src/rulesets/marauders/board.js';
import { ALL_LETTERS, canonical, type El, type OptionId } from '../../src/rulesets/marauders/model.js';
import { rulesetEvents } from '../helpers/events.js';
import { naiveLines } from '../helpers/marauders-lines.js';

export interface Ev {
  readonly t: string;
  readonly [key: string]: unknown;
}

export interface DrawEv extends Ev {
  readonly t: 'draw';
  readonly purpose: string;
  readonly n: number;
  readonly value: number;
  readonly cell?: string;
  readonly el?: string;
  readonly lane?: string;
  readonly with?: string;
  readonly side?: string;
  readonly o?: string;
}

export const KINDS = ['setup', 'step', 'turn', 'resolve', 'spell', 'refill', 'reset', 'end', 'draw'];
export const PURPOSES = [
  'elements-shuffle', 'gravity-fixed', 'board', 'refill', 'random-cell', 'random-mark', 'random-shield', 'random-lane',
  'sun-cell', 'sun-element', 'thunder-lane', 'thunder-element', 'shifter-cell', 'shifter-orientation', 'dimension',
  'spell-placement', 'prematch-board', 'forcematch-refill',
];

/** The ruleset's own events of an events file or of RunContext.onEvent (the core's documents left out). */
export function parseEvents(json: readonly string[]): Ev[] {
  return rulesetEvents(json).map((e) => {
    expect(KINDS).toContain(e.t);
    if (e.t === 'draw') expect(PURPOSES).toContain((e as DrawEv).purpose);
    return e;
  });
}

export const isDraw = (e: Ev): e is DrawEv => e.t === 'draw';

/** Consuming one `int(n)` per draw event from a fresh generator gives the same values (and its final state). */
export function replayDraws(seed: number, events: readonly Ev[]): readonly number[] {
  const rng = Prng.seeded(seed);
  events.filter(isDraw).forEach((d, k) => {
    const v = rng.int(0, d.n - 1);
    if (v !== d.value) expect.fail(`draw #${k + 1} (${d.purpose}): replayed ${v}, event says ${d.value}`);
  });
  return rng.state();
}

function cellName(n: number, i: number): string {
  return `${String.fromCharCode(65 + Math.floor(i / n))}${(i % n) + 1}`;
}

/** What the log's START line says: board side, elements in play and options. */
export function startOf(lines: readonly string[]): { n: number; E: El[]; blockChain: boolean; options: string[] } {
  const start = lines.find((l) => l.startsWith('START '))!;
  const n = Number(/ size=(\d+)/.exec(start)![1]);
  const E = /elements=(\S+)/.exec(start)![1]!.split('') as El[];
  const options = /options=(\S+)/.exec(start)![1]!.split(',');
  return { n, E, blockChain: options.includes('block-chain'), options };
}

/**
 * 3.7: the elements a generated cell may take, given the cells drawn before it: straight, three in a row with the
 * two cells left or above; under a v2 shape, no line of that shape with the drawn cells (the naive reading).
 */
function allowedAt(n: number, E: readonly El[], el: readonly string[], i: number, shape: Shape): El[] {
  const r = Math.floor(i / n);
  const c = i % n;
  if (shape.adjacent || shape.diagonal) {
    return E.filter((e) => {
      const cells = Array.from({ length: n * n }, (_, j) => (j < i ? el[j]! : j === i ? e : `#${j}`));
      return !naiveLines(cells, n, shape).some((l) => l.has(i));
    });
  }
  return E.filter((e) => !(c >= 2 && el[i - 1] === e && el[i - 2] === e) && !(r >= 2 && el[i - n] === e && el[i - 2 * n] === e));
}

/** The first BOARD block from line `from` on, as elements. */
function boardAfter(lines: readonly string[], from: number): string[] | null {
  const i = lines.findIndex((l, k) => k >= from && l === 'BOARD');
  if (i < 0) return null;
  const out: string[] = [];
  for (let k = i + 2; k < lines.length && /^[A-Z] /.test(lines[k]!); k++) {
    for (const tok of lines[k]!.slice(1).trim().split(/\s+/)) out.push(tok[0]!);
  }
  return out;
}

export interface DrawCounts {
  readonly byPurpose: Record<string, number>;
  readonly refills: number;
  readonly boards: number;
}

/**
 * Section 8 on a whole events file with its log (`lines`, the stdout lines): the setup draws (20 shuffle
 * draws n = 21..2 or none, at most one gravity `int(4)` after them, boards of N*N draws, each redrawn only
 * when it had no legal matching swap), each REFILL's draws (one per listed cell, in its order), Sun (cell
 * then element), Thunder (lane then element), shifters (cell then orientation), and no draw after a
 * rejected line.
 */
export function checkSection8(lines: readonly string[], events: readonly Ev[]): DrawCounts {
  const { n, E, blockChain, options } = startOf(lines);
  const shape = shapeOf(options.filter((o) => o !== 'none') as OptionId[]);
  const forceMatchable = options.includes('force-matchable');
  expect(events[0]?.t).toBe('setup');
  const byPurpose: Record<string, number> = {};
  for (const d of events.filter(isDraw)) byPurpose[d.purpose] = (byPurpose[d.purpose] ?? 0) + 1;

  // setup: everything before the first structural event after `setup`
  const firstStructural = events.findIndex((e, k) => k > 0 && e.t !== 'draw');
  const setupDraws = events.slice(1, firstStructural < 0 ? undefined : firstStructural).filter(isDraw);
  const shuffle = setupDraws.filter((d) => d.purpose === 'elements-shuffle');
  expect(shuffle.map((d) => d.n)).toEqual(shuffle.length === 0 ? [] : Array.from({ length: 20 }, (_, k) => 21 - k));
  if (shuffle.length > 0) {
    const letters = [...ALL_LETTERS];
    shuffle.forEach((d, k) => {
      const i = 20 - k;
      [letters[i], letters[d.value]] = [letters[d.value]!, letters[i]!];
    });
    expect(canonical(letters.slice(0, E.length))).toEqual(E);
  }
  const gravity = setupDraws.filter((d) => d.purpose === 'gravity-fixed');
  const gravityLine = lines.find((l) => l.startsWith('GRAVITY '));
  expect(gravity.length).toBe(gravityLine === undefined ? 0 : 1);
  if (gravity[0] !== undefined) {
    expect(gravity[0].n).toBe(4);
    expect(`GRAVITY ${['left', 'right', 'up', 'down'][gravity[0].value]}`).toBe(gravityLine);
    expect(setupDraws.indexOf(gravity[0])).toBe(shuffle.length);
  }
  expect(setupDraws.slice(shuffle.length + gravity.length).every((d) => d.purpose === 'board')).toBe(true);
  expect(events.filter(isDraw).filter((d) => d.purpose === 'elements-shuffle' || d.purpose === 'gravity-fixed')).toHaveLength(shuffle.length + gravity.length);

  // boards (setup and each reset): runs of N*N row-major draws from the allowed elements; under a v2 shape a board
  // is abandoned as soon as a cell has no allowed element (D66)
  let boards = 0;
  let boardDraws = 0;
  let setupBoard: string[] | null = null;
  let k = 0;
  while (k < events.length) {
    if (!(isDraw(events[k]!) && (events[k] as DrawEv).purpose === 'board')) {
      k++;
      continue;
    }
    const before = events[k - 1]!;
    const atSetup = before.t === 'setup' || (isDraw(before) && ['elements-shuffle', 'gravity-fixed'].includes(before.purpose));
    expect(atSetup || before.t === 'reset').toBe(true);
    let end = k;
    while (end < events.length && isDraw(events[end]!) && (events[end] as DrawEv).purpose === 'board') end++;
    const run = events.slice(k, end) as DrawEv[];
    boardDraws += run.length;
    let el: string[] = [];
    for (let j = 0; j < run.length; j++) {
      const d = run[j]!;
      let allowed = allowedAt(n, E, el, el.length, shape);
      if (allowed.length === 0) {
        // abandoned: only a v2 shape can leave a cell without an element
        expect(shape.adjacent || shape.diagonal).toBe(true);
        boards++;
        el = [];
        allowed = allowedAt(n, E, el, 0, shape);
      }
      expect(d.cell).toBe(cellName(n, el.length));
      expect(d.n).toBe(allowed.length);
      expect(d.el).toBe(allowed[d.value]);
      el.push(d.el!);
      if (el.length < n * n) continue;
      const last = j === run.length - 1;
      expect(hasLegalSwap({ n, el: el as El[], mark: el.map(() => null) }, shape)).toBe(last);
      if (last && atSetup) setupBoard = el;
      boards++;
      el = [];
    }
    expect(el).toEqual([]);
    k = end;
  }
  expect(boardDraws).toBe(byPurpose['board'] ?? 0);

  // pre-match (D75): each reset draws its free board, N*N draws of int(#E) row-major, right after RESET
  let freeBoards = 0;
  events.forEach((e, i) => {
    if (!(isDraw(e) && e.purpose === 'prematch-board' && !(isDraw(events[i - 1]!) && (events[i - 1] as DrawEv).purpose === 'prematch-board'))) return;
    expect(events[i - 1]!.t).toBe('reset');
    const run = events.slice(i, i + n * n) as DrawEv[];
    run.forEach((d, j) => {
      expect(d.purpose).toBe('prematch-board');
      expect(d.cell).toBe(cellName(n, j));
      expect(d.n).toBe(E.length);
      expect(d.el).toBe(E[d.value]);
    });
    freeBoards++;
  });
  expect(freeBoards * n * n).toBe(byPurpose['prematch-board'] ?? 0);
  if (options.includes('pre-match')) expect(freeBoards).toBe(events.filter((e) => e.t === 'reset').length);
  else expect(freeBoards).toBe(0);
  if (setupBoard !== null) expect(boardAfter(lines, 0)).toEqual(setupBoard);

  // REFILL lines: each one's draws are the `cells` draws just before its refill event, one per cell
  const refillLines = lines.filter((l) => l.startsWith('REFILL ')).map((l) => l.slice(7).split(' ').map((p) => p.split('=') as [string, string]));
  const groups: DrawEv[][] = [];
  events.forEach((e, i) => {
    if (e.t !== 'refill') return;
    const cells = e['cells'] as number;
    const group = events.slice(i - cells, i) as DrawEv[];
    // force-matchable (D76): a draw among the preferred elements when there are any
    expect(group.every((d) => isDraw(d) && (d.purpose === 'refill' || (forceMatchable && d.purpose === 'forcematch-refill')))).toBe(true);
    groups.push(group);
  });
  expect(groups.map((g) => g.map((d) => [d.cell, d.el]))).toEqual(refillLines);
  for (const d of groups.flat()) {
    if (blockChain || d.purpose === 'forcematch-refill') {
      expect(d.n).toBeLessThanOrEqual(E.length);
      expect(E).toContain(d.el);
    }
    else {
      expect(d.n).toBe(E.length);
      expect(d.el).toBe(E[d.value]);
    }
  }
  expect(groups.flat().length).toBe((byPurpose['refill'] ?? 0) + (byPurpose['forcematch-refill'] ?? 0));

  // pairs: Sun (cell int(N), then element int(#E-1)), Thunder (lane int(N), then element int(#E)), shifters
  const draws = events.filter(isDraw);
  draws.forEach((d, i) => {
    const next = draws[i + 1];
    const prev = draws[i - 1];
    if (d.purpose === 'sun-cell') {
      expect(d.n).toBe(n);
      expect(next?.purpose).toBe('sun-element');
      expect(next?.cell).toBe(d.cell);
      expect(next?.n).toBe(E.length - 1);
    }
    if (d.purpose === 'sun-element') expect(prev?.purpose).toBe('sun-cell');
    if (d.purpose === 'thunder-lane') {
      expect(d.n).toBe(n);
      expect(next?.purpose).toBe('thunder-element');
      expect(next?.n).toBe(E.length);
    }
    if (d.purpose === 'thunder-element') expect(prev?.purpose).toBe('thunder-lane');
    if (d.purpose === 'shifter-cell') {
      expect(next?.purpose).toBe('shifter-orientation');
      expect(next?.cell).toBe(d.cell);
    }
    if (d.purpose === 'shifter-orientation') expect(d.n).toBe(2);
  });
  const sunLines = lines.filter((l) => / Sun change /.test(l));
  expect(sunLines.length).toBe(byPurpose['sun-cell'] ?? 0);
  const sunCells = draws.filter((d) => d.purpose === 'sun-element').map((d) => `${d.cell} `);
  sunLines.forEach((l, i) => expect(l.slice(l.indexOf(' change ') + 8).startsWith(sunCells[i]!)).toBe(true));
  const dupLines = lines.filter((l) => / duplicate P\d\.[XY]:/.test(l));
  expect(dupLines.map((l) => /duplicate (\S+)/.exec(l)![1])).toEqual(draws.filter((d) => d.purpose === 'thunder-lane').map((d) => d.lane));

  // the structural events stand for their log lines
  const count = (t: string) => events.filter((e) => e.t === t).length;
  expect(count('turn')).toBe(lines.filter((l) => l.startsWith('TURN ')).length);
  expect(count('resolve')).toBe(lines.filter((l) => l.startsWith('RESOLVE ')).length);
  expect(count('spell')).toBe(lines.filter((l) => l.startsWith('SPELL ')).length);
  expect(count('reset')).toBe(lines.filter((l) => l.startsWith('RESET ')).length);
  expect(count('end')).toBe(lines.filter((l) => /^(WINNER|DRAW) /.test(l)).length);

  // a rejected line: nothing (no draw) until the next input line
  events.forEach((e, i) => {
    if (e.t === 'step' && e['error'] !== undefined) expect([undefined, 'step']).toContain(events[i + 1]?.t);
  });
  return { byPurpose, refills: groups.length, boards };
}
