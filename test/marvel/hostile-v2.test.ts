/**
 * Hostile input on the version 2 commands (issue 23, QA item 2): `ref place`, `ref fly`, `ref hide`, `ref reveal`
 * and `react ... to x y` with bad, huge, negative, out-of-grid and odd numbers, odd facings and very long lines,
 * mixed into random play in a combat with positions. Every line is answered without a throw; a rejected line prints
 * nothing but its one error, in the §15 form of its code, and leaves the state (cells, heights, hiding, history)
 * exactly as it was (§15); an accepted one prints only §14 lines and `ref undo` restores the state before it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalize } from '../../src/rulesets/marvel/commands.js';
import { battleOf, play } from '../helpers/marvel.js';
import { GRID_QA } from './fixtures.js';

const CHARACTERS = ['Ace', 'Brick', 'Shade', 'Medic'];
const JUNK_NAMES = ['Nobody', 'A', 'b', 'skill', 'on', 'to', 'N', 'x'.repeat(300), 'Ácé'];
const JUNK_NUMBERS = ['05', '100', '-1', '+1', '007', '1e1', '0x1', '١', '５', '1.0', '9'.repeat(400), 'NaN', '-0'];
const FACINGS = ['N', 'ne', 'Se', 'sW', 'W', 'NW', 'NNE', 'UP', 'north', '0', '北'];
const SKILLS = ['Burst', 'Fan', 'Ray', 'Shot', 'Step', 'Dodge', 'Blink', 'Poke', 'Foresight', 'Guard', 'Mend', 'Cut-In', 'Nope'];
const TYPES = ['', 'evasion ', 'counter ', 'defence ', 'anticipation ', 'annulment '];

// mostly well-formed names and in-grid numbers near the fighters, so that lines reach the checks after the parser
const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...CHARACTERS) }, { weight: 1, arbitrary: fc.constantFrom(...JUNK_NAMES) });
const num = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 6, max: 16 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: -150, max: 150 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...JUNK_NUMBERS) },
);
const facing = fc.constantFrom(...FACINGS);
const skill = fc.constantFrom(...SKILLS);
const blank = fc.constantFrom(' ', '  ', '\t', ' \u00a0', '\u3000');

/** Lines aimed at the v2 forms, plus free junk and very long lines. */
const hostileLine = fc.oneof(
  // onto the prelude's cells (E_CELL while their owners still stand there)
  fc.tuple(name, fc.constantFrom('10 10', '12 10', '11 12', '9 11'), skill).map(([x, cell, s]) => (s.length % 2 === 0 ? `ref place ${x} ${cell}` : `react ${x} ${s} to ${cell}`)),
  fc.tuple(name, num, num, fc.option(facing)).map(([x, a, b, f]) => `ref place ${x} ${a} ${b}${f === null ? '' : ` ${f}`}`),
  fc.tuple(name, num, fc.option(num)).map(([x, h, extra]) => `ref fly ${x} ${h}${extra === null ? '' : ` ${extra}`}`),
  fc.tuple(fc.constantFrom('hide', 'reveal', 'HIDE', 'Reveal'), name, fc.option(name)).map(([s, x, y]) => `ref ${s} ${x}${y === null ? '' : ` ${y}`}`),
  fc
    .tuple(name, fc.constantFrom(...TYPES), skill, fc.option(name), fc.boolean(), fc.constantFrom('to', 'TO', 'To'), num, fc.option(num), fc.option(num))
    .map(([r, type, s, forT, norange, to, a, b, c]) =>
      [`react ${r} ${type}${s}`, forT === null ? '' : ` for ${forT}`, norange ? ' norange' : '', ` ${to} ${a}`, b === null ? '' : ` ${b}`, c === null ? '' : ` ${c}`].join(''),
    ),
  fc.tuple(name, skill, fc.option(name)).map(([x, s, t]) => `use ${x} ${s}${t === null ? '' : ` on ${t}`}`),
  fc.tuple(blank, name, blank, num, blank, num).map(([b1, x, b2, a, b3, b]) => `${b1}ref${b2}place ${x}${b3}${a} ${b}${b1}`),
  fc.string({ maxLength: 80 }),
  fc.constantFrom(`ref place Ace ${'9'.repeat(100_000)} 1`, `react Ace Step to ${'1 '.repeat(20_000)}`, `ref note ${'n'.repeat(50_000)}`),
);

const CODES = new Set('SYNTAX UNKNOWN PHASE TURN STATE CLASS ONCE BLOCKED COOLDOWN COMBO TARGET PA FREE REACT TWICE COVERED SLOT UNDO OVER RANGE CELL'.split(' ').map((c) => `E_${c}`));

const REACH = '\\S+ is out of reach at height \\d+|\\S+ is out of range \\(\\d+ > \\d+\\)|\\S+ is outside the (area|cone|line)';
const CELL = '\\d{1,2},\\d{1,2}';

/** The §15 message template of each code this test can reach (the v2 forms of E_STATE, E_RANGE and E_CELL included). */
const MESSAGE: Record<string, RegExp> = {
  E_UNKNOWN: /^unknown (character|skill|side|modifier|dot|status) '.+'$/,
  E_PHASE: /^'[a-z]+( [a-z]+)?' not allowed during (SETUP|PREP|TURN|WINDOW|SUB)$/,
  E_TURN: /^it is \S+'s turn, not \S+'s$/,
  E_STATE: /^\S+ is (fallen|fled|yielded|defeated|not in the combat|already in the combat|already hidden|not hidden)$/,
  E_CLASS: /^\S+ is an? \S+ skill and cannot be used here$/,
  E_TARGET: /^\S+: (too many targets \(max \d+\)|no target|\S+ is not a valid target)$/,
  // §7.1 step 11a and D68 for a use; §8.2 "Reach of reactions"; D69 for a challenge; D75 for the referee commands
  E_RANGE: new RegExp(
    [
      `^\\S+: (\\S+ has no cell|a cone cannot be used facing (N|NE|E|SE|S|SW|W|NW)|\\S+ is hidden|${REACH})$`,
      `^\\S+ cannot use \\S+ here: (norange is decided by positions|only an evasion moves|no positions|\\S+ has no cell|needs to <x> <y>|${REACH}|${CELL} (is inside the reach of \\S+|moves towards \\S+|is \\d+ steps away, \\d+ needed))$`,
      '^\\S+ is out of challenge range \\(\\d+ > 5\\)$',
      '^\\S+ has no cell$',
      '^\\S+ cannot fly higher than \\d+$',
    ].join('|'),
  ),
  E_CELL: /^cell \d{1,2},\d{1,2} is taken by \S+$/,
  E_REACT: /^\S+ cannot use \S+ here: .+$/,
  E_PA: /^\S+ needs \d+ PA, has \d+$/,
  // The §15 rows the positioned games reach more rarely (a random stream hit E_FREE once in CI).
  E_FREE: /^\S+ already took 2 free actions this round$/,
  E_ONCE: /^\S+ already used \S+ \d+\/\d+ times this round$/,
  E_BLOCKED: /^\S+ was anticipated this round$/,
  E_COOLDOWN: /^\S+ is on cooldown for \d+ more round\(s\)$/,
  E_COMBO: /^\S+ already made a combo this turn$/,
  E_SLOT: /^side [AB] is full \(\d+\/\d+\)$/,
  E_TWICE: /^\S+ already reacted to this hit$/,
  E_COVERED: /^\S+ is already covered for this hit$/,
  E_UNDO: /^nothing to undo$/,
  E_OVER: /^the combat is over$/,
};

/** §14 lines a positioned combat of GRID_QA can print, v2 lines included (STATUS answers are left out below). */
const GRAMMAR = [
  /^START (challenge|attack) A=\S+ B=\S+$/,
  /^PREP (open|close)$/,
  /^EQUIP \S+ .+$/,
  /^JOIN \S+ side=[AB] via=\S+ cost=\d+ pa=\d+\/\d+ slots=\d+\/\d+ turn=(next|now)$/,
  /^ROUND \d+ order=\S+$/,
  /^TURN \S+ round=\d+ pa=\d+\/\d+$/,
  /^(ITURN|IACTION) \S+ via=\S+$/,
  /^(RESUME|FALL|FLEE|YIELD|DEFEAT|TAKE|HIDE|REVEAL) \S+$/,
  /^SKIP \S+ reason=(fallen|fled|yielded|defeated)$/,
  /^USE \S+ \S+ cost=\d+ pa=\d+\/\d+( free=[12]\/2)?$/,
  /^HIT \S+:\S+#\d+\/\d+ kinds=\S+( ignore| pierce)? base=(\d+|-) pct=(\d+|-) flat=(\d+|-) on=\S+$/,
  /^AWAIT \S+( sub)?$/,
  /^DROP \S+:\S+ reason=E_[A-Z]+$/,
  /^REACT \S+ \S+ (defence-int|defence-ext|zone|evasion|counter|anticipation|annulment) for=\S+ cost=\d+(\+\d+)? pa=\d+\/\d+( R=\d+)?$/,
  /^MOVE \S+ from=\d{1,2},\d{1,2} to=\d{1,2},\d{1,2}$/,
  /^EVADE \S+ <- \S+:\S+#\d+$/,
  /^DMG \S+ <- \S+:\S+#\d+ D=\d+ react=\d+ pdef=\d+ red=\d+ imm=\d+ final=\d+ vit=\d+\/\d+$/,
  /^CANCEL \S+:\S+ by=\S+:\S+ refund=\d+$/,
  /^FX \S+ (mod#(\d+|-) \S+ \S+ \S+ (applied|renewed|replaced|rejected|blocked)|heal amount=\d+ kinds=\S+ healed=\d+ blocked=\d+ vit=\d+\/\d+)$/,
  /^EXPIRE \S+ (dot \S+|mod#\d+|status \S+)$/,
  /^ENDTURN \S+ actions=\d+ reason=(pass|timeout|fallen|fled|yielded|defeated)$/,
  /^ENDROUND \d+ quiet=\d+\/10$/,
  /^END winner=(A|B|draw) reason=(side-out|stalemate|withdraw|referee) defeated=A:\d+,B:\d+$/,
  /^POSTCOMBAT \S+$/,
  /^PLACE \S+ at=\d{1,2},\d{1,2} facing=(N|NE|E|SE|S|SW|W|NW)$/,
  /^FLY \S+ up=\d{1,2}$/,
  /^(REF|UNDO|NOTE) .+$/,
  /^STATUS phase=[A-Z]+ round=\d+ actor=\S+ quiet=\d+$/,
  /^ {2}[AB] \S+ vit=\d+\/\d+ pa=\d+\/\d+ free=\d\/2 state=\S+ dots=\S+ mods=.+ cd=\S+ statuses=.+ cell=(-|\d{1,2},\d{1,2}\/(N|NE|E|SE|S|SW|W|NW))( up=\d{1,2})?( hidden)?$/,
];

const PRELUDE = ['ref place Ace 10 10 E', 'ref place Brick 12 10 W', 'ref place Shade 11 12 N', 'ref place Medic 9 11 S'];

function checkRejection(line: string, code: string, message: string): void {
  expect(CODES.has(code), `${code} for ${line.slice(0, 80)}`).toBe(true);
  expect(message).not.toContain('\n');
  if (code === 'E_SYNTAX') {
    const norm = normalize(line);
    expect(message.startsWith(`cannot parse '${norm}': expected `), message.slice(0, 120)).toBe(true);
    return;
  }
  const re = MESSAGE[code];
  expect(re, `no template for ${code}`).toBeDefined();
  expect(re!.test(message), `${code}: ${message.slice(0, 120)}`).toBe(true);
}

const picksArb = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 20, maxLength: 120 });

describe('hostile input on the version 2 commands', () => {
  it('a rejected line leaves the positioned state exactly as it was; an accepted one prints §14 lines and undoes exactly', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(picksArb, fc.array(hostileLine, { minLength: 10, maxLength: 40 }), (picks, hostile) => {
        const battle = battleOf(GRID_QA);
        for (const line of PRELUDE) expect(battle.feed(line).ok).toBe(true);
        let h = 0;
        for (let step = 0; step < 120; step++) {
          const pick = picks[step % picks.length]!;
          // leaving lines end a game fast; keep play going so hostile lines meet windows, SUB and moved cells
          const choices = battle.choices().filter((l) => !/^(yield|flee|ref (end|withdraw|defeat)) /.test(l));
          if (choices.length === 0) break;
          const line = pick % 3 === 0 ? hostile[h++ % hostile.length]! : choices[pick % choices.length]!;
          const before = battle.snapshot();
          const depth = battle.historyLength();
          const fed = battle.feed(line);
          if (!fed.ok) {
            expect(fed.lines).toEqual([]);
            checkRejection(line, fed.error.code, fed.error.message);
            seen.add(fed.error.code);
            expect(battle.snapshot()).toStrictEqual(before);
            expect(battle.historyLength()).toBe(depth);
            continue;
          }
          for (const out of fed.lines) expect(GRAMMAR.some((re) => re.test(out)), `${line.slice(0, 80)} -> ${out.slice(0, 120)}`).toBe(true);
          const verb = normalize(line).toLowerCase();
          if (verb === 'status' || verb.startsWith('ref note') || verb === 'ref undo') continue;
          expect(battle.feed('ref undo').ok).toBe(true);
          expect(battle.snapshot()).toStrictEqual(before);
          expect(battle.feed(line).ok).toBe(true);
        }
        expect(battle.snapshot().grid).toBe(true);
      }),
      { numRuns: 25 },
    );
    // the runs reached the v2 checks, not only the parser
    for (const code of ['E_SYNTAX', 'E_UNKNOWN', 'E_PHASE', 'E_STATE', 'E_RANGE', 'E_CELL']) expect(seen, code).toContain(code);
  });

  it('through the session driver: one ERROR line per rejected line, right after its echo, a positioned stderr copy each, no stack trace', () => {
    fc.assert(
      fc.property(fc.array(hostileLine, { minLength: 1, maxLength: 25 }), (hostile) => {
        const lines = [...PRELUDE, 'start challenge Ace Brick', 'join Shade B Shade-In', 'begin', ...hostile];
        const run = play(GRID_QA, lines);
        expect(run.exit === 0 || run.exit === 1).toBe(true);
        expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
        const errors = run.out.filter((l) => l.startsWith('ERROR '));
        const copies = run.stderr === '' ? [] : run.stderr.replace(/\n$/, '').split('\n');
        expect(copies).toHaveLength(errors.length);
        // the cut at 1,000 characters is the CLI's stderr writer's (core), not this in-memory driver's
        for (const copy of copies) expect(copy).toMatch(/^<stdin>:\d+: E_[A-Z]+: /);
        for (const [i, l] of run.out.entries()) {
          if (!l.startsWith('ERROR ')) continue;
          expect(l).toMatch(/^ERROR E_[A-Z]+: .+$/);
          // exactly one ERROR line after the echo of the rejected line (E_EOF ends the input)
          expect(run.out[i - 1]!.startsWith('INPUT: ') || l.startsWith('ERROR E_EOF: ')).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});
