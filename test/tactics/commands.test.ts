/** The command language (spec 7.1, 7.2): E_COMMAND, E_SYNTAX with each usage string, E_PHASE and the file rules. */
import { describe, expect, it } from 'vitest';
import { allowedInFile, allowedInPhase, parseCommand, type Phase } from '../../src/rulesets/tactics/commands.js';
import { normalize, parseCoord, parseInteger, isName, isSymbol } from '../../src/rulesets/tactics/lexer.js';

const error = (line: string) => {
  const r = parseCommand(line);
  return r.ok ? null : `${r.error.code}: ${r.error.message}`;
};

describe('tokens', () => {
  it.each([
    ['  place\tA2   0,2  ', 'place A2 0,2'],
    ['\t end', 'end'],
    ['a \t \t b', 'a b'],
  ])('normalize %j', (line, want) => expect(normalize(line)).toBe(want));

  it.each([
    ['0', 0], ['7', 7], ['99', 99], ['007', null], ['-1', null], ['100', null], ['x', null], ['', null], ['1.0', null],
  ])('integer %j in 0..99', (t, want) => expect(parseInteger(t, 0, 99)).toBe(want));

  it.each([
    ['1,2', { x: 1, y: 2 }], ['01,003', { x: 1, y: 3 }], ['9999,0', { x: 9999, y: 0 }],
    ['12345,1', null], ['-1,1', null], ['1;1', null], ['1,2,3', null], ['a,b', null], [',1', null],
  ])('coordinate %j', (t, want) => expect(parseCoord(t)).toEqual(want));

  it.each([['a', true], ['a1_-', true], ['abcdefghijklmnopqrst', true], ['abcdefghijklmnopqrstu', false], ['9bad', false], ['Plain', false], ['_a', false]])(
    'name %j',
    (t, want) => expect(isName(t)).toBe(want),
  );

  it.each([['.', true], ['~', true], ['X', true], ['#', false], ['ab', false], [' ', false], ['\x7f', false], ['é', false]])(
    'symbol %j',
    (t, want) => expect(isSymbol(t)).toBe(want),
  );
});

describe('E_COMMAND then E_SYNTAX (7.2)', () => {
  it.each([
    ['fly A1 1,1', "E_COMMAND: unknown command 'fly'"],
    ['Fly', "E_COMMAND: unknown command 'Fly'"],
    ['!', "E_COMMAND: unknown command '!'"],
    ['move', 'E_SYNTAX: usage: move <unit> <x>,<y>'],
    ['move A1 1,1 now', 'E_SYNTAX: usage: move <unit> <x>,<y>'],
    ['move A1 -1,1', 'E_SYNTAX: usage: move <unit> <x>,<y>'],
    ['move A1 12345,1', 'E_SYNTAX: usage: move <unit> <x>,<y>'],
    ['act A1 rifle', 'E_SYNTAX: usage: act <unit> <action> <x>,<y>'],
    ['reach', 'E_SYNTAX: usage: reach <unit>'],
    ['end now', 'E_SYNTAX: usage: end'],
    ['concede P1', 'E_SYNTAX: usage: concede'],
    ['show all', 'E_SYNTAX: usage: show'],
    ['start now', 'E_SYNTAX: usage: start'],
    ['autoplace A1', 'E_SYNTAX: usage: autoplace'],
    ['place A1', 'E_SYNTAX: usage: place <unit> <x>,<y>'],
    ['players', 'E_SYNTAX: usage: players <2-8>'],
    ['players 2 3', 'E_SYNTAX: usage: players <2-8>'],
    ['limit', 'E_SYNTAX: usage: limit <1-99>'],
    ['seed', 'E_SYNTAX: usage: seed <0-4294967295>'],
    ['rounds', 'E_SYNTAX: usage: rounds <1-9999>'],
    ['movecost', 'E_SYNTAX: usage: movecost between|enter'],
    ['army P1', 'E_SYNTAX: usage: army <player> <type>[*n]...'],
    ['map m 3', 'E_SYNTAX: usage: map <name> <W> <H>'],
    ['map load', 'E_SYNTAX: usage: map load|save <path>'],
    ['MAP SAVE a b', 'E_SYNTAX: usage: map load|save <path>'],
    ['units frob x', 'E_SYNTAX: usage: units load|save <path>'],
    ['units', 'E_SYNTAX: usage: units load|save <path>'],
    ['terrain . 1', 'E_SYNTAX: usage: terrain <sym> <cost|x> <name>'],
    ['grid 3', 'E_SYNTAX: usage: grid'],
    ['cell 0,x .', 'E_SYNTAX: usage: cell <x>,<y> <sym>'],
    ['unit', 'E_SYNTAX: usage: unit <type> hp=<n> mp=<n>'],
    ['action soldier', 'E_SYNTAX: usage: action <type> <name> key=value...'],
  ])('%j -> %s', (line, want) => expect(error(line)).toBe(want));

  it.each(['unit soldier', 'action a b', 'map m 0 3', 'army Q1 u', 'players two', 'move A1 9999,9999', 'MOVE a1 01,03', 'Units Save x'])(
    '%j has a good shape (its values are checked later)',
    (line) => expect(error(line)).toBeNull(),
  );

  it('keeps the command word in lower case for E_PHASE (D33)', () => {
    const r = parseCommand('MAP LOAD arena.map');
    expect(r.ok && r.parsed.word).toBe('map');
  });
});

describe('phases and files', () => {
  const cmd = (line: string) => {
    const r = parseCommand(line);
    if (!r.ok) throw new Error(r.error.message);
    return r.parsed.command;
  };
  const phases: Phase[] = ['setup', 'placement', 'battle'];
  it.each([
    ['map m 3 3', 'S'], ['terrain . 1 a', 'S'], ['grid', 'S'], ['cell 0,0 .', 'S'], ['unit u hp=1 mp=1', 'S'], ['action u a', 'S'],
    ['players 2', 'S'], ['limit 1', 'S'], ['rounds 1', 'S'], ['movecost enter', 'S'], ['army P1 u', 'S'], ['start', 'S'],
    ['map load x', 'S'], ['units load x', 'S'], ['map save x', 'SPB'], ['units save x', 'SPB'], ['show', 'SPB'],
    ['place A1 0,0', 'P'], ['autoplace', 'P'], ['move A1 0,0', 'B'], ['act A1 a 0,0', 'B'], ['end', 'B'], ['concede', 'B'], ['reach A1', 'B'],
    ['seed 1', ''],
  ])('%j is allowed in %j', (line, where) => {
    const got = phases.filter((p) => allowedInPhase(cmd(line), p)).map((p) => p[0]!.toUpperCase()).join('');
    expect(got).toBe(where);
  });

  it.each([
    ['seed 1', 'setup', true], ['start', 'setup', false], ['show', 'setup', false], ['map save x', 'setup', true],
    ['end', 'setup', false], ['terrain . 1 a', 'map', true], ['unit u hp=1 mp=1', 'map', false], ['map load x', 'map', false],
    ['unit u hp=1 mp=1', 'units', true], ['terrain . 1 a', 'units', false], ['players 2', 'units', false],
  ] as const)('%j in a %s file: %s', (line, file, want) => expect(allowedInFile(cmd(line), file)).toBe(want));
});
