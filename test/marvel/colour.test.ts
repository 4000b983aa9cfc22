/**
 * A referee's terminal in colour (issue 13): the `status` view of both sides and the event lines, painted
 * only with RunContext.colour. Painting only adds SGR escapes, so the coloured terminal text stripped of them
 * is the plain text, and a log (no terminal) or a terminal without colour (NO_COLOR) prints the log's bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskFiles } from '../../src/core/files.js';
import { prepareRun, sessionOptions } from '../../src/core/run.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import type { Event } from '../../src/rulesets/marvel/events.js';
import engine from '../../src/rulesets/marvel/engine.js';
import { MARVEL_META } from '../../src/rulesets/marvel/meta.js';
import { present, presentAll } from '../../src/rulesets/marvel/presenter.js';
import { colourPaint, PLAIN, SIDE_SGR, VIT_SGR, vitLevel } from '../../src/rulesets/marvel/paint.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { SGR, stripSgr as strip } from '../helpers/sgr.js';

const esc = (code: string, text: string) => `\u001b[${code}m${text}\u001b[0m`;

const DATA = join(REPO_ROOT, 'data/marvel');
const SCRIPT = readFileSync(join(DATA, 'demo-commands.txt'), 'utf8').split('\n');
/** The demo with a `status` after every command: both sides seen with dots, modifiers, statuses, falls. */
const WITH_STATUS = SCRIPT.flatMap((line) => (line === '' || line.startsWith('#') ? [line] : [line, 'status']));

/** The demo as the CLI plays it: `terminal` and `colour` as the CLI would set them, echo as given. */
function demo(view: { terminal: boolean; colour: boolean }, echo: boolean, lines: readonly string[] = WITH_STATUS): { text: string; exit: number } {
  const prepared = prepareRun(MARVEL_META, engine, { args: ['demo.sheet'], options: {}, files: diskFiles(DATA) });
  if (!prepared.ok) throw new Error(prepared.stderr.join('\n'));
  const { battle, preamble } = prepared.run.begin(view.terminal, view.colour);
  const sink = new MemorySink();
  const exit = runLines(battle, lines, sink, sessionOptions(MARVEL_META, '<stdin>', echo, preamble));
  return { text: sink.text(), exit };
}

const sides = colourPaint((id) => (id === 'Cap' ? 'A' : id === 'Skull' ? 'B' : undefined));
const A = (text: string) => esc(SIDE_SGR.A, text);
const B = (text: string) => esc(SIDE_SGR.B, text);

const STATUS: Event = {
  t: 'status',
  phase: 'TURN',
  round: 2,
  actor: 'Skull',
  quiet: 0,
  rows: [
    { side: 'A', id: 'Cap', vit: 400, vitMax: 2000, paLeft: 3, paMax: 5, freeUsed: 1, state: 'active', dots: [{ type: 'Burn', amount: 50, left: 2 }], mods: [], cooldowns: [{ skill: 'Throw', left: 1 }], statuses: [{ name: 'Blind', dur: { t: 'a', n: 2 }, left: 1 }] },
    { side: 'B', id: 'Skull', vit: 0, vitMax: 1800, paLeft: 0, paMax: 6, freeUsed: 0, state: 'fallen', dots: [], mods: [], cooldowns: [], statuses: [] },
  ],
} as Event;

describe('the paint (marvel/paint.ts)', () => {
  it('two side colours; vitality green above half, yellow above a quarter, red at a quarter or less', () => {
    expect(SIDE_SGR.A).not.toBe(SIDE_SGR.B);
    expect([2000, 1001, 1000, 501, 500, 0].map((v) => vitLevel(v, 2000))).toEqual(['high', 'high', 'mid', 'mid', 'low', 'low']);
    expect(new Set(Object.values(VIT_SGR)).size).toBe(3);
  });

  it('an id takes its side as the fighters stand; an id that is no participant stays plain', () => {
    expect(sides.id('Cap')).toBe(A('Cap'));
    expect(sides.id('Skull')).toBe(B('Skull'));
    expect(sides.id('Nobody')).toBe('Nobody');
  });
});

describe('the status view in colour', () => {
  it('sides in their colours, low vitality in red, PA in bold, dots, statuses, and empty lists dimmed', () => {
    const [head, cap, skull] = present(STATUS, sides);
    expect(head).toBe(`${esc('1', 'STATUS')} phase=TURN round=2 actor=${B('Skull')} quiet=0`);
    expect(cap).toBe(
      `  ${A('A Cap')} vit=${esc(VIT_SGR.low, '400/2000')} pa=${esc('1', '3/5')} free=1/2 state=active ` +
        `dots=${esc('31', 'Burn:50:2')} mods=${esc('2', '-')} cd=${esc('2', 'Throw:1')} statuses=${esc('33', 'Blind 1a')}`,
    );
    expect(skull).toContain(`  ${B('B Skull')} vit=${esc(VIT_SGR.low, '0/1800')}`);
    expect(skull).toContain(`state=${esc('1;31', 'fallen')}`);
  });

  it('stripped of its escapes it is the log block, which has none', () => {
    const coloured = present(STATUS, sides);
    expect(coloured.join('\n')).toMatch(SGR);
    expect(coloured.map(strip)).toEqual(present(STATUS));
    expect(present(STATUS, PLAIN)).toEqual(present(STATUS));
    expect(present(STATUS).join('\n')).not.toMatch(SGR);
    expect(present(STATUS)[1]).toBe('  A Cap vit=400/2000 pa=3/5 free=1/2 state=active dots=Burn:50:2 mods=- cd=Throw:1 statuses=Blind 1a');
  });

  it('event lines keep their text, ids painted by side', () => {
    const events: Event[] = [
      { t: 'start', mode: 'challenge', a: ['Cap'], b: ['Skull'] },
      { t: 'dmg', id: 'Skull', attacker: 'Cap', skill: 'Punch', no: 1, d: 10, d4: 10, d5: 10, d6: 10, d7: 10, vit: 1700, vitMax: 1800 },
      { t: 'fall', id: 'Skull' },
      { t: 'end', result: { winner: 'A', reason: 'side-out' }, defeatedA: 0, defeatedB: 1 },
    ];
    const coloured = presentAll(events, sides);
    expect(coloured[0]).toBe(`START challenge ${A('A')}=${A('Cap')} ${B('B')}=${B('Skull')}`);
    expect(coloured[1]).toBe(`DMG ${B('Skull')} <- ${A('Cap')}:Punch#1 D=10 react=10 pdef=10 red=10 imm=10 final=10 vit=${esc(VIT_SGR.high, '1700/1800')}`);
    expect(coloured.map(strip)).toEqual(presentAll(events));
    expect(presentAll(events)).toEqual([
      'START challenge A=Cap B=Skull',
      'DMG Skull <- Cap:Punch#1 D=10 react=10 pdef=10 red=10 imm=10 final=10 vit=1700/1800',
      'FALL Skull',
      'END winner=A reason=side-out defeated=A:0,B:1',
    ]);
  });
});

describe('the demo, as the CLI plays it', () => {
  const log = demo({ terminal: false, colour: false }, true);

  it('the log has no escape (and is the demo with its status blocks, exit 0)', () => {
    expect(log.text).not.toMatch(SGR);
    expect(log.text).toContain('\n  B Brute vit=0/2600 ');
    expect(log.text).toContain('\nEND winner=A reason=side-out defeated=A:0,B:2\n');
    expect(log.exit).toBe(0);
  });

  it('on a terminal with colour: status blocks and events in colour, and stripped it is the plain terminal text', () => {
    const coloured = demo({ terminal: true, colour: true }, false);
    const plain = demo({ terminal: true, colour: false }, false);
    expect(coloured.text).toMatch(SGR);
    expect(coloured.text).toContain(`\n  ${A('A Kestrel')} vit=`);
    expect(coloured.text).toContain(`\n  ${B('B Oracle')} vit=${esc(VIT_SGR.low, '0/1600')}`);
    expect(coloured.text).toContain(`TURN ${B('Brute')} round=1`);
    expect(strip(coloured.text)).toBe(plain.text);
    expect(coloured.exit).toBe(plain.exit);
  });

  it('on a terminal without colour (NO_COLOR): plain text, the log without its echo', () => {
    const plain = demo({ terminal: true, colour: false }, false);
    expect(plain.text).not.toMatch(SGR);
    expect(plain.text).toBe(demo({ terminal: false, colour: false }, false).text);
    expect(plain.text).toBe(log.text.split('\n').filter((l) => !l.startsWith('INPUT: ')).join('\n'));
  });
});
