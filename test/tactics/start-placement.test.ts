/** `start` and placement (spec 6.2, 6.3): the draw order, anchors, ORDER, spread chain, DISCARD and autoplace. */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.js';
import { parseCommand } from '../../src/rulesets/tactics/commands.js';
import { EMPTY_CONFIG, type Config } from '../../src/rulesets/tactics/model.js';
import { startGame } from '../../src/rulesets/tactics/placement.js';
import { present } from '../../src/rulesets/tactics/presenter.js';
import { runScript } from '../../src/rulesets/tactics/script.js';
import { EXAMPLE_FILES, play } from '../helpers/tactics.js';

/** A Prng that counts its draws (shuffle goes through int). */
function counting(seed: number): { rng: Prng; draws: () => number } {
  const real = Prng.seeded(seed);
  let n = 0;
  const rng = Object.create(real) as Prng;
  rng.int = (from: number, to: number) => {
    n++;
    return real.int(from, to);
  };
  return { rng, draws: () => n };
}

const configOf = (text: string): Config => {
  const run = runScript('setup', text.split('\n'), null, EMPTY_CONFIG);
  if (!run.ok) throw new Error(run.failure.error.message);
  return run.config;
};

describe('known answers (6.1)', () => {
  it('int(0, 9): seed 0 gives 7 1 2 2 5, seed 7 gives 0 0 5 9 3', () => {
    for (const [seed, want] of [[0, [7, 1, 2, 2, 5]], [7, [0, 0, 5, 9, 3]]] as const) {
      const rng = Prng.seeded(seed);
      expect(Array.from({ length: 5 }, () => rng.int(0, 9))).toEqual(want);
    }
  });

  it('8.3 with seed 7: int(45) = 30 -> A1 at 0,4; int(44) = 18 -> B1 at 2,2; int(2) = 1 -> ORDER P1 P2', () => {
    const rng = Prng.seeded(7);
    expect([rng.int(0, 44), rng.int(0, 43), rng.int(0, 1)]).toEqual([30, 18, 1]);
    const out = play([], { files: EXAMPLE_FILES, args: ['game.setup'] }).stdout;
    expect(out.filter((l) => /^(ANCHOR|ORDER|SEED)/.test(l))).toEqual(['SEED xoroshiro128plus:7', 'ANCHOR A1 0,4', 'ANCHOR B1 2,2', 'ORDER P1 P2']);
  });
});

describe('start (6.2)', () => {
  const grid = (w: number, h: number) => ['grid', ...Array.from({ length: h }, () => '.'.repeat(w))].join('\n');
  it.each([2, 3, 5, 8])('makes exactly 2k-1 draws for k = %i, and each anchor is unit #1 (I14)', (k) => {
    const armies = Array.from({ length: k }, (_, i) => `army P${i + 1} u*3`).join('\n');
    const config = configOf(`map m 9 9\nterrain . 1 p\n${grid(9, 9)}\nunit u hp=1 mp=1\nplayers ${k}\nlimit 3\n${armies}`);
    const { rng, draws } = counting(k);
    const { state, events } = startGame(config, rng);
    expect(draws()).toBe(2 * k - 1);
    const anchors = events.filter((e) => e.t === 'anchor').map((e) => (e.t === 'anchor' ? e.id : ''));
    expect(anchors).toEqual(Array.from({ length: k }, (_, i) => `${String.fromCharCode(65 + i)}1`));
    const order = events.find((e) => e.t === 'order');
    expect(order?.t === 'order' && [...order.order].sort()).toEqual(Array.from({ length: k }, (_, i) => i + 1));
    expect(state.stage.kind).toBe('placing');
  });

  it('skips placement when every army has one unit (TURN of the first player in ORDER)', () => {
    const config = configOf(`map m 3 1\nterrain . 1 p\n${grid(3, 1)}\nunit u hp=1 mp=1\nplayers 2\nlimit 1\narmy P1 u\narmy P2 u`);
    const lines = present(startGame(config, Prng.seeded(1)).events);
    const order = lines.find((l) => l.startsWith('ORDER'))!.split(' ')[1];
    expect(lines).toContain(`TURN ${order} round=1`);
    expect(lines.some((l) => l.startsWith('PLACING'))).toBe(false);
  });

  it('the START block prints only the armies in use, ids by player letter and army index (D20)', () => {
    const config = configOf(`map m 4 2\nterrain . 1 p\n${grid(4, 2)}\nunit b hp=2 mp=1\nunit a hp=1 mp=1\nplayers 2\nlimit 3\narmy P1 b a*2\narmy P2 a\narmy P3 a`);
    const lines = present(startGame(config, Prng.seeded(3)).events);
    expect(lines.slice(0, 7)).toEqual(['START players=2 limit=3 rounds=100 movecost=between', 'MAP m 4x2', 'TERRAIN . 1 p', 'TYPE a hp=1 mp=1', 'TYPE b hp=2 mp=1', 'ARMY P1 A1=b A2=a A3=a', 'ARMY P2 B1=a']);
  });
});

describe('placement (6.3)', () => {
  // A 7x1 corridor: the anchors draw from 7 sectors; with seed 2 the drawn anchors are printed and checked.
  const files = (army1: string, army2: string, rows: string[], extra = '') => ({
    'g.setup': [`map m ${rows[0]!.length} ${rows.length}`, 'terrain . 1 p', 'terrain % x wall', 'grid', ...rows, 'unit u hp=3 mp=1', 'action u hit range=1 pattern=linear ext=1 damage=1', 'players 2', 'limit 5', `army P1 ${army1}`, `army P2 ${army2}`, extra].join('\n'),
  });

  it('the spread rule is a chain: within 2 of any placed unit of the player (D12), and E_SPREAD otherwise', () => {
    const run = play(['place A2 2,0', 'place A3 4,0', 'place A4 7,0', 'place A4 6,0'], { files: files('u*4', 'u', ['.........', '.........']), args: ['g.setup'], seed: 1 });
    expect(run.stdout.filter((l) => /^(ANCHOR|ORDER)/.test(l))).toEqual(['ANCHOR A1 0,0', 'ANCHOR B1 0,1', 'ORDER P1 P2']);
    // 6,0 is 6 from the anchor: legal only through the chain 0,0 - 2,0 - 4,0.
    expect(run.stdout.filter((l) => /^(PLACE |ERROR E_(?!EOF))/.test(l))).toEqual(['PLACE A2 2,0', 'PLACE A3 4,0', 'ERROR E_SPREAD: 7,0 is farther than 2 from every placed unit of P1', 'PLACE A4 6,0']);
  });

  it('each placement error in check order', () => {
    const run = play(
      ['place Z9 1,0', 'place B2 1,0', 'place A1 1,0', 'place A2 9,0', 'place A2 1,1', 'place A2 0,0', 'place A2 4,0', 'move A2 1,0', 'end', 'place A2 1,0'],
      { files: files('u u', 'u u', ['.......', '.%.....']), args: ['g.setup'], seed: 10 },
    );
    expect(run.stdout.filter((l) => /^(ANCHOR|ORDER)/.test(l))).toEqual(['ANCHOR A1 0,0', 'ANCHOR B1 4,1', 'ORDER P1 P2']);
    expect(run.stdout.filter((l) => /^ERROR E_(?!EOF)/.test(l))).toEqual([
      'ERROR E_UNIT: no unit Z9',
      'ERROR E_OWNER: B2 belongs to P2, not P1',
      'ERROR E_PLACED: A1 is already placed at 0,0',
      'ERROR E_BOUNDS: 9,0 is outside the 7x2 map',
      'ERROR E_TERRAIN: 1,1 is impassable (%)',
      'ERROR E_OCCUPIED: 0,0 is occupied by A1',
      'ERROR E_SPREAD: 4,0 is farther than 2 from every placed unit of P1',
      "ERROR E_PHASE: 'move' is not allowed in phase placement",
      "ERROR E_PHASE: 'end' is not allowed in phase placement",
    ]);
    expect(run.stdout).toContain('PLACE A2 1,0');
  });

  it('DISCARD at a step start and after a placement; discarded units are unknown later (E_UNIT)', () => {
    // Seed 73: P1's anchor lands in a pocket with nothing free within 2, P2's in a 2-sector pocket.
    const rows = ['.%%%...', '%%%%...', '%%%%...', '%%%%...', '..%%...'];
    const run = play(['place B2 1,4', 'reach A2'], { files: files('u u', 'u u u', rows), args: ['g.setup'], seed: 73 });
    const log = run.stdout.filter((l) => /^(ANCHOR|ORDER|PLACING|PLACE |DISCARD|TURN|ERROR E_(?!EOF))/.test(l));
    expect(log.slice(0, 3)).toEqual(['ANCHOR A1 0,0', 'ANCHOR B1 0,4', 'ORDER P2 P1']);
    expect(log.slice(3)).toEqual(['PLACING P2', 'PLACE B2 1,4', 'DISCARD B3 no-legal-sector', 'PLACING P1', 'DISCARD A2 no-legal-sector', 'TURN P2 round=1', 'ERROR E_UNIT: no unit A2']);
  });

  it('autoplace: one draw per unit from the legal sectors recomputed each time, in army order', () => {
    const run = play(['autoplace', 'autoplace'], { files: files('u*3', 'u*3', ['.....', '.....', '.....']), args: ['g.setup'], seed: 5 });
    const places = run.stdout.filter((l) => l.startsWith('PLACE '));
    expect(places.map((l) => l.split(' ')[1])).toEqual(
      run.stdout.some((l) => l === 'ORDER P1 P2') ? ['A2', 'A3', 'B2', 'B3'] : ['B2', 'B3', 'A2', 'A3'],
    );
    // Determinism: the same seed gives the same sectors.
    expect(play(['autoplace', 'autoplace'], { files: files('u*3', 'u*3', ['.....', '.....', '.....']), args: ['g.setup'], seed: 5 }).stdout).toEqual(run.stdout);
  });

  it('a rejected start draws nothing; the stream start uses the generator', () => {
    const setup = ['map m 3 1', 'terrain . 1 p', 'grid', '...', 'unit u hp=1 mp=1', 'players 2', 'limit 1', 'army P1 u'];
    const withReject = play([...setup, 'start', 'army P2 u', 'start'], { seed: 9 }).stdout;
    const clean = play([...setup, 'army P2 u', 'start'], { seed: 9 }).stdout;
    const tail = (out: string[]) => out.slice(out.indexOf('START players=2 limit=1 rounds=100 movecost=between'));
    expect(withReject).toContain('ERROR E_SETUP: P2 has no army');
    expect(tail(withReject)).toEqual(tail(clean));
  });

  it('parses place/autoplace commands', () => {
    expect(parseCommand('autoplace').ok).toBe(true);
  });
});
