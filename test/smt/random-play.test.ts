/**
 * Random valid play (STYLE.md, "Properties worth having"): choices drawn from the pending prompt's own
 * options always play out without a rejection or an internal error, keep the board invariants, and give the
 * same bytes for the same inputs. Surrender (option 6, Trafuri) is left out so that games are fought out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MONSTERS, MAX_SKILLS } from '../../src/rulesets/smt/team-file.js';
import { catalogue, createBattle, playBattle, statuses, teamFile, type SmtTestBattle, type TeamSpec } from '../helpers/smt.js';

const CAT = catalogue();
const team: fc.Arbitrary<TeamSpec> = fc.record({
  samurai: fc.constantFrom(...CAT.samurai.keys()),
  skills: fc.uniqueArray(fc.constantFrom(...CAT.skills.keys()), { maxLength: MAX_SKILLS }),
  monsters: fc.uniqueArray(fc.constantFrom(...CAT.monsters.keys()), { maxLength: MAX_MONSTERS }),
});
const MAX_CHOICES = 1500;

/** The options of the pending prompt, minus the ways to surrender. */
function fightingChoices(b: SmtTestBattle): string[] {
  let choices = [...b.battle.choices()];
  if (b.actor() !== null && choices.length === 6) choices = choices.slice(0, 5); // samurai: no Rendirse
  const trafuri = b.pendingMenu().findIndex((l) => /^\d+-Trafuri MP:/.test(l));
  if (trafuri > 0) choices = choices.filter((c) => c !== String(trafuri));
  return choices;
}

/** Broken invariants of the live state (every unit, the reserve included), as readable strings. */
function stateViolations(b: SmtTestBattle): string[] {
  const state = b.battle.inspect();
  if (state === null) return ['no state after loading the team file'];
  const out: string[] = [];
  if (state.full < 0 || state.blinking < 0) out.push(`turn counters ${state.full}/${state.blinking}`);
  for (const team of state.teams) {
    if (team.board[0] !== team.samurai) out.push(`${team.label}: slot A is not the samurai`);
    if (team.k < 0) out.push(`${team.label}: K = ${team.k}`);
    for (const u of [team.samurai, ...team.monsters]) {
      if (u.hp < 0 || u.hp > u.maxHp || u.mp < 0 || u.mp > u.maxMp) out.push(`${u.name}: HP ${u.hp}/${u.maxHp} MP ${u.mp}/${u.maxMp}`);
      if (Math.abs(u.atkGrade) > 3 || Math.abs(u.defGrade) > 3) out.push(`${u.name}: grades ${u.atkGrade}/${u.defGrade}`);
      if (u.slot !== null && team.board[u.slot] !== u) out.push(`${u.name}: slot ${u.slot} does not hold it`);
      if (!u.isSamurai && u.slot !== null && !u.alive) out.push(`${u.name}: dead monster on the board`);
    }
  }
  return out;
}

/** Plays random fighting choices, checking the live state after each; returns the choices made. */
function playRandomly(b: SmtTestBattle, picks: readonly number[]): string[] {
  const made: string[] = [];
  for (const pick of picks) {
    if (b.ended) break;
    const choices = fightingChoices(b);
    const choice = choices[pick % choices.length]!;
    made.push(choice);
    const out = b.choose(choice);
    expect(out.filter((l) => l.startsWith('ERROR ')), `choice '${choice}' was offered but rejected`).toEqual([]);
    const broken = stateViolations(b);
    if (broken.length > 0) expect.fail(`after choice ${made.length} ('${choice}'): ${broken.join('; ')}`);
  }
  return made;
}

describe('random valid play', () => {
  it('never rejects an offered choice or breaks, and keeps HP/MP within [0, max], grades within [−3, 3], counters ≥ 0, slot A the samurai, Orden = living board units', () => {
    fc.assert(
      fc.property(team, team, fc.array(fc.nat(), { minLength: MAX_CHOICES, maxLength: MAX_CHOICES }), (p1, p2, picks) => {
        const b = createBattle(teamFile(p1, p2));
        playRandomly(b, picks);
        expect(b.stderr.filter((l) => l.startsWith('internal error'))).toEqual([]);
        const samurai = [p1.samurai, p2.samurai];
        const violations: string[] = [];
        for (const s of statuses(b.lines)) {
          if (s.full < 0 || s.blinking < 0) violations.push(`counters ${s.full}/${s.blinking}`);
          const living: string[] = [];
          s.boards.forEach((board, p) => {
            if (!board[0]!.startsWith(`A-${samurai[p]} HP:`)) violations.push(`slot A is not the samurai: ${board[0]}`);
            board.forEach((line, slot) => {
              const m = /^[A-D]-(.+) HP:(\d+)\/(\d+) MP:(\d+)\/(\d+)$/.exec(line);
              if (m === null) {
                if (line !== `${'ABCD'[slot]}-`) violations.push(`malformed board line ${line}`);
                return;
              }
              const [hp, maxHp, mp, maxMp] = m.slice(2).map(Number) as [number, number, number, number];
              if (!line.startsWith(`${'ABCD'[slot]}-`) || hp > maxHp || mp > maxMp) violations.push(`bad board line ${line}`);
              // Only a samurai can sit on the board dead.
              if (hp === 0 && slot !== 0) violations.push(`dead monster on the board: ${line}`);
              if (hp > 0) living.push(m[1]!);
            });
          });
          for (const name of s.order) if (!living.includes(name)) violations.push(`${name} in Orden but not a living board unit`);
        }
        expect(violations).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('the same inputs give the same log, line for line', () => {
    fc.assert(
      fc.property(team, team, fc.array(fc.nat(), { minLength: 300, maxLength: 300 }), (p1, p2, picks) => {
        const text = teamFile(p1, p2);
        const first = createBattle(text);
        const made = playRandomly(first, picks);
        first.finish(); // an unfinished game ends with E_EOF, as the replay below does
        expect(playBattle(text, made).lines).toEqual(first.lines);
      }),
      { numRuns: 20 },
    );
  });
});
