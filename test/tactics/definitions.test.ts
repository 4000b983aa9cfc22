/** Definitions and settings (spec 3, 7.2): every E_DEF message in field order, and the E_SETUP order of section 9. */
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/rulesets/tactics/commands.js';
import { checkStart } from '../../src/rulesets/tactics/defs.js';
import { EMPTY_CONFIG, type Config } from '../../src/rulesets/tactics/model.js';
import { applyDefinition, runScript } from '../../src/rulesets/tactics/script.js';

/** Runs definition lines from an empty config; returns the config or the first error of the last line. */
function define(lines: readonly string[]): { config: Config; error: string | null } {
  let config = EMPTY_CONFIG;
  let error: string | null = null;
  for (const line of lines) {
    const parsed = parseCommand(line);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const applied = applyDefinition(config, parsed.parsed.command, null);
    if (applied.ok) {
      config = applied.value.config;
      error = null;
    } else error = `${applied.error.code}: ${applied.error.message}`;
  }
  return { config, error };
}

const withMap = ['map m 4 3', 'terrain . 1 plain', 'terrain o 2 bog'];
const gridded = (): Config => {
  const run = runScript('map', [...withMap, 'grid', '....', '.o..', '....'], null);
  if (!run.ok) throw new Error(run.failure.error.message);
  return run.config;
};

describe('map, terrain, cell (3.1)', () => {
  it.each([
    [['terrain . 1 plain'], 'E_DEF: no map'],
    [['cell 0,0 .'], 'E_DEF: no map'],
    [['map 9bad 3 3'], "E_DEF: bad name '9bad'"],
    [['map m 0 3'], "E_DEF: bad value '0'"],
    [['map m 3 100'], "E_DEF: bad value '100'"],
    [['map Bad x 0'], "E_DEF: bad name 'Bad'"],
    [['map m x 0'], "E_DEF: bad value 'x'"],
    [['map m 4 3', 'cell 0,0 .'], 'E_DEF: no grid'],
    [['map m 4 3', 'terrain # 1 hash'], "E_DEF: bad symbol '#'"],
    [['map m 4 3', 'terrain ab 1 two'], "E_DEF: bad symbol 'ab'"],
    [['map m 4 3', 'terrain . 100 plain'], "E_DEF: bad value '100'"],
    [['map m 4 3', 'terrain . 0 plain'], "E_DEF: bad value '0'"],
    [['map m 4 3', 'terrain . -1 plain'], "E_DEF: bad value '-1'"],
    [['map m 4 3', 'terrain . 1 Plain'], "E_DEF: bad name 'Plain'"],
    [['map m 4 3', 'terrain ab 0 Plain'], "E_DEF: bad symbol 'ab'"],
  ])('%j -> %s', (lines, want) => expect(define(lines).error).toBe(want));

  it('accepts x and X for impassable, and a terrain redefinition replaces the symbol', () => {
    const { config, error } = define(['map m 2 2', 'terrain X X rock', 'terrain x 2 scrub', 'terrain x 3 bog']);
    expect(error).toBeNull();
    expect(config.map!.terrains).toEqual([
      { sym: 'X', cost: null, name: 'rock' },
      { sym: 'x', cost: 3, name: 'bog' },
    ]);
  });

  it.each([
    ['cell 4,0 o', 'E_BOUNDS: 4,0 is outside the 4x3 map'],
    ['cell 0,0 ##', "E_DEF: bad symbol '##'"],
    ['cell 0,0 #', "E_DEF: bad symbol '#'"],
    ['cell 0,0 z', "E_DEF: undefined terrain 'z' at 0,0"],
  ])('cell: %j -> %s', (line, want) => {
    const parsed = parseCommand(line);
    if (!parsed.ok) throw new Error();
    const r = applyDefinition(gridded(), parsed.parsed.command, null);
    expect(r.ok ? null : `${r.error.code}: ${r.error.message}`).toBe(want);
  });

  it('cell changes one sector; map starts a new empty map', () => {
    const parsed = parseCommand('cell 3,2 o');
    if (!parsed.ok) throw new Error();
    const r = applyDefinition(gridded(), parsed.parsed.command, null);
    expect(r.ok && r.value.config.map!.grid).toEqual(['....', '.o..', '...o']);
    const fresh = parseCommand('map n 2 2');
    if (!fresh.ok || !r.ok) throw new Error();
    const again = applyDefinition(r.value.config, fresh.parsed.command, null);
    expect(again.ok && again.value.config.map).toEqual({ name: 'n', width: 2, height: 2, terrains: [], grid: null });
  });
});

describe('unit and action (3.2, D38)', () => {
  it.each([
    [['action soldier rifle range=1 pattern=linear ext=1 damage=1'], "E_DEF: unknown type 'soldier'"],
    [['unit Soldier hp=5 mp=3'], "E_DEF: bad name 'Soldier'"],
    [['unit soldier hp=5'], "E_DEF: missing attribute 'mp'"],
    [['unit soldier'], "E_DEF: missing attribute 'hp'"],
    [['unit soldier hp=5 mp=3 x=1'], "E_DEF: unknown attribute 'x=1'"],
    [['unit soldier hp5 mp=3'], "E_DEF: unknown attribute 'hp5'"],
    [['unit soldier hp=5 HP=6'], "E_DEF: duplicate attribute 'hp'"],
    [['unit soldier hp=0 mp=3'], "E_DEF: bad value 'hp=0'"],
    [['unit soldier hp=10000 mp=3'], "E_DEF: bad value 'hp=10000'"],
    [['unit soldier hp=5 mp=100'], "E_DEF: bad value 'mp=100'"],
    [['unit soldier mp=x hp=x'], "E_DEF: bad value 'hp=x'"],
  ])('%j -> %s', (lines, want) => expect(define(lines).error).toBe(want));

  const u = 'unit soldier hp=5 mp=3';
  it.each([
    ['action ghost Bad x=1', "E_DEF: unknown type 'ghost'"],
    ['action soldier Rifle range=1 pattern=linear ext=1 damage=1', "E_DEF: bad name 'Rifle'"],
    ['action soldier rifle range=1 pattern=linear ext=1 damage=1 power=2', "E_DEF: unknown attribute 'power=2'"],
    ['action soldier rifle range=1 range=2 pattern=linear ext=1 damage=1', "E_DEF: duplicate attribute 'range'"],
    ['action soldier rifle pattern=linear ext=1 damage=1', "E_DEF: missing attribute 'range'"],
    ['action soldier rifle range=1 ext=1 damage=1', "E_DEF: missing attribute 'pattern'"],
    ['action soldier rifle range=1 pattern=linear damage=1', "E_DEF: missing attribute 'ext'"],
    ['action soldier rifle range=1 pattern=linear ext=1', 'E_DEF: need exactly one of damage, heal'],
    ['action soldier rifle range=1 pattern=linear ext=1 damage=1 heal=1', 'E_DEF: need exactly one of damage, heal'],
    ['action soldier rifle range=100 pattern=linear ext=1 damage=1', "E_DEF: bad value 'range=100'"],
    ['action soldier rifle range=1 pattern=cone ext=1 damage=1', "E_DEF: bad value 'pattern=cone'"],
    ['action soldier rifle range=1 pattern=linear ext=0 damage=1', "E_DEF: bad value 'ext=0'"],
    ['action soldier rifle range=1 pattern=linear ext=1 damage=10000', "E_DEF: bad value 'damage=10000'"],
    ['action soldier rifle range=1 pattern=linear ext=1 heal=0', "E_DEF: bad value 'heal=0'"],
    ['action soldier rifle range=1 pattern=linear ext=1 damage=1 targets=foes', "E_DEF: bad value 'targets=foes'"],
    ['action soldier rifle range=0 pattern=linear ext=1 damage=1', 'E_DEF: linear action needs range>=1'],
    ['action soldier rifle range=x pattern=cone ext=0 damage=1', "E_DEF: bad value 'range=x'"],
  ])('%j -> %s', (line, want) => expect(define([u, line]).error).toBe(want));

  it('keys in any order and any case; redefinitions replace; unit keeps its actions', () => {
    const { config, error } = define([
      u,
      'ACTION soldier rifle TARGETS=Enemies damage=3 EXT=1 pattern=LINEAR range=3',
      'action soldier zap range=0 pattern=circular ext=1 heal=2',
      'action soldier rifle range=4 pattern=linear ext=1 damage=2',
      'unit soldier hp=6 mp=2',
    ]);
    expect(error).toBeNull();
    expect(config.types).toEqual([
      {
        name: 'soldier', hp: 6, mp: 2,
        actions: [
          { name: 'rifle', range: 4, pattern: 'linear', ext: 1, effect: 'damage', amount: 2, targets: 'all' },
          { name: 'zap', range: 0, pattern: 'circular', ext: 1, effect: 'heal', amount: 2, targets: 'all' },
        ],
      },
    ]);
  });
});

describe('settings (3.3)', () => {
  it.each([
    ['players 1', "E_DEF: bad value '1'"], ['players 9', "E_DEF: bad value '9'"], ['players two', "E_DEF: bad value 'two'"],
    ['limit 0', "E_DEF: bad value '0'"], ['limit 100', "E_DEF: bad value '100'"],
    ['rounds 0', "E_DEF: bad value '0'"], ['rounds 10000', "E_DEF: bad value '10000'"], ['rounds 007', "E_DEF: bad value '007'"],
    ['movecost teleport', "E_DEF: bad value 'teleport'"], ['seed 4294967296', "E_DEF: bad value '4294967296'"],
    ['army P9 u', "E_DEF: bad value 'P9'"], ['army Q1 u', "E_DEF: bad value 'Q1'"], ['army P1 U', "E_DEF: bad value 'U'"],
    ['army P1 u*0', "E_DEF: bad value 'u*0'"], ['army P1 u*100', "E_DEF: bad value 'u*100'"], ['army P1 u*2*3', "E_DEF: bad value 'u*2*3'"],
    ['army P1 u* v', "E_DEF: bad value 'u*'"], ['army P1 u Q', "E_DEF: bad value 'Q'"],
  ])('%j -> %s', (line, want) => expect(define([line]).error).toBe(want));

  it('expands armies left to right; the last setting wins; keywords in any case', () => {
    const { config } = define(['army p1 u*2 v u', 'ARMY P2 v*3', 'army P2 v', 'players 3', 'PLAYERS 2', 'movecost ENTER', 'rounds 5', 'seed 4294967295']);
    expect(config.settings.armies.slice(0, 3)).toEqual([['u', 'u', 'v', 'u'], ['v'], null]);
    expect(config.settings).toMatchObject({ players: 2, movecost: 'enter', rounds: 5, seed: 4294967295 });
  });
});

describe('E_SETUP in the order of section 9 (D34)', () => {
  const base = ['map pen 4 3', 'terrain . 1 plain', 'terrain % x wall'];
  const grid = ['%%%.', '%..%', '%%.%'];
  const check = (lines: readonly string[]) => {
    const run = runScript('setup', lines, null);
    if (!run.ok) throw new Error(run.failure.error.message);
    const e = checkStart(run.config);
    return e === null ? null : e.message;
  };
  const units = ['unit scout hp=2 mp=1'];
  it.each([
    [[], 'no map'],
    [base, 'no grid'],
    [[...base, 'grid', ...grid], 'no unit types'],
    [[...base, 'grid', ...grid, ...units], 'players not set'],
    [[...base, 'grid', ...grid, ...units, 'players 3'], 'limit not set'],
    [[...base, 'grid', ...grid, ...units, 'players 3', 'limit 2'], 'P1 has no army'],
    [[...base, 'grid', ...grid, ...units, 'players 3', 'limit 2', 'army P1 scout ghost wraith', 'army P3 scout'], "P1 army: unknown type 'ghost'"],
    [[...base, 'grid', ...grid, ...units, 'players 3', 'limit 2', 'army P1 scout*3'], 'P1 army has 3 units > limit 2'],
    [[...base, 'grid', ...grid, ...units, 'players 3', 'limit 2', 'army P1 scout', 'army P2 ghost*3'], "P2 army: unknown type 'ghost'"],
    [[...base, 'grid', ...grid, ...units, 'players 3', 'limit 2', 'army P1 scout scout', 'army P2 scout'], 'P3 has no army'],
    [[...base, 'grid', ...grid, ...units, 'players 3', 'limit 2', 'army P1 scout scout', 'army P2 scout*2', 'army P3 scout'], 'map has 4 passable sectors < 5 units'],
    [[...base, 'grid', ...grid, ...units, 'players 2', 'limit 2', 'army P1 scout scout', 'army P2 scout*2', 'army P3 ghost'], null],
  ])('%#: %s', (lines, want) => expect(check(lines)).toBe(want));
});
