/**
 * The project's own golden suites (test-cases/clairvoyance/<suite>/<case>/): every case folder has its
 * encounter, commands and expected log (a missing file fails), the suite README has a line per case, and
 * its commands file is what was recorded. That each case replays identically is test/golden/own.test.ts's.
 *
 * Seeded cases are also audited against the dice, independently of the engine's Dice: every natural
 * roll in the event log must be the next draw of pure-rand's xoroshiro128plus(seed), faces taken from
 * the encounter (d20 for initiative and attack rolls, the entry's die for damage), and the printed
 * numbers must follow from them (roll = d20 + modifier, damage = max(1, dice + modifier), hit iff
 * roll >= AC).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { parseTranscript, transcriptInputs } from '../../src/core/transcript.js';
import { seedOfTranscript } from '../../src/rulesets/clairvoyance/corpus-layout.js';
import { encounterModel, runEncounterText } from '../helpers/clairvoyance.js';
import type { ClvEvent } from '../../src/rulesets/clairvoyance/events.js';
import type { AttackEntry } from '../../src/rulesets/clairvoyance/model.js';
import { REPO_ROOT } from '../helpers/shared.js';

const ROOT = join(REPO_ROOT, 'test-cases', 'clairvoyance');
const suites = existsSync(ROOT) ? readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort() : [];

describe('own golden suites (test-cases/clairvoyance)', () => {
  it('exist, with at least 30 cases in all, most of them on seeded dice', () => {
    const cases = suites.flatMap((s) => readdirSync(join(ROOT, s), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(ROOT, s, e.name)));
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const seeded = cases.filter((c) => existsSync(join(c, 'expected.txt')) && readFileSync(join(c, 'expected.txt'), 'utf8').startsWith('SEED '));
    expect(seeded.length).toBeGreaterThanOrEqual(25);
  });

  for (const suite of suites) {
    describe(suite, () => {
      const dir = join(ROOT, suite);
      const cases = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      const readme = existsSync(join(dir, 'README.md')) ? readFileSync(join(dir, 'README.md'), 'utf8') : '';

      it('has a README with one line per case', () => {
        expect(readme).not.toBe('');
        for (const c of cases) expect(readme, c).toContain(`\`${c}\``);
      });

      it.each(cases)('%s has its files, its recorded commands and true dice', (name) => {
        const caseDir = join(dir, name);
        for (const file of ['encounter.clv', 'commands.txt', 'expected.txt']) expect(existsSync(join(caseDir, file)), `${name}/${file}`).toBe(true);
        // The commands file is what was recorded: its non-blank, non-comment lines are the INPUT lines.
        const commands = readFileSync(join(caseDir, 'commands.txt'), 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
        const inputs = transcriptInputs(parseTranscript(readFileSync(join(caseDir, 'expected.txt'), 'utf8')));
        expect(commands.slice(0, inputs.length)).toEqual(inputs);
        auditDice(caseDir);
      });
    });
  }
});

function auditDice(caseDir: string): void {
  const expected = parseTranscript(readFileSync(join(caseDir, 'expected.txt'), 'utf8'));
  const seed = seedOfTranscript(expected);
  if (seed === undefined) return;
  const dice = { kind: 'seed' as const, seed };
  const text = readFileSync(join(caseDir, 'encounter.clv'), 'utf8');
  const model = encounterModel('encounter.clv', text);
  const events: ClvEvent[] = [];
  // (v2) A CONVENTIONS case names its options in args.txt.
  const args = existsSync(join(caseDir, 'args.txt')) ? readFileSync(join(caseDir, 'args.txt'), 'utf8').split(/\s+/) : [];
  const crits = args.includes('--crits');
  const v2 = { crits, roundHeader: args.includes('--round-header'), userCoords: args.includes('--user-coords') };
  runEncounterText(text, transcriptInputs(expected), { dice, file: 'encounter.clv', source: 'commands.txt', onEvent: (e) => events.push(e), v2 });
  let generator = xoroshiro128plus(dice.seed | 0);
  const draw = (faces: number) => uniformInt(generator, 1, faces);
  // (v2) Only `next` draws; `undo` of a `next` puts the generator back where that turn started (D28).
  const turnStarts: (readonly number[])[] = [];
  // Units added by `add` are not in the model: the v2 suite adds none that attack or are attacked.
  const acOf = (index: number) => (index < model.units.length ? model.units[index]!.ac : null);
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind === 'initiative') {
      expect(e.d20).toBe(draw(20));
      expect(e.total).toBe(e.d20 + model.units[e.unit]!.initiative);
    }
    if (e.kind === 'turn') turnStarts.push(generator.getState());
    if (e.kind === 'undone' && e.line === 'next') generator = xoroshiro128plusFromState(turnStarts.pop()!);
    // (v2) A random target: one die with as many faces as candidates (D30).
    if (e.kind === 'picked') expect(e.roll).toBe(draw(e.candidates));
    if (e.kind !== 'attacked' || e.attacker === null) continue;
    // One attack action: its consecutive events by the same attacker on the same defender, rolled entry by entry.
    const group: Extract<ClvEvent, { kind: 'attacked' }>[] = [];
    for (let j = i; j < events.length; j++) {
      const f = events[j]!;
      if (f.kind !== 'attacked' || f.attacker !== e.attacker || f.defender !== e.defender) break;
      group.push(f);
    }
    const mob = model.units[e.attacker]!.mob!;
    // A confirmed critical (v2) rolls the entry's dice twice.
    const fits = (list: readonly AttackEntry[]) =>
      list.length === group.length && list.every((a, k) => a.modifier === group[k]!.modifier && a.damageModifier === group[k]!.damageModifier && (a.count === group[k]!.dice!.length || 2 * a.count === group[k]!.dice!.length));
    const list = [mob.attack, mob.fullAttack].find(fits);
    expect(list, `attack list of unit ${e.attacker}`).toBeDefined();
    const ac = acOf(e.defender);
    group.forEach((g, k) => {
      const entry = list![k]!;
      // D39: d20, a confirmation d20 on a natural 20 (--crits, a defender with AC), the damage dice, and
      // as many again when the critical is confirmed.
      expect(g.d20).toBe(draw(20));
      const critical = crits && ac !== null;
      const confirm = critical && g.d20 === 20 ? draw(20) : null;
      expect(g.crits?.confirm ?? null).toBe(confirm);
      const confirmed = confirm !== null && (confirm === 20 || (confirm !== 1 && confirm + entry.modifier >= ac!));
      expect(g.dice).toHaveLength(entry.count * (confirmed ? 2 : 1));
      for (const value of g.dice!) expect(value).toBe(draw(entry.faces));
      expect(g.roll).toBe(g.d20! + g.modifier);
      expect(g.damage).toBe(Math.max(1, g.dice!.reduce((a, b) => a + b, 0) + g.damageModifier * (confirmed ? 2 : 1)));
      const natural = critical && g.d20 === 20 ? true : critical && g.d20 === 1 ? false : null;
      expect(g.hit).toBe(ac === null ? null : (natural ?? g.roll >= ac));
    });
    i += group.length - 1;
  }
}
