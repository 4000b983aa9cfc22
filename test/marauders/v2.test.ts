/**
 * Version 2 of the spec, feature by feature: the block query `view` (3.1, D74), the line shapes (3.3), `single`
 * (2.3), `pre-match` (3.7), `force-matchable` (3.6) and `non-matching` with its spells (6.1). Expected lines
 * are worked out from the spec's rules in the comments beside them.
 */
import { describe, expect, it } from 'vitest';
import { runMatch } from '../helpers/marauders.js';

function inOrder(lines: readonly string[], wanted: readonly (string | RegExp)[]): void {
  let at = 0;
  for (const w of wanted) {
    const i = lines.findIndex((l, k) => k >= at && (typeof w === 'string' ? l === w : w.test(l)));
    expect(i, `missing ${String(w)} in\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
    at = i + 1;
  }
}

const B5 = ['SGWPF', 'PFFSW', 'FWGSP', 'WSPGF', 'GPSWG'];

describe('view (3.1, D74)', () => {
  it('either player, at any prompt, sees the element and mark; nothing changes and no move is used', () => {
    const setup = ['tier rank 1', 'seed 5', 'mark B4 warp', 'board', ...B5].join('\n') + '\n';
    const plain = runMatch(setup, ['P1 pass']).lines;
    const viewed = runMatch(setup, ['P2 view b4', 'P1 view A1', 'P1 view E5', 'P1 pass']);
    expect(viewed.lines.filter((l) => l.startsWith('VIEW'))).toEqual(['VIEW B4 S mark=warp', 'VIEW A1 S mark=none', 'VIEW E5 G mark=none']);
    // the same log once the queries and their echoes are taken out
    expect(viewed.lines.filter((l) => !l.startsWith('VIEW') && !/^INPUT: P\d view /.test(l))).toEqual(plain);
  });

  it('its errors follow 9.4: token count (the v1 usage text), bad cell, outside the board', () => {
    const setup = ['tier rank 1', 'seed 5', 'board', ...B5].join('\n') + '\n';
    const lines = runMatch(setup, ['P1 view', 'P1 view A1 A2', 'P2 view Z', 'P2 view F1']).lines;
    inOrder(lines, [
      'INPUT: P1 view', 'ERROR E_SYNTAX: usage: P1|P2 swap <cell> <cell> | P1|P2 cast | P1|P2 pass',
      'INPUT: P1 view A1 A2', 'ERROR E_SYNTAX: usage: P1|P2 swap <cell> <cell> | P1|P2 cast | P1|P2 pass',
      'INPUT: P2 view Z', "ERROR E_CELL: bad cell 'Z'; expected a row letter and a column number, e.g. E6",
      'INPUT: P2 view F1', 'ERROR E_BOUNDS: F1 is outside the 5x5 board',
    ]);
  });
});
