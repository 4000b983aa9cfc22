/**
 * The state in a stream's last document is what the log's final lines say (issue 25 section 1), a property
 * over random games drawn as `generate` draws them (src/cli/games.ts), for every ruleset. Each ruleset's
 * log is read on its own terms: SMT's last board (HP, MP, turns, order) and every HP/MP line after it, and
 * the winner; Tactics' last board replayed through the MOVE, HIT, HEAL, PLACE, ELIM and DISCARD lines after
 * it; Marvel's STATUS block (the game ends with `status`); Marauders' last STATE lines and BOARD, and the
 * end; Clairvoyance's moves, hits and deaths from the start.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawGame, type GameSetup } from '../../src/cli/games.js';
import { Prng } from '../../src/core/prng.js';
import type { RulesetOptions } from '../../src/core/ruleset.js';
import { runInMemory } from '../../src/core/run.js';
import { diskFiles } from '../../src/core/files.js';
import { rulesetById } from '../../src/rulesets/registry.js';
import type { SmtViewState } from '../../src/rulesets/smt/view-state.js';
import type { TacticsViewState } from '../../src/rulesets/tactics/view-state.js';
import type { MarvelViewState } from '../../src/rulesets/marvel/view-state.js';
import type { MaraudersViewState } from '../../src/rulesets/marauders/view-state.js';
import type { ClairvoyanceViewState } from '../../src/rulesets/clairvoyance/view-state.js';
import { linesOf, stateDocs, streamProblems, type Doc, type StateDoc } from '../helpers/events.js';
import { REPO_ROOT } from '../helpers/shared.js';

/** Random games per ruleset, and their length at most. */
const RUNS = 12;
const MAX_STEPS = 250;

interface Played<S> {
  readonly out: readonly string[];
  readonly states: readonly StateDoc<S>[];
}

async function play<S>(id: string, args: readonly string[], options: RulesetOptions, seed: number, extra: readonly string[] = [], keep: (line: string) => boolean = () => true): Promise<Played<S>> {
  const entry = rulesetById(id)!;
  const setup: GameSetup = { meta: entry.meta, engine: await entry.engine(), args, options, cwd: REPO_ROOT };
  const drawn = drawGame(setup, Prng.seeded(seed), MAX_STEPS);
  const game = { ...drawn, lines: drawn.lines.filter(keep) };
  const documents: string[] = [];
  const run = runInMemory(setup.meta, setup.engine, {
    args, options, files: diskFiles(REPO_ROOT), ...(game.seed === undefined ? {} : { seed: game.seed }), lines: [...game.lines, ...extra], source: 'commands.txt',
    onDocument: (d) => void documents.push(d),
  });
  const docs = documents.map((d) => JSON.parse(d) as Doc);
  expect(streamProblems(id, run.stdout, docs, id === 'clairvoyance')).toEqual([]);
  return { out: run.stdout, states: stateDocs<S>(docs) };
}

/** The state document whose lines hold 1-based line `n`. */
function stepOf<S>(states: readonly StateDoc<S>[], n: number): StateDoc<S> {
  const found = states.find((s) => s.lines !== null && s.lines[0] <= n && n <= s.lines[1]);
  if (found === undefined) throw new Error(`no step holds line ${n}`);
  return found;
}

const lastIndex = (out: readonly string[], test: (l: string) => boolean): number => {
  for (let i = out.length - 1; i >= 0; i--) if (test(out[i]!)) return i;
  return -1;
};

const seeds = fc.integer({ min: 0, max: 0x7fffffff });
const final = <S>(p: Played<S>): S => p.states[p.states.length - 1]!.state!;

describe('the last state is what the log says (random games)', () => {
  it('smt: the last board and the HP/MP lines after it, the turns, the order and the winner', async () => {
    let boards = 0;
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const p = await play<SmtViewState>('smt', [], { teams: 'data/smt/teams' }, seed);
        const s = final(p);
        const at = lastIndex(p.out, (l) => /^Equipo de .+ \(J1\)$/.test(l));
        if (at >= 0) {
          boards++;
          const shown = stepOf(p.states, at + 1).state!;
          for (const [t, start] of [[0, at], [1, at + 5]] as const) {
            expect(p.out[start]).toBe(`Equipo de ${shown.teams![t]!.samurai} (J${t + 1})`);
            shown.teams![t]!.board.forEach((u, slot) => {
              const letter = 'ABCD'[slot]!;
              expect(p.out[start + 1 + slot]).toBe(u === null ? `${letter}-` : `${letter}-${u.name} HP:${u.hp}/${u.maxHp} MP:${u.mp}/${u.maxMp}`);
            });
          }
          expect(p.out[at + 11]).toBe(`Full Turns: ${shown.full}`);
          expect(p.out[at + 12]).toBe(`Blinking Turns: ${shown.blinking}`);
          expect(p.out.slice(at + 15, at + 15 + shown.order.length)).toEqual(shown.order.map((n, i) => `${i + 1}-${n}`));
          // After the last board: each unit's last HP and MP line is its final HP and MP.
          const units = s.teams!.flatMap((t) => [...t.board.filter((u) => u !== null), ...t.reserve]);
          for (const line of p.out.slice(at)) {
            const m = /^(.+) termina con (HP|MP):(\d+)\/(\d+)$/.exec(line);
            if (m === null) continue;
            const named = units.filter((u) => u!.name === m[1]);
            if (named.length !== 1) continue;
            const later = p.out.slice(p.out.lastIndexOf(line) + 1).some((l) => l.startsWith(`${m[1]} termina con ${m[2]}:`));
            if (later) continue;
            expect(m[2] === 'HP' ? [named[0]!.hp, named[0]!.maxHp] : [named[0]!.mp, named[0]!.maxMp]).toEqual([Number(m[3]), Number(m[4])]);
          }
        }
        const won = /^Ganador: .+ \((J[12])\)$/.exec(p.out[p.out.length - 1] ?? '');
        expect(s.winner).toBe(won?.[1] ?? null);
        if (won !== null) expect(s.phase).toBe('ended');
      }),
      { numRuns: RUNS },
    );
    expect(boards).toBeGreaterThan(0);
  });

  it('tactics: the last board replayed through the lines after it', async () => {
    let boards = 0;
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const p = await play<TacticsViewState>('tactics', ['data/tactics/game.setup'], {}, seed);
        const s = final(p);
        const at = lastIndex(p.out, (l) => /^(TURN|PLACING) P\d/.test(l));
        if (at < 0) return;
        boards++;
        const units = new Map<string, { hp: number; at: string }>();
        const UNIT = /^([A-H]\d+) P\d+ \S+ hp=(\d+)\/\d+ at=(\S+)/;
        for (const line of p.out.slice(at + 1)) {
          let m = UNIT.exec(line);
          if (m !== null) units.set(m[1]!, { hp: Number(m[2]), at: m[3]! });
          else if ((m = /^MOVE (\S+) \S+->(\S+) /.exec(line)) !== null) units.get(m[1]!)!.at = m[2]!;
          else if ((m = /^(?:PLACE|ANCHOR) (\S+) (\S+)$/.exec(line)) !== null) units.get(m[1]!)!.at = m[2]!;
          else if ((m = /^(?:HIT|HEAL) (\S+) \S+ hp=(\d+)\//.exec(line)) !== null) units.get(m[1]!)!.hp = Number(m[2]);
          else if ((m = /^(?:ELIM|DISCARD) (\S+)/.exec(line)) !== null) units.delete(m[1]!);
          // A concession takes the player's units off the map without an ELIM line each.
          else if ((m = /^CONCEDE P(\d+)$/.exec(line)) !== null) for (const id of [...units.keys()]) if (id.charCodeAt(0) - 64 === Number(m[1])) units.delete(id);
          else if (/^(TURN|PLACING) /.test(line)) units.clear();
        }
        const shown = s.units.filter((u) => u.status === 'alive' || u.status === 'unplaced').map((u) => [u.id, { hp: u.hp, at: u.at === null ? '-' : `${u.at[0]},${u.at[1]}` }] as const);
        expect(shown).toEqual([...units.entries()]);
        expect(s.stage === 'over').toBe(/^(WINNER|DRAW) /.test(p.out[p.out.length - 1] ?? ''));
      }),
      { numRuns: RUNS },
    );
    expect(boards).toBeGreaterThan(0);
  });

  it('marvel: a closing `status` prints what the last state holds', async () => {
    let blocks = 0;
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const p = await play<MarvelViewState>('marvel', ['data/marvel/demo.sheet'], {}, seed, ['status']);
        const last = p.states[p.states.length - 1]!;
        if (last.input !== 'status' || last.error !== undefined) return;
        blocks++;
        const s = last.state!;
        const text = linesOf(p.out, last.lines);
        expect(text[1]).toBe(`STATUS phase=${s.phase} round=${s.round} actor=${s.actor ?? '-'} quiet=${s.quiet}`);
        const rows = text.slice(2).map((l) => /^ {2}([AB]) (\S+) vit=(-?\d+)\/(\d+) pa=(\d+)\/(\d+) free=(\d)\/2 state=(\S+) /.exec(l)!);
        expect(rows.map((m) => [m[1], m[2], Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), Number(m[7]), m[8]])).toEqual(
          s.rows.map((r) => [r.side, r.id, r.vit, r.vitMax, r.paLeft, r.paMax, r.freeUsed, r.state]),
        );
        expect(s.result !== null).toBe(p.out.some((l) => l.startsWith('END ')));
      }),
      { numRuns: RUNS },
    );
    expect(blocks).toBeGreaterThan(0);
  });

  it('marauders: the last STATE lines and BOARD, and the end', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const p = await play<MaraudersViewState>('marauders', ['data/marauders/demo.setup'], {}, seed);
        const s = final(p);
        const at = lastIndex(p.out, (l) => l.startsWith('STATE P1 '));
        expect(at).toBeGreaterThanOrEqual(0);
        const shown = stepOf(p.states, at + 1).state!;
        shown.players.forEach((pl, i) => expect(p.out[at + i]).toBe(`STATE P${i + 1} hp=${pl.hp}/${pl.maxHp} force=${pl.force} spell=${pl.spell} poison=${pl.poison}`));
        const board = lastIndex(p.out, (l) => l === 'BOARD');
        const drawn = stepOf(p.states, board + 1).state!;
        const rows = p.out.slice(board + 2, board + 2 + drawn.n).map((l) => l.slice(1).trim().split(/\s+/).join(''));
        expect(rows.join('')).toBe(drawn.el.join(''));
        expect(s.over).toBe(/^(WINNER|DRAW) /.test(p.out[p.out.length - 1] ?? ''));
      }),
      { numRuns: RUNS },
    );
  });

  it('clairvoyance: positions, HP and deaths from the moves, hits and deaths in the log', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        // The DM's version 2 state commands (add, hp, remove, undo) are left out: this reads the log's own
        // moves, hits and deaths; the undo property (test/clairvoyance) covers those commands.
        const p = await play<ClairvoyanceViewState>('clairvoyance', ['data/clairvoyance/skirmish.clv'], {}, seed, [], (l) => !/^\s*(add|hp|remove|undo)\b/i.test(l));
        const start = p.states[0]!.state!;
        const s = final(p);
        const label = (u: ClairvoyanceViewState['units'][number]) => `${u.team}: ${u.name}: ${u.id}`;
        const expected = start.units.map((u) => {
          const L = label(u);
          const moves = p.out.filter((l) => l.startsWith(`- ${L} moved to (`));
          const at = moves.length === 0 ? [...u.at] : /\((\d+),(\d+)\)\.$/.exec(moves[moves.length - 1]!)!.slice(1).map(Number);
          const lost = p.out.filter((l) => l.startsWith(`- Attack hit. ${L} lost `)).reduce((n, l) => n + Number(/lost (\d+) health/.exec(l)![1]), 0);
          const alive = !p.out.includes(`- ${L} died.`);
          // `kill` ends a mob without a damage line: the HP of the dead is not the log's to say.
          return { at, alive, hp: u.maxHp === null || !alive ? null : u.maxHp - lost };
        });
        expect(s.units.map((u) => ({ at: [...u.at], alive: u.alive, hp: u.hp === null || !u.alive ? null : u.hp }))).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });
});
