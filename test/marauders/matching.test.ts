/**
 * Matching (3.3-3.6): block values (h1 bonus) as table rows, the collection rule (element of the block
 * farthest from the field, tags), chains, NOMATCH, resets and the refill orders of the gravity options.
 */
import { describe, expect, it } from 'vitest';
import { findLines, type Board } from '../../src/rulesets/marauders/board.js';
import type { El, Mark } from '../../src/rulesets/marauders/model.js';
import { passValues } from '../../src/rulesets/marauders/settle.js';
import { runMatch, startBattle } from '../helpers/marauders.js';

const cell = (name: string, n = 5) => (name.charCodeAt(0) - 65) * n + Number(name.slice(1)) - 1;

function values(rows: string[], changed: string[], marks: Record<string, Mark['kind']> = {}, dimension = false): number[] {
  const el = rows.join('').split('') as El[];
  const mark: (Mark | null)[] = el.map(() => null);
  for (const [c, kind] of Object.entries(marks)) mark[cell(c)] = { kind };
  const b: Board = { n: 5, el, mark };
  const lines = findLines(b);
  const { values: v } = passValues(b, lines, new Set(changed.map((c) => cell(c))), dimension);
  // MATCH values: each line sums its cells not reported by an earlier line
  const seen = new Set<number>();
  return lines.map((l) => l.cells.filter((c) => !seen.has(c) && seen.add(c)).reduce((s, c) => s + v.get(c)!, 0));
}

const FILL = ['FWPWF', 'WPFPW', 'PFWFP', 'FWPWF'];

/** [what, board rows, changed cells, marks, dimension pass, MATCH values] */
const VALUE_ROWS: readonly [string, string[], string[], Record<string, Mark['kind']>, boolean, number[]][] = [
  ['a 3-line is worth 3', ['SSSGF', ...FILL], ['A2'], {}, false, [3]],
  ['a 4-line: the key gets +1 (9.6 turn 4: value=5)', ['SSSSF', ...FILL], ['A3'], {}, false, [5]],
  ['a 5-line: the key gets +2', ['SSSSS', ...FILL], ['A5'], {}, false, [7]],
  ['two lines share a key: +1 once (9.6 turn 2: 4 then 2)', ['SSSGF', 'SWPWF', 'SPFPW', 'FWPFP', 'PFWFP'], ['A1'], {}, false, [4, 2]],
  ['two lines, one a 4-line, sharing their key (1+1+1)', ['GSGWF', 'WSFPW', 'SSSSP', 'FWPFP', 'PGWFG'], ['C2'], {}, false, [5, 3]],
  ['three lines (k=3): each distinct key +2, the 4-line key +1 more', ['GSWFW', 'WSFPF', 'SSSSP', 'FWPFP', 'PGWFP'], ['C2', 'C5'], {}, false, [6, 3, 5]],
  ['a covered block is worth 0 and does not count for u', ['SSSSF', ...FILL], ['A3'], { A1: 'cover' }, false, [3]],
  ['a covered key is worth 0 whatever its bonus', ['SSSSF', ...FILL], ['A1'], { A1: 'cover' }, false, [3]],
  ['a warped block doubles its line', ['SSSGF', ...FILL], ['A2'], { A3: 'warp' }, false, [6]],
  ['Dimension pass 1 doubles again (warp x2, Dimension x2)', ['SSSGF', ...FILL], ['A2'], { A2: 'warp' }, true, [12]],
  ['no changed cell: the key is the first cell', ['GSSSS', ...FILL], [], {}, false, [5]],
];

describe('block values (3.4)', () => {
  it.each(VALUE_ROWS.map((r) => [r[0], r] as const))('%s', (_what, [, rows, changed, marks, dimension, expected]) => {
    expect(values(rows, changed, marks, dimension)).toEqual(expected);
  });
});

function play(rows: string[], commands: string[], extra: string[] = []): string[] {
  const setup = ['tier rank 1', 'seed 3', ...extra, 'board', ...rows].join('\n') + '\n';
  return runMatch(setup, commands).lines;
}

/** After P1 swaps C1 C2, the W line A2-C2 forms (one block per lane). */
const VERTICAL = ['SWFWG', 'PWFPS', 'WFWGP', 'FGPSW', 'GPSFF'];
/** C3 C4 completes S C1-C3 and F B4-D4 at once: lane C holds S and F blocks. */
const CROSS = ['WPGWP', 'PWGFW', 'SSFSG', 'GWPFP', 'WGSGW'];
/** A1 A2 makes the Wood line A2-C2. */
const WOOD = ['GSGFW', 'WGWSF', 'SGPWP', 'FWSPS', 'PFWGF'];

describe('swaps, collection and chains (3.1, 3.3, 3.5)', () => {
  it('a vertical line spreads one point per lane, tagged A in the attack turn', () => {
    const lines = play(VERTICAL, ['P1 swap C1 C2']);
    const i = lines.indexOf('INPUT: P1 swap C1 C2');
    expect(lines.slice(i + 1, i + 5)).toEqual([
      'MATCH 1 W A2-C2 key=C2 value=3',
      'SHIELD P1.X A +1 = W1/A',
      'SHIELD P1.X B +1 = W1/A',
      'SHIELD P1.X C +1 = W1/A',
    ]);
    expect(lines[i + 5]).toMatch(/^REFILL A2=[SFGWP] B2=[SFGWP] C2=[SFGWP]$/);
  });

  it('lines holding c2 come first; simultaneous keys get +1; a lane takes its farthest block (P1: right)', () => {
    const lines = play(CROSS, ['P1 swap C3 C4']);
    const i = lines.indexOf('INPUT: P1 swap C3 C4');
    expect(lines.slice(i + 1, i + 6)).toEqual([
      'MATCH 1 F B4-D4 key=C4 value=4',
      'MATCH 1 S C1-C3 key=C3 value=4',
      'SHIELD P1.X B +1 = F1/A',
      'SHIELD P1.X C +6 = F6/A',
      'SHIELD P1.X D +1 = F1/A',
    ]);
  });

  it('P2 collects on its right field: the farthest block is on the left; tag D in its defence turn', () => {
    const lines = play(CROSS, ['P2 swap C3 C4'], ['start-turn 2']);
    expect(lines.filter((l) => l.startsWith('SHIELD ')).slice(0, 3)).toEqual(['SHIELD P2.X B +1 = F1/D', 'SHIELD P2.X C +6 = S6/D', 'SHIELD P2.X D +1 = F1/D']);
  });

  it('Wood force: a Wood line at force 0 gives one point per uncovered Wood block, after the SHIELD lines', () => {
    const lines = play(WOOD, ['P1 swap A1 A2']);
    const i = lines.indexOf('INPUT: P1 swap A1 A2');
    expect(lines.slice(i + 1, i + 6)).toEqual([
      'MATCH 1 G A2-C2 key=A2 value=3',
      'SHIELD P1.X A +1 = G1/A',
      'SHIELD P1.X B +1 = G1/A',
      'SHIELD P1.X C +1 = G1/A',
      'EFFECT P1 Wood force 0->3',
    ]);
  });

  it('no Wood force when the player has force', () => {
    expect(play(WOOD, ['P1 swap A1 A2'], ['force 2 0']).some((l) => l.includes('Wood force'))).toBe(false);
  });

  it('a swap that makes no line is undone, prints NOMATCH and ends the turn', () => {
    const lines = play(VERTICAL, ['P1 swap A1 A2']);
    const i = lines.indexOf('INPUT: P1 swap A1 A2');
    expect(lines.slice(i + 1, i + 3)).toEqual(['NOMATCH A1 A2', 'TURN-END no-match']);
    expect(lines).toContain('TURN 2 P2 DEFEND X');
  });

  it('six productive swaps end the turn (TURN-END moves)', () => {
    const battle = startBattle('tier rank 2\nseed 31\n');
    const out: string[] = [];
    for (let k = 0; k < 6; k++) {
      const swap = battle.choices().find((c) => c.includes(' swap '))!;
      const fed = battle.feed(swap);
      expect(fed.ok).toBe(true);
      out.push(...fed.lines);
    }
    expect(out.filter((l) => l.startsWith('MOVES '))).toEqual(['MOVES 5', 'MOVES 4', 'MOVES 3', 'MOVES 2', 'MOVES 1', 'MOVES 0']);
    expect(out).toContain('TURN-END moves');
    expect(battle.step()).toBe('turn 2 of P2');
  });
});

describe('refill orders (3.6)', () => {
  const GRAV = ['SSFSP', 'FWPWF', 'WPFPW', 'PFWFP', 'FWPWF'];
  const run = (option: string, turn: number, swap: string) =>
    runMatch(['tier rank 1', 'seed 2', `options ${option}`, `start-turn ${turn}`, 'board', ...GRAV].join('\n') + '\n', [swap]).lines.find((l) =>
      l.startsWith('REFILL'),
    );

  it('default: matched cells in row-major order', () => {
    expect(run('none', 1, 'P1 swap A3 A4')).toMatch(/^REFILL A1=. A2=. A3=.$/);
  });
  it('gravity-in, P1 on X: survivors slide left, draws from the left side outward', () => {
    expect(run('gravity-in', 1, 'P1 swap A3 A4')).toMatch(/^REFILL A3=. A4=. A5=.$/);
  });
  it('gravity-in, P2 on X: survivors slide right, draws from the right side outward', () => {
    expect(run('gravity-in', 3, 'P2 swap A3 A4')).toMatch(/^REFILL A3=. A2=. A1=.$/);
  });
  it('gravity-out, P1 on X: survivors slide right', () => {
    expect(run('gravity-out', 1, 'P1 swap A3 A4')).toMatch(/^REFILL A3=. A2=. A1=.$/);
  });
  it('gravity-in, P1 on Y: a horizontal line refills its columns from the bottom', () => {
    expect(run('gravity-in', 5, 'P1 swap A3 A4')).toMatch(/^REFILL A1=. A2=. A3=.$/);
  });
  it('gravity-in, P2 on Y: columns slide up, draws from the top outward', () => {
    expect(run('gravity-in', 7, 'P2 swap A3 A4')).toMatch(/^REFILL E1=. E2=. E3=.$/);
  });
});
