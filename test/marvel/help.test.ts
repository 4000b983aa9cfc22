/**
 * Issue 21 item 7: a referee at a terminal gets `help` / `help <command>`, the ref commands after a bare or
 * unknown `ref`, and a character's sheet or skills (`sheet <X>`, `skills <X>`) without any change of state;
 * without a terminal every one of these lines keeps the spec's E_SYNTAX bytes (§15, D42).
 */
import { describe, expect, it } from 'vitest';
import { MarvelBattle } from '../../src/rulesets/marvel/battle.js';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import engine from '../../src/rulesets/marvel/engine.js';
import { CAP_VS_SKULL } from '../helpers/marvel.js';

function battle(terminal: boolean): MarvelBattle {
  const parsed = parseSheets([{ path: 'team.sheet', text: CAP_VS_SKULL }]);
  if (!parsed.ok) throw new Error(parsed.error);
  return engine.start({ roster: parsed.roster }, { rng: null, options: {}, files: {} as never, terminal }) as MarvelBattle;
}

describe('marvel help and queries on a terminal', () => {
  it('a bare or unknown ref keeps its E_SYNTAX and lists every ref command', () => {
    const b = battle(true);
    for (const line of ['ref', 'ref bogus']) {
      const fed = b.feed(line);
      expect(fed.ok).toBe(false);
      if (fed.ok) continue;
      expect(fed.error).toEqual({ code: 'E_SYNTAX', message: `cannot parse '${line}': expected a ref command` });
      expect(fed.lines).toContain('  ref vit <X> <+n|-n>');
      expect(fed.lines).toContain('  ref undo');
      expect(fed.lines).toContain('  ref note <text...>');
    }
  });

  it('skills <X> and sheet <X> show the character and change nothing (undo history untouched)', () => {
    const b = battle(true);
    b.feed('start challenge Cap RedSkull');
    const before = JSON.stringify(b.snapshot());
    const history = b.historyLength();
    expect(b.feed('skills Cap')).toEqual({
      ok: true,
      lines: ['skill Shield-Throw offensive cost=2 kinds=fis dmg=ARMA*2', 'skill Shield-Block defence int cost=1 res=ARMA*1.5', 'skill Side-Step evasion cost=1'],
    });
    const sheet = b.feed('sheet RedSkull');
    expect(sheet.ok && sheet.lines[0]).toBe('character RedSkull');
    expect(sheet.ok && sheet.lines).toContain('  skill Barrier defence ext cost=2 res=EN*1.2');
    expect(b.feed('skills Nobody')).toEqual({ ok: true, lines: ["no character 'Nobody'; characters: Cap, RedSkull"] });
    expect(JSON.stringify(b.snapshot())).toBe(before);
    expect(b.historyLength()).toBe(history);
  });

  it('help lists every command with its syntax; help <command> gives that command', () => {
    const b = battle(true);
    const all = b.feed('help');
    expect(all.ok).toBe(true);
    const lines = all.lines.join('\n');
    for (const form of ['start challenge <X> <Y>', 'use <X> [skill] <S> [on <T>...]', 'take <T>', 'status', 'ref undo', 'skills <X>']) {
      expect(lines).toContain(form);
    }
    expect(b.feed('help take')).toEqual({ ok: true, lines: ['take <T>'] });
    expect(b.feed('HELP ref vit')).toEqual({ ok: true, lines: ['ref vit <X> <+n|-n>'] });
    expect(b.feed('help start')).toEqual({ ok: true, lines: ['start challenge <X> <Y>', 'start attack <X> [skill] <S> on <T1> [<T2>]'] });
  });

  it('without a terminal the same lines keep the spec bytes and print nothing else', () => {
    const b = battle(false);
    for (const [line, form] of [['help', 'a command'], ['skills Cap', 'a command'], ['sheet Cap', 'a command'], ['ref', 'a ref command']]) {
      expect(b.feed(line!)).toEqual({ ok: false, error: { code: 'E_SYNTAX', message: `cannot parse '${line}': expected ${form}` }, lines: [] });
    }
  });
});
