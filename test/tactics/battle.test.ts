/**
 * Battle rules (spec 4.4, 6.4, 6.5, 8): the worked example 8.3 byte for byte, simultaneous effects and
 * target filters (I10), turn order and rounds (I11), results (I13), concede, and the board's flags.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/core/files.js';
import { Prng } from '../../src/core/prng.js';
import { engine } from '../../src/rulesets/tactics/engine.js';
import type { Unit } from '../../src/rulesets/tactics/events.js';
import { act, concede, endTurn, move } from '../../src/rulesets/tactics/rules.js';
import type { Outcome } from '../../src/rulesets/tactics/placement.js';
import { present } from '../../src/rulesets/tactics/presenter.js';
import { runScript } from '../../src/rulesets/tactics/script.js';
import { costsOf, type GameState } from '../../src/rulesets/tactics/state.js';
import { EXAMPLE_FILES, linesOf, play } from '../helpers/tactics.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/spec-8-3/${name}`, import.meta.url), 'utf8');

describe('the worked example of 8.3', () => {
  it('reproduces stdout and stderr byte for byte, exit 1', () => {
    const run = play(linesOf(fixture('moves.txt')), { files: EXAMPLE_FILES, args: ['game.setup'] });
    expect(run.text).toBe(fixture('stdout.txt'));
    expect(run.stderr.join('\n') + '\n').toBe(fixture('stderr.txt'));
    expect(run.exitCode).toBe(1);
  });
});

/** A battle state built directly: units at given sectors, the given player to move. */
function game(rows: readonly string[], units: readonly (Partial<Unit> & { id: string; type: string; at: { x: number; y: number } | null })[], opts: { players?: number; order?: number[]; player?: number; round?: number; rounds?: number } = {}): GameState {
  const text = [
    `map m ${rows[0]!.length} ${rows.length}`, 'terrain . 1 p', 'terrain % x wall', 'grid', ...rows,
    'unit soldier hp=5 mp=3', 'action soldier rifle range=3 pattern=linear ext=2 damage=3 targets=enemies', 'action soldier bomb range=0 pattern=circular ext=2 damage=4',
    'unit medic hp=6 mp=2', 'action medic patch range=1 pattern=circular ext=2 heal=3 targets=allies', 'action medic balm range=1 pattern=circular ext=2 heal=2',
  ];
  const run = runScript('setup', text, null);
  if (!run.ok) throw new Error(run.failure.error.message);
  const config = run.config;
  const map = config.map!;
  const players = opts.players ?? 2;
  const built: Unit[] = units.map((u) => {
    const type = config.types.find((t) => t.name === u.type)!;
    return { player: u.id.charCodeAt(0) - 64, maxHp: type.hp, hp: type.hp, mp: type.mp, moved: false, acted: false, status: 'alive', ...u };
  });
  return {
    config, map, types: config.types, players, rounds: opts.rounds ?? 100, movecost: 'between', costs: costsOf(map),
    idWidth: Math.max(...built.map((u) => u.id.length)), units: built,
    order: opts.order ?? Array.from({ length: players }, (_, i) => i + 1),
    stage: { kind: 'turn', player: opts.player ?? 1, round: opts.round ?? 1 },
  };
}

const log = (o: Outcome) => (o.ok ? present(o.events).filter((l) => !/^[ 0-9]/.test(l) && !/ hp=\d+\/\d+ at=/.test(l)) : [`ERROR ${o.error.code}: ${o.error.message}`]);
const open = ['.....', '.....', '.....'];

describe('effects (4.4, I10)', () => {
  it('targets=enemies spares the agent and its ally in the area; the line starts at the focus', () => {
    const s = game(open, [
      { id: 'A1', type: 'soldier', at: { x: 0, y: 0 } }, { id: 'A2', type: 'soldier', at: { x: 1, y: 0 } },
      { id: 'B1', type: 'soldier', at: { x: 2, y: 0 } }, { id: 'B2', type: 'soldier', at: { x: 3, y: 0 } },
    ]);
    expect(log(act(s, 'A1', 'rifle', { x: 1, y: 0 }))).toEqual(['ACT A1 rifle 1,0 area=1,0;2,0', 'HIT B1 -3 hp=2/5']);
    expect(log(act(s, 'A1', 'rifle', { x: 2, y: 0 }))).toEqual(['ACT A1 rifle 2,0 area=2,0;3,0', 'HIT B1 -3 hp=2/5', 'HIT B2 -3 hp=2/5']);
  });

  it('friendly fire (D6): HITs in unit order, then ELIMs, then OUT; self-elimination; the game goes on', () => {
    const s = game(open, [
      { id: 'A1', type: 'soldier', at: { x: 1, y: 1 }, hp: 4 }, { id: 'B1', type: 'soldier', at: { x: 2, y: 1 }, hp: 1 },
      { id: 'B2', type: 'soldier', at: { x: 0, y: 0 }, hp: 5 }, { id: 'C1', type: 'soldier', at: { x: 4, y: 2 } },
    ], { players: 3 });
    expect(log(act(s, 'A1', 'bomb', { x: 1, y: 1 }))).toEqual([
      'ACT A1 bomb 1,1 area=0,0;1,0;2,0;0,1;1,1;2,1;0,2;1,2;2,2',
      'HIT A1 -4 hp=0/5', 'HIT B1 -4 hp=-3/5', 'HIT B2 -4 hp=1/5',
      'ELIM A1 1,1', 'ELIM B1 2,1',
      'OUT P1', 'END P1', 'TURN P2 round=1',
    ]);
  });

  it('all eliminated together: OUTs in player order, then DRAW all-eliminated', () => {
    const s = game(open, [{ id: 'A1', type: 'soldier', at: { x: 1, y: 1 } }, { id: 'B1', type: 'soldier', at: { x: 2, y: 2 }, hp: 2 }]);
    const o = act(s, 'A1', 'bomb', { x: 1, y: 1 });
    expect(log(o)).toEqual(['ACT A1 bomb 1,1 area=0,0;1,0;2,0;0,1;1,1;2,1;0,2;1,2;2,2', 'HIT A1 -4 hp=1/5', 'HIT B1 -4 hp=-2/5', 'ELIM B1 2,2', 'OUT P2', 'WINNER P1']);
    const both = game(open, [{ id: 'A1', type: 'soldier', at: { x: 1, y: 1 }, hp: 4 }, { id: 'B1', type: 'soldier', at: { x: 2, y: 2 }, hp: 2 }]);
    expect(log(act(both, 'A1', 'bomb', { x: 1, y: 1 })).slice(-5)).toEqual(['ELIM A1 1,1', 'ELIM B1 2,2', 'OUT P1', 'OUT P2', 'DRAW all-eliminated']);
  });

  it('heal: capped at max hp, HEAL +0 at full hp, targets=allies includes the agent, targets=all heals enemies too', () => {
    const s = game(open, [
      { id: 'A1', type: 'medic', at: { x: 1, y: 1 }, hp: 5 }, { id: 'A2', type: 'soldier', at: { x: 0, y: 0 } },
      { id: 'B1', type: 'soldier', at: { x: 2, y: 2 }, hp: 1 },
    ]);
    expect(log(act(s, 'A1', 'patch', { x: 1, y: 1 }))).toEqual(['ACT A1 patch 1,1 area=0,0;1,0;2,0;0,1;1,1;2,1;0,2;1,2;2,2', 'HEAL A1 +1 hp=6/6', 'HEAL A2 +0 hp=5/5']);
    expect(log(act(s, 'A1', 'balm', { x: 1, y: 1 })).slice(1)).toEqual(['HEAL A1 +1 hp=6/6', 'HEAL A2 +0 hp=5/5', 'HEAL B1 +2 hp=3/5']);
  });

  it('each act check in the order of 7.2', () => {
    const s = game(open, [
      { id: 'A1', type: 'soldier', at: { x: 0, y: 0 }, acted: true }, { id: 'A2', type: 'soldier', at: { x: 4, y: 2 } },
      { id: 'B1', type: 'soldier', at: { x: 2, y: 2 } }, { id: 'B2', type: 'soldier', at: null, status: 'dead' }, { id: 'B3', type: 'soldier', at: null, status: 'discarded' },
    ]);
    expect([
      act(s, 'Z1', 'rifle', { x: 9, y: 9 }), act(s, 'B3', 'rifle', { x: 9, y: 9 }), act(s, 'B2', 'rifle', { x: 9, y: 9 }), act(s, 'B1', 'rifle', { x: 9, y: 9 }),
      act(s, 'A1', 'nope', { x: 9, y: 9 }), act(s, 'A2', 'nope', { x: 9, y: 9 }), act(s, 'A2', 'rifle', { x: 9, y: 9 }),
      act(s, 'A2', 'rifle', { x: 0, y: 2 }), act(s, 'A2', 'rifle', { x: 2, y: 1 }),
    ].map((o) => log(o)[0])).toEqual([
      'ERROR E_UNIT: no unit Z1', 'ERROR E_UNIT: no unit B3', 'ERROR E_DEAD: B2 was eliminated', 'ERROR E_OWNER: B1 belongs to P2, not P1',
      'ERROR E_ACTED: A1 already acted this turn', "ERROR E_ACTION: soldier has no action 'nope'", 'ERROR E_BOUNDS: 9,9 is outside the 5x3 map',
      'ERROR E_RANGE: focus 0,2 is at distance 4 > range 3', 'ERROR E_ALIGN: focus 2,1 is not on a line from 4,2',
    ]);
  });
});

describe('moves (5, 7.2)', () => {
  it('each move check in order, and one move per turn (D10)', () => {
    const s = game(['..%..', '.....', '..%..'], [
      { id: 'A1', type: 'soldier', at: { x: 0, y: 0 } }, { id: 'A2', type: 'medic', at: { x: 4, y: 2 }, moved: true }, { id: 'B1', type: 'soldier', at: { x: 1, y: 1 } },
    ]);
    expect([
      move(s, 'B1', { x: 0, y: 1 }), move(s, 'A2', { x: 4, y: 1 }), move(s, 'A1', { x: 5, y: 0 }), move(s, 'A1', { x: 2, y: 0 }),
      move(s, 'A1', { x: 0, y: 0 }), move(s, 'A1', { x: 1, y: 1 }),
    ].map((o) => log(o)[0])).toEqual([
      'ERROR E_OWNER: B1 belongs to P2, not P1', 'ERROR E_MOVED: A2 already moved this turn', 'ERROR E_BOUNDS: 5,0 is outside the 5x3 map',
      'ERROR E_TERRAIN: 2,0 is impassable (%)', 'ERROR E_OCCUPIED: 0,0 is occupied by A1', 'ERROR E_OCCUPIED: 1,1 is occupied by B1',
    ]);
    const moved = move(s, 'A1', { x: 1, y: 0 });
    expect(log(moved)).toEqual(['MOVE A1 0,0->1,0 cost=0 mp=3']);
    if (!moved.ok) return;
    expect(log(move(moved.state, 'A1', { x: 0, y: 0 }))).toEqual(['ERROR E_MOVED: A1 already moved this turn']);
    expect(log(act(moved.state, 'A1', 'rifle', { x: 1, y: 1 }))[0]).toBe('ACT A1 rifle 1,1 area=1,1;1,2');
  });
});

describe('turns and results (6.4, 6.5, I11, I13)', () => {
  const three = (order: number[], rounds = 100) =>
    game(open, [{ id: 'A1', type: 'soldier', at: { x: 0, y: 0 } }, { id: 'B1', type: 'soldier', at: { x: 2, y: 0 } }, { id: 'C1', type: 'soldier', at: { x: 4, y: 0 } }], { players: 3, order, player: order[0]!, rounds });

  const turns = (state: GameState, n: number): string[] => {
    const out: string[] = [];
    let s = state;
    for (let i = 0; i < n; i++) {
      const o = endTurn(s);
      if (!o.ok) throw new Error();
      out.push(...present(o.events).filter((l) => /^(TURN|DRAW)/.test(l)));
      s = o.state;
      if (s.stage.kind === 'over') break;
    }
    return out;
  };

  it('TURN headers follow ORDER cyclically; the round goes up on wrap-around; the round limit ends in a draw', () => {
    expect(turns(three([2, 3, 1], 2), 10)).toEqual(['TURN P3 round=1', 'TURN P1 round=1', 'TURN P2 round=2', 'TURN P3 round=2', 'TURN P1 round=2', 'DRAW round-limit']);
  });

  it('players who are out are skipped; a concede ends the turn of the player conceding', () => {
    const c = concede(three([1, 2, 3]));
    expect(log(c)).toEqual(['CONCEDE P1', 'OUT P1', 'END P1', 'TURN P2 round=1']);
    if (!c.ok) return;
    expect(turns(c.state, 3)).toEqual(['TURN P3 round=1', 'TURN P2 round=2', 'TURN P3 round=2']);
    expect(log(move(c.state, 'A1', { x: 1, y: 1 }))).toEqual(['ERROR E_DEAD: A1 was eliminated']);
    const c2 = concede(c.state);
    expect(log(c2)).toEqual(['CONCEDE P2', 'OUT P2', 'WINNER P3']);
    expect(c2.ok && c2.state.stage.kind).toBe('over');
  });

  it('flags are cleared at the start of the player\'s turn; the board shows left= for the current player', () => {
    const s = game(open, [{ id: 'A1', type: 'soldier', at: { x: 0, y: 0 }, moved: true, acted: true }, { id: 'B1', type: 'soldier', at: { x: 2, y: 0 } }], { player: 2 });
    const o = endTurn(s);
    if (!o.ok) throw new Error();
    const lines = present(o.events);
    expect(lines).toContain('A1 P1 soldier hp=5/5 at=0,0 left=move,act');
    expect(lines).toContain('B1 P2 soldier hp=5/5 at=2,0');
    expect(lines[1]).toBe('TURN P1 round=2');
  });
});

describe('stream phases (7.2)', () => {
  it('seed typed in the stream is E_PHASE in every phase (D31); show in setup needs a grid', () => {
    const run = play(['seed 1', 'show', 'map m 2 1', 'show', 'terrain . 1 p', 'grid', '..', 'show', 'seed x'], { seed: 3 });
    expect(run.stdout).toEqual([
      'SEED xoroshiro128plus:3',
      'INPUT: seed 1', "ERROR E_PHASE: 'seed' is only allowed in a setup file; use --seed",
      'INPUT: show', 'ERROR E_DEF: no map',
      'INPUT: map m 2 1', 'INPUT: show', 'ERROR E_DEF: no grid',
      'INPUT: terrain . 1 p', 'INPUT: grid', 'INPUT: ..', 'INPUT: show', '  0 1', '0 . .',
      'INPUT: seed x', "ERROR E_PHASE: 'seed' is only allowed in a setup file; use --seed",
      'ERROR E_EOF: input ended; expected setup command or start',
    ]);
    expect(run.exitCode).toBe(1);
  });

  it('E_EOF names the prompt: grid row, placement, command', () => {
    expect(play(['map m 2 3', 'terrain . 1 p', 'grid', '..']).stdout.at(-1)).toBe('ERROR E_EOF: input ended; expected grid row 1');
    const placing = play([], { files: EXAMPLE_FILES, args: ['game.setup'] });
    expect(placing.stdout.at(-1)).toBe('ERROR E_EOF: input ended; expected placement for P1');
    expect(placing.stderr).toEqual(['<stdin>:1: E_EOF: input ended; expected placement for P1']);
    expect(play(['autoplace', 'autoplace'], { files: EXAMPLE_FILES, args: ['game.setup'] }).stdout.at(-1)).toBe('ERROR E_EOF: input ended; expected command for P1');
  });

  it('nothing is read after the result (D18): exit 0 when no line was rejected', () => {
    const run = play(['autoplace', 'autoplace', 'concede', 'garbage', 'end'], { files: EXAMPLE_FILES, args: ['game.setup'] });
    expect(run.stdout.slice(-3)).toEqual(['CONCEDE P1', 'OUT P1', 'WINNER P2']);
    expect(run.exitCode).toBe(0);
  });
});

describe('a bad grid block in the stream (section 9)', () => {
  it('is reported once after its last row; the rejection says how many consumed lines back the first bad row is', () => {
    const battle = engine.start({ kind: 'stream' }, { rng: Prng.seeded(0), options: {}, files: memoryFiles([]) });
    const feed = (lines: string[]) => lines.map((l) => battle.feed(l));
    feed(['map m 3 3', 'terrain . 1 p']);
    const fed = feed(['grid', '...', '..', '.x.']);
    expect(fed.slice(0, 3).every((f) => f.ok)).toBe(true);
    const last = fed[3]!;
    expect(last.ok).toBe(false);
    if (last.ok) return;
    expect(last.error).toEqual({ code: 'E_DEF', message: 'grid row 1 has 2 sectors, expected 3', consumedLinesBack: 1 });
    // The block is over and the old (missing) grid stays: the setup prompt is back.
    expect(battle.pending()).toMatchObject({ kind: 'awaiting', expects: 'setup command or start' });
    const good = feed(['grid', '...', '...', '..x']).at(-1)!;
    expect(!good.ok && good.error).toEqual({ code: 'E_DEF', message: "undefined terrain 'x' at 2,2", consumedLinesBack: 0 });
  });
});
