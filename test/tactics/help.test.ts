/**
 * Issue 21 item 7: at a terminal, `help` (every command by phase, with its syntax) and `help <command>` are
 * written to stderr as notes while the line keeps the spec's E_COMMAND bytes in the log (7.2, section 10),
 * without any change of state; without a terminal nothing is added (a case fixes stderr too); inside a grid
 * block a `help` line is still a grid row. Item 8: on a terminal, `reach`
 * marks its cells on the board after the REACH line; the log keeps the REACH line alone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/core/files.js';
import { Prng } from '../../src/core/prng.js';
import { readAndLoad } from '../../src/core/run.js';
import type { TacticsBattle } from '../../src/rulesets/tactics/battle.js';
import { engine } from '../../src/rulesets/tactics/engine.js';

const read = (name: string) => readFileSync(`data/tactics/${name}`, 'utf8');

function battle(terminal: boolean, args: readonly string[] = ['g.setup']): TacticsBattle {
  const files = memoryFiles([['g.setup', read('game.setup')], ['valley.map', read('valley.map')], ['basic.units', read('basic.units')]]);
  const loaded = readAndLoad(engine, { args, options: {}, files });
  if (!loaded.ok) throw new Error(loaded.stderr.join('\n'));
  return engine.start(loaded.setup, { rng: Prng.seeded(7), options: {}, files, terminal }) as TacticsBattle;
}

const E_HELP = { code: 'E_COMMAND', message: "unknown command 'help'" };

describe('tactics help', () => {
  it('help lists every command with its syntax as notes, keeps E_COMMAND, and changes nothing', () => {
    for (const terminal of [true]) {
      const b = battle(terminal);
      const before = JSON.stringify(b.snapshot());
      const fed = b.feed('help');
      expect(fed.ok).toBe(false);
      expect(fed.lines).toEqual([]);
      if (fed.ok) return;
      expect(fed.error).toEqual(E_HELP);
      const text = (fed.notes ?? []).join('\n');
      for (const usage of ['map <name> <W> <H>', 'place <unit> <x>,<y>', 'move <unit> <x>,<y>', 'act <unit> <action> <x>,<y>', 'reach <unit>', 'end', 'concede', 'show']) {
        expect(text).toContain(`  ${usage}`);
      }
      expect(JSON.stringify(b.snapshot())).toBe(before);
    }
  });

  it('without a terminal help keeps its E_COMMAND line and adds nothing', () => {
    expect(battle(false).feed('help')).toEqual({ ok: false, error: E_HELP, lines: [] });
  });

  it('help <command> gives that command', () => {
    const b = battle(true);
    const notes = (line: string) => {
      const fed = b.feed(line);
      return fed.ok ? null : fed.notes;
    };
    expect(notes('help act')).toEqual(['act <unit> <action> <x>,<y>']);
    expect(notes('HELP  map')).toEqual(['map <name> <W> <H>', 'map load|save <path>   (load in setup only; save any time)']);
    expect(notes('help fly')).toEqual(["no command 'fly'; type help for the list"]);
    expect(notes('help me now')).toBeUndefined();
  });

  it('a help line inside a grid block is a grid row', () => {
    const b = battle(true, []);
    expect(b.feed('map m 4 1').ok).toBe(true);
    expect(b.feed('terrain . 1 plain').ok).toBe(true);
    expect(b.feed('grid').ok).toBe(true);
    const row = b.feed('help');
    expect(row.ok).toBe(false);
    expect(row.ok ? undefined : row.notes).toBeUndefined();
  });
});

describe('tactics reach on a terminal', () => {
  const placed = (terminal: boolean) => {
    const b = battle(terminal);
    for (const line of read('demo-commands.txt').split('\n').filter((l) => /^(place|autoplace)/.test(l.trim()))) expect(b.feed(line).ok).toBe(true);
    return b;
  };

  it('marks each REACH cell with * on the board, and only on a terminal', () => {
    const log = placed(false).feed('reach A1');
    expect(log.ok).toBe(true);
    expect(log.lines).toHaveLength(1);
    const shown = placed(true).feed('reach A1');
    expect(shown.lines[0]).toBe(log.lines[0]);
    const cells = log.lines[0]!.split(' ')[3]!.split(';').map((c) => c.split(':')[0]!.split(',').map(Number));
    expect(cells.length).toBeGreaterThan(0);
    const rows = shown.lines.slice(2).filter((l) => /^\s*\d+ /.test(l) && !l.includes('hp='));
    const grid = rows.map((r) => r.trim().split(/\s+/).slice(1));
    const stars: number[][] = [];
    grid.forEach((row, y) => row.forEach((c, x) => (c === '*' ? stars.push([x, y]) : undefined)));
    expect(stars.sort()).toEqual(cells.sort());
  });
});
