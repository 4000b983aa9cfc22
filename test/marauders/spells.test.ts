/**
 * Spells (3.8, 6): arming, casting by the spell swap, fizzling, the E_SPELL order, `extended` windows and
 * `long` cooldown, and each trigger (the `pending` fixture makes a spell trigger on the first turn).
 */
import { describe, expect, it } from 'vitest';
import { inOrder, runMatch } from '../helpers/marauders.js';

/** P1 swap C1 C2 makes the W line A2-C2. */
const VERTICAL = ['SWFWG', 'PWFPS', 'WFWGP', 'FGPSW', 'GPSFF'];

function match(extra: string[], commands: string[], board: string[] | null = VERTICAL): string[] {
  const setup = ['tier rank 1', 'seed 12', ...extra, ...(board === null ? [] : ['board', ...board])].join('\n') + '\n';
  const run = runMatch(setup, commands);
  return run.lines;
}


describe('arming, casting and fizzling (3.8)', () => {
  it('cast pays 10 and arms; the next productive swap is the spell swap: no shields, CAST before REFILL', () => {
    const lines = match(['force 12 0'], ['P1 cast', 'P1 swap C1 C2', 'P1 pass']);
    inOrder(lines, ['INPUT: P1 cast', 'ARMED P1 force=12->2', 'INPUT: P1 swap C1 C2', 'MATCH 1 W A2-C2 key=C2 value=3', 'CAST P1 Water Rain', /^REFILL /, 'MOVES 5']);
    expect(lines.some((l) => l.startsWith('SHIELD P1'))).toBe(false);
    inOrder(lines, ['TURN 2 P2 DEFEND X', 'STATE P1 hp=25/25 force=2 spell=pending-Water poison=0']);
  });

  it('a spell triggers at the caster next own turn, in that turn role', () => {
    const lines = match(['force 12 0'], ['P1 cast', 'P1 swap C1 C2', 'P1 pass', 'P2 pass', 'P2 pass']);
    inOrder(lines, ['TURN 4 P1 DEFEND X', 'SPELL P1 Water Rain defend', /^EFFECT P1 Water cover [A-E][1-5]$/, 'STATE P1 hp=25/25 force=2 spell=used poison=0']);
    expect(lines.filter((l) => l.startsWith('EFFECT P1 Water cover'))).toHaveLength(5);
  });

  it('a turn that ends armed fizzles: the force is lost, the allowance kept', () => {
    const lines = match(['force 12 0'], ['P1 cast', 'P1 pass']);
    inOrder(lines, ['ARMED P1 force=12->2', 'TURN-END pass', 'FIZZLE P1', 'TURN 2 P2 DEFEND X', 'STATE P1 hp=25/25 force=2 spell=ready poison=0']);
  });

  it('E_SPELL reasons in check order', () => {
    const lines = match(['force 25 5'], ['P1 cast', 'P1 cast', 'P1 swap C1 C2', 'P1 cast', 'P1 pass', 'P2 cast']);
    inOrder(lines, [
      'ARMED P1 force=25->15',
      'INPUT: P1 cast',
      'ERROR E_SPELL: P1 cannot cast: already armed',
      'CAST P1 Water Rain',
      'INPUT: P1 cast',
      'ERROR E_SPELL: P1 cannot cast: a spell is pending',
      'INPUT: P2 cast',
      'ERROR E_SPELL: P2 cannot cast: force 5 < 10',
    ]);
  });

  it('no spell left after the default single cast', () => {
    const lines = match(['force 10 0', 'pending P1 F'], ['P1 cast']);
    inOrder(lines, ['SPELL P1 Fire Inferno attack', 'STATE P1 hp=25/25 force=10 spell=used poison=0', 'ERROR E_SPELL: P1 cannot cast: no spell left']);
  });

  it('long: four casts, seven turns apart (cooldown-<c>)', () => {
    const lines = match(['options long', 'force 30 0', 'start-turn 3', 'pending P1 F'], ['P2 pass', 'P1 cast']);
    // the pending fixture counts as a cast on turn 2, so the cooldown runs until turn 9
    inOrder(lines, ['TURN 4 P1 DEFEND X', 'SPELL P1 Fire Inferno defend', 'STATE P1 hp=100/100 force=30 spell=cooldown-9 poison=0', 'ERROR E_SPELL: P1 cannot cast: cooldown until turn 9']);
  });

  it('extended: window 1 (hp 26..50) is wasted once hp falls to 25 or less; window 2 stays (D62)', () => {
    const lines = match(['options extended', 'force 20 0', 'hp 20 50'], ['P1 cast']);
    inOrder(lines, ['STATE P1 hp=20/50 force=20 spell=ready poison=0', 'ARMED P1 force=20->10']);
    // a pending spell used window 1 (hp 30): no spell left while hp stays above 25
    const high = match(['options extended', 'force 20 0', 'hp 30 50', 'pending P1 F'], ['P1 cast']);
    inOrder(high, ['SPELL P1 Fire Inferno attack', 'EFFECT P1 Fire inferno P2 hp=43/50', 'STATE P1 hp=30/50 force=20 spell=used poison=0', 'ERROR E_SPELL: P1 cannot cast: no spell left']);
  });
});

interface TriggerRow {
  readonly name: string;
  readonly el: string;
  readonly extra?: readonly string[];
  readonly commands?: readonly string[];
  readonly expect: readonly (string | RegExp)[];
  readonly count?: readonly [RegExp, number];
}

const TRIGGERS: readonly TriggerRow[] = [
  { name: 'Inferno takes 7 hp', el: 'F', expect: ['SPELL P1 Fire Inferno attack', 'EFFECT P1 Fire inferno P2 hp=18/25'] },
  { name: 'Luminate heals 7', el: 'L', extra: ['hp 10 25'], expect: ['SPELL P1 Light Luminate attack', 'EFFECT P1 Light heal hp=17/25'] },
  { name: 'Breeze', el: 'A', expect: ['SPELL P1 Wind Breeze attack', 'EFFECT P1 Wind breeze P2'] },
  {
    name: 'Earthquake (attack) locks every enemy lane on the axis',
    el: 'E',
    commands: ['P1 pass'],
    expect: ['SPELL P1 Earth Earthquake attack', 'EFFECT P1 Earth lock-field P2.X', 'SHIELDS P2.X A:0[lock] B:0[lock] C:0[lock] D:0[lock] E:0[lock] F:0[lock] G:0[lock] H:0[lock] I:0[lock] J:0[lock]'],
  },
  {
    name: 'Shockwave (attack, normal order) resolves at once and skips the next turn',
    el: 'D',
    extra: ['shield P1.X A S3'],
    commands: ['P1 pass'],
    expect: ['EFFECT P1 Dark shockwave', 'TURN-END pass', 'RESOLVE P1->P2 X', 'HIT P1->P2.X:A S3 vs - dmg=3 hp=22/25 force=3 left=-', 'TURN 2 P2 DEFEND X', /^STATE P2 /, 'TURN-END skipped', 'TURN 3 P2 ATTACK X'],
  },
  { name: 'Shine (Sun) resets the board and keeps the forces', el: 'U', extra: ['force 4 6'], expect: ['SPELL P1 Sun Shine attack', 'RESET force=kept', 'BOARD'] },
  { name: 'Rain places one cover per element', el: 'W', expect: ['SPELL P1 Water Rain attack'], count: [/^EFFECT P1 Water cover [A-J]\d+$/, 10] },
  { name: 'Blanket moves every block up and right', el: 'M', expect: ['SPELL P1 Moon Blanket attack', 'EFFECT P1 Moon blanket'] },
  { name: 'Pulse places four filters when the enemy has none', el: 'V', expect: ['SPELL P1 Sound Pulse attack'], count: [/^EFFECT P1 Sound filter /, 4] },
  { name: 'Pulse converts enemy filters first', el: 'V', extra: ['mark B2 filter2'], expect: ['SPELL P1 Sound Pulse attack', 'EFFECT P1 Sound convert B2'], count: [/^EFFECT P1 Sound filter /, 3] },
  { name: 'Emission: four roses and two rose lanes', el: 'H', expect: ['SPELL P1 Steam Emission attack'], count: [/^EFFECT P1 Steam (rose [A-J]\d+|rose-lane P1\.X:[A-J])$/, 6] },
  { name: 'Bling: four mirrors across the axis', el: 'C', expect: ['SPELL P1 Crystal Bling attack', /^MARKS (\S+:mirrorV ?){4}$/], count: [/^EFFECT P1 Crystal mirror /, 4] },
  { name: 'Phase: four shifters', el: 'K', expect: ['SPELL P1 Cosmo Phase attack'], count: [/^EFFECT P1 Cosmo shifter /, 4] },
  { name: 'Wormhole: four warps', el: 'X', expect: ['SPELL P1 Dimension Wormhole attack'], count: [/^EFFECT P1 Dimension warp /, 4] },
  { name: 'Spike becomes an extra (only the SPELL line)', el: 'N', expect: ['SPELL P1 Neutral Spike attack', /^STATE P1 /] },
  { name: 'Yin Yang becomes an extra', el: 'O', expect: ['SPELL P1 Oracle Yin Yang attack', /^STATE P1 /] },
];

describe('spell triggers (6)', () => {
  it.each(TRIGGERS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const els = [...new Set([row.el, ...'SFGWIAPEULMDVNHTCZKXO'])].slice(0, 10).join('');
    const setup = ['tier standard ultimate', `elements ${els}`, 'seed 21', `pending P1 ${row.el}`, ...(row.extra ?? [])].join('\n') + '\n';
    const lines = runMatch(setup, [...(row.commands ?? [])]).lines;
    inOrder(lines, row.expect);
    if (row.count !== undefined) expect(lines.filter((l) => row.count![0].test(l))).toHaveLength(row.count[1]);
  });

  it('both Rotators on one hit: the attacker\'s first, then the defender\'s on the new lane, each naming its caster (D86)', () => {
    // P1's F3 into P2's G5: the attack-mode rule moves it to P2's weakest lane (B, 0); the defend-mode rule then
    // reads lane B (A = 3 > 0) and moves it back to P2's strongest lane (A, 5)
    const setup = ['tier standard easy', 'elements SFGWT', 'seed 3', 'pending P1 T', 'pending P2 T', 'shield P1.X A F3', 'shield P2.X A G5'].join('\n') + '\n';
    const lines = runMatch(setup, ['P1 pass', 'P2 pass']).lines;
    inOrder(lines, [
      'SPELL P1 Metal Rotator attack', 'SPELL P2 Metal Rotator defend', 'RESOLVE P1->P2 X', 'LAUNCH P1.X A F3',
      'EFFECT P1 Metal rotate P2.X:A->B', 'EFFECT P2 Metal rotate P2.X:B->A', 'EFFECT P1 Fire min-damage', 'HIT P1->P2.X:A F3 vs G5 dmg=1 hp=24/25 force=1 left=G2',
    ]);
    expect(lines.filter((l) => l.includes('Metal rotate'))).toHaveLength(2);
  });

  it('a Wind attack with fx on by a player under breeze still blocks the shield effects, printing no ignore-shield (D90)', () => {
    // P2's Breeze (defend, turn 2) puts P1 under breeze for the resolution that ends turn 2: P1's A5 meets F3
    const setup = ['tier rank 2', 'seed 3', 'pending P2 A', 'shield P1.X A A5', 'shield P2.X A F3'].join('\n') + '\n';
    const lines = runMatch(setup, ['P1 pass', 'P2 pass']).lines;
    inOrder(lines, ['SPELL P2 Wind Breeze defend', 'EFFECT P2 Wind breeze P1', 'RESOLVE P1->P2 X', 'LAUNCH P1.X A A5', 'HIT P1->P2.X:A A5 vs F3 dmg=2 hp=23/25 force=2 left=-']);
    expect(lines.some((l) => l.includes('ignore-shield') || l.includes('damage-1'))).toBe(false);
  });

  it('Shockwave (defend) destroys the present enemy shields on the axis', () => {
    const setup = ['tier rank 1', 'seed 2', 'start-turn 2', 'pending P2 F', 'shield P1.X A S3', 'shield P1.X C F2', 'shield P1.Y 1 W4'].join('\n') + '\n';
    expect(runMatch(setup.replace('pending P2 F', 'pending P2 P'), []).lines).toContain('SPELL P2 Poison Poisoning defend');
    const dark = ['tier standard easy', 'elements SFGWD', 'seed 2', 'start-turn 2', 'pending P2 D', 'shield P1.X A S3', 'shield P1.X C F2', 'shield P1.Y 1 W4'].join('\n') + '\n';
    inOrder(runMatch(dark, []).lines, ['SPELL P2 Dark Shockwave defend', 'EFFECT P2 Dark destroy P1.X:A', 'EFFECT P2 Dark destroy P1.X:C', 'STATE P1 hp=25/25 force=0 spell=ready poison=0']);
  });

  it('Shockwave (attack) under reverse destroys the enemy D-tagged shields on the axis (D35)', () => {
    const setup = ['tier standard easy', 'elements SFGWD', 'seed 2', 'options reverse', 'pending P2 D', 'shield P1.X D S2', 'board', 'SWFWG', 'DWFDS', 'WFWGD', 'FGDSW', 'GDSFF'].join('\n') + '\n';
    const lines = runMatch(setup, ['P1 swap C1 C2', 'P1 pass']).lines;
    inOrder(lines, [
      'TURN 1 P1 DEFEND X',
      'SHIELD P1.X A +1 = W1/D',
      'TURN 2 P2 ATTACK X',
      'SPELL P2 Dark Shockwave attack',
      'EFFECT P2 Dark destroy P1.X:A',
      'EFFECT P2 Dark destroy P1.X:B',
      'EFFECT P2 Dark destroy P1.X:C',
      'STATE P1 hp=25/25 force=0 spell=ready poison=0',
    ]);
    expect(lines).not.toContain('EFFECT P2 Dark destroy P1.X:D');
  });

  it('Earthquake (defend) quakes with each present caster shield at R7', () => {
    const setup = ['tier standard easy', 'elements SFGWE', 'seed 2', 'start-turn 2', 'pending P2 E', 'shield P2.X B S2', 'shield P2.X D W3'].join('\n') + '\n';
    inOrder(runMatch(setup, ['P2 pass']).lines, [
      'SPELL P2 Earth Earthquake defend',
      'RESOLVE P1->P2 X',
      'STRIKE quake P2->P1.X:B 2 vs - dmg=2 hp=23/25 force=2 left=-',
      'STRIKE quake P2->P1.X:D 3 vs - dmg=3 hp=20/25 force=5 left=-',
      'SHIELDS P2.X -',
    ]);
  });
});
