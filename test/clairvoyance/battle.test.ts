/**
 * Battle flow (spec 6–8): initiative with the tie re-roll procedure and forced-dice ties, turn headers
 * and the round counter, attacks (10.6), commands and their rejections (8.3), end of combat (D9), end of
 * input (D10), echo off with the `> ` prompt, and the --events log (R9).
 */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.js';
import type { ClvEvent } from '../../src/rulesets/clairvoyance/events.js';
import { eventJson } from '../../src/rulesets/clairvoyance/events.js';
import { actionLines, battle, encounter, feedAll, run } from '../helpers/clairvoyance.js';

const same = (n: number, init = '+2') => Array.from({ length: n }, (_, i) => `PLAYER P${i} { Initiative: ${init} }`);

describe('initiative (6)', () => {
  it('forced dice: descending totals, ties in ascending index order (D15), no SEED line', () => {
    // (D is a keyword: these players are Aa, Bb, Cc, Dd.)
    const text = encounter({ units: ['PLAYER Aa { Initiative: +1 }', 'PLAYER Bb { Initiative: +5 }', 'PLAYER Cc { Initiative: +1 }', 'PLAYER Dd { Initiative: +5 }'], teams: ['TEAM X { Aa x1 : (0,0); Bb x1 : (1,0); }', 'TEAM Y { Cc x1 : (2,0); Dd x1 : (3,0); }'] });
    expect(battle(text, { kind: 'max' }).order).toEqual([1, 3, 0, 2]);
    expect(battle(text, { kind: 'min' }).opening().slice(0, 2)).toEqual(['Initiative order:', '1, 3, 0, 2']);
  });

  it('random dice: one d20 per unit in index order; a tie re-rolls only the tied units (recomputed from the generator)', () => {
    const text = encounter({ units: same(4), teams: ['TEAM X { P0 x1 : (0,0); P1 x1 : (1,0); }', 'TEAM Y { P2 x1 : (2,0); P3 x1 : (3,0); }'] });
    for (let seed = 0; seed < 40; seed++) {
      const prng = Prng.seeded(seed);
      const order = (list: number[]): number[] => {
        if (list.length <= 1) return list;
        const rolled = list.map((i) => ({ i, t: prng.int(1, 20) + 2 }));
        rolled.sort((a, b) => a.t - b.t).reverse();
        const out: number[] = [];
        for (let k = 0; k < rolled.length; ) {
          let j = k;
          while (j < rolled.length && rolled[j]!.t === rolled[k]!.t) j++;
          out.push(...order(rolled.slice(k, j).map((r) => r.i)));
          k = j;
        }
        return out;
      };
      expect(battle(text, { kind: 'seed', seed }).order, `seed ${seed}`).toEqual(order([0, 1, 2, 3]));
    }
  });

  it('random dice print the SEED line first (the core prints it); the initiative events show every roll, re-rolls included', () => {
    const events: ClvEvent[] = [];
    const text = encounter({ units: same(2), teams: ['TEAM X { P0 x1 : (0,0); }', 'TEAM Y { P1 x1 : (1,0); }'] });
    expect(run(text, [], { kind: 'seed', seed: 3 }).stdout[0]).toBe('SEED xoroshiro128plus:3');
    expect(run(text, [], { kind: 'max' }).stdout[0]).toBe('Initiative order:');
    battle(text, { kind: 'seed', seed: 3 }, (e) => events.push(e));
    const rolls = events.filter((e) => e.kind === 'initiative');
    expect(rolls.length % 2).toBe(0);
    expect(rolls.length).toBeGreaterThanOrEqual(2);
  });
});

const DUEL = encounter({
  layout: 'Rectangle 3, 1',
  units: ['PLAYER Hero { Initiative: +9 }', 'UNIT Orc { HP: 12; Initiative: +5; Speed: 4; AC: 14; Attack: Melee +4 1d8+2; Full Attack: Melee +4 1d8+2, Melee -1 1d6; }', 'UNIT Dummy { HP: 3; Initiative: -5; Speed: 0; AC: 30; Attack: Melee 1d2; Full Attack: Melee 1d2; }'],
  ais: ['AI Smash { Full Attack closest enemy; }'],
  teams: ['TEAM Good { Hero x1 : (0,0); }', 'TEAM Bad { Orc, Smash x1 : (1,0); }', 'TEAM Ugly { Dummy, Smash x1 : (2,0); }'],
});

describe('turns and attacks', () => {
  it('a Full Attack rolls every entry; players are only announced; --dice max: roll 20 + mod, damage N·S + M', () => {
    const b = battle(DUEL);
    expect(b.order).toEqual([0, 1, 2]);
    const out = feedAll(b, ['next', 'next']);
    expect(out).toEqual([
      '', 'Current turn: ', 'Good: Hero: 1  (Index 0)', '', '',
      '', 'Current turn: ', 'Bad: Orc: 1  (Index 1)', '',
      '- Bad: Orc: 1 attacked Good: Hero: 1 with a roll of 24 for 10 damage.',
      '- Bad: Orc: 1 attacked Good: Hero: 1 with a roll of 19 for 6 damage.',
      '',
    ]);
  });

  it('a mob hit below 0 HP dies after its list; --dice min: roll 1 + mod, damage at least 1', () => {
    const b = battle(DUEL, { kind: 'min' });
    const out = feedAll(b, ['next', 'next', 'next']);
    // The Orc stands between: the Hero is unreachable for the Dummy, the Orc is its closest enemy.
    // Roll 1 + 0 against AC 14: a miss; damage max(1, 1 + 0) = 1.
    expect(actionLines(out).slice(-2)).toEqual(['- Ugly: Dummy: 1 attacked Bad: Orc: 1 with a roll of 1 for 1 damage.', '- Attack missed.']);
  });

  it('the round number goes up when the order wraps (total turn count)', () => {
    const b = battle(DUEL);
    feedAll(b, ['next', 'next', 'next', 'next']);
    expect(b.state.round).toBe(2);
  });
});

describe('commands (8)', () => {
  const text = encounter({ layout: 'Rectangle 4, 3', obstacles: '(1, 1)', units: ['PLAYER Hero { Initiative: +9 }', 'PLAYER Mage { Initiative: +1 }'], teams: ['TEAM Good { Hero x1 : (0,0); }', 'TEAM Bad { Mage x1 : (3,2); }'] });

  it('rejections keep upstream wording on stdout, a positioned copy on stderr, change nothing, exit 1', () => {
    const r = run(text, ['kill 7', 'move 0 (1,1)', 'move 0 DR', 'show 0 0', 'move Good:Hero:1 (2,0)', 'show 0']);
    expect(r.stdout.filter((l) => !l.startsWith('INPUT') && !l.startsWith('|') && !l.startsWith('-'))).toContain('Invalid command target.');
    expect(r.stderr).toEqual([
      // The bare text: the version 2 corpus fixes it (undo-commands, `kill 9`), as spec 1's "copy" says.
      'cmds:1: E_TARGET: Invalid command target.',
      'cmds:2: E_MOVE: Invalid movement command for that unit.',
      'cmds:3: E_MOVE: Invalid movement command for that unit.',
      "cmds:4: E_SYNTAX: Error interpreting command. Please check your syntax. (after 'show 0': expected the end of the line, found '0')",
      'cmds:7: E_EOF: input ended; expected a command',
    ]);
    expect(r.stdout).toContain('- Good: Hero: 1 moved to (2,0).');
    expect(r.exitCode).toBe(1);
  });

  it('a path is checked on the board before the command: the own cell counts as occupied', () => {
    const b = battle(text);
    expect(feedAll(b, ['move 0 R-L'])).toEqual(['Invalid movement command for that unit.']);
    expect(feedAll(b, ['move 0 R-R-D'])).toEqual(['- Good: Hero: 1 moved to (2,1).']);
  });

  it('blank and # lines are skipped without echo; help prints the list; quit stops with exit 0', () => {
    const r = run(text, ['', '   ', '# note', 'help', 'quit', 'next']);
    expect(r.stdout.filter((l) => l.startsWith('INPUT'))).toEqual(['INPUT: help', 'INPUT: quit']);
    expect(r.stdout).toContain('UNIT is an index (0, 1, ...) or team:name:id, such as Good:Hero:1.');
    expect(r.exitCode).toBe(0);
  });

  it('numbers above 2147483647 in a command are a syntax error (D19)', () => {
    expect(feedAll(battle(text), ['show 2147483648'])).toEqual(['Error interpreting command. Please check your syntax.']);
  });

  it('kill on the last living unit of a team ends the combat before the next prompt (D9)', () => {
    const r = run(text, ['kill Bad:Mage:1', 'next']);
    expect(r.stdout.slice(-2)).toEqual(['- Bad: Mage: 1 died.', 'Combat over. Winner: Good.']);
    expect(r.exitCode).toBe(0);
  });

  it('an attack command that kills the last mob of each side at once: no team is left standing', () => {
    const t = encounter({ layout: 'Rectangle 3, 1', teams: ['TEAM Good { Orc, Idle x1 : (0,0); }', 'TEAM Bad { Orc, Idle x1 : (2,0); }'] });
    const r = run(t, ['kill 0', 'next']);
    expect(r.stdout.slice(-2)).toEqual(['- Good: Orc: 1 died.', 'Combat over. Winner: Bad.']);
  });

  it('echo off: "> " before each read, and at end of input a line end before ERROR E_EOF', () => {
    const r = run(text, ['show 1'], { kind: 'max' }, {});
    expect(r.text.endsWith('ERROR E_EOF: input ended; expected a command\n')).toBe(true);
    const off = (() => {
      // echo off is the session's option; run through the in-memory CLI path with echo false
      return import('../helpers/clairvoyance.js').then(({ runEncounterText }) => runEncounterText(text, ['show 1'], { dice: { kind: 'max' }, file: 'f', source: 's', echo: false }));
    })();
    return off.then((o) => {
      expect(o.text.endsWith('> \nBad: Mage: 1  (Index 1)\nPlayer-controlled unit\n  Status: Alive\n  Position: (3,2)\n\n> \nERROR E_EOF: input ended; expected a command\n')).toBe(true);
    });
  });
});

describe('--events (R9)', () => {
  it('JSON lines in log order with the documented keys; command attacks have null dice and attacker', () => {
    const events: string[] = [];
    const b = battle(DUEL, { kind: 'max' }, (e) => events.push(eventJson(e)));
    feedAll(b, ['next', 'next', 'attack 2 30 9', 'kill 1']);
    expect(events).toEqual([
      '{"t":"initiative","unit":0,"d20":20,"total":29}',
      '{"t":"initiative","unit":1,"d20":20,"total":25}',
      '{"t":"initiative","unit":2,"d20":20,"total":15}',
      '{"t":"turn","round":1,"unit":0}',
      '{"t":"turn","round":1,"unit":1}',
      '{"t":"attack","attacker":1,"defender":0,"d20":20,"mod":4,"roll":24,"dice":[8],"dmod":2,"damage":10,"ac":null,"hit":null}',
      '{"t":"attack","attacker":1,"defender":0,"d20":20,"mod":-1,"roll":19,"dice":[6],"dmod":0,"damage":6,"ac":null,"hit":null}',
      '{"t":"attack","attacker":null,"defender":2,"d20":null,"mod":0,"roll":30,"dice":null,"dmod":0,"damage":9,"ac":30,"hit":true}',
      '{"t":"death","unit":2}',
      '{"t":"death","unit":1}',
      '{"t":"end","winner":"Good"}',
    ]);
  });
});
