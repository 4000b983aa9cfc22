/**
 * The grid on a terminal (issue 23): `status` and `map` draw who stands where (side, number, facing, flying and
 * hidden marks) and the last shape's cells; the log (no terminal) keeps the exact STATUS lines of §14.
 */
import { describe, expect, it } from 'vitest';
import { MarvelBattle } from '../../src/rulesets/marvel/battle.js';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import { char } from '../helpers/marvel.js';

const SHEET = [
  char('Storm', ['passive flight 3', 'skill Hail offensive cost=2 kinds=gel cone=2 dmg=100 uses=*', 'skill Bolt offensive cost=1 kinds=ele dmg=100 uses=*']),
  char('Magneto', ['skill Coil offensive cost=1 kinds=fis dmg=100']),
  char('Toad', ['skill Tongue offensive cost=1 kinds=fis dmg=100']),
].join('\n');

function battle(terminal: boolean): MarvelBattle {
  const parsed = parseSheets([{ path: 'x.sheet', text: SHEET }]);
  if (!parsed.ok) throw new Error(parsed.error);
  return new MarvelBattle(parsed.roster, { terminal });
}

const SCRIPT = ['ref place Storm 5 5 E', 'ref place Magneto 7 5 W', 'ref place Toad 9 8', 'start challenge Storm Magneto', 'begin', 'ref hide Storm', 'ref fly Storm 2', 'use Storm Hail', 'take Magneto'];

function feedAll(b: MarvelBattle, lines: readonly string[]): void {
  for (const line of lines) expect(b.feed(line).ok, line).toBe(true);
}

describe('the terminal grid view', () => {
  it('status on a terminal adds the grid: sides, facings, the flying and hidden mark, the last cone', () => {
    const b = battle(true);
    feedAll(b, SCRIPT);
    const fed = b.feed('status');
    expect(fed.ok).toBe(true);
    const lines = fed.ok ? fed.lines : [];
    expect(lines[1]).toBe('  A Storm vit=2000/2000 pa=4/6 free=0/2 state=active dots=- mods=- cd=- statuses=- cell=5,5/E up=2 hidden');
    const map = lines.slice(3);
    // columns 2..12 (the cone of 2 reaches x=7 and three rows, plus a margin), rows 2..11
    expect(map[0]).toBe('      2   3   4   5   6   7   8   9   10  11  12');
    const row5 = map.find((l) => l.startsWith('  5 '))!;
    expect(row5).toBe('  5   .   .   .  A1→* :  B2←  .   .   .   .   .');
    const row4 = map.find((l) => l.startsWith('  4 '))!;
    expect(row4).toBe('  4   .   .   .   .   .   :   .   .   .   .   .');
    expect(map.find((l) => l.startsWith('  8 '))).toBe('  8   .   .   .   .   .   .   .  o3↑  .   .   .');
    expect(map).toHaveLength(1 + 10 + 3);
    expect(map.slice(-3)).toEqual([
      '  A1 Storm 5,5 facing=E up=2 hidden',
      '  B2 Magneto 7,5 facing=W',
      '  o3 Toad 9,8 facing=N (not in the combat)',
    ]);
  });

  it('the log (no terminal) keeps the exact STATUS block and map its E_SYNTAX; at a terminal map draws on stderr', () => {
    const b = battle(false);
    feedAll(b, SCRIPT);
    const fed = b.feed('status');
    expect(fed.ok && fed.lines).toHaveLength(3);
    expect(b.feed('map')).toEqual({ ok: false, error: { code: 'E_SYNTAX', message: "cannot parse 'map': expected a command" }, lines: [] });
    const placed = battle(true);
    feedAll(placed, SCRIPT);
    const map = placed.feed('map');
    expect(map.ok).toBe(false);
    expect(map.lines).toEqual([]);
    expect(!map.ok && map.notes !== undefined && map.notes.length).toBeGreaterThan(1);
    const t = battle(true);
    expect(t.feed('map')).toEqual({
      ok: false,
      error: { code: 'E_SYNTAX', message: "cannot parse 'map': expected a command" },
      lines: [],
      notes: ['no positions: place characters with ref place <X> <x> <y> [<facing>]'],
    });
  });
});
