/**
 * The setup file (9.2): every E_SETUP message of the spec with its line (D53, D56), defaults, the engine's
 * load result, the round trip parseSetup(makeSetup(d)) = d (I15) and garbage that never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import engine from '../../src/rulesets/marauders/engine.js';
import { parseSetup } from '../../src/rulesets/marauders/parse-setup.js';
import { makeSetup } from '../../src/rulesets/marauders/setup-doc.js';
import { memFiles } from '../helpers/marauders.js';
import { readAndLoad } from '../../src/core/run.js';

const B5 = 'board\nFWWGW\nFWPFP\nGSSWP\nWSFFS\nSPWPW';

/** [setup text, the stderr line] — the corpus' setup cases and one row per further message. */
const ERRORS: readonly (readonly [string, string])[] = [
  ['tier rank 1\nmode 3d', "g.setup:2: E_SETUP: bad value '3d' for mode; expected 2d|1d"],
  ['seed 1\ntier rank 1\nseed 2', "g.setup:3: E_SETUP: duplicate key 'seed'"],
  ['options gravity-out,static,gravity-fixed\ntier rank 1', 'g.setup:1: E_SETUP: options gravity-out and gravity-fixed exclude each other'],
  ['tier rank 1\noptions block-chain, bonus-variant', "g.setup:2: E_SETUP: option 'bonus-variant' is not available in v1"],
  [`tier rank 1\nmark A2 cover\n${B5}`, 'g.setup:2: E_SETUP: cover cannot go on A2'],
  ['options static\ntier rank 2\nmode 1d', 'g.setup:3: E_SETUP: static is not available in 1D'],
  ['# setup with a typo\ntier rank 1\n\ncolour blue', "g.setup:4: E_SETUP: unknown key 'colour'"],
  ['tier rank 10', "g.setup:1: E_SETUP: bad value 'rank 10' for tier; expected rank <1-9>|standard <name>|casual <name>"],
  ['tier standard expert\nmode 1d', 'g.setup:2: E_SETUP: 1D cannot use standard expert'],
  ['options foo', "g.setup:1: E_SETUP: bad value 'foo' for options; expected none or a comma list of ids"],
  ['options static, static', "g.setup:1: E_SETUP: duplicate option 'static'"],
  ['options long,extended', 'g.setup:1: E_SETUP: options long and extended exclude each other'],
  ['seed 4294967296', "g.setup:1: E_SETUP: bad value '4294967296' for seed; expected 0..4294967295"],
  ['player P3 Zed', "g.setup:1: E_SETUP: bad value 'P3 Zed' for player; expected P1|P2 <name>"],
  ['player P1 a-name-longer-than16', "g.setup:1: E_SETUP: bad value 'P1 a-name-longer-than16' for player; expected P1|P2 <name>"],
  ['turn-limit 10000', "g.setup:1: E_SETUP: bad value '10000' for turn-limit; expected 1..9999"],
  ['start-turn 0', "g.setup:1: E_SETUP: bad value '0' for start-turn; expected 1..9999"],
  ['elements SFGWP', 'g.setup:1: E_SETUP: elements is only valid with a standard or casual tier'],
  ['tier casual first\nelements SFGWP', "g.setup:2: E_SETUP: bad value 'SFGWP' for elements; expected 4 distinct element letters"],
  ['tier standard easy\nelements SFGWW', "g.setup:2: E_SETUP: bad value 'SFGWW' for elements; expected 5 distinct element letters"],
  ['start-turn 20\nturn-limit 10', 'g.setup:2: E_SETUP: start-turn 20 is after turn-limit 10'],
  ['hp 26 25', "g.setup:1: E_SETUP: bad value '26 25' for hp; expected <a> <b>, each 1..25"],
  ['options extended\nhp 0 50', "g.setup:2: E_SETUP: bad value '0 50' for hp; expected <a> <b>, each 1..50"],
  ['force 1 1000000', "g.setup:1: E_SETUP: bad value '1 1000000' for force; expected <a> <b>, each 0..999999"],
  ['board now', "g.setup:1: E_SETUP: bad value 'now' for board; expected nothing (the rows follow)"],
  ['tier rank 1\nboard\nFWWGW\nFWPFP', 'g.setup:2: E_SETUP: board has 2 rows, expected 5'],
  ['tier rank 1\nboard\nFWWGW\nFWPF\nGSSWP\nWSFFS\nSPWPW', 'g.setup:4: E_SETUP: board row B has 4 cells, expected 5'],
  ['tier rank 1\nboard\nFWWGW\nFWPFP\nGSSWI\nWSFFS\nSPWPW', "g.setup:5: E_SETUP: 'I' at C5 is not an element in play"],
  ['tier rank 1\nboard\nFWWGW\nFWPFP\nGSSSP\nWSFFS\nSPWPW', 'g.setup:2: E_SETUP: board has a line at C2'],
  ['tier rank 1\nboard\nSGSGS\nFWFWF\nSGSGS\nFWFWF\nSGSGS', 'g.setup:2: E_SETUP: board has no legal matching swap'],
  ['tier rank 1\nmark F1 warp', 'g.setup:2: E_SETUP: F1 is outside the 5x5 board'],
  ['tier rank 1\nmark B1 shifterF', 'g.setup:2: E_SETUP: shifterF cannot go on B1'],
  ['mode 1d\ntier rank 1\nmark C3 mirrorF', 'g.setup:3: E_SETUP: mirrorF cannot go on C3'],
  ['tier rank 1\nmark C3 mirror', "g.setup:2: E_SETUP: bad value 'C3 mirror' for mark; expected <cell> <mark token>"],
  ['tier rank 1\nshield P1.X F S3', "g.setup:2: E_SETUP: bad value 'P1.X F S3' for shield; expected P1|P2.X|Y <lane> <element><strength>"],
  ['mode 1d\ntier rank 1\nshield P2.Y 1 S3', "g.setup:3: E_SETUP: bad value 'P2.Y 1 S3' for shield; expected P1|P2.X|Y <lane> <element><strength>"],
  ['tier rank 1\nshield P1.X A I3', "g.setup:2: E_SETUP: bad value 'P1.X A I3' for shield; expected P1|P2.X|Y <lane> <element><strength>"],
  ['tier rank 1\nshield P1.X A s3', "g.setup:2: E_SETUP: bad value 'P1.X A s3' for shield; expected P1|P2.X|Y <lane> <element><strength>"],
  ['tier rank 1\npending P1 O', "g.setup:2: E_SETUP: bad value 'P1 O' for pending; expected P1|P2 <element letter>"],
  // D87: the form of shield, mark and pending lines and their repeats are checked when the line is read
  ['tier rank 1\nmark A1 glitter\nseed x', "g.setup:2: E_SETUP: bad value 'A1 glitter' for mark; expected <cell> <mark token>"],
  ['shield P1.Z A S3\nseed x', "g.setup:1: E_SETUP: bad value 'P1.Z A S3' for shield; expected P1|P2.X|Y <lane> <element><strength>"],
  ['pending P1 f\nseed x', "g.setup:1: E_SETUP: bad value 'P1 f' for pending; expected P1|P2 <element letter>"],
  ['mark A1 rose\nmark a1 cover\nseed x', "g.setup:2: E_SETUP: duplicate key 'mark'"],
  ['shield P1.X A S3\nshield p1.x a F2\nseed x', "g.setup:2: E_SETUP: duplicate key 'shield'"],
  ['pending P1 S\npending P1 F\nseed x', "g.setup:2: E_SETUP: duplicate key 'pending'"],
  // ... while what needs the tier still waits for the whole file (a lane off the board, an element not in play)
  ['shield P1.X G S3\ntier rank 1\nhp 0 0', "g.setup:3: E_SETUP: bad value '0 0' for hp; expected <a> <b>, each 1..25"],
  // D88: the whole-file checks in their fixed order
  ['start-turn 16\nturn-limit 10\ntier rank 1\nelements SFGWP', 'g.setup:2: E_SETUP: start-turn 16 is after turn-limit 10'],
  ['tier rank 1\nelements SFGWP\nmode 1d\noptions static', 'g.setup:4: E_SETUP: static is not available in 1D'],
  ['tier rank 1\nhp 0 1\nboard\nFWWGW\nFWPFP', "g.setup:2: E_SETUP: bad value '0 1' for hp; expected <a> <b>, each 1..25"],
  ['tier rank 1\nshield P1.X A I3\nmark F1 warp', 'g.setup:3: E_SETUP: F1 is outside the 5x5 board'],
  // D89: integers may have leading zeros (a rank of 07 is rank 7)
  ['tier rank 03\nturn-limit 010\nstart-turn 011', 'g.setup:3: E_SETUP: start-turn 11 is after turn-limit 10'],
  // D90: an unknown id is quoted as written; a conflict within one line is reported when it is read
  ['options Bogus', "g.setup:1: E_SETUP: bad value 'Bogus' for options; expected none or a comma list of ids"],
  ['options LONG,Extended\nseed x', 'g.setup:1: E_SETUP: options long and extended exclude each other'],
  // D96: ids are separated by commas only
  ['options gravity-out block-chain', "g.setup:1: E_SETUP: bad value 'gravity-out block-chain' for options; expected none or a comma list of ids"],
  // version 2 keys and options (9.2, D67, D77, D87, D88, D90), each worked out from the spec's order
  ['spell P1 glitter\nseed x', "g.setup:1: E_SETUP: bad value 'P1 glitter' for spell; expected P1|P2 <element letter or exclusive spell>"],
  ['options non-matching\nspell P1 merger\nspell p1 aligner\nseed x', "g.setup:3: E_SETUP: duplicate key 'spell'"],
  ['tier rank 1\noptions non-matching\nspell P2 K\nspell P1 O', "g.setup:4: E_SETUP: bad value 'P1 O' for spell; expected P1|P2 <element letter or exclusive spell>"],
  ['tier rank 1\noptions non-matching\nspell P1 O\nspell P2 W\nhp 99 1', "g.setup:5: E_SETUP: bad value '99 1' for hp; expected <a> <b>, each 1..25"],
  ['pending P1 F\nspell P1 merger', 'g.setup:2: E_SETUP: spell is only valid with non-matching'],
  ['spell P1 merger\npending P1 F\noptions single', 'g.setup:3: E_SETUP: pending is not available with single'],
  ['options reverse,static,single', 'g.setup:1: E_SETUP: options reverse and single exclude each other'],
  ['options gravity-in,single,gravity-out,static', 'g.setup:1: E_SETUP: options single and static exclude each other'],
  ['options extended,non-matching,long,single', 'g.setup:1: E_SETUP: options non-matching and single exclude each other'],
  ['options Adjacent,quad', "g.setup:1: E_SETUP: option 'quad' is not available in v1"],
  // D95: a board block goes on across blank and comment lines
  ['tier rank 1\nboard\nFWWGW\n# a comment\n\nFWPFP\nGSSSP\nWSFFS\nSPWPW', 'g.setup:2: E_SETUP: board has a line at C2'],
];

describe('setup errors (9.2, D53, D56)', () => {
  it.each(ERRORS.map(([text, err]) => [err, text] as const))('%s', (err, text) => {
    const r = parseSetup(text + '\n', 'g.setup');
    expect(r.ok ? 'accepted' : r.error).toBe(err);
  });

  it('load fails with nothing on stdout and the positioned line on stderr', () => {
    const loaded = readAndLoad(engine, { args: ['g.setup'], options: {}, files: memFiles({ 'g.setup': 'tier rank 1\nmode 3d\n' }) });
    expect(loaded).toEqual({ ok: false, stdout: [], stderr: ["g.setup:2: E_SETUP: bad value '3d' for mode; expected 2d|1d"] });
  });

  it('an unreadable setup file fails the load', () => {
    const loaded = readAndLoad(engine, { args: ['missing.setup'], options: {}, files: memFiles({}) });
    expect(loaded.ok).toBe(false);
  });
});

describe('accepted setups', () => {
  it('defaults: every key optional', () => {
    const r = parseSetup('', 'g.setup');
    expect(r).toEqual({ ok: true, doc: { names: {}, shields: [], marks: [], pending: [] } });
  });

  it('returns the setup seed as Loaded.seed', () => {
    const loaded = readAndLoad(engine, { args: ['g.setup'], options: {}, files: memFiles({ 'g.setup': 'seed 2014\n' }) });
    expect(loaded.ok && loaded.seed).toBe(2014);
  });

  it('keys and words are case-insensitive; BOM, CR, tabs, comments and blank lines are fine', () => {
    const r = parseSetup('\uFEFF# c\r\nMODE 2D\r\n\tTier   Standard\tEasy \r\n\r\nOPTIONS Reverse , Block-Chain\r\n', 'g.setup');
    expect(r.ok && r.doc).toMatchObject({ mode: '2d', tier: { kind: 'standard', level: 'easy' }, options: ['reverse', 'block-chain'] });
  });

  it('the board may come before the tier (D40)', () => {
    const r = parseSetup(`${B5}\ntier rank 1\n`, 'g.setup');
    expect(r.ok).toBe(true);
  });

  it('the 9.2 example setup parses', () => {
    const text = 'mode 2d\ntier rank 1\noptions none\nseed 2014\nforce 12 0\nplayer P1 Alice\nplayer P2 Bob\nboard\nSGWPF\nPFFSW\nFWGSP\nWSPGF\nGPSWG\n';
    const r = parseSetup(text, 'g.setup');
    expect(r.ok && r.doc).toMatchObject({ seed: 2014, force: [12, 0], names: { 1: 'Alice', 2: 'Bob' }, options: [] });
  });
});

const tierArb = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map((r) => `tier rank ${r}`),
  fc.constantFrom('tier standard easy', 'tier standard medium', 'tier casual first', 'tier casual novice'),
);
const lineArb = fc.oneof(
  fc.constantFrom('mode 2d', 'mode 1d', 'options none', 'options reverse', 'options static,block-chain', 'options extended,gravity-in', 'options long'),
  tierArb,
  fc.integer({ min: 0, max: 99999 }).map((s) => `seed ${s}`),
  fc.constantFrom('player P1 Ann', 'player P2 Bo_2'),
  fc.integer({ min: 1, max: 60 }).map((n) => `turn-limit ${n}`),
  fc.integer({ min: 1, max: 20 }).map((n) => `start-turn ${n}`),
  fc.tuple(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1, max: 25 })).map(([a, b]) => `hp ${a} ${b}`),
  fc.tuple(fc.nat(30), fc.nat(30)).map(([a, b]) => `force ${a} ${b}`),
  fc.tuple(fc.constantFrom('P1.X', 'P2.X', 'P1.Y'), fc.constantFrom('A', 'B', '1', '2'), fc.constantFrom('S', 'F'), fc.integer({ min: -5, max: 9 })).map(
    ([f, l, e, s]) => `shield ${f} ${l} ${e}${s}`,
  ),
  fc.tuple(fc.constantFrom('B2', 'C3', 'A1'), fc.constantFrom('cover', 'rose', 'warp', 'filter1', 'mirrorV', 'shifterR')).map(([c, t]) => `mark ${c} ${t}`),
  fc.constantFrom('pending P1 S', 'pending P2 F'),
);

describe('setup round trip (I15) and garbage', () => {
  it('parseSetup(makeSetup(d)) = d for every accepted random setup', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), (lines) => {
        const first = parseSetup(lines.join('\n') + '\n', 'g.setup');
        if (!first.ok) return;
        const again = parseSetup(makeSetup(first.doc), 'g.setup');
        expect(again).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('garbage never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), lineArb, fc.constantFrom('board', 'FWWGW', 'mark', 'shield P1.X')), { maxLength: 12 }), (lines) => {
        const r = parseSetup(lines.join('\n'), 'g.setup');
        if (!r.ok) expect(r.error).toMatch(/^g\.setup:\d+: E_SETUP: /);
      }),
      { numRuns: 400 },
    );
  });
});
