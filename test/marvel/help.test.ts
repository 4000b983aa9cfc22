/**
 * Issue 21 item 7: `help` / `help <command>`, the ref commands after a bare or unknown `ref`, and a
 * character's sheet or skills (`sheet <X>`, `skills <X>`) are answered at a terminal on stderr (notes) while
 * each line keeps the spec's E_SYNTAX bytes in the log (§15, D42), without any change of state; without a
 * terminal nothing is added (the reference case errors-syntax fixes the stderr of a bare `ref`).
 */
import { describe, expect, it } from 'vitest';
import type { Feed } from '../../src/core/battle.js';
import { MarvelBattle } from '../../src/rulesets/marvel/battle.js';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import engine from '../../src/rulesets/marvel/engine.js';
import { CAP_VS_SKULL } from '../helpers/marvel.js';

function battle(terminal: boolean): MarvelBattle {
  const parsed = parseSheets([{ path: 'team.sheet', text: CAP_VS_SKULL }]);
  if (!parsed.ok) throw new Error(parsed.error);
  return engine.start({ roster: parsed.roster }, { rng: null, options: {}, files: {} as never, terminal }) as MarvelBattle;
}

/** The notes of a rejected line with the spec's E_SYNTAX for `form`; fails on anything else. */
function notesOf(fed: Feed, line: string, form = 'a command'): readonly string[] | undefined {
  expect(fed.ok).toBe(false);
  if (fed.ok) return undefined;
  expect(fed.error).toEqual({ code: 'E_SYNTAX', message: `cannot parse '${line}': expected ${form}` });
  expect(fed.lines).toEqual([]);
  return fed.notes;
}

describe('marvel help and queries, on stderr', () => {
  it('a bare or unknown ref keeps its E_SYNTAX and lists every ref command', () => {
    const b = battle(true);
    for (const line of ['ref', 'ref bogus']) {
      const notes = notesOf(b.feed(line), line, 'a ref command');
      expect(notes).toContain('  ref vit <X> <+n|-n>');
      expect(notes).toContain('  ref undo');
      expect(notes).toContain('  ref note <text...>');
    }
  });

  it('without a terminal the same lines keep the spec bytes and add nothing', () => {
    const b = battle(false);
    for (const [line, form] of [['help', 'a command'], ['skills Cap', 'a command'], ['sheet Cap', 'a command'], ['map', 'a command'], ['ref', 'a ref command']]) {
      expect(b.feed(line!)).toEqual({ ok: false, error: { code: 'E_SYNTAX', message: `cannot parse '${line}': expected ${form}` }, lines: [] });
    }
  });

  it('skills <X> and sheet <X> show the character and change nothing (undo history untouched)', () => {
    const b = battle(true);
    b.feed('start challenge Cap RedSkull');
    const before = JSON.stringify(b.snapshot());
    const history = b.historyLength();
    expect(notesOf(b.feed('skills Cap'), 'skills Cap')).toEqual([
      'skill Shield-Throw offensive cost=2 kinds=fis dmg=ARMA*2',
      'skill Shield-Block defence int cost=1 res=ARMA*1.5',
      'skill Side-Step evasion cost=1',
    ]);
    const sheet = notesOf(b.feed('sheet RedSkull'), 'sheet RedSkull');
    expect(sheet?.[0]).toBe('character RedSkull');
    expect(sheet).toContain('  skill Barrier defence ext cost=2 res=EN*1.2');
    expect(notesOf(b.feed('skills Nobody'), 'skills Nobody')).toEqual(["no character 'Nobody'; characters: Cap, RedSkull"]);
    expect(JSON.stringify(b.snapshot())).toBe(before);
    expect(b.historyLength()).toBe(history);
  });

  it('help lists every command with its syntax; help <command> gives that command', () => {
    const b = battle(true);
    const lines = (notesOf(b.feed('help'), 'help') ?? []).join('\n');
    for (const form of ['start challenge <X> <Y>', 'use <X> [skill] <S> [on <T>...]', 'take <T>', 'status', 'ref undo', 'skills <X>']) {
      expect(lines).toContain(form);
    }
    expect(notesOf(b.feed('help take'), 'help take')).toEqual(['take <T>']);
    expect(notesOf(b.feed('HELP ref vit'), 'HELP ref vit')).toEqual(['ref vit <X> <+n|-n>']);
    expect(notesOf(b.feed('help start'), 'help start')).toEqual(['start challenge <X> <Y>', 'start attack <X> [skill] <S> on <T1> [<T2>]']);
  });

  it('a line that is no query gets no notes', () => {
    const b = battle(true);
    expect(notesOf(b.feed('fly away'), 'fly away')).toBeUndefined();
  });
});
