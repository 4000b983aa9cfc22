/**
 * Issue 21 item 7: a person at a terminal gets `help` (every command by phase, with its syntax) and
 * `help <command>`, without any change of state; without a terminal `help` keeps the spec's E_COMMAND bytes
 * (7.2, section 10), and inside a grid block a `help` line is still a grid row.
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

describe('tactics help on a terminal', () => {
  it('help lists every command with its syntax and changes nothing', () => {
    const b = battle(true);
    const before = JSON.stringify(b.snapshot());
    const fed = b.feed('help');
    expect(fed.ok).toBe(true);
    const text = fed.lines.join('\n');
    for (const usage of ['map <name> <W> <H>', 'place <unit> <x>,<y>', 'move <unit> <x>,<y>', 'act <unit> <action> <x>,<y>', 'reach <unit>', 'end', 'concede', 'show']) {
      expect(text).toContain(`  ${usage}`);
    }
    expect(JSON.stringify(b.snapshot())).toBe(before);
  });

  it('help <command> gives that command', () => {
    const b = battle(true);
    expect(b.feed('help act')).toEqual({ ok: true, lines: ['act <unit> <action> <x>,<y>'] });
    expect(b.feed('HELP  map')).toEqual({ ok: true, lines: ['map <name> <W> <H>', 'map load|save <path>   (load in setup only; save any time)'] });
    expect(b.feed('help fly')).toEqual({ ok: true, lines: ["no command 'fly'; type help for the list"] });
  });

  it('without a terminal help keeps its E_COMMAND line', () => {
    const b = battle(false);
    expect(b.feed('help')).toEqual({ ok: false, error: { code: 'E_COMMAND', message: "unknown command 'help'" }, lines: [] });
  });

  it('a help line inside a grid block is a grid row', () => {
    const b = battle(true, []);
    expect(b.feed('map m 4 1').ok).toBe(true);
    expect(b.feed('terrain . 1 plain').ok).toBe(true);
    expect(b.feed('grid').ok).toBe(true);
    const row = b.feed('help');
    expect(row.ok).toBe(false);
  });
});
