/**
 * Properties of SMT over random teams drawn from the project's catalogue and random valid choices (drawn
 * from each prompt's own options, as a player would pick them).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Battle } from '../../src/core/battle.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import { cachedCatalogue } from '../../src/rulesets/smt/catalogue.js';
import type { SmtBattle } from '../../src/rulesets/smt/battle.js';
import { createSmtBattle, smtSetupFromTexts } from '../../src/rulesets/smt/setup.js';
import { makeTeamFile } from '../../src/rulesets/smt/team-file.js';
import { DATA_SMT } from '../helpers/shared.js';

const catalogue = cachedCatalogue(DATA_SMT);
const samuraiNames = [...catalogue.samurai.keys()];
const monsterNames = [...catalogue.monsters.keys()];
const skillNames = [...catalogue.skills.keys()];

const teamArb = fc.record({
  samurai: fc.constantFrom(...samuraiNames),
  skills: fc.uniqueArray(fc.constantFrom(...skillNames), { maxLength: 8 }),
  monsters: fc.uniqueArray(fc.constantFrom(...monsterNames), { maxLength: 7 }),
});
const teamsArb = fc.tuple(teamArb, teamArb).map((teams) => makeTeamFile(teams));
/** Each number picks one of the pending prompt's options (modulo their count). */
const picksArb = fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 800 });

function battleFor(teamFile: string): SmtBattle {
  return createSmtBattle(smtSetupFromTexts(new Map([['001.txt', teamFile]]), DATA_SMT));
}

const OPTIONS = { echo: true, source: '<property>', ruleset: 'smt', skipBlankAndComments: false } as const;

/** Plays `picks` as valid choices; calls `each` after every accepted choice. */
function playPicks(battle: Battle, picks: readonly number[], each?: () => void): { lines: string[]; stderr: string[]; code: number; fed: string[] } {
  const sink = new MemorySink();
  const fed: string[] = [];
  const chooser = function* () {
    for (const pick of picks) {
      const pending = battle.pending();
      if (pending.kind === 'ended') return;
      const options = pending.choices();
      if (options.length === 0) return;
      let picked = options[pick % options.length]!;
      // Surrender ends a game at once; most runs would end in it. Keep it for one pick in fifty.
      if (picked.tag === 'surrender' && pick % 50 !== 0) picked = options[0]!;
      const line = picked.line;
      fed.push(line);
      yield line;
      each?.();
    }
  };
  const code = runLines(battle, chooser(), sink, OPTIONS);
  return { lines: sink.stdout, stderr: sink.stderr, code, fed };
}

const RUNS = { numRuns: 80 };

describe('SMT properties over random teams and random valid play', () => {
  it('a game either ends normally or stops at the end of the choices with E_EOF, never with an internal error', () => {
    fc.assert(
      fc.property(teamsArb, picksArb, (teams, picks) => {
        const result = playPicks(battleFor(teams), [0, ...picks]);
        expect(result.stderr.join('\n')).not.toMatch(/internal error/);
        const last = result.lines[result.lines.length - 1]!;
        if (result.code === 0) expect(last).toMatch(/^Ganador: |^Archivo de equipos inválido$/);
        else {
          expect(result.code).toBe(1);
          expect(last).toMatch(/^ERROR E_EOF: input ended; expected a number from \d+ to \d+$/);
        }
      }),
      RUNS,
    );
  });

  it('HP, MP, grades and turn counters stay within their bounds after every choice', () => {
    fc.assert(
      fc.property(teamsArb, picksArb, (teams, picks) => {
        const battle = battleFor(teams);
        playPicks(battle, [0, ...picks], () => {
          const state = battle.inspect();
          if (state === null) return;
          expect(state.full).toBeGreaterThanOrEqual(0);
          expect(state.blinking).toBeGreaterThanOrEqual(0);
          for (const team of state.teams) {
            for (const u of [team.samurai, ...team.monsters]) {
              expect(u.hp).toBeGreaterThanOrEqual(0);
              expect(u.hp).toBeLessThanOrEqual(u.maxHp);
              expect(u.mp).toBeGreaterThanOrEqual(0);
              expect(u.mp).toBeLessThanOrEqual(u.maxMp);
              expect(Math.abs(u.atkGrade)).toBeLessThanOrEqual(3);
              expect(Math.abs(u.defGrade)).toBeLessThanOrEqual(3);
            }
            expect(team.board[0]).toBe(team.samurai);
            const onBoard = team.board.filter((u) => u !== null);
            expect(new Set(onBoard).size).toBe(onBoard.length);
            for (const u of onBoard) if (!u.isSamurai) expect(u.alive).toBe(true);
          }
        });
      }),
      RUNS,
    );
  });

  it('a turn never consumes more Full or Blinking Turns than the player had', () => {
    fc.assert(
      fc.property(teamsArb, picksArb, (teams, picks) => {
        const { lines } = playPicks(battleFor(teams), [0, ...picks]);
        let full = 0;
        let blinking = 0;
        for (const line of lines) {
          let m = /^Full Turns: (\d+)$/.exec(line);
          if (m) full = Number(m[1]);
          m = /^Blinking Turns: (\d+)$/.exec(line);
          if (m) blinking = Number(m[1]);
          m = /^Se han consumido (\d+) Full Turn\(s\) y (\d+) Blinking Turn\(s\)$/.exec(line);
          if (m) {
            expect(Number(m[1])).toBeLessThanOrEqual(full);
            expect(Number(m[2])).toBeLessThanOrEqual(blinking);
          }
        }
      }),
      RUNS,
    );
  });

  it('the same team file and choices give the same bytes', () => {
    fc.assert(
      fc.property(teamsArb, picksArb, (teams, picks) => {
        const first = playPicks(battleFor(teams), [0, ...picks]);
        const sink = new MemorySink();
        runLines(battleFor(teams), first.fed, sink, OPTIONS);
        expect(sink.stdout.join('\n')).toBe(first.lines.join('\n'));
      }),
      RUNS,
    );
  });

  it('a rejected choice changes nothing: the log is the same once its echo, error and reprinted menu are removed', () => {
    const garbage = fc.constantFrom('', ' ', 'x', '1.0', '+1', '-1', '0x1', '９', '999', '1 2');
    fc.assert(
      fc.property(teamsArb, picksArb, garbage, fc.nat(), (teams, picks, bad, where) => {
        const clean = playPicks(battleFor(teams), [0, ...picks]);
        const at = 1 + (where % clean.fed.length);
        const withBad = [...clean.fed.slice(0, at), bad, ...clean.fed.slice(at)];
        const sink = new MemorySink();
        runLines(battleFor(teams), withBad, sink, OPTIONS);
        const lines = sink.stdout;
        const errorAt = lines.findIndex((l) => /^ERROR E_(SYNTAX|RANGE): /.test(l));
        if (at >= clean.fed.length && errorAt < 0) return; // the game ended before the bad line was read
        expect(errorAt).toBeGreaterThan(0);
        expect(lines[errorAt - 1]).toBe(`INPUT: ${bad}`);
        // The reprinted menu is the menu printed just before the bad line's echo.
        const menuStart = lines.lastIndexOf(lines[errorAt + 1]!, errorAt - 2);
        const menuLength = errorAt - 1 - menuStart;
        expect(lines.slice(errorAt + 1, errorAt + 1 + menuLength)).toEqual(lines.slice(menuStart, errorAt - 1));
        const without = [...lines.slice(0, errorAt - 1), ...lines.slice(errorAt + 1 + menuLength)];
        expect(without.filter((l) => !l.startsWith('ERROR E_EOF'))).toEqual(clean.lines.filter((l) => !l.startsWith('ERROR E_EOF')));
      }),
      RUNS,
    );
  });
});

describe('every catalogue skill can be used', () => {
  // A samurai with one usable skill, facing a full board; pick the skill, then the first option of every
  // following menu, until the action completes.
  const usable = [...catalogue.skills.values()].filter((s) => s.type !== 'Passive');
  it.each(usable.map((s) => [s.name]))('%s resolves without an internal error', (name) => {
    const skill = catalogue.skills.get(name)!;
    const teams = makeTeamFile([
      { samurai: 'Demi-Fiend', skills: [skill.name], monsters: ['Jack Frost', 'Pyro Jack', 'High Pixie', 'Melchom', 'Senri'] },
      { samurai: 'Flynn', skills: [], monsters: ['Black Frost', 'Kikuri-Hime', 'Nue'] },
    ]);
    const battle = battleFor(teams);
    const sink = new MemorySink();
    // Demi-Fiend acts first (highest Spd of J1): Usar Habilidad (3), the skill (1), then option 1 of each menu.
    const code = runLines(battle, ['0', '3', '1', '1', '1', '1'], sink, OPTIONS);
    expect(sink.stderr.join('\n')).not.toMatch(/internal error|E_UNSUPPORTED/);
    expect(code === 0 || code === 1).toBe(true);
    const chose = sink.stdout.indexOf(`1-${skill.name} MP:${skill.cost}`);
    expect(chose).toBeGreaterThan(0);
    // The action completed: a turn report follows, or the game ended (Trafuri).
    expect(sink.stdout.some((l) => l.startsWith('Se han consumido') || l.startsWith('Ganador:'))).toBe(true);
  });
});
