/**
 * Robustness under garbage (fast-check): random bytes and lines as choice streams at every kind of prompt,
 * and malformed setup files. Nothing may crash: a bad choice gets exactly one ERROR line and changes
 * nothing before it; a bad catalogue gets one positioned error; a bad team file is the course's
 * "Archivo de equipos inválido".
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SetupError } from '../../src/core/battle.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import { cachedCatalogue, loadCatalogue } from '../../src/rulesets/smt/catalogue.js';
import { createSmtBattle, smtSetupFromTexts } from '../../src/rulesets/smt/setup.js';
import { makeTeamFile } from '../../src/rulesets/smt/team-file.js';
import { DATA_SMT } from '../helpers/shared.js';

const OPTIONS = { echo: true, source: '<fuzz>', ruleset: 'smt', skipBlankAndComments: false } as const;
const catalogue = cachedCatalogue(DATA_SMT);
const TEAMS = makeTeamFile([
  { samurai: 'Flynn', skills: ['Agi', 'Dia', 'Recarm', 'Sabbatma', 'Bad Company', 'Tarukaja'], monsters: ['Jack Frost', 'Pyro Jack', 'High Pixie', 'Melchom', 'Senri'] },
  { samurai: 'Kei', skills: ['Bufu', 'Media', 'Invitation'], monsters: ['Black Frost', 'Kikuri-Hime', 'Nue', 'Lilith'] },
]);

function battle() {
  return createSmtBattle(smtSetupFromTexts(new Map([['001.txt', TEAMS]]), DATA_SMT));
}

/** A garbage line: anything that is not exactly a valid menu number once trimmed. */
const garbageLine = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom('', ' ', '\t', '\0', '-1', '0x1', '1e3', '1.5', '+2', '٣', '1\u00a0', '\uFEFF1', '99999999999999999999999'),
  )
  .map((s) => s.replace(/[\n\r]/g, ' '))
  .filter((s) => !/^[ \t]*\d+[ \t]*$/.test(s));

describe('garbage choices at every kind of prompt', () => {
  it('each garbage line gets exactly one ERROR line, the log before it is unchanged, and the game goes on', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 999 }), { minLength: 1, maxLength: 120 }), fc.array(garbageLine, { minLength: 1, maxLength: 5 }), fc.nat(), (picks, garbage, where) => {
        // Play valid picks, recording the choices; garbage goes in at one point of that game.
        const b = battle();
        const valid: string[] = [];
        const sink = new MemorySink();
        runLines(b, (function* () {
          for (const pick of picks) {
            const options = b.choices();
            if (options.length === 0) return;
            let line = options[pick % options.length]!;
            if (b.step().startsWith('action') && options.length === 6 && line === '6') line = '1';
            valid.push(line);
            yield line;
          }
        })(), sink, OPTIONS);
        const at = where % valid.length;
        const before = new MemorySink();
        runLines(battle(), valid.slice(0, at), before, OPTIONS);
        const withGarbage = new MemorySink();
        const code = runLines(battle(), [...valid.slice(0, at), ...garbage, ...valid.slice(at)], withGarbage, OPTIONS);
        expect(withGarbage.stderr.join('\n')).not.toMatch(/internal error|\n\s+at /);
        expect([0, 1]).toContain(code);
        // Everything printed before the first garbage line is what the clean prefix printed.
        const prefix = before.stdout.filter((l) => !l.startsWith('ERROR E_EOF'));
        expect(withGarbage.stdout.slice(0, prefix.length)).toEqual(prefix);
        const ended = before.stdout.some((l) => l.startsWith('Ganador:') || l === 'Archivo de equipos inválido');
        const errors = withGarbage.stdout.filter((l) => /^ERROR E_(SYNTAX|RANGE): /.test(l));
        expect(errors).toHaveLength(ended ? 0 : garbage.length);
        // Each ERROR line directly follows the echo of its garbage line.
        withGarbage.stdout.forEach((line, i) => {
          if (/^ERROR E_(SYNTAX|RANGE): /.test(line)) expect(withGarbage.stdout[i - 1]).toMatch(/^INPUT: /);
        });
        if (!ended) expect(code).toBe(1);
      }),
      { numRuns: 60 },
    );
  });
});

describe('malformed setup files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-fuzz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const originals = Object.fromEntries(['samurai.json', 'monsters.json', 'skills.json'].map((f) => [f, readFileSync(join(DATA_SMT, f))]));
  let case_ = 0;

  /** Writes a catalogue folder with one file replaced, and loads it. */
  function loadWith(file: string, bytes: Buffer): SetupError | null {
    const folder = join(dir, String(++case_));
    mkdirSync(folder, { recursive: true });
    for (const [name, content] of Object.entries(originals)) {
      writeFileSync(join(folder, name), name === file ? bytes : content);
    }
    try {
      loadCatalogue(folder);
      return null;
    } catch (error) {
      if (error instanceof SetupError) return error;
      throw error;
    }
  }

  const POSITIONED = /^.+\.json:\d+:\d+: E_(JSON|SCHEMA|UNKNOWN_SKILL): .+$/;
  const fileArb = fc.constantFrom('samurai.json', 'monsters.json', 'skills.json');

  it('a truncated catalogue file gives one positioned error', () => {
    fc.assert(
      fc.property(fileArb, fc.double({ min: 0, max: 0.999, noNaN: true }), (file, share) => {
        const original = originals[file]!;
        const error = loadWith(file, original.subarray(0, Math.floor(original.length * share)));
        expect(error).not.toBeNull();
        expect(error!.message).toMatch(POSITIONED);
        expect(error!.message.split('\n')).toHaveLength(1);
      }),
      { numRuns: 25 },
    );
  });

  it('NUL bytes, invalid UTF-8, a BOM, CRLF or a 10 MB line never crash the loader', () => {
    const mutations: [string, (b: Buffer) => Buffer][] = [
      ['NUL byte', (b) => Buffer.concat([b.subarray(0, 40), Buffer.from([0]), b.subarray(40)])],
      ['invalid UTF-8', (b) => Buffer.concat([b.subarray(0, 40), Buffer.from([0xff, 0xfe, 0xc3]), b.subarray(40)])],
      ['BOM', (b) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b])],
      ['CRLF', (b) => Buffer.from(b.toString('utf8').replace(/\n/g, '\r\n'))],
      ['10 MB garbage line', (b) => Buffer.concat([b.subarray(0, 40), Buffer.alloc(10 * 1024 * 1024, 0x78), b.subarray(40)])],
      ['10 MB string value', (b) => Buffer.from(b.toString('utf8').replace('"effect": "', `"effect": "${'y'.repeat(10 * 1024 * 1024)}`))],
      ['wrong type', (b) => Buffer.from(b.toString('utf8').replace(/"cost": \d+/, '"cost": "cheap"').replace(/"HP": \d+/, '"HP": true'))],
    ];
    for (const file of ['samurai.json', 'monsters.json', 'skills.json']) {
      for (const [what, mutate] of mutations) {
        const error = loadWith(file, mutate(originals[file]!));
        const harmless = what === 'BOM' || what === 'CRLF' || (what === '10 MB string value' && file === 'skills.json');
        if (harmless) expect(error, `${file} ${what}`).toBeNull();
        else if (error !== null) expect(error.message, `${file} ${what}`).toMatch(POSITIONED);
        else expect(what, `${file}: only a string-internal change may load`).toMatch(/UTF-8|string|wrong type/);
      }
    }
  });

  it('random team-file text is either a game or "Archivo de equipos inválido", never a crash', () => {
    const names = [...catalogue.samurai.keys(), ...catalogue.monsters.keys(), ...catalogue.skills.keys()];
    const lineArb = fc.oneof(
      fc.constantFrom('Player 1 Team', 'Player 2 Team', '[Samurai]', '[Samurai] Flynn (', '', '\r', '\uFEFF', '\0'),
      fc.constantFrom(...names),
      fc.constantFrom(...names).map((n) => `[Samurai] ${n}`),
      fc.tuple(fc.constantFrom(...names), fc.array(fc.constantFrom(...names), { maxLength: 10 })).map(([n, s]) => `[Samurai] ${n} (${s.join(',')})`),
      fc.string({ unit: 'binary', maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 25 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
        const sink = new MemorySink();
        const b = createSmtBattle(smtSetupFromTexts(new Map([['001.txt', lines.join(eol)]]), DATA_SMT));
        const code = runLines(b, ['0', '6'], sink, OPTIONS);
        expect(sink.stderr.join('\n')).not.toMatch(/internal error/);
        expect([0, 1]).toContain(code);
        const invalid = sink.stdout[3] === 'Archivo de equipos inválido';
        if (invalid) expect(sink.stderr.join('\n')).toMatch(/^001\.txt:\d+: E_TEAM: /);
        else expect(sink.stdout[4]).toMatch(/^Ronda de .+ \(J1\)$/);
      }),
      { numRuns: 200 },
    );
  });
});
