/** Map and units files (spec 3): canonical make/parse pairs, round trips (I15), load and save with their errors. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/core/files.js';
import { makeMapFile, makeUnitsFile } from '../../src/rulesets/tactics/canonical.js';
import { parseCommand } from '../../src/rulesets/tactics/commands.js';
import { EMPTY_CONFIG } from '../../src/rulesets/tactics/model.js';
import { applyDefinition, parseMapFile, parseUnitsFile } from '../../src/rulesets/tactics/script.js';
import { BASIC_UNITS, VALLEY_MAP, play } from '../helpers/tactics.js';
import { mapArb, typesArb } from '../helpers/tactics-gen.js';

describe('canonical form', () => {
  it('map save writes the terrains sorted by symbol (3.1)', () => {
    const parsed = parseMapFile(VALLEY_MAP);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(makeMapFile(parsed.map)).toBe(
      'map valley 8 6\nterrain % x wall\nterrain . 1 plain\nterrain ^ 2 hill\nterrain ~ 3 swamp\ngrid\n........\n..^^....\n.~~.%...\n.~..%.^.\n....%...\n........\n',
    );
  });

  it('units save writes types and actions sorted by name, targets always (3.2)', () => {
    const parsed = parseUnitsFile(BASIC_UNITS);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(makeUnitsFile(parsed.types)).toBe(
      [
        'unit pyro hp=8 mp=2',
        'action pyro flamethrower range=1 pattern=linear ext=3 damage=5 targets=all',
        'unit soldier hp=5 mp=3',
        'action soldier grenade range=2 pattern=circular ext=2 damage=2 targets=all',
        'action soldier rifle range=3 pattern=linear ext=1 damage=3 targets=enemies',
        '',
      ].join('\n'),
    );
  });

  it('parse(make(map)) = map and make(parse(f)) = f for canonical f (I15)', () => {
    fc.assert(
      fc.property(mapArb(), (map) => {
        const text = makeMapFile(map);
        const parsed = parseMapFile(text);
        expect(parsed).toEqual({ ok: true, map });
        if (parsed.ok) expect(makeMapFile(parsed.map)).toBe(text);
      }),
    );
  });

  it('parse(make(types)) = types (I15)', () => {
    fc.assert(
      fc.property(typesArb, (types) => {
        const text = makeUnitsFile(types);
        const parsed = parseUnitsFile(text);
        expect(parsed).toEqual({ ok: true, types });
        if (parsed.ok) expect(makeUnitsFile(parsed.types)).toBe(text);
      }),
    );
  });

  it('garbage files never throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(fc.constantFrom('map m 3 2', 'terrain . 1 a', 'grid', '...', 'cell 0,0 .', 'unit u hp=1 mp=1', 'action u a range=1 pattern=linear ext=1 damage=1', '#', '', 'x'), { maxLength: 12 }), (text, lines) => {
        for (const t of [text, lines.join('\n')]) {
          expect(() => parseMapFile(t)).not.toThrow();
          expect(() => parseUnitsFile(t)).not.toThrow();
        }
      }),
    );
  });
});

describe('file errors (3.4)', () => {
  it.each([
    ['map bv 3 2\nterrain . 1 plain\n\nterrain ~ 0 mud\n', 4, "bad value '0'"],
    ['map um 3 2\nterrain . 1 plain\nunit x hp=1 mp=1\n', 3, "'unit' not allowed in a map file"],
    ['map uw 3 2\ncolour . red\n', 2, "unknown command 'colour'"],
    ['map uw 3 2\nmap load x.map\n', 2, "'map' not allowed in a map file"],
    ['map ng 3 2\nterrain . 1 plain', 3, 'incomplete map'],
    ['', 1, 'incomplete map'],
    ['map sg 3 3\nterrain . 1 plain\ngrid\n...\n...\n', 6, 'incomplete map'],
    ['map rg 3 2\nterrain . 1 plain\ngrid\n...\n...\ngrid\n...\n', 8, 'incomplete map'],
    ['map br 3 3\nterrain . 1 plain\ngrid\n...\n....\n# bad too\n..?\n', 5, 'grid row 1 has 4 sectors, expected 3'],
    ['map br 3 2\nterrain . 1 plain\ngrid\n...\n.?.\n', 5, "undefined terrain '?' at 1,1"],
    ['grid\n', 1, 'no map'],
  ])('map file %j: line %i, %s', (text, line, message) => expect(parseMapFile(text)).toEqual({ ok: false, line, message }));

  it.each([
    ['unit a hp=1 mp=1\nterrain . 1 plain\n', 2, "'terrain' not allowed in a units file"],
    ['unit a hp=1 mp=1\n\naction a hit range=1 pattern=linear damage=1\n', 3, "missing attribute 'ext'"],
    ['# a type name is required\nunit\n', 2, 'usage: unit <type> hp=<n> mp=<n>'],
    ['players 2\n', 1, "'players' not allowed in a units file"],
  ])('units file %j: line %i, %s', (text, line, message) => expect(parseUnitsFile(text)).toEqual({ ok: false, line, message }));

  it('an empty units file loads zero types', () => expect(parseUnitsFile('# nothing\n')).toEqual({ ok: true, types: [] }));

  const run = (line: string, files: Record<string, string>, dir = '') => {
    const parsed = parseCommand(line);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const store = memoryFiles(Object.entries(files));
    return { result: applyDefinition(EMPTY_CONFIG, parsed.parsed.command, { files: store, dir }), store };
  };

  it('load failures: E_IO, E_FILE with the path as written', () => {
    expect(run('map load nosuch.map', {}).result).toEqual({ ok: false, error: { code: 'E_IO', message: 'cannot read nosuch.map' } });
    expect(run('map load b.map', { 'b.map': 'map b 1 1\n' }).result).toEqual({ ok: false, error: { code: 'E_FILE', message: 'b.map:2: incomplete map' } });
  });

  it('paths resolve against the folder of the file holding the command, printed as written', () => {
    const { result, store } = run('map load maps/a.map', { 'cfg/maps/a.map': 'map a 1 1\nterrain . 1 p\ngrid\n.\n' }, 'cfg');
    expect(result.ok && result.value.events).toEqual([{ t: 'loaded-map', path: 'maps/a.map', map: { name: 'a', width: 1, height: 1, terrains: [{ sym: '.', cost: 1, name: 'p' }], grid: ['.'] } }]);
    if (!result.ok) return;
    const save = parseCommand('map save ../out.map');
    if (!save.ok) throw new Error();
    const saved = applyDefinition(result.value.config, save.parsed.command, { files: store, dir: 'cfg' });
    expect(saved.ok && saved.value.events).toEqual([{ t: 'saved', what: 'map', path: '../out.map' }]);
    expect(store.read('out.map')).toEqual({ ok: true, value: 'map a 1 1\nterrain . 1 p\ngrid\n.\n' });
  });

  // Issue 21, item 12: `map load /etc/passwd` in a setup read it and quoted its first line in the error.
  describe('a file command stays inside its folder unless --allow-outside-paths', () => {
    const MAP = 'map a 1 1\nterrain . 1 p\ngrid\n.\n';
    const refused = (verb: string, path: string) => ({
      ok: false,
      error: { code: 'E_IO', message: `cannot ${verb} ${path} (outside the setup's folder; --allow-outside-paths allows it)` },
    });
    const runAt = (line: string, files: Record<string, string>, dir: string, allowOutside = false) => {
      const parsed = parseCommand(line);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return applyDefinition(EMPTY_CONFIG, parsed.parsed.command, { files: memoryFiles(Object.entries(files)), dir, allowOutside });
    };

    it.each([
      ['map load /etc/passwd', ''],
      ['map load /etc/passwd', 'cfg'],
      ['units load ../x.units', ''],
      ['units load cfg/../../x.units', ''],
      ['map load ../../x.map', 'cfg'],
      ['map load ../y.map', '../other'],
    ])('%s from %j is refused (E_IO), the file never read', (line, dir) => {
      const path = line.split(' ')[2]!;
      expect(runAt(line, { [path]: MAP, 'x.units': 'unit a hp=1 mp=1\n' }, dir)).toEqual(refused('read', path));
    });

    it('save is held the same way', () => {
      expect(runAt('map save /tmp/out.map', {}, '')).toEqual({ ok: false, error: { code: 'E_DEF', message: 'no map' } });
      const loaded = runAt('map load a.map', { 'a.map': MAP }, '');
      if (!loaded.ok) throw new Error(loaded.error.message);
      const save = parseCommand('map save /tmp/out.map');
      if (!save.ok) throw new Error();
      expect(applyDefinition(loaded.value.config, save.parsed.command, { files: memoryFiles([]), dir: '' })).toEqual(refused('write', '/tmp/out.map'));
    });

    it.each([
      ['map load cfg/../a.map', ''],
      ['map load ../a.map', 'cfg'],
      ['map load a.map', '../other'],
    ])('%s from %j stays inside and loads', (line, dir) => {
      const file = dir === '../other' ? '../other/a.map' : 'a.map';
      // memoryFiles does not normalize: the path is stored as the command joins it.
      expect(runAt(line, { [file]: MAP, 'cfg/../a.map': MAP }, dir).ok).toBe(true);
    });

    it('--allow-outside-paths lets an absolute path and .. through', () => {
      expect(runAt('map load /abs/a.map', { '/abs/a.map': MAP }, '', true).ok).toBe(true);
      expect(runAt('map load ../a.map', { '../a.map': MAP }, '', true).ok).toBe(true);
    });

    it('a file that is no map or units file is named so, its first line never quoted', () => {
      const passwd = '# not ours\nroot:x:0:0:root:/root:/bin/bash\n';
      expect(runAt('map load p.map', { 'p.map': passwd }, '')).toEqual({ ok: false, error: { code: 'E_FILE', message: 'p.map:2: not a map file' } });
      expect(runAt('units load p.units', { 'p.units': passwd }, '')).toEqual({ ok: false, error: { code: 'E_FILE', message: 'p.units:2: not a units file' } });
      // A map file with a bad word further on is a map file: its error is quoted as before.
      expect(runAt('map load w.map', { 'w.map': 'map w 2 2\nwall 0,0\n' }, '')).toEqual({ ok: false, error: { code: 'E_FILE', message: "w.map:2: unknown command 'wall'" } });
    });
  });

  it('save needs a map with a grid / a type (E_DEF)', () => {
    expect(run('map save s.map', {}).result).toEqual({ ok: false, error: { code: 'E_DEF', message: 'no map' } });
    expect(run('units save s.units', {}).result).toEqual({ ok: false, error: { code: 'E_DEF', message: 'no unit types' } });
  });

  it('map save then map load leaves the board unchanged (I15)', () => {
    const lines = [
      'map ring 5 4', 'terrain ~ 3 marsh', 'terrain . 1 plain', 'terrain X x rock', 'grid', '.....', '..X~.', '.~X..', '.....', 'cell 4,3 ~',
      'show', 'map save saved.map', 'map other 2 2', 'map load saved.map', 'show',
    ];
    const out = play(lines).stdout;
    const boards = out.filter((l) => /^[ 0-9]/.test(l));
    expect(boards.slice(0, 5)).toEqual(boards.slice(5));
    expect(out).toContain('LOADED map ring 5x4 saved.map');
  });
});
