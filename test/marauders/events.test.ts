/**
 * `--events FILE` (issue 12): every draw of section 8 as a JSON line with its purpose, beside the structural
 * events that place it. Counted per step against section 8 (setup, boards and resets, REFILL, Sun, Thunder,
 * shifters, rejected lines), against the generator (one event per generator call; replaying the seed gives
 * the same values), over the golden corpus and the reference corpus, through the CLI (stdout byte-identical
 * with and without the file), and as a property over random setups and random play.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { Prng } from '../../src/core/prng.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import { MaraudersBattle } from '../../src/rulesets/marauders/battle.js';
import engine from '../../src/rulesets/marauders/engine.js';
import { MARAUDERS_META } from '../../src/rulesets/marauders/meta.js';
import { parseSetup } from '../../src/rulesets/marauders/parse-setup.js';
import { runMaraudersArgv } from '../helpers/marauders-cases.js';
import { BOARD5, memFiles, setupArbitrary } from '../helpers/marauders.js';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';
import { checkSection8, isDraw, parseEvents, replayDraws, type DrawEv, type Ev } from './events-check.js';
import { readAndLoad } from '../../src/core/run.js';

const scratch = mkdtempSync(join(tmpdir(), 'marauders-events-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface EventRun {
  readonly stdout: string;
  readonly lines: string[];
  readonly exit: number;
  readonly events: Ev[];
  /** Calls of the generator's `int` (a draw each), counted on the Prng itself. */
  readonly advances: number;
  readonly seed: number;
  readonly state: readonly number[];
}

/** `arbiter marauders game.setup [--events]` in memory, with a counting generator. */
function play(setup: string, commands: readonly string[], opts: { seed?: number; events?: boolean } = {}): EventRun {
  const files = memFiles({ 'game.setup': setup });
  const loaded = readAndLoad(engine, { args: ['game.setup'], options: {}, files });
  if (!loaded.ok) throw new Error(loaded.stderr.join('\n'));
  const seed = opts.seed ?? loaded.seed ?? 0;
  const rng = Prng.seeded(seed);
  let advances = 0;
  const int = rng.int.bind(rng);
  rng.int = (from, to) => {
    advances++;
    return int(from, to);
  };
  const json: string[] = [];
  const onEvent = opts.events === false ? {} : { onEvent: (j: string) => void json.push(j) };
  const battle = engine.start(loaded.setup, { rng, options: {}, files, ...onEvent });
  const sink = new MemorySink();
  const exit = runLines(battle, commands, sink, { echo: true, source: '<stdin>', ruleset: 'marauders', skipBlankAndComments: true, preamble: [rng.seedLine] });
  return { stdout: sink.text(), lines: [...sink.stdout], exit, events: parseEvents(json), advances, seed, state: rng.state() };
}

/** A stream of `count` legal choices (the k-th pick among the prompt's choices), from a step battle. */
function legalStream(setup: string, picks: readonly number[]): string[] {
  const parsed = parseSetup(setup, 'game.setup');
  if (!parsed.ok) throw new Error(parsed.error);
  const battle = MaraudersBattle.start(parsed.doc, Prng.seeded(parsed.doc.seed ?? 0));
  const out: string[] = [];
  for (const k of picks) {
    if (battle.pending().kind === 'ended') break;
    const c = battle.choices();
    const line = c[k % c.length]!;
    battle.feed(line);
    out.push(line);
  }
  return out;
}

const draws = (run: EventRun, purpose?: string): DrawEv[] => run.events.filter(isDraw).filter((d) => purpose === undefined || d.purpose === purpose);

function countsEveryAdvance(run: EventRun): void {
  expect(draws(run)).toHaveLength(run.advances);
  expect(replayDraws(run.seed, run.events)).toEqual(run.state);
}

describe('setup draws (8)', () => {
  it('standard tier without board: 20 shuffle draws, gravity-fixed int(4) after them, then N*N board draws', () => {
    for (let seed = 0; seed < 12; seed++) {
      const run = play(`tier standard medium\noptions gravity-fixed\nseed ${seed}\n`, []);
      const n = Number(/ size=(\d+)/.exec(run.stdout)![1]);
      const setup = run.events.slice(1, run.events.findIndex((e) => e.t === 'turn')) as DrawEv[];
      expect(setup.slice(0, 20).map((d) => [d.purpose, d.n])).toEqual(Array.from({ length: 20 }, (_, k) => ['elements-shuffle', 21 - k]));
      expect(setup[20]).toMatchObject({ purpose: 'gravity-fixed', n: 4 });
      const board = setup.slice(21);
      expect(board.length).toBeGreaterThanOrEqual(n * n);
      expect(board.length % (n * n)).toBe(0);
      expect(board.every((d) => d.purpose === 'board')).toBe(true);
      checkSection8(run.lines, run.events);
      countsEveryAdvance(run);
    }
  });

  it('a rank tier draws no elements; a given board and elements draw nothing at setup', () => {
    const rank = play('tier rank 4\nseed 3\n', []);
    expect(draws(rank, 'elements-shuffle')).toEqual([]);
    expect(draws(rank).every((d) => d.purpose === 'board')).toBe(true);
    checkSection8(rank.lines, rank.events);
    const given = play(`tier standard easy\nelements SFGWP\nboard\n${BOARD5.join('\n')}\nseed 3\n`, []);
    expect(given.events.map((e) => e.t)).toEqual(['setup', 'turn']);
    expect(given.advances).toBe(0);
  });

  it('a board with no legal matching swap is drawn again whole, continuing the stream', () => {
    // the first seeds of rank 1 (5x5, five elements) where the first setup board was rejected
    const found: number[] = [];
    for (let seed = 0; found.length < 3 && seed < 3000; seed++) {
      const run = play(`tier rank 1\nseed ${seed}\n`, []);
      const boards = draws(run, 'board').length / 25;
      if (boards > 1) {
        found.push(seed);
        checkSection8(run.lines, run.events);
        countsEveryAdvance(run);
      }
    }
    expect(found.length).toBe(3);
  });
});

describe('one way to draw', () => {
  it('no marauders source calls the generator except draws.ts (every draw is reported)', () => {
    const dir = join(REPO_ROOT, 'src', 'rulesets', 'marauders');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts') && x !== 'draws.ts')) {
      const text = readFileSync(join(dir, f), 'utf8');
      for (const m of text.matchAll(/([\w.]+)\.(int|shuffle)\(/g)) expect(`${f}: ${m[0]}`).toMatch(/\bdraws\.(int|shuffle)\($/);
      expect(`${f}: ${/pure-rand|uniformInt/.exec(text)?.[0] ?? ''}`).toBe(`${f}: `);
    }
  });
});

describe('draws of a step (8)', () => {
  const caseRun = (dir: string): EventRun => {
    const folder = join(REPO_ROOT, 'test-cases', 'marauders', dir);
    const lines = readFileSync(join(folder, 'commands.txt'), 'utf8').split('\n').filter((l) => l.trim() !== '');
    return play(readFileSync(join(folder, 'game.setup'), 'utf8'), lines);
  };

  it('each default REFILL uses one draw per refilled cell, int(#E), in its listed order (I8)', () => {
    const setup = 'tier rank 3\nseed 11\nturn-limit 40\n';
    const run = play(setup, legalStream(setup, Array.from({ length: 60 }, (_, k) => k * 7)));
    const counts = checkSection8(run.lines, run.events);
    expect(counts.refills).toBeGreaterThan(10);
    expect(counts.byPurpose['refill']).toBe(run.lines.filter((l) => l.startsWith('REFILL ')).reduce((s, l) => s + l.split(' ').length - 1, 0));
    countsEveryAdvance(run);
  });

  it('gravity and block-chain refills: one draw per emptied cell, in the REFILL order', () => {
    for (const dir of ['matching/gravity-fixed', 'matching/gravity-in-p1y', 'matching/gravity-out-p2y', 'matching/block-chain', 'matching/reset']) {
      const run = caseRun(dir);
      expect(checkSection8(run.lines, run.events).refills).toBeGreaterThan(0);
      countsEveryAdvance(run);
    }
  });

  it('Sun: one cell int(N), then one element int(#E-1), per change', () => {
    const run = caseRun('elements/sun');
    const sun = draws(run).filter((d) => d.purpose.startsWith('sun-'));
    expect(sun.map((d) => d.purpose)).toEqual(['sun-cell', 'sun-element', 'sun-cell', 'sun-element']);
    expect(sun.map((d) => d.cell)).toEqual(['A1', 'A1', 'B2', 'B2']);
    expect(sun.map((d) => d.el ?? null)).toEqual([null, 'F', null, 'I']);
    checkSection8(run.lines, run.events);
    countsEveryAdvance(run);
  });

  it('Thunder and Thunderstorm: a lane int(N), then an element int(#E)', () => {
    for (const dir of ['elements/thunder', 'spells/thunderstorm-attack']) {
      const run = caseRun(dir);
      const t = draws(run).filter((d) => d.purpose.startsWith('thunder-'));
      expect(t.length).toBeGreaterThan(0);
      expect(t.map((d) => d.purpose)).toEqual(t.map((_, i) => (i % 2 === 0 ? 'thunder-lane' : 'thunder-element')));
      checkSection8(run.lines, run.events);
      countsEveryAdvance(run);
    }
  });

  it('shifters: Cosmo draws the cell (when random) then the orientation; Phase a placement then an orientation, 4 times', () => {
    const cosmo = caseRun('elements/cosmo');
    expect(draws(cosmo).filter((d) => d.purpose.startsWith('shifter-')).map((d) => [d.purpose, d.cell, d.n])).toEqual([
      ['shifter-cell', 'H9', 59],
      ['shifter-orientation', 'H9', 2],
    ]);
    const phase = caseRun('spells/phase-attack');
    const spell = phase.events.findIndex((e) => e.t === 'spell' && e['el'] === 'K');
    const after = phase.events.slice(spell + 1, spell + 9) as DrawEv[];
    expect(after.map((d) => d.purpose)).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? 'spell-placement' : 'shifter-orientation')));
    after.forEach((d, i) => {
      if (i % 2 === 1) expect(d.cell).toBe(after[i - 1]!.cell);
    });
    countsEveryAdvance(phase);
  });

  it('a rejected line draws nothing and adds only its step event', () => {
    const parsed = parseSetup('tier rank 2\nseed 9\n', 'game.setup');
    if (!parsed.ok) throw new Error(parsed.error);
    const json: string[] = [];
    const battle = MaraudersBattle.start(parsed.doc, Prng.seeded(9), (j) => void json.push(j));
    for (const line of ['P2 pass', 'P1 swap A1 A1', 'P1 swap Z9 A1', 'hello', 'P1 cast']) {
      const before = json.length;
      const state = [...battle.rngState()];
      const out = battle.feed(line);
      expect(out.ok).toBe(false);
      expect(json.slice(before).map((j) => JSON.parse(j) as Ev)).toEqual([{ t: 'step', input: line, error: out.ok ? '' : out.error.code }]);
      expect([...battle.rngState()]).toEqual(state);
    }
    const before = json.length;
    const line = battle.choices()[0]!;
    expect(battle.feed(line).ok).toBe(true);
    expect(JSON.parse(json[before]!)).toEqual({ t: 'step', input: line });
  });
});

/** Case folders (args.txt, commands.txt) under a root. */
function caseFolders(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (existsSync(join(dir, 'args.txt'))) out.push(dir);
    else for (const e of readdirSync(dir).sort()) if (statSync(join(dir, e)).isDirectory()) walk(join(dir, e));
  };
  walk(root);
  return out;
}

async function cli(args: readonly string[], cwd: string) {
  const io = memoryIo(cwd);
  const code = await runMaraudersArgv(args, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('--events through the CLI', () => {
  it('meta offers --events', () => {
    expect(MARAUDERS_META.events).toBe(true);
  });

  it('the demo writes JSON lines; stdout and stderr are byte-identical without --events', async () => {
    const file = join(scratch, 'demo.jsonl');
    const args = ['marauders', 'data/marauders/demo.setup', '--input', 'data/marauders/demo-commands.txt'];
    const withEvents = await cli([...args, '--events', file], REPO_ROOT);
    const without = await cli(args, REPO_ROOT);
    expect(withEvents).toEqual(without);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const events = parseEvents(text.trimEnd().split('\n'));
    expect(events[0]).toEqual({ t: 'setup', seed: 2014 });
    expect(events.filter((e) => e.t === 'step')).toHaveLength(readFileSync(join(REPO_ROOT, 'data/marauders/demo-commands.txt'), 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length);
    expect(events[events.length - 1]).toMatchObject({ t: 'end' });
    checkSection8(without.stdout.trimEnd().split('\n'), events);
    replayDraws(2014, events);
  });

  const corpora = [join(REPO_ROOT, 'test-cases', 'marauders'), join(SHARED, 'marauders', 'reference')];
  it('every golden and reference case: the same stdout, stderr and exit with --events, and its draws follow section 8', async () => {
    const folders = corpora.flatMap(caseFolders);
    expect(folders.length).toBeGreaterThanOrEqual(109);
    let drawn = 0;
    for (const dir of folders) {
      const args = readFileSync(join(dir, 'args.txt'), 'utf8').trim().split(/\s+/);
      const argv = [...args, '--input', 'commands.txt'];
      const file = join(scratch, 'case.jsonl');
      rmSync(file, { force: true });
      const withEvents = await cli([...argv, '--events', file], dir);
      const without = await cli(argv, dir);
      expect(withEvents, dir).toEqual(without);
      if (without.code === 2) continue;
      const events = parseEvents(readFileSync(file, 'utf8').trimEnd().split('\n'));
      const lines = without.stdout.trimEnd().split('\n');
      checkSection8(lines, events);
      replayDraws(Number(/^SEED xoroshiro128plus:(\d+)$/.exec(lines[0]!)![1]), events);
      drawn += events.filter(isDraw).length;
    }
    expect(drawn).toBeGreaterThan(1000);
  });
});

const setupArb = setupArbitrary(['rank 1', 'rank 3', 'rank 9', 'standard easy', 'standard medium', 'casual first', 'casual novice'], 40);

describe('property: random setups and random play', () => {
  it('stdout is identical with and without events; one event per generator call; REFILL draws = refilled cells', () => {
    fc.assert(
      fc.property(
        setupArb,
        fc.array(fc.oneof({ weight: 9, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constantFrom('P1 swap A1 A1', 'P2 cast', 'junk', 'P1 swap A1 B1') }), { maxLength: 150 }),
        (setup, steps) => {
          const picks = steps.map((s) => (typeof s === 'number' ? s : 0));
          const legal = legalStream(setup, picks);
          // the legal stream with the garbage lines put back where they were drawn
          const input: string[] = [];
          let k = 0;
          for (const s of steps) {
            if (typeof s === 'string') input.push(s);
            else if (k < legal.length) input.push(legal[k++]!);
          }
          const on = play(setup, input);
          const off = play(setup, input, { events: false });
          expect(on.stdout).toBe(off.stdout);
          expect(on.exit).toBe(off.exit);
          expect(on.advances).toBe(off.advances);
          countsEveryAdvance(on);
          const counts = checkSection8(on.lines, on.events);
          expect(counts.byPurpose['refill'] ?? 0).toBe(on.lines.filter((l) => l.startsWith('REFILL ')).reduce((s, l) => s + l.split(' ').length - 1, 0));
          expect(on.events.filter((e) => e.t === 'step')).toHaveLength(on.lines.filter((l) => l.startsWith('INPUT: ')).length);
        },
      ),
      { numRuns: 30 },
    );
  });
});

const setupArbV2 = setupArbitrary(['rank 1', 'rank 2', 'standard easy', 'casual first'], 40, true);

describe('property: random setups with the version 2 options', () => {
  it('the draws of shaped generation, pre-match resets and force-matchable refills follow section 8 with their purposes', () => {
    fc.assert(
      fc.property(setupArbV2, fc.array(fc.nat(), { maxLength: 150 }), (setup, picks) => {
        const input = legalStream(setup, picks);
        const on = play(setup, input);
        const off = play(setup, input, { events: false });
        expect(on.stdout).toBe(off.stdout);
        countsEveryAdvance(on);
        const counts = checkSection8(on.lines, on.events);
        const refilled = on.lines.filter((l) => l.startsWith('REFILL ')).reduce((sum, l) => sum + l.split(' ').length - 1, 0);
        expect((counts.byPurpose['refill'] ?? 0) + (counts.byPurpose['forcematch-refill'] ?? 0)).toBe(refilled);
      }),
      { numRuns: 30 },
    );
  });

  it('a pre-match reset: RESET, then N*N prematch-board draws of int(#E), then the free board settles', () => {
    // BOARD5 with Sun for Poison, so that the Sun spell can be pending
    const setup = ['tier standard easy', 'elements SFGWU', 'options pre-match', 'pending P1 U', 'board', ...BOARD5.map((r) => r.replace(/P/g, 'U'))].join('\n') + '\n';
    const run = play(setup, []);
    const free = draws(run, 'prematch-board');
    expect(free).toHaveLength(25);
    expect(free.every((d) => d.n === 5)).toBe(true);
    const reset = run.events.findIndex((e) => e.t === 'reset');
    expect(run.events[reset + 1]).toMatchObject({ t: 'draw', purpose: 'prematch-board', cell: 'A1' });
    checkSection8(run.lines, run.events);
  });

  it('force-matchable: refill draws among the preferred elements are forcematch-refill, with fewer outcomes than #E', () => {
    const setup = ['tier rank 1', 'seed 4', 'options force-matchable', 'board', ...BOARD5].join('\n') + '\n';
    const run = play(setup, legalStream(setup, Array.from({ length: 12 }, (_, k) => k * 3)));
    const preferred = draws(run, 'forcematch-refill');
    expect(preferred.length).toBeGreaterThan(0);
    expect(preferred.every((d) => d.n < 5)).toBe(true);
    checkSection8(run.lines, run.events);
  });
});
