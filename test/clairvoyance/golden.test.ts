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
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
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
  runEncounterText(text, transcriptInputs(expected), { dice, file: 'encounter.clv', source: 'commands.txt', onEvent: (e) => events.push(e) });
  const generator = xoroshiro128plus(dice.seed | 0);
  const draw = (faces: number) => uniformInt(generator, 1, faces);
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind === 'initiative') {
      expect(e.d20).toBe(draw(20));
      expect(e.total).toBe(e.d20 + model.units[e.unit]!.initiative);
    }
    if (e.kind !== 'attacked' || e.attacker === null) continue;
    // One attack action: its consecutive events by the same attacker on the same defender, rolled entry by entry.
    const group: Extract<ClvEvent, { kind: 'attacked' }>[] = [];
    for (let j = i; j < events.length; j++) {
      const f = events[j]!;
      if (f.kind !== 'attacked' || f.attacker !== e.attacker || f.defender !== e.defender) break;
      group.push(f);
    }
    const mob = model.units[e.attacker]!.mob!;
    const fits = (list: readonly AttackEntry[]) => list.length === group.length && list.every((a, k) => a.modifier === group[k]!.modifier && a.damageModifier === group[k]!.damageModifier && a.count === group[k]!.dice!.length);
    const list = [mob.attack, mob.fullAttack].find(fits);
    expect(list, `attack list of unit ${e.attacker}`).toBeDefined();
    group.forEach((g, k) => {
      expect(g.d20).toBe(draw(20));
      for (const value of g.dice!) expect(value).toBe(draw(list![k]!.faces));
      expect(g.roll).toBe(g.d20! + g.modifier);
      expect(g.damage).toBe(Math.max(1, g.dice!.reduce((a, b) => a + b, 0) + g.damageModifier));
      const defender = model.units[g.defender]!;
      expect(g.hit).toBe(defender.mob === null ? null : g.roll >= defender.mob.ac);
    });
    i += group.length - 1;
  }
}
