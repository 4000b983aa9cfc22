/**
 * Press Turn economy (rules document 4.2, Cuadro 2; RULES-FROM-TRANSCRIPTS §3.2): what each outcome class
 * consumes and grants, and which class wins when one action has several outcomes.
 *
 * Every row cites a course transcript line holding that exact report; when the course folder is present,
 * the test also reads the cited line and the status block before it, so a wrong citation fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payTurns, strongerClass, turnCost, type TurnClass } from '../../src/rulesets/smt/press-turn.js';
import { COURSE, HAS_COURSE } from '../helpers/shared.js';
import { createBattle, lastTurnReport, teamFile } from '../helpers/smt.js';

type Row = readonly [cls: TurnClass, full: number, blinking: number, usedFull: number, usedBlinking: number, gained: number, source: string];

const ROWS: readonly Row[] = [
  // Repel / Drain: everything
  ['all', 4, 0, 4, 0, 0, 'E2-AffinityAndBasicSkills-Tests/010.txt:101'],
  ['all', 2, 2, 2, 2, 0, 'E2-AffinityAndBasicSkills-Tests/024.txt:526'],
  ['all', 1, 2, 1, 2, 0, 'E2-AffinityAndBasicSkills-Tests/031.txt:689'],
  ['all', 0, 2, 0, 2, 0, 'E2-Random-Tests/077.txt:8698'],
  // Null: min(2, b) Blinking, the rest of 2 from Full
  ['null', 4, 0, 2, 0, 0, 'E2-AffinityAndBasicSkills-Tests/005.txt:101'],
  ['null', 1, 0, 1, 0, 0, 'E2-AffinityAndBasicSkills-Tests/024.txt:892'],
  ['null', 3, 1, 1, 1, 0, 'E2-AffinityAndBasicSkills-Tests/005.txt:416'],
  ['null', 0, 1, 0, 1, 0, 'E2-Random-Tests/007.txt:3417'],
  ['null', 2, 2, 0, 2, 0, 'E2-AffinityAndBasicSkills-Tests/005.txt:774'],
  ['null', 1, 3, 0, 2, 0, 'E2-AffinityAndBasicSkills-Tests/006.txt:223'],
  ['null', 0, 3, 0, 2, 0, 'E2-AffinityAndBasicSkills-Tests/030.txt:603'],
  // Miss: one Blinking, else one Full
  ['miss', 1, 0, 1, 0, 0, 'E3-Random-Tests/025.txt:843'],
  ['miss', 4, 0, 1, 0, 0, 'E3-Random-Tests/097.txt:459'],
  ['miss', 1, 1, 0, 1, 0, 'E3-MultiTargetInstaKill-Tests/005.txt:86'],
  ['miss', 0, 2, 0, 1, 0, 'E3-RandomSingleTargetInstaKill-Tests/023.txt:533'],
  // Weak: one Full and +1 Blinking; with no Full left, one Blinking and nothing gained
  ['weak', 4, 0, 1, 0, 1, 'E2-AffinityAndBasicSkills-Tests/001.txt:102'],
  ['weak', 1, 3, 1, 0, 1, 'E2-AffinityAndBasicSkills-Tests/019.txt:251'],
  ['weak', 0, 1, 0, 1, 0, 'E2-AffinityAndBasicSkills-Tests/001.txt:415'],
  ['weak', 0, 3, 0, 1, 0, 'E2-AffinityAndBasicSkills-Tests/001.txt:333'],
  // Neutral / Resist and every non-offensive skill: one Blinking, else one Full, nothing gained
  ['simple', 1, 0, 1, 0, 0, 'E1-BasicCombat-Tests/001.txt:52'],
  ['simple', 4, 0, 1, 0, 0, 'E1-BasicCombat-Tests/004.txt:58'],
  ['simple', 3, 1, 0, 1, 0, 'E2-AffinityAndBasicSkills-Tests/004.txt:151'],
  ['simple', 0, 2, 0, 1, 0, 'E2-AffinityAndBasicSkills-Tests/004.txt:370'],
  ['simple', 2, 0, 1, 0, 0, 'E2-HealAndSabbatma-Tests/001.txt:1178 (Dia: a heal never grants Blinking)'],
  ['simple', 2, 0, 1, 0, 0, 'E2-HealAndSabbatma-Tests/005.txt:1033 (Sabbatma: a summon skill never grants Blinking)'],
  // Pasar Turno / Invocar: one Blinking; with none, one Full and +1 Blinking
  ['pass', 2, 0, 1, 0, 1, 'E2-AffinityAndBasicSkills-Tests/001.txt:445'],
  ['pass', 1, 0, 1, 0, 1, 'E2-AffinityAndBasicSkills-Tests/002.txt:227'],
  ['pass', 1, 1, 0, 1, 0, 'E2-AffinityAndBasicSkills-Tests/002.txt:197'],
  ['pass', 0, 1, 0, 1, 0, 'E2-AffinityAndBasicSkills-Tests/002.txt:255'],
  ['pass', 0, 4, 0, 1, 0, 'E2-HealAndSabbatma-Tests/005.txt:810'],
];

describe('turnCost / payTurns (rules document 4.2, Cuadro 2; RULES-FROM-TRANSCRIPTS §3.2)', () => {
  it.each(ROWS)('%s with %i Full and %i Blinking consumes %i Full and %i Blinking and grants %i (%s)', (cls, full, blinking, usedFull, usedBlinking, gained) => {
    const cost = turnCost({ full, blinking }, cls);
    expect(cost).toEqual({ full: usedFull, blinking: usedBlinking, gained });
    expect(payTurns({ full, blinking }, cost)).toEqual({ full: full - usedFull, blinking: blinking - usedBlinking + gained });
  });

  describe.skipIf(!HAS_COURSE)('the cited transcript lines say the same', () => {
    it.each(ROWS)('%s %i/%i → %i/%i +%i at %s', (_cls, full, blinking, usedFull, usedBlinking, gained, source) => {
      const [path, line] = source.split(' ')[0]!.split(':') as [string, string];
      const lines = readFileSync(join(COURSE, path), 'utf8').split('\n');
      const at = Number(line) - 1;
      expect(lines[at]).toBe(`Se han consumido ${usedFull} Full Turn(s) y ${usedBlinking} Blinking Turn(s)`);
      expect(lines[at + 1]).toBe(`Se han obtenido ${gained} Blinking Turn(s)`);
      // The status block printed before this action holds the counters the row starts from.
      const before = lines.slice(0, at);
      const lastFull = before.map((l) => /^Full Turns: (\d+)$/.exec(l)).filter((m) => m !== null).pop();
      const lastBlinking = before.map((l) => /^Blinking Turns: (\d+)$/.exec(l)).filter((m) => m !== null).pop();
      expect([Number(lastFull?.[1]), Number(lastBlinking?.[1])]).toEqual([full, blinking]);
    });
  });

  it('a Null outcome consumes two turns in all: two Blinking when there are two, otherwise Full Turns make up the rest', () => {
    expect(turnCost({ full: 5, blinking: 0 }, 'null')).toMatchObject({ full: 2, blinking: 0 });
    expect(turnCost({ full: 5, blinking: 1 }, 'null')).toMatchObject({ full: 1, blinking: 1 });
    expect(turnCost({ full: 5, blinking: 2 }, 'null')).toMatchObject({ full: 0, blinking: 2 });
    expect(turnCost({ full: 5, blinking: 7 }, 'null')).toMatchObject({ full: 0, blinking: 2 });
  });

  it('a Weak outcome with no Full Turn left consumes a Blinking Turn and grants nothing', () => {
    expect(turnCost({ full: 0, blinking: 2 }, 'weak')).toEqual({ full: 0, blinking: 1, gained: 0 });
  });

  it('Pasar Turno with no Blinking Turn turns a Full Turn into a Blinking Turn', () => {
    expect(payTurns({ full: 3, blinking: 0 }, turnCost({ full: 3, blinking: 0 }, 'pass'))).toEqual({ full: 2, blinking: 1 });
  });
});

describe('strongerClass: the highest-priority outcome decides (rules document 4.2)', () => {
  // Priority: Repel/Drain (all) > Null > Miss > Weak > Neutral/Resist (simple).
  const ORDER = ['simple', 'weak', 'miss', 'null', 'all'] as const;

  it.each(ORDER.flatMap((a, i) => ORDER.map((b, j) => [a, b, ORDER[Math.max(i, j)]!] as const)))('%s with %s counts as %s', (a, b, winner) => {
    expect(strongerClass(a, b)).toBe(winner);
  });

  it('an All-target attack with one Drain among Neutral targets consumes every turn (as the Repel of E3-MultiTargetOffensive-Tests/001.txt:146-161)', () => {
    // Mabufu (Ice, All, Power 60) from Flynn (Mag 143): ⌊√8580⌋ = 92. Jack Frost drains Ice, Itsuki is
    // Neutral; J1 has 2 Full Turns (Flynn + Pyro Jack) and both go.
    const b = createBattle(teamFile({ samurai: 'Flynn', skills: ['Mabufu'], monsters: ['Pyro Jack'] }, { samurai: 'Itsuki', monsters: ['Jack Frost'] }));
    b.choose('3', '1');
    expect(b.lines).toContain('Jack Frost absorbe 92 daño');
    expect(b.lines).toContain('Itsuki recibe 92 de daño');
    expect(lastTurnReport(b.lines)).toEqual({ full: 2, blinking: 0, gained: 0 });
  });
});

describe('turn economy properties', () => {
  const turns = fc.record({ full: fc.integer({ min: 0, max: 8 }), blinking: fc.integer({ min: 0, max: 8 }) }).filter((t) => t.full + t.blinking > 0);
  const cls = fc.constantFrom<TurnClass>('all', 'null', 'miss', 'weak', 'simple', 'pass');

  it('an action never consumes more turns than the player has, and the counters never go negative', () => {
    fc.assert(
      fc.property(turns, cls, (t, c) => {
        const cost = turnCost(t, c);
        const left = payTurns(t, cost);
        return cost.full >= 0 && cost.blinking >= 0 && cost.gained >= 0 &&
          cost.full <= t.full && cost.blinking <= t.blinking && left.full >= 0 && left.blinking >= 0;
      }),
      { numRuns: 200 },
    );
  });

  it('every action strictly lowers 2 × Full + Blinking, so a round always ends', () => {
    fc.assert(
      fc.property(turns, cls, (t, c) => {
        const cost = turnCost(t, c);
        const left = payTurns(t, cost);
        return cost.full + cost.blinking >= 1 && 2 * left.full + left.blinking < 2 * t.full + t.blinking;
      }),
      { numRuns: 200 },
    );
  });

  it('a gained Blinking Turn always comes with a consumed Full Turn (Blinking Turns cannot be converted again)', () => {
    fc.assert(
      fc.property(turns, cls, (t, c) => {
        const cost = turnCost(t, c);
        return cost.gained === 0 || (cost.gained === 1 && cost.full === 1 && cost.blinking === 0);
      }),
      { numRuns: 200 },
    );
  });
});
