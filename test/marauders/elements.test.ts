/**
 * Element effects (section 5) and the hit procedure (4.3), one row per effect: P1's lane A attacks P2's lane A
 * in the resolution at the end of turn 2 (turn 12 for Metal and Thunder, which need t >= 9), on a generated
 * 10x10 board. Each row lists lines that must appear, in this order, in the resolution.
 */
import { describe, expect, it } from 'vitest';
import { runMatch, section } from '../helpers/marauders.js';

interface Row {
  readonly name: string;
  readonly atk: string;
  readonly def?: string;
  readonly more?: readonly string[];
  readonly turn?: number;
  readonly expect: readonly (string | RegExp)[];
  /** Lines that must not appear in the resolution. */
  readonly absent?: readonly RegExp[];
}

function resolution(row: Row): string[] {
  const setup = [
    'tier standard ultimate',
    'elements SFGWIAPEUL',
    'seed 5',
    `start-turn ${row.turn ?? 2}`,
    `shield P1.X A ${row.atk}`,
    ...(row.def === undefined ? [] : [`shield P2.X A ${row.def}`]),
    ...(row.more ?? []),
  ].join('\n');
  const tokens = [row.atk, row.def ?? '', ...(row.more ?? []).map((m) => m.split(' ').pop()!)];
  const elements = tokens.flatMap((t) => /^[A-Z]/.test(t) ? [t[0]!] : []);
  // the ten elements: every letter the row uses, then the canonical list
  const els = [...new Set([...elements, ...'SFGWIAPEULMDVNHTCZKXO'])].slice(0, 10).join('');
  const text = setup.replace('elements SFGWIAPEUL', `elements ${els}`);
  const run = runMatch(text + '\n', [row.turn === undefined ? 'P2 pass' : 'P2 pass']);
  expect(run.stderr.filter((l) => !l.includes('E_EOF'))).toEqual([]);
  return section(run.lines, 'RESOLVE', 'TURN ');
}

function expectInOrder(lines: readonly string[], wanted: readonly (string | RegExp)[]): void {
  let at = 0;
  for (const w of wanted) {
    const i = lines.findIndex((l, k) => k >= at && (typeof w === 'string' ? l === w : w.test(l)));
    expect(i, `missing ${String(w)} after line ${at} in\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
    at = i + 1;
  }
}

const ROWS: readonly Row[] = [
  { name: 'no effects: dmg = A - S', atk: 'L5', def: 'S3', expect: ['HIT P1->P2.X:A L5 vs S3 dmg=2 hp=23/25 force=2 left=-'] },
  { name: 'no shield: dmg = A', atk: 'L5', expect: ['HIT P1->P2.X:A L5 vs - dmg=5 hp=20/25 force=5 left=-'] },
  { name: 'Fire attack: minimum damage 1', atk: 'F3', def: 'S5', expect: ['EFFECT P1 Fire min-damage', 'HIT P1->P2.X:A F3 vs S5 dmg=1 hp=24/25 force=1 left=S2'] },
  { name: 'Fire shield: damage-1', atk: 'L3', def: 'F2', expect: ['EFFECT P2 Fire damage-1', 'HIT P1->P2.X:A L3 vs F2 dmg=0 hp=25/25 force=0 left=-'] },
  { name: 'Wind attack ignores the shield effect', atk: 'A4', def: 'L3', expect: ['EFFECT P1 Wind ignore-shield', 'HIT P1->P2.X:A A4 vs L3 dmg=1 hp=24/25 force=1 left=-'], absent: [/Light force/] },
  { name: 'Wind shield turns the attack effects off', atk: 'F2', def: 'A5', expect: ['EFFECT P2 Wind ignore-attack', 'HIT P1->P2.X:A F2 vs A5 dmg=0 hp=25/25 force=0 left=A3'], absent: [/min-damage/] },
  { name: 'Earth attack locks the lane; Ice shield halves', atk: 'E3', def: 'I2', expect: ['EFFECT P2 Ice halve-attack 3->1', 'HIT P1->P2.X:A E3 vs I2 dmg=0 hp=25/25 force=0 left=I1', 'EFFECT P1 Earth lock P2.X:A', 'SHIELDS P2.X A:i1/A'] },
  { name: 'Earth shield counters', atk: 'L2', def: 'E5', expect: ['HIT P1->P2.X:A L2 vs E5 dmg=0 hp=25/25 force=0 left=E3', 'EFFECT P2 Earth counter', 'STRIKE counter P2->P1.X:A 3 vs - dmg=3 hp=22/25 force=3 left=-'] },
  { name: 'Earth against Earth cancels both', atk: 'E4', def: 'E6', expect: ['HIT P1->P2.X:A E4 vs E6 dmg=0 hp=25/25 force=0 left=E2', 'EFFECT P1 Earth cancelled', 'EFFECT P2 Earth cancelled'] },
  { name: 'Light attack heals the weaker attacker', atk: 'L2', more: ['hp 20 25'], expect: ['EFFECT P1 Light heal hp=21/25', 'HIT P1->P2.X:A L2 vs - dmg=2 hp=23/25 force=2 left=-'] },
  { name: 'Light shield gives 2 force', atk: 'S2', def: 'L3', expect: ['EFFECT P2 Light force 0->2', 'HIT P1->P2.X:A S2 vs L3 dmg=0 hp=25/25 force=0 left=L1'] },
  { name: 'Dark attack: no-collect on the hit lane', atk: 'D3', expect: ['HIT P1->P2.X:A D3 vs - dmg=3 hp=22/25 force=3 left=-', 'EFFECT P1 Dark no-collect P2.X:A', 'SHIELDS P2.X A:0[noatk]'] },
  { name: 'Dark shield: no-collect on the attacker lane', atk: 'L2', def: 'D4', expect: ['EFFECT P2 Dark no-collect P1.X:A', 'HIT P1->P2.X:A L2 vs D4 dmg=0 hp=25/25 force=0 left=D2', 'SHIELDS P1.X A:0[nodef]'] },
  { name: 'Neutral attack halves the shield for real', atk: 'N6', def: 'G4', expect: ['EFFECT P1 Neutral halve-shield 4->2', 'HIT P1->P2.X:A N6 vs G4 dmg=4 hp=21/25 force=4 left=-'] },
  { name: 'Neutral shield bounces half the rest', atk: 'L6', def: 'N4', expect: ['HIT P1->P2.X:A L6 vs N4 dmg=2 hp=23/25 force=2 left=-', 'EFFECT P2 Neutral bounce', 'STRIKE bounce P2->P1.X:A 2 vs - dmg=2 hp=23/25 force=2 left=-'] },
  { name: 'Star attack gains half the shortfall', atk: 'S2', def: 'G5', expect: ['HIT P1->P2.X:A S2 vs G5 dmg=0 hp=25/25 force=0 left=G3', 'EFFECT P1 Star gain P1.X:A +1 = G1/A'] },
  { name: 'Star shield gains half the overflow (tag D)', atk: 'F5', def: 'S1', expect: ['EFFECT P1 Fire min-damage', 'HIT P1->P2.X:A F5 vs S1 dmg=4 hp=21/25 force=4 left=-', 'EFFECT P2 Star gain P2.X:A +2 = F2/D'] },
  { name: 'Wood attack spends force to push', atk: 'G2', def: 'S4', more: ['force 5 0'], expect: ['EFFECT P1 Wood spend force=5->3', 'HIT P1->P2.X:A G2 vs S4 dmg=0 hp=25/25 force=3 left=-'] },
  { name: 'Wood shield spends force to absorb', atk: 'L5', def: 'G2', more: ['force 0 4'], expect: ['EFFECT P2 Wood spend force=4->1 dmg=3->0', 'HIT P1->P2.X:A L5 vs G2 dmg=0 hp=25/25 force=0 left=-'] },
  { name: 'Ice attack schedules a strike', atk: 'I3', expect: ['EFFECT P1 Ice strike-scheduled', 'HIT P1->P2.X:A I3 vs - dmg=3 hp=22/25 force=3 left=-'] },
  { name: 'Poison attack poisons on damage', atk: 'P4', expect: ['HIT P1->P2.X:A P4 vs - dmg=4 hp=21/25 force=4 left=-', 'EFFECT P1 Poison poison P2 left=3'] },
  { name: 'Poison attack barrier without damage', atk: 'P4', def: 'G6', expect: ['HIT P1->P2.X:A P4 vs G6 dmg=0 hp=25/25 force=0 left=G2', 'EFFECT P1 Poison barrier P2.X:A 2->0'] },
  { name: 'Poison shield poisons an attacker with no shield', atk: 'L3', def: 'P3', expect: ['EFFECT P2 Poison poison P1 left=3', 'HIT P1->P2.X:A L3 vs P3 dmg=0 hp=25/25 force=0 left=-'] },
  { name: 'Poison shield barrier on a present attacker shield', atk: 'L3', def: 'P3', more: ['shield P1.Y 2 G5'], expect: ['EFFECT P2 Poison barrier P1.Y:2 5->2', 'HIT P1->P2.X:A L3 vs P3 dmg=0 hp=25/25 force=0 left=-'] },
  { name: 'Metal attack splits to the lowest other-axis lane', atk: 'T8', turn: 12, expect: ['EFFECT P1 Metal split', 'STRIKE split P1->P2.Y:1 4 vs - dmg=4 hp=21/25 force=4 left=-', 'HIT P1->P2.X:A T4 vs - dmg=4 hp=17/25 force=8 left=-'] },
  { name: 'Metal shield splits to the highest other-axis lane', atk: 'L8', def: 'T5', turn: 12, more: ['shield P2.Y 3 S2'], expect: ['EFFECT P2 Metal split', 'STRIKE split P1->P2.Y:3 4 vs S2 dmg=2 hp=23/25 force=2 left=-', 'HIT P1->P2.X:A L4 vs T5 dmg=0 hp=23/25 force=2 left=T1'] },
  { name: 'Metal against Metal cancels both', atk: 'T6', def: 'T4', turn: 12, expect: ['EFFECT P2 Metal cancelled', 'EFFECT P1 Metal cancelled', 'HIT P1->P2.X:A T6 vs T4 dmg=2 hp=23/25 force=2 left=-'] },
  { name: 'Metal is inert before turn 9', atk: 'T8', def: 'T4', expect: ['HIT P1->P2.X:A T8 vs T4 dmg=4 hp=21/25 force=4 left=-'], absent: [/Metal/] },
  { name: 'Thunder attack duplicates a quarter', atk: 'Z8', turn: 12, expect: [/^EFFECT P1 Thunder duplicate P1\.Y:\d+ \+2 = [A-Z]2\/A$/, 'HIT P1->P2.X:A Z8 vs - dmg=8 hp=17/25 force=8 left=-'] },
  { name: 'Thunder shield transfers the overflow', atk: 'L4', def: 'Z2', turn: 12, expect: ['HIT P1->P2.X:A L4 vs Z2 dmg=2 hp=23/25 force=2 left=-', 'EFFECT P2 Thunder transfer P2.Y:1 +1 = L1/A'] },
  { name: 'Thunder shield moves a surviving shield', atk: 'L2', def: 'Z5', turn: 12, expect: ['HIT P1->P2.X:A L2 vs Z5 dmg=0 hp=25/25 force=0 left=Z3', 'EFFECT P2 Thunder transfer P2.Y:1 +3 = Z3/A'] },
  { name: 'Oracle attack reverses a surviving shield at the end of the turn', atk: 'O2', def: 'G5', expect: ['HIT P1->P2.X:A O2 vs G5 dmg=0 hp=25/25 force=0 left=G3', 'EFFECT P1 Oracle reverse P2.X:A', 'REVERSE P2.X:A 3->-1', 'SHIELDS P2.X A:G-1/A'] },
  { name: 'Oracle attack curses a destroyed shield', atk: 'O5', def: 'S3', expect: ['HIT P1->P2.X:A O5 vs S3 dmg=2 hp=23/25 force=2 left=-', 'EFFECT P1 Oracle curse P2.X:A', 'EFFECT P2 Star gain P2.X:A +1 = O1/D[curse]'] },
  { name: 'Oracle shield boosts by a quarter (printed even for +0)', atk: 'L4', def: 'O3', expect: ['EFFECT P2 Oracle boost 3->3', 'HIT P1->P2.X:A L4 vs O3 dmg=1 hp=24/25 force=1 left=-'] },
  { name: 'Oracle shield steals the strongest other shield', atk: 'L4', def: 'O3', more: ['shield P2.Y 2 G7'], expect: ['EFFECT P2 Oracle steal P2.Y:2 7', 'HIT P1->P2.X:A L4 vs O3 dmg=0 hp=25/25 force=0 left=-', 'SHIELDS P2.Y -'] },
  { name: 'Oracle against Oracle: the attack is cancelled', atk: 'O4', def: 'O3', expect: ['EFFECT P2 Oracle boost 3->3', 'HIT P1->P2.X:A O4 vs O3 dmg=1 hp=24/25 force=1 left=-', 'EFFECT P1 Oracle cancelled'] },
  { name: 'a reversed shield adds to the damage and is destroyed', atk: 'L2', def: 'G-3', expect: ['HIT P1->P2.X:A L2 vs G-3 dmg=5 hp=20/25 force=5 left=-'] },
  { name: 'Steam shield gives a rose lane', atk: 'L2', def: 'H5', expect: ['HIT P1->P2.X:A L2 vs H5 dmg=0 hp=25/25 force=0 left=H3', /^EFFECT P2 Steam rose-lane P2\.X:[A-J]$/] },
];

describe('element effects and the hit procedure (one resolution)', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const lines = resolution(row);
    expectInOrder(lines, row.expect);
    for (const re of row.absent ?? []) expect(lines.some((l) => re.test(l)), `unexpected ${re}`).toBe(false);
  });
});
