/**
 * Properties of whole games (spec 10.2): random valid play drawn from choices() with rejected lines and
 * queries mixed in. Checks determinism (I1), atomic errors (I2), echo and exit code (I3), board invariants
 * (I4), per-turn limits (I5), turn order (I11), termination (I12), results (I13), placement spread (I14),
 * log hygiene (I16) and garbage input (I17).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/core/files.js';
import { Prng } from '../../src/core/prng.js';
import type { TacticsBattle } from '../../src/rulesets/tactics/battle.js';
import { engine } from '../../src/rulesets/tactics/engine.js';
import { dist } from '../../src/rulesets/tactics/geometry.js';
import { play } from '../helpers/tactics.js';
import { setupArb } from '../helpers/tactics-gen.js';
import { readAndLoad } from '../../src/core/run.js';

const BAD_LINES = ['move A1 99,99', 'act Z9 a0 0,0', 'end now', 'fly', 'place A1 0,0', 'players 3', 'seed 1', 'act A1 nope 0,0', 'move B1 0,0', 'map m 2 2', 'autoplace', 'reach Q1'];
const QUERIES = ['show', 'reach A1', 'reach B1', 'units save u.units', 'map save m.map'];

interface Played {
  readonly lines: string[];
  readonly output: string[];
  readonly rounds: number;
  readonly players: number;
}

type Snapshot = ReturnType<TacticsBattle['snapshot']>;

/** I4 on a snapshot: one alive unit per sector, on a passable in-map sector, 1 <= hp <= max. */
function checkBoard(snap: Snapshot): void {
  if (snap.mode.kind !== 'game') return;
  const g = snap.mode.game;
  const seen = new Set<string>();
  for (const u of g.units) {
    if (u.status !== 'alive' || u.at === null) continue;
    const key = `${u.at.x},${u.at.y}`;
    expect(seen.has(key)).toBe(false);
    seen.add(key);
    expect(u.at.x < g.map.width && u.at.y < g.map.height).toBe(true);
    expect(g.costs[u.at.y * g.map.width + u.at.x]).not.toBeNull();
    expect(u.hp >= 1 && u.hp <= u.maxHp).toBe(true);
  }
}

/** I14: at the first turn, each player's placed units form one group under dist <= 2. */
function checkSpread(snap: Snapshot): void {
  if (snap.mode.kind !== 'game') return;
  const g = snap.mode.game;
  for (let p = 1; p <= g.players; p++) {
    const own = g.units.filter((u) => u.player === p && u.status === 'alive').map((u) => u.at!);
    if (own.length === 0) continue;
    const reached = new Set([0]);
    for (let grew = true; grew; ) {
      grew = false;
      own.forEach((c, i) => {
        if (!reached.has(i) && [...reached].some((j) => dist(own[j]!, c) <= 2)) {
          reached.add(i);
          grew = true;
        }
      });
    }
    expect(reached.size).toBe(own.length);
  }
}

/** Plays a random game from its choices with rejected lines and queries mixed in. */
function randomGame(setup: string, seed: number, pickSeed: number): Played | null {
  const files = memoryFiles([['g.setup', setup]]);
  const loaded = readAndLoad(engine, { args: ['g.setup'], options: {}, files });
  if (!loaded.ok) return null;
  const battle = engine.start(loaded.setup, { rng: Prng.seeded(seed), options: {}, files }) as TacticsBattle;
  const pick = Prng.seeded(pickSeed);
  const lines: string[] = [];
  const output = [`SEED xoroshiro128plus:${seed}`, ...battle.opening()];
  let spreadChecked = false;
  const firstTurn = (snap: Snapshot) => {
    if (!spreadChecked && snap.mode.kind === 'game' && snap.mode.game.stage.kind === 'turn') {
      spreadChecked = true;
      checkSpread(snap);
    }
  };
  firstTurn(battle.snapshot());
  for (let step = 0; step < 5000 && battle.pending().kind === 'awaiting'; step++) {
    const roll = pick.int(0, 9);
    const choices = battle.choices();
    const line = roll === 0 ? BAD_LINES[pick.int(0, BAD_LINES.length - 1)]! : roll === 1 ? QUERIES[pick.int(0, QUERIES.length - 1)]! : choices[pick.int(0, choices.length - 1)]!;
    const before = battle.snapshot();
    const fed = battle.feed(line);
    lines.push(line);
    output.push(`INPUT: ${line}`);
    if (!fed.ok) {
      // I2: nothing changed, the generator included, and only the ERROR line is printed.
      expect(battle.snapshot()).toEqual(before);
      expect(fed.lines).toEqual([]);
      output.push(`ERROR ${fed.error.code}: ${fed.error.message}`);
    } else {
      output.push(...fed.lines);
    }
    const snap = battle.snapshot();
    checkBoard(snap);
    firstTurn(snap);
  }
  expect(battle.pending().kind).toBe('ended');
  const snap = battle.snapshot();
  if (snap.mode.kind !== 'game') throw new Error('a setup-file game starts in the game');
  const g = snap.mode.game;
  // I13: the result names exactly the players with alive units.
  const alive = Array.from({ length: g.players }, (_, i) => i + 1).filter((p) => g.units.some((u) => u.player === p && u.status === 'alive'));
  const last = output.at(-1)!;
  if (last.startsWith('WINNER')) expect(alive).toEqual([Number(last.slice(8))]);
  else if (last === 'DRAW all-eliminated') expect(alive).toEqual([]);
  else expect(last === 'DRAW round-limit' && alive.length >= 2).toBe(true);
  return { lines, output, rounds: g.rounds, players: g.players };
}

/** I3, I5, I11, I12, I16 on a log. */
function checkLog(game: Played, exitCode: number): void {
  const { output, lines } = game;
  // I16: the SEED line first, ASCII, no trailing spaces, boards of one width.
  expect(output[0]).toMatch(/^SEED xoroshiro128plus:\d+$/);
  for (const l of output) if (!l.startsWith('INPUT: ')) expect(l).toMatch(/^[\x20-\x7e]*[\x21-\x7e]$/);
  output.forEach((l, i) => {
    if (/^(TURN|PLACING) /.test(l)) {
      const width = output[i + 1]!.length;
      for (let k = i + 1; k < output.length && /^[ 0-9]/.test(output[k]!); k++) expect(output[k]!.length).toBe(width);
    }
  });
  // I3: each line echoed once, in order; exit 0 iff no ERROR and a result.
  expect(output.filter((l) => l.startsWith('INPUT: ')).map((l) => l.slice(7))).toEqual(lines);
  const ended = /^(WINNER P\d|DRAW all-eliminated|DRAW round-limit)$/.test(output.at(-1)!);
  expect(ended).toBe(true);
  expect(exitCode === 0).toBe(!output.some((l) => l.startsWith('ERROR')));
  // I11 and I12: TURN headers follow ORDER cyclically, skipping players who are out; rounds go up on wrap-around.
  const order = output.find((l) => l.startsWith('ORDER '))!.split(' ').slice(1).map((p) => Number(p.slice(1)));
  expect([...order].sort()).toEqual(Array.from({ length: game.players }, (_, i) => i + 1));
  const out = new Set<number>();
  let prev: { player: number; round: number } | null = null;
  let turns = 0;
  let acted = new Map<string, number>();
  for (const l of output) {
    if (l.startsWith('OUT ')) out.add(Number(l.slice(5)));
    const t = /^TURN P(\d) round=(\d+)$/.exec(l);
    if (t !== null) {
      turns++;
      const cur = { player: Number(t[1]), round: Number(t[2]) };
      if (prev === null) expect(cur).toEqual({ player: order[0], round: 1 });
      else {
        const from = order.indexOf(prev.player);
        const to = order.indexOf(cur.player);
        expect(cur.round).toBe(prev.round + (to <= from ? 1 : 0));
        for (let k = (from + 1) % order.length; k !== to; k = (k + 1) % order.length) expect(out.has(order[k]!)).toBe(true);
      }
      prev = cur;
      acted = new Map();
    }
    // I5: at most one MOVE and one ACT per unit per turn, all by the current player.
    const m = /^(MOVE|ACT) ([A-H])\d+ /.exec(l);
    if (m !== null && prev !== null) {
      expect(m[2]!.charCodeAt(0) - 64).toBe(prev.player);
      const key = `${m[1]} ${l.split(' ')[1]}`;
      expect(acted.has(key)).toBe(false);
      acted.set(key, 1);
    }
  }
  expect(turns).toBeLessThanOrEqual(game.rounds * game.players);
}

describe('random play', () => {
  it('ends, keeps the invariants, and replays to the same bytes (I1-I5, I11-I14, I16)', () => {
    let games = 0;
    fc.assert(
      fc.property(setupArb, fc.integer({ min: 0, max: 4294967295 }), fc.integer({ min: 0, max: 1000 }), (setup, seed, pickSeed) => {
        const game = randomGame(setup, seed, pickSeed);
        if (game === null) return;
        games++;
        const options = { files: { 'g.setup': setup }, args: ['g.setup'], seed };
        const first = play(game.lines, options);
        const second = play(game.lines, options);
        expect(first.text).toBe(second.text);
        expect(first.stdout).toEqual(game.output);
        checkLog(game, first.exitCode);
      }),
      { numRuns: 150 },
    );
    expect(games).toBeGreaterThan(50);
  });
});

describe('garbage (I17)', () => {
  const tokens = ['map', 'units', 'load', 'save', 'terrain', 'grid', 'cell', 'unit', 'action', 'army', 'P1', 'p9', 'start', 'place', 'autoplace', 'move', 'act', 'end', 'concede', 'reach', 'show', 'A1', 'B2', '0,0', '99,1', '1,1', 'hp=1', 'mp=0', 'range=1', 'x', '.', '#', '*', 'u*2', '', '\t'];
  const lineArb = fc.oneof(fc.string({ maxLength: 30 }), fc.array(fc.constantFrom(...tokens), { maxLength: 6 }).map((t) => t.join(' ')));

  it('never throws and never exits 3, in every phase', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 40 }), fc.constantFrom(0, 1, 2, 3), (garbage, prefix) => {
        const setup = ['map m 4 3', 'terrain . 1 p', 'grid', '....', '....', '....', 'unit u hp=2 mp=1', 'action u a range=1 pattern=circular ext=1 damage=1', 'players 2', 'limit 2', 'army P1 u u', 'army P2 u u', 'start', 'autoplace', 'autoplace'];
        const lines = [...setup.slice(0, [0, 2, 13, 15][prefix]), ...garbage];
        const run = play(lines, { seed: 1, files: { 'm.map': 'map m 1 1\nterrain . 1 p\ngrid\n.\n' } });
        expect(run.exitCode).not.toBe(3);
        expect(run.stderr.some((l) => l.includes('internal error'))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('garbage setup files give exit 2 or a game, never an exception', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (garbage) => {
        const run = play(['end'], { args: ['g.setup'], files: { 'g.setup': garbage.join('\n') } });
        expect([0, 1, 2]).toContain(run.exitCode);
      }),
      { numRuns: 200 },
    );
  });
});
