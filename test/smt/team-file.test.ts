/**
 * Team files (rules document section 2; RULES-FROM-TRANSCRIPTS §4): parsing into raw teams, the setup rules
 * checked against the catalogue, the error line numbers, and the parse/make round trip.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTeams, makeTeamFile, parseTeamFile, MAX_MONSTERS, MAX_SKILLS, type RawTeams } from '../../src/rulesets/smt/team-file.js';
import { COURSE, HAS_COURSE } from '../helpers/shared.js';
import { catalogue, createBattle, lastStatus } from '../helpers/smt.js';

const CAT = catalogue();

/** Parse then check; returns the first error, or null when the file is valid. */
function firstError(text: string, cat = CAT): { line: number; message: string } | null {
  const parsed = parseTeamFile(text);
  if (!parsed.ok) return parsed.error;
  const checked = checkTeams(parsed.value, cat);
  return checked.ok ? null : checked.error;
}

const lines = (...l: string[]) => l.join('\n') + '\n';
const EIGHT_SKILLS = ['Agi', 'Agilao', 'Agidyne', 'Bufu', 'Bufula', 'Zio', 'Zan', 'Dia'];
const SEVEN_MONSTERS = ['Jack Frost', 'Pyro Jack', 'Melchom', 'High Pixie', 'Leanan Sidhe', 'Agathion', 'Nue'];

describe('the setup rules of the rules document, section 2 (E1-InvalidTeams)', () => {
  it.each([
    // [rule, file text, error line, message]
    ['two samurai in Player 1 (IT/001)', lines('Player 1 Team', '[Samurai] Flynn', '[Samurai] Demi-Fiend', 'Player 2 Team', '[Samurai] Joker'), 3, /Player 1 has 2 samurai/],
    ['no samurai in Player 1 (IT/002)', lines('Player 1 Team', 'Jack Frost', 'Pyro Jack', 'Player 2 Team', '[Samurai] Demi-Fiend'), 1, /Player 1 has 0 samurai/],
    ['a repeated samurai skill (IT/003)', lines('Player 1 Team', '[Samurai] Itsuki (Agi,Agi)', 'Player 2 Team', '[Samurai] Kotone'), 2, /skill "Agi" is repeated/],
    ['a repeated monster (IT/004)', lines('Player 1 Team', '[Samurai] Yu', 'Nue', 'Nue', 'Melchom', 'Player 2 Team', '[Samurai] Kotone'), 4, /monster "Nue" is repeated in Player 1/],
    ['8 monsters, one over the maximum of 7 (IT/011)', lines('Player 1 Team', '[Samurai] Tadano', ...SEVEN_MONSTERS, 'Matador', 'Player 2 Team', '[Samurai] Itsuki'), 10, /Player 1 has 8 monsters; at most 7/],
    ['9 skills, one over the maximum of 8 (IT/012)', lines('Player 1 Team', `[Samurai] Yu (${[...EIGHT_SKILLS, 'Zionga'].join(',')})`, 'Player 2 Team', '[Samurai] Tamaki'), 2, /9 skills; at most 8/],
    ['two samurai in Player 2 (IT/007)', lines('Player 1 Team', '[Samurai] Shujinko', 'Player 2 Team', '[Samurai] Aleph', '[Samurai] Tamaki'), 5, /Player 2 has 2 samurai/],
    ['no samurai in Player 2 (IT/008)', lines('Player 1 Team', '[Samurai] Kyouji', 'Nue', 'Player 2 Team', 'Melchom'), 4, /Player 2 has 0 samurai/],
    ['a repeated skill in Player 2 (IT/009)', lines('Player 1 Team', '[Samurai] Nanashi (Agi)', 'Player 2 Team', '[Samurai] Aleph (Oni-Kagura,Lunge,Oni-Kagura)'), 4, /"Oni-Kagura" is repeated/],
    ['a repeated monster in Player 2 (IT/010)', lines('Player 1 Team', '[Samurai] Kei', 'Player 2 Team', '[Samurai] Nahobino', 'Nue', 'Melchom', 'Nue'), 7, /monster "Nue" is repeated in Player 2/],
    ['an unknown samurai', lines('Player 1 Team', '[Samurai] Raidou', 'Player 2 Team', '[Samurai] Kei'), 2, /unknown samurai "Raidou"/],
    ['an unknown monster', lines('Player 1 Team', '[Samurai] Flynn', 'Jack Frost', 'Jack Fros', 'Player 2 Team', '[Samurai] Kei'), 4, /unknown monster "Jack Fros"/],
    ['an unknown skill', lines('Player 1 Team', '[Samurai] Flynn (Agi,Megidolaone)', 'Player 2 Team', '[Samurai] Kei'), 2, /unknown skill "Megidolaone"/],
    ['a samurai name used as a monster', lines('Player 1 Team', '[Samurai] Flynn', 'Kei', 'Player 2 Team', '[Samurai] Kei'), 3, /unknown monster "Kei"/],
    ['a monster name used as a samurai', lines('Player 1 Team', '[Samurai] Jack Frost', 'Player 2 Team', '[Samurai] Kei'), 2, /unknown samurai "Jack Frost"/],
  ])('rejects %s at line %i', (_rule, text, line, message) => {
    const error = firstError(text);
    expect(error).not.toBeNull();
    expect(error!.line).toBe(line);
    expect(error!.message).toMatch(message);
  });

  it.each([
    ['7 monsters (the maximum; E1-BasicCombat/009.txt)', lines('Player 1 Team', '[Samurai] Flynn', ...SEVEN_MONSTERS, 'Player 2 Team', '[Samurai] Kei')],
    ['8 skills (the maximum; E1-BasicCombat/010.txt)', lines('Player 1 Team', `[Samurai] Flynn (${EIGHT_SKILLS.join(',')})`, 'Player 2 Team', '[Samurai] Kei')],
    ['8 skills counting passives (passives count towards the 8; IT/012)', lines('Player 1 Team', `[Samurai] Flynn (${[...EIGHT_SKILLS.slice(0, 6), 'Drain Phys', 'Fire Pleroma'].join(',')})`, 'Player 2 Team', '[Samurai] Kei')],
    ['a samurai alone, with no skills', lines('Player 1 Team', '[Samurai] Flynn', 'Player 2 Team', '[Samurai] Kei')],
    ['an empty skill list "()"', lines('Player 1 Team', '[Samurai] Flynn ()', 'Player 2 Team', '[Samurai] Kei')],
    ['the same samurai and the same monster on both teams (rules document section 2)', lines('Player 1 Team', '[Samurai] Flynn', 'Nue', 'Player 2 Team', '[Samurai] Flynn', 'Nue')],
    ['no final newline', 'Player 1 Team\n[Samurai] Flynn\nPlayer 2 Team\n[Samurai] Kei'],
    ['CRLF line ends (the E4-Special team files)', 'Player 1 Team\r\n[Samurai] Flynn (Agi,Dia)\r\nJack Frost\r\nPlayer 2 Team\r\n[Samurai] Kei\r\n'],
    ['a UTF-8 BOM', '\uFEFFPlayer 1 Team\n[Samurai] Flynn\nPlayer 2 Team\n[Samurai] Kei\n'],
    ['spaces around names and skills', lines('Player 1 Team', '[Samurai]   Flynn   ( Agi , Dia )  ', '  Jack Frost  ', 'Player 2 Team', '[Samurai] Kei')],
    ['blank lines between entries', lines('Player 1 Team', '', '[Samurai] Flynn', '', 'Player 2 Team', '[Samurai] Kei', '')],
  ])('accepts %s', (_what, text) => {
    expect(firstError(text)).toBeNull();
  });

  it('the limits are the document\'s: 7 monsters and 8 skills', () => {
    expect([MAX_MONSTERS, MAX_SKILLS]).toEqual([7, 8]);
  });

  it('resolves names in team-file order: skills, then the roster', () => {
    const parsed = parseTeamFile('Player 1 Team\r\n[Samurai] Flynn ( Agi , Dia )\r\nJack Frost\r\nMelchom\r\nPlayer 2 Team\r\n[Samurai] Kei\r\n');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value[0]).toMatchObject({ headerLine: 1, samurai: [{ name: 'Flynn', skills: ['Agi', 'Dia'], line: 2 }], monsters: [{ name: 'Jack Frost', line: 3 }, { name: 'Melchom', line: 4 }] });
    const checked = checkTeams(parsed.value, CAT);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value[0].skills.map((s) => s.name)).toEqual(['Agi', 'Dia']);
    expect(checked.value[0].monsters.map((m) => m.name)).toEqual(['Jack Frost', 'Melchom']);
    expect(checked.value[1].samurai.name).toBe('Kei');
  });
});

describe('headers are positional (RULES-FROM-TRANSCRIPTS §4)', () => {
  it('"Player 1 Team" twice is accepted and the second block is J2 (MS/044)', () => {
    const text = lines('Player 1 Team', '[Samurai] Flynn', 'Player 1 Team', '[Samurai] Makoto');
    expect(firstError(text)).toBeNull();
    const b = createBattle(text);
    expect(b.lines).toContain('Equipo de Makoto (J2)');
    expect(lastStatus(b.lines).boards[1][0]).toBe('A-Makoto HP:597/597 MP:347/347');
  });

  it.each([
    ['a third header', lines('Player 1 Team', '[Samurai] Flynn', 'Player 2 Team', '[Samurai] Kei', 'Player 2 Team'), 5, /third team header/],
    ['a line before the first header', lines('[Samurai] Flynn', 'Player 1 Team'), 1, /expected "Player 1 Team", got "\[Samurai\] Flynn"/],
    ['"[Samurai]" with no name', lines('Player 1 Team', '[Samurai] (Agi)', 'Player 2 Team', '[Samurai] Kei'), 2, /expected a samurai name/],
    ['an empty skill between commas', lines('Player 1 Team', '[Samurai] Flynn (Agi,,Dia)', 'Player 2 Team', '[Samurai] Kei'), 2, /skill names separated by commas/],
  ])('rejects %s at line %i', (_what, text, line, message) => {
    const parsed = parseTeamFile(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.line).toBe(line);
    expect(parsed.error.message).toMatch(message);
  });

  it('rejects a file with one team, pointing past its last line', () => {
    const parsed = parseTeamFile('Player 1 Team\n[Samurai] Flynn');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.message).toMatch(/expected two teams, found 1/);
    expect(parsed.error.line).toBe(3);
  });
});

describe('an invalid team file in a battle (course protocol; smt-extensions 5)', () => {
  it('prints only "Archivo de equipos inválido", ends the battle, and names file and line on stderr', () => {
    const b = createBattle(lines('Player 1 Team', '[Samurai] Itsuki (Agi,Agi)', 'Player 2 Team', '[Samurai] Kotone'));
    expect(b.lines.slice(-2)).toEqual(['INPUT: 0', 'Archivo de equipos inválido']);
    expect(b.ended).toBe(true);
    expect(b.stderr).toEqual(['001.txt:2: E_TEAM: skill "Agi" is repeated']);
    expect(b.finish()).toBe(0);
  });
});

describe.skipIf(!HAS_COURSE)('the course team folders', () => {
  const cat = HAS_COURSE ? catalogue(COURSE) : CAT;
  const expected: Record<string, RegExp> = {
    '001.txt': /Player 1 has 2 samurai/,
    '002.txt': /Player 1 has 0 samurai/,
    '003.txt': /skill "Agi" is repeated/,
    '004.txt': /monster "Wendigo" is repeated in Player 1/,
    '005.txt': /Player 2 has 9 monsters/,
    '006.txt': /15 skills/,
    '007.txt': /Player 2 has 2 samurai/,
    '008.txt': /Player 2 has 0 samurai/,
    '009.txt': /skill "Oni-Kagura" is repeated/,
    '010.txt': /monster "Principality" is repeated in Player 2/,
    '011.txt': /Player 1 has 8 monsters/,
    '012.txt': /9 skills/,
  };

  it('rejects every E1-InvalidTeams file for the rule RULES-FROM-TRANSCRIPTS §4 lists', () => {
    const folder = join(COURSE, 'E1-InvalidTeams');
    const files = readdirSync(folder).sort();
    expect(files).toEqual(Object.keys(expected));
    for (const f of files) expect(firstError(readFileSync(join(folder, f), 'utf8'), cat)?.message, f).toMatch(expected[f]!);
  });

  it('accepts every team file of the other 18 folders (1,656 files)', () => {
    const bad: string[] = [];
    let count = 0;
    for (const folder of readdirSync(COURSE).filter((n) => !n.endsWith('-Tests') && !n.endsWith('.json') && n !== 'E1-InvalidTeams')) {
      for (const f of readdirSync(join(COURSE, folder))) {
        count++;
        const error = firstError(readFileSync(join(COURSE, folder, f), 'utf8'), cat);
        if (error !== null) bad.push(`${folder}/${f}:${error.line}: ${error.message}`);
      }
    }
    expect(bad).toEqual([]);
    expect(count).toBe(1656);
  });
});

describe('parseTeamFile ∘ makeTeamFile round trip', () => {
  const sam = [...CAT.samurai.keys()];
  const mon = [...CAT.monsters.keys()];
  const skl = [...CAT.skills.keys()];
  const catalogueTeam = fc.record({
    samurai: fc.constantFrom(...sam),
    skills: fc.uniqueArray(fc.constantFrom(...skl), { maxLength: MAX_SKILLS }),
    monsters: fc.uniqueArray(fc.constantFrom(...mon), { maxLength: MAX_MONSTERS }),
  });

  function names(raw: RawTeams) {
    return raw.map((t) => ({ samurai: t.samurai[0]?.name, skills: t.samurai[0]?.skills, monsters: t.monsters.map((m) => m.name), count: t.samurai.length }));
  }

  it('teams of catalogue names come back unchanged, and pass checkTeams with the same definitions', () => {
    fc.assert(
      fc.property(catalogueTeam, catalogueTeam, (a, b) => {
        const parsed = parseTeamFile(makeTeamFile([a, b]));
        if (!parsed.ok) return false;
        expect(names(parsed.value)).toEqual([a, b].map((t) => ({ ...t, count: 1 })));
        const checked = checkTeams(parsed.value, CAT);
        if (!checked.ok) return false;
        return checked.value.every((t, i) => {
          const src = [a, b][i]!;
          return t.samurai.name === src.samurai && t.skills.map((s) => s.name).join('|') === src.skills.join('|') &&
            t.monsters.map((m) => m.name).join('|') === src.monsters.join('|');
        });
      }),
      { numRuns: 200 },
    );
  });

  it('free-form names (letters, digits, spaces, hyphens, apostrophes, "!") survive the round trip', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9'!-]{1,8}$/);
    const nameArb = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')).filter((n) => !/^Player [12] Team$/.test(n));
    const team = fc.record({ samurai: nameArb, skills: fc.array(nameArb, { maxLength: 9 }), monsters: fc.array(nameArb, { maxLength: 9 }) });
    fc.assert(
      fc.property(team, team, (a, b) => {
        const parsed = parseTeamFile(makeTeamFile([a, b]));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(names(parsed.value)).toEqual([a, b].map((t) => ({ ...t, count: 1 })));
      }),
      { numRuns: 200 },
    );
  });
});
