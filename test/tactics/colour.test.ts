/**
 * The board in colour on a person's terminal (issue 11): a colour per player and per terrain, only with
 * RunContext.colour. Painting only adds SGR escapes, so the coloured terminal text stripped of them is the
 * plain text, and a log (no terminal) or a terminal without colour (NO_COLOR) prints the log's bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskFiles } from '../../src/core/files.js';
import { prepareRun, sessionOptions } from '../../src/core/run.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import type { BoardView } from '../../src/rulesets/tactics/events.js';
import type { GameMap } from '../../src/rulesets/tactics/model.js';
import { engine } from '../../src/rulesets/tactics/engine.js';
import { TACTICS_META } from '../../src/rulesets/tactics/meta.js';
import { COLOUR, ownerOf, paintFor, PLAIN, PLAYER_SGR, TERRAIN_SGR, WALL_SGR } from '../../src/rulesets/tactics/paint.js';
import { boardLines, eventLines, mapBoardLines, present } from '../../src/rulesets/tactics/presenter.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { SGR, stripSgr as strip } from '../helpers/sgr.js';

const esc = (code: string, text: string) => `\u001b[${code}m${text}\u001b[0m`;

const DEMO = join(REPO_ROOT, 'data/tactics');
const COMMANDS = readFileSync(join(DEMO, 'demo-commands.txt'), 'utf8').split('\n');

/** The demo as the CLI plays it: `terminal` and `colour` as the CLI would set them, echo as given. */
function demo(view: { terminal: boolean; colour: boolean }, echo: boolean, lines: readonly string[] = COMMANDS): { text: string; exit: number } {
  const prepared = prepareRun(TACTICS_META, engine, { args: ['game.setup'], options: {}, files: diskFiles(DEMO) });
  if (!prepared.ok) throw new Error(prepared.stderr.join('\n'));
  const { battle, preamble } = prepared.run.begin(view.terminal, view.colour);
  const sink = new MemorySink();
  const exit = runLines(battle, lines, sink, sessionOptions(TACTICS_META, '<stdin>', echo, preamble));
  return { text: sink.text(), exit };
}

const VALLEY: GameMap = {
  name: 'valley',
  width: 3,
  height: 2,
  terrains: [
    { sym: '%', cost: null, name: 'wall' },
    { sym: '.', cost: 1, name: 'plain' },
    { sym: '^', cost: 2, name: 'hill' },
  ],
  grid: ['.^%', '%..'],
};

const unit = (id: string, player: number, at: { x: number; y: number } | null, hp = 5) =>
  ({ id, player, type: 'soldier', maxHp: 6, mp: 3, hp, at, status: at === null ? 'unplaced' : 'alive', moved: false, acted: false }) as const;

const BOARD: BoardView = { map: VALLEY, idWidth: 2, units: [unit('A1', 1, { x: 1, y: 1 }), unit('B1', 2, { x: 0, y: 0 }, 2), unit('B2', 2, null)], current: 2 };

describe('the paint (tactics/paint.ts)', () => {
  it('eight distinct player colours; the terrain palette distinct from each other and from the walls', () => {
    expect(new Set(PLAYER_SGR).size).toBe(8);
    expect(new Set(TERRAIN_SGR).size).toBe(TERRAIN_SGR.length);
    expect(TERRAIN_SGR).not.toContain(WALL_SGR);
    for (const code of TERRAIN_SGR) expect(PLAYER_SGR).not.toContain(code);
  });

  it('a unit id belongs to its letter: A = P1 ... H = P8 (D20)', () => {
    expect(['A1', 'B12', 'H3', 'I1', 'a1'].map(ownerOf)).toEqual([1, 2, 8, null, null]);
  });

  it('colour only with both terminal and colour', () => {
    expect(paintFor({})).toBe(PLAIN);
    expect(paintFor({ terminal: true })).toBe(PLAIN);
    expect(paintFor({ colour: true })).toBe(PLAIN);
    expect(paintFor({ terminal: true, colour: true })).toBe(COLOUR);
  });
});

describe('the board in colour (8.2)', () => {
  it('units in their owner colour over terrain tinted by type; an impassable cell in reverse video', () => {
    const lines = boardLines(BOARD, COLOUR);
    expect(lines[1]).toBe(`${esc('2', '0')} ${esc(PLAYER_SGR[1]!, 'B1')}  ${esc(TERRAIN_SGR[1]!, '^')}  ${esc(WALL_SGR, '%')}`);
    expect(lines[2]).toBe(`${esc('2', '1')}  ${esc(WALL_SGR, '%')} ${esc(PLAYER_SGR[0]!, 'A1')}  ${esc(TERRAIN_SGR[0]!, '.')}`);
    // The unit lines: id and player in the owner's colour; hp at a third or less in red.
    expect(lines[3]).toBe(`${esc(PLAYER_SGR[0]!, 'A1')} ${esc(PLAYER_SGR[0]!, 'P1')} soldier hp=5/6 at=1,1`);
    expect(lines[4]).toBe(`${esc(PLAYER_SGR[1]!, 'B1')} ${esc(PLAYER_SGR[1]!, 'P2')} soldier hp=${esc('1;31', '2/6')} at=0,0 left=move,act`);
  });

  it('stripped of its escapes the coloured board is the plain board, which has none', () => {
    for (const [coloured, plain] of [
      [boardLines(BOARD, COLOUR), boardLines(BOARD)],
      [mapBoardLines(VALLEY, COLOUR), mapBoardLines(VALLEY)],
    ] as const) {
      expect(coloured.join('\n')).toMatch(SGR);
      expect(plain.join('\n')).not.toMatch(SGR);
      expect(coloured.map(strip)).toEqual(plain);
    }
    expect(boardLines(BOARD, PLAIN)).toEqual(boardLines(BOARD));
    expect(mapBoardLines(VALLEY)).toEqual(['  0 1 2', '0 . ^ %', '1 % . .']);
  });

  it('event lines name players and units in their colours; stripped they are the log lines', () => {
    const events = [
      { t: 'order', order: [2, 1] },
      { t: 'turn', player: 2, round: 1, board: BOARD },
      { t: 'move', id: 'B1', from: { x: 0, y: 0 }, to: { x: 0, y: 1 }, cost: 1, mp: 2 },
      { t: 'hit', id: 'A1', amount: 3, hp: 2, max: 6 },
      { t: 'heal', id: 'B1', gain: 1, hp: 3, max: 6 },
      { t: 'elim', id: 'A1', at: { x: 1, y: 1 } },
      { t: 'winner', player: 2 },
    ] as const;
    expect(eventLines(events[0], COLOUR)).toEqual([`ORDER ${esc(PLAYER_SGR[1]!, 'P2')} ${esc(PLAYER_SGR[0]!, 'P1')}`]);
    expect(eventLines(events[3], COLOUR)).toEqual([`HIT ${esc(PLAYER_SGR[0]!, 'A1')} ${esc('1;31', '-3')} hp=2/6`]);
    const coloured = present(events, COLOUR);
    expect(coloured.map(strip)).toEqual(present(events));
    expect(present(events).join('\n')).not.toMatch(SGR);
  });
});

describe('the demo game, as the CLI plays it', () => {
  const log = demo({ terminal: false, colour: false }, true);

  it('the log has no escape and is the demo transcript (exit 0, WINNER)', () => {
    expect(log.text).not.toMatch(SGR);
    expect(log.text.startsWith('SEED xoroshiro128plus:7\n')).toBe(true);
    expect(log.text).toMatch(/\nWINNER P1\n$/);
    expect(log.exit).toBe(0);
  });

  it('on a terminal with colour: escapes on every board, and stripped it is the plain terminal text', () => {
    const coloured = demo({ terminal: true, colour: true }, false);
    const plain = demo({ terminal: true, colour: false }, false);
    expect(coloured.text).toMatch(SGR);
    expect(coloured.text).toContain(`TURN ${esc(PLAYER_SGR[0]!, 'P1')} round=1`);
    expect(coloured.text).toContain(`WINNER ${esc(PLAYER_SGR[0]!, 'P1')}`);
    expect(strip(coloured.text)).toBe(plain.text);
    expect(coloured.exit).toBe(plain.exit);
  });

  it('on a terminal without colour (NO_COLOR): the plain board, the log without its echo, and a board marked after each REACH', () => {
    const plain = demo({ terminal: true, colour: false }, false);
    expect(plain.text).not.toMatch(SGR);
    const unechoed = log.text.split('\n').filter((l) => !l.startsWith('INPUT: ')).join('\n');
    expect(demo({ terminal: false, colour: false }, false).text).toBe(unechoed);
    // Issue 21 item 8: the terminal alone gets the reach board (grid with `*`, then the unit lines).
    const reachBoard = /(?<=\nREACH [^\n]*\n)(?: +\d[^\n]*\n)(?:\d+ [^\n]*\n)+(?:[A-Z]\d+ P\d [^\n]*\n)+/g;
    expect(plain.text.match(reachBoard)?.length).toBe(log.text.match(/\nREACH /g)?.length);
    expect(plain.text.replace(reachBoard, '')).toBe(unechoed);
  });

  it('a stream setup (no SETUP_FILE) is coloured from `start` on, and a setup `show` tints the map', () => {
    const setup = ['map load valley.map', 'units load basic.units', 'show', 'players 2', 'limit 1', 'army P1 soldier', 'army P2 soldier', 'start'];
    const run = (colour: boolean) => {
      const prepared = prepareRun(TACTICS_META, engine, { args: [], options: {}, files: diskFiles(DEMO), seed: 3 });
      if (!prepared.ok) throw new Error(prepared.stderr.join('\n'));
      const { battle, preamble } = prepared.run.begin(true, colour);
      const sink = new MemorySink();
      runLines(battle, setup, sink, sessionOptions(TACTICS_META, '<stdin>', false, preamble));
      return sink.text();
    };
    const coloured = run(true);
    expect(coloured).toContain(esc(WALL_SGR, '%'));
    expect(coloured).toContain(`TERRAIN ${esc(WALL_SGR, '%')} x wall`);
    expect(coloured).toContain(`TURN ${esc(PLAYER_SGR[0]!, 'P1')} round=1`);
    expect(strip(coloured)).toBe(run(false));
  });
});
