/**
 * Sheet errors (spec §3.1, D60): every row of the table with its exact message and position, the check
 * order within a line and a character, and files read in the order given.
 */
import { describe, expect, it } from 'vitest';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import { char, memFilesError } from './sheet-helpers.js';

const ok = (text: string) => parseSheets([{ path: 's.sheet', text }]);
/** The E_SHEET line for a character whose block holds `lines` after the four required stats (line 6 on). */
const inBlock = (...lines: string[]) => memFilesError(char('Cap', lines));

describe('sheet errors: lines outside and around blocks', () => {
  it.each([
    ['stat VIT 1', "s.sheet:1: E_SHEET: expected 'character <Id>'"],
    ['end', "s.sheet:1: E_SHEET: expected 'character <Id>'"],
    ['character', 's.sheet:1: E_SHEET: expected character <Id> with a name that is not a reserved word'],
    ['character Cap Two', 's.sheet:1: E_SHEET: expected character <Id> with a name that is not a reserved word'],
    ['character for', 's.sheet:1: E_SHEET: expected character <Id> with a name that is not a reserved word'],
    ['character b', 's.sheet:1: E_SHEET: expected character <Id> with a name that is not a reserved word'],
    ['character 9lives', 's.sheet:1: E_SHEET: expected character <Id> with a name that is not a reserved word'],
    ['character Cap\ncharacter Bob', "s.sheet:2: E_SHEET: expected 'end' before a new character"],
    ['character Cap\n  hat on', "s.sheet:2: E_SHEET: expected character, stat, fuetier, passive, skill or end, got 'hat'"],
    ['character Cap\n  stat VIT 1', "s.sheet:3: E_SHEET: expected 'end' for character Cap"],
    ['character Cap\n  stat VIT 1\n', "s.sheet:3: E_SHEET: expected 'end' for character Cap"],
  ])('%j', (text, expected) => {
    expect(memFilesError(text)).toBe(expected);
  });

  it('skips blank and whole-line comment lines but counts them; a trailing # is part of the line', () => {
    expect(memFilesError('# roster\n\n   # indented comment\nhello')).toBe("s.sheet:4: E_SHEET: expected 'character <Id>'");
    expect(memFilesError(char('Cap', ['stat ARMA 400   # hit points']))).toBe(
      's.sheet:6: E_SHEET: expected stat <NAME> <integer 0..10000000>',
    );
  });

  it('names a duplicate character across files at the second definition, files in the order given', () => {
    const a = char('Cap');
    const result = parseSheets([
      { path: 'b.sheet', text: a },
      { path: 'a.sheet', text: `# again\n${a}` },
    ]);
    expect(result).toEqual({ ok: false, error: "a.sheet:2: E_SHEET: expected a new character name, got duplicate 'Cap'" });
  });
});

describe('sheet errors: stat, fuetier, passive', () => {
  it.each([
    [['stat ARMA'], 's.sheet:6: E_SHEET: expected stat <NAME> <integer 0..10000000>'],
    [['stat arma 4'], 's.sheet:6: E_SHEET: expected stat <NAME> <integer 0..10000000>'],
    [['stat ARMA 10000001'], 's.sheet:6: E_SHEET: expected stat <NAME> <integer 0..10000000>'],
    [['stat ARMA -1'], 's.sheet:6: E_SHEET: expected stat <NAME> <integer 0..10000000>'],
    [['stat VIT 5'], 's.sheet:6: E_SHEET: expected stat VIT only once'],
    [['fuetier IV 3'], 's.sheet:6: E_SHEET: expected fuetier <III|II|I|0> <1..99>'],
    [['fuetier II 0'], 's.sheet:6: E_SHEET: expected fuetier <III|II|I|0> <1..99>'],
    [['fuetier ii 3', 'fuetier I 2'], 's.sheet:7: E_SHEET: expected fuetier only once'],
    [['passive slots+100'], 's.sheet:6: E_SHEET: expected slots+<0..99>'],
    [['passive dmg'], 's.sheet:6: E_SHEET: expected passive <spec> <value>'],
    [['passive slots+x'], 's.sheet:6: E_SHEET: expected passive <spec> <value>'],
    [['passive dmg +10% x'], 's.sheet:6: E_SHEET: expected passive <spec> <value>'],
    [
      ['passive cost -1'],
      "s.sheet:6: E_SHEET: expected a passive stat.<NAME>, dmg, def, dmgdef, pdef, red, imm, noslot or slots+N spec, got 'cost -1'",
    ],
    [
      ['passive red 0%/fis'],
      "s.sheet:6: E_SHEET: expected a passive stat.<NAME>, dmg, def, dmgdef, pdef, red, imm, noslot or slots+N spec, got 'red 0%/fis'",
    ],
    [
      ['passive pdef 50/xyz'],
      "s.sheet:6: E_SHEET: expected a passive stat.<NAME>, dmg, def, dmgdef, pdef, red, imm, noslot or slots+N spec, got 'pdef 50/xyz'",
    ],
    [
      ['passive dmg +1001%'],
      "s.sheet:6: E_SHEET: expected a passive stat.<NAME>, dmg, def, dmgdef, pdef, red, imm, noslot or slots+N spec, got 'dmg +1001%'",
    ],
    [
      ['passive noslot 1'],
      "s.sheet:6: E_SHEET: expected a passive stat.<NAME>, dmg, def, dmgdef, pdef, red, imm, noslot or slots+N spec, got 'noslot 1'",
    ],
  ])('%j', (lines, expected) => {
    expect(inBlock(...lines)).toBe(expected);
  });

  it('accepts every passive form, case-insensitive keywords included', () => {
    const text = char('Cap', [
      'stat FUE 100',
      'PASSIVE Stat.FUE +10%',
      'passive stat.FUE -50',
      'passive DMG +12.5%',
      'passive def -5',
      'passive dmgdef +1',
      'passive pdef 50/*',
      'passive red 100%/fis+ENE',
      'passive imm Partial/*',
      'passive NOSLOT',
      'passive slots+2',
    ]);
    expect(ok(text).ok).toBe(true);
  });
});

describe('sheet errors: skill head and properties', () => {
  it.each([
    ['skill Bolt', 'expected skill <Name> <class> <property>...'],
    ['skill on offensive', "expected a skill name that is not a reserved word, got 'on'"],
    ['skill Norange offensive', "expected a skill name that is not a reserved word, got 'Norange'"],
    ['skill Bolt magic', "expected a skill class (offensive, defence, evasion, counter, anticipation, annulment, supplementary, join, interference), got 'magic'"],
    ['skill Bolt evasion res=4', "expected a property of an evasion skill, got 'res=4'"],
    ['skill Bolt defence int foo', "expected a property of a defence skill, got 'foo'"],
    ['skill Bolt evasion cost=1 COST=2', "expected property 'cost' only once"],
    ['skill Bolt join now=1', "expected bare flag 'now'"],
    ['skill Bolt join cost', 'expected cost=<value>'],
    ['skill Bolt join cost=100', 'expected cost=<0..99>'],
    ['skill Bolt join cd=x', 'expected cd=<0..99>'],
    ['skill Bolt join uses=-1', 'expected uses=<0..99> or uses=*'],
    ['skill Bolt offensive targets=0', 'expected targets=<1..99> or targets=*'],
    ['skill Bolt supplementary targets=*', 'expected targets=<1..99>'],
    ['skill Bolt offensive area=0', 'expected area=<1..99>'],
    ['skill Bolt offensive cone=1', 'expected cone=<2..99>'],
    ['skill Bolt evasion maxarea=100', 'expected maxarea=<0..99>'],
    ['skill Bolt offensive hits=5', 'expected hits=<EXPR>;<EXPR>[;...] with at least 2 entries'],
    ['skill Bolt offensive hits=5;VIT*x', "expected hits=<STAT>*<factor> or an integer, got 'VIT*x'"],
    ['skill Bolt offensive dmg=vit*2', "expected dmg=<STAT>*<factor> or an integer, got 'vit*2'"],
    ['skill Bolt offensive dmg=VIT*100.001', "expected dmg=<STAT>*<factor> or an integer, got 'VIT*100.001'"],
    ['skill Bolt offensive dmg=VIT*1.2345', "expected dmg=<STAT>*<factor> or an integer, got 'VIT*1.2345'"],
    ['skill Bolt defence int res=-5', "expected res=<STAT>*<factor> or an integer, got '-5'"],
    ['skill Bolt offensive kinds=fis+fis', "expected kinds=<kind>[+<kind>...] from fis ign gel ene ele men son tem mis alma, got 'fis+fis'"],
    ['skill Bolt offensive kinds=*', "expected kinds=<kind>[+<kind>...] from fis ign gel ene ele men son tem mis alma, got '*'"],
    ['skill Bolt defence vs=wind', "expected vs=<kind>[+<kind>...], got 'wind'"],
    ['skill Bolt interference mode=now', 'expected mode=turn or mode=action'],
    ['skill Bolt offensive req-def=REF', 'expected req-def=REF:<n>[+VEL:<n>]'],
    ['skill Bolt offensive req-react=REF:1+REF:2', 'expected req-react=REF:<n>[+VEL:<n>]'],
    ['skill Bolt defence ext int', 'expected int or ext, not both'],
  ])('%s', (line, message) => {
    expect(inBlock(line)).toBe(`s.sheet:6: E_SHEET: ${message}`);
  });

  it('reports a duplicate skill name at its line', () => {
    expect(inBlock('skill Dodge evasion', 'skill Dodge evasion')).toBe("s.sheet:7: E_SHEET: expected a new skill name, got duplicate 'Dodge'");
  });

  it('checks properties from left to right', () => {
    expect(inBlock('skill Bolt offensive cost=x foo')).toBe('s.sheet:6: E_SHEET: expected cost=<0..99>');
    expect(inBlock('skill Bolt offensive foo cost=x')).toBe("s.sheet:6: E_SHEET: expected a property of an offensive skill, got 'foo'");
  });
});

describe('sheet errors: fx items', () => {
  it.each([
    ['fx=dot:Venom:10', "expected dot:<Type>:<EXPR>:<ticks>[:<kinds>], got 'dot:Venom:10'"],
    ['fx=dot:9x:10:2', "expected dot:<Type>:<EXPR>:<ticks>[:<kinds>], got 'dot:9x:10:2'"],
    ['fx=dot:Venom:10:0', "expected dot:<Type>:<EXPR>:<ticks 1..99>[:<kinds>], got 'dot:Venom:10:0'"],
    ['fx=dot:Venom:x:2', "expected dot:<Type>:<EXPR>:<ticks 1..99>[:<kinds>], got 'dot:Venom:x:2'"],
    ['fx=dot:Venom:10:2:*', "expected dot:<Type>:<EXPR>:<ticks 1..99>[:<kinds>], got 'dot:Venom:10:2:*'"],
    ['fx=mod:dmg:-10%', "expected mod:<chan>:<value>[/<kinds>]:<dur>[:self], got 'mod:dmg:-10%'"],
    ['fx=mod:dmg:-10%:1r:them', "expected mod:<chan>:<value>[/<kinds>]:<dur>[:self], got 'mod:dmg:-10%:1r:them'"],
    ['fx=mod:luck:-10%:1r', "expected a modifier channel and value, got 'luck:-10%'"],
    ['fx=mod:cost:+1:1r:self', "expected a modifier channel and value, got 'cost:+1'"],
    ['fx=mod:dmg:-10%:0r', "expected a duration perm, <N>r, <N>a or next (dmg/dmgdef only), got '0r'"],
    ['fx=mod:def:-10%:next', "expected a duration perm, <N>r, <N>a or next (dmg/dmgdef only), got 'next'"],
    ['fx=status:Dazed', "expected status:<Name>:<dur>[:self], got 'status:Dazed'"],
    ['fx=status:Dazed:1r:me', "expected status:<Name>:<dur>[:self], got 'status:Dazed:1r:me'"],
    ['fx=status:Dazed:next', "expected a duration perm, <N>r or <N>a, got 'next'"],
    ['fx=burn:3', "expected an fx item dot:, mod: or status:, got 'burn:3'"],
    ['fx=mod:dmg:+10%:1r', 'expected a mod on an enemy to be negative and not pdef, red or imm'],
    ['fx=mod:pdef:-10/*:1r', "expected a modifier channel and value, got 'pdef:-10/*'"],
    ['fx=mod:red:10%/*:1r', 'expected a mod on an enemy to be negative and not pdef, red or imm'],
  ])('%s', (prop, message) => {
    expect(inBlock(`skill Bolt offensive kinds=fis dmg=10 ${prop}`)).toBe(`s.sheet:6: E_SHEET: ${message}`);
  });

  it('accepts positive mods with :self and any mod on a supplementary skill', () => {
    expect(ok(char('Cap', ['skill Bolt offensive kinds=fis dmg=10 fx=mod:dmg:+10%:1r:self,mod:imm:total/*:2a:SELF'])).ok).toBe(true);
    expect(ok(char('Cap', ['skill Buff supplementary fx=mod:red:10%/*:1r,mod:cost:-1:perm,status:X:2A'])).ok).toBe(true);
  });
});

describe('sheet errors: whole-skill checks in order', () => {
  it.each([
    ['skill Bolt offensive prep dmg=1', 'expected prep only on a supplementary or join skill'],
    ['skill Bolt offensive dmg=1 hits=1;2', 'expected dmg= or hits=, not both'],
    ['skill Bolt offensive cost=1', 'expected an offensive skill with dmg=, hits= or fx='],
    ['skill Bolt offensive dmg=1', 'expected kinds= on an offensive skill that deals damage'],
    ['skill Bolt offensive dmg=1 kinds=fis ignore pierce', 'expected ignore or pierce, not both'],
    ['skill Bolt offensive dmg=1 kinds=fis area=2 cone=2', 'expected area= or cone=, not both'],
    ['skill Wall defence res=10', 'expected int or ext on a defence skill'],
    ['skill Wall defence int', 'expected res=<EXPR> on a defence skill'],
    ['skill Wall defence int res=1 omni', 'expected allies, zone and omni only on an ext defence'],
    ['skill Back counter dmg=1', 'expected dmg= and kinds= on a counter skill'],
    ['skill Back counter dmg=1 kinds=fis melee ranged', 'expected melee or ranged, not both'],
    ['skill Guess anticipation kinds=fis', 'expected dmg= and kinds= on an anticipation skill'],
    ['skill Null annulment dmg=5', 'expected kinds= with dmg= on an annulment skill'],
    ['skill Buff supplementary cost=1', 'expected fx= on a supplementary skill'],
    ['skill Meddle interference cost=1', 'expected mode=turn or mode=action on an interference skill'],
    ['skill Back counter dmg=1 kinds=fis fx=mod:stat.VIT:+1:1r', 'expected a mod on an enemy to be negative and not pdef, red or imm'],
  ])('%s', (line, message) => {
    expect(inBlock(line)).toBe(`s.sheet:6: E_SHEET: ${message}`);
  });
});

describe('sheet errors at end', () => {
  it('checks tokens after end, then VIT, PA, REF, VEL, then declared stats in order of first use, then the VIT total', () => {
    expect(memFilesError('character Cap\n  stat VIT 1\nend now')).toBe("s.sheet:3: E_SHEET: expected 'end'");
    expect(memFilesError('character Cap\n  stat VEL 1\n  stat REF 1\nend')).toBe("s.sheet:4: E_SHEET: expected a 'stat VIT' line in character Cap");
    expect(memFilesError('character Cap\n  stat VIT 1\n  stat VEL 1\nend')).toBe("s.sheet:4: E_SHEET: expected a 'stat PA' line in character Cap");
    expect(memFilesError(char('Cap', ['skill Zap offensive kinds=fis dmg=ARMA*2', 'passive stat.FUE +1']))).toBe(
      's.sheet:8: E_SHEET: expected stat ARMA to be declared in character Cap',
    );
    expect(memFilesError(char('Cap', ['passive stat.FUE +1', 'skill Zap offensive kinds=fis dmg=ARMA*2']))).toBe(
      's.sheet:8: E_SHEET: expected stat FUE to be declared in character Cap',
    );
    expect(memFilesError(char('Cap', ['skill Zap offensive fx=dot:V:EN*1:2']))).toBe('s.sheet:7: E_SHEET: expected stat EN to be declared in character Cap');
    expect(memFilesError(char('Cap', [], { VIT: 0, PA: 1, REF: 1, VEL: 1 }))).toBe(
      's.sheet:6: E_SHEET: expected a VIT total of at least 1 in character Cap',
    );
    expect(memFilesError(char('Cap', ['passive stat.VIT -100%'], { VIT: 10, PA: 1, REF: 1, VEL: 1 }))).toBe(
      's.sheet:7: E_SHEET: expected a VIT total of at least 1 in character Cap',
    );
  });

  it('loads a valid roster, keywords in any case', () => {
    const result = ok(`CHARACTER Cap\n STAT VIT 10\n Stat PA 1\n stat REF 1\n stat VEL 1\n Skill Hit OFFENSIVE KINDS=FIS Dmg=5\nEND`);
    expect(result.ok && result.roster[0]!.skills[0]).toMatchObject({ name: 'Hit', cls: 'offensive', kinds: ['fis'] });
  });
});

describe('a sheet with no character', () => {
  it('empty, or comments and blank lines only: the missing character line, at the line after the last', () => {
    expect(parseSheets([{ path: 'empty.sheet', text: '' }])).toEqual({ ok: false, error: "empty.sheet:1: E_SHEET: expected 'character <Id>'" });
    expect(parseSheets([{ path: 'notes.sheet', text: '# only a note\n\n' }])).toEqual({ ok: false, error: "notes.sheet:3: E_SHEET: expected 'character <Id>'" });
  });
});

describe('sheet errors: version 2 keys (§3.1, D76)', () => {
  it.each([
    ['passive flight 0', 'expected passive flight <1..99>'],
    ['passive flight 100', 'expected passive flight <1..99>'],
    ['passive flight', 'expected passive <spec> <value>'],
    ['passive flight 2 3', 'expected passive <spec> <value>'],
    ['skill S offensive kinds=fis dmg=1 range=0', 'expected range=<1..99>'],
    ['skill S offensive kinds=fis dmg=1 line=0', 'expected line=<1..99>'],
    ['skill S offensive kinds=fis dmg=1 line=2 cone=2', 'expected only one of area=, cone= and line='],
    ['skill S offensive kinds=fis dmg=1 cone=2 range=3', 'expected range= only on a direct or area skill'],
    ['skill S offensive kinds=fis dmg=1 noallies', 'expected noallies only with area=, cone= or line='],
    ['skill S offensive kinds=fis dmg=1 noallies=1', "expected bare flag 'noallies'"],
    ['skill S annulment melee range=1', "expected a property of an annulment skill, got 'range=1'"],
    ['skill S defence int res=1 range=1', "expected a property of a defence skill, got 'range=1'"],
    ['skill S supplementary fx=heal:FUE*2', 'expected stat FUE to be declared in character Cap'],
    ['skill S supplementary fx=heal:10:men:mis', "expected heal:<EXPR>[:<kinds>], got 'heal:10:men:mis'"],
    ['skill S supplementary fx=heal:10:men+men', "expected heal:<EXPR>[:<kinds>], got 'heal:10:men+men'"],
    ['skill S supplementary fx=heal:x', "expected heal:<EXPR>[:<kinds>], got 'heal:x'"],
    ['skill S counter kinds=fis dmg=1 fx=heal:10', 'expected heal: only on a supplementary skill'],
    ['skill S supplementary fx=cure:10', "expected an fx item dot:, mod: or status:, got 'cure:10'"],
  ])('%s', (line, message) => {
    const at = line.includes('FUE') ? 7 : 6;
    expect(inBlock(line)).toBe(`s.sheet:${at}: E_SHEET: ${message}`);
  });

  it('a second passive flight is refused; one line of each v2 key loads', () => {
    expect(inBlock('passive flight 2', 'passive flight 3')).toBe('s.sheet:7: E_SHEET: expected passive flight only once');
    expect(
      inBlock(
        'passive flight 2',
        'skill A1 offensive kinds=fis dmg=1 area=2 range=4 noallies',
        'skill L1 offensive kinds=fis dmg=1 line=5 noallies',
        'skill C1 counter ranged kinds=fis dmg=1 range=3',
        'skill P1 anticipation kinds=men dmg=1 range=2',
        'skill H1 supplementary fx=heal:50:mis+men',
      ),
    ).toBe('ok');
  });
});
