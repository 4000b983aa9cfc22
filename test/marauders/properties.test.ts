/**
 * Properties of 10.2 (fast-check): random setups (mode, tier, v1 options, seed, fixtures) played with choice
 * streams drawn from `choices()` and mixed with garbage. I1 determinism and serialise/revive with the
 * generator, I2 atomic rejection, I3 legal commands, I4-I6 state bounds, I7 schedule, I12-I14 spells,
 * resets and termination, I16 log hygiene, I17 garbage.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLines, hasLegalSwap, isShifterBarred, shapeOf } from '../../src/rulesets/marauders/board.js';
import { MaraudersBattle } from '../../src/rulesets/marauders/battle.js';
import { MARK_EXCLUDES } from '../../src/rulesets/marauders/model.js';
import { turnInfo } from '../../src/rulesets/marauders/schedule.js';
import type { MState } from '../../src/rulesets/marauders/state.js';
import { runMatch, setupArbitrary, startBattle } from '../helpers/marauders.js';

/** MARAUDERS_RUNS=n soaks the properties with n times the runs. */
const SOAK = Number(process.env.MARAUDERS_RUNS ?? 1);

const setupArb = setupArbitrary(['rank 1', 'rank 2', 'rank 3', 'standard easy', 'standard medium', 'casual first', 'casual novice'], 30);

/** A step of a stream: a pick among the prompt's choices, or a garbage line. */
const stepArb = fc.oneof(
  { weight: 8, arbitrary: fc.nat().map((k) => ({ pick: k })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('P1 swap A1 A2', 'P2 swap B2 B3', 'P1 swap B1 A1', 'P2 swap C3 C2', 'P1 cast', 'P2 cast', 'P1 pass', 'P2 pass', 'p1 SWAP a1 b1', 'P1 swap Z9 A1', 'P2 swap A1 A1'),
      )
      .map((text) => ({ text })),
  },
);

/** A choice line as `choices()` spells it: `P1 swap A1 B1`. */
function canonical(line: string): string {
  const [p = '', cmd = '', ...cells] = line.trim().split(/[ \t]+/);
  return [p.toUpperCase(), cmd.toLowerCase(), ...cells.map((c) => c.toUpperCase())].join(' ');
}

interface Played {
  readonly lines: string[];
  /** The fed lines in order, with whether they were accepted. */
  readonly fed: { line: string; ok: boolean }[];
}

/** Plays a stream, checking I2/I3/I4-I6 at every step. */
function play(setup: string, steps: readonly ({ pick: number } | { text: string })[], check = true): Played {
  const battle = startBattle(setup);
  const lines = [...battle.opening()];
  const fed: { line: string; ok: boolean }[] = [];
  for (const step of steps) {
    if (battle.pending().kind === 'ended') break;
    const choices = battle.choices();
    const line = 'pick' in step ? choices[step.pick % choices.length]! : step.text;
    const before = check ? battle.snapshot() : null;
    const rngBefore = check ? [...battle.rngState()] : null;
    const out = battle.feed(line);
    fed.push({ line, ok: out.ok });
    if (!out.ok) {
      if (check) {
        expect(out.lines).toEqual([]);
        expect(battle.snapshot()).toEqual(before);
        expect([...battle.rngState()]).toEqual(rngBefore);
      }
      lines.push(`INPUT: ${line}`, `ERROR ${out.error.code}: ${out.error.message}`);
      continue;
    }
    if (check && 'pick' in step) expect(choices).toContain(line);
    if (check && !('pick' in step) && / swap /i.test(line) && !choices.includes(canonical(line))) {
      // I3: an accepted swap outside the legal list is unproductive
      expect(out.lines[0]).toMatch(/^NOMATCH /);
    }
    lines.push(`INPUT: ${line}`, ...out.lines);
    if (check) checkState(battle.snapshot());
  }
  return { lines, fed };
}

function checkState(st: MState): void {
  const { n, elements, maxHp, mode } = st.cfg;
  for (const p of st.players) {
    expect(p.hp).toBeGreaterThanOrEqual(0);
    expect(p.hp).toBeLessThanOrEqual(maxHp);
    expect(p.force).toBeGreaterThanOrEqual(0);
    expect(p.poison).toBeGreaterThanOrEqual(0);
    expect(p.poison).toBeLessThanOrEqual(3);
  }
  expect(st.moves).toBeGreaterThanOrEqual(0);
  expect(st.moves).toBeLessThanOrEqual(6);
  expect(st.board.el).toHaveLength(n * n);
  for (const e of st.board.el) expect(elements).toContain(e);
  st.board.mark.forEach((m, i) => {
    if (m === null) return;
    expect(st.board.el[i]).not.toBe(MARK_EXCLUDES[m.kind]);
    if (m.kind === 'shifter') expect(isShifterBarred(n, mode, i)).toBe(false);
  });
  // I10's "never on a Poison shield" holds for E5's reversals only: a Poison collection joining a reversed
  // lane leaves it negative with the new element (Join, 1.4), so it is not checked on the state.
  if (!st.over) {
    // I5: lines of the active shape (v2 reads "line" so, 10)
    expect(findLines(st.board, shapeOf(st.cfg.options))).toEqual([]);
    expect(hasLegalSwap(st.board, shapeOf(st.cfg.options))).toBe(true);
  }
}

/** I7, I12-I14, I16 on a whole log. */
function checkLog(setup: string, lines: readonly string[]): void {
  expect(lines[0]).toMatch(/^START /); // the SEED line is the core's preamble
  const limit = Number(/turn-limit (\d+)/.exec(setup)![1]);
  const st = startBattle(setup).snapshot();
  let turns = 0;
  let moves = 0;
  let resolvedEarly = false;
  let last = '';
  let boardWidth = -1;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    expect(/^[\x20-\x7e]*$/.test(l) || l.startsWith('INPUT: ')).toBe(true);
    if (!l.startsWith('INPUT: ')) expect(l).toBe(l.trimEnd());
    if (/^[A-U]  /.test(l)) {
      if (boardWidth < 0) boardWidth = l.length;
      expect(l.length).toBe(boardWidth);
    }
    const t = /^TURN (\d+) P(\d) (ATTACK|DEFEND) ([XY])$/.exec(l);
    if (t !== null) {
      turns++;
      moves = 0;
      const info = turnInfo(st.cfg, Number(t[1]));
      expect(`P${info.actor} ${info.role} ${info.axis}`).toBe(`P${t[2]} ${t[3]} ${t[4]}`);
      last = 'TURN';
    }
    if (l.startsWith('MOVES ')) expect(++moves).toBeLessThanOrEqual(6);
    const armed = /^ARMED P\d force=(\d+)->(\d+)$/.exec(l);
    if (armed !== null) expect(Number(armed[1]) - Number(armed[2])).toBe(10);
    if (l.startsWith('RESOLVE ')) {
      // I7: right after TURN-END (and FIZZLE / effects of E2-E3), at a bout's second turn or early under Shockwave
      const turnLine = [...lines.slice(0, i)].reverse().find((x) => x.startsWith('TURN '))!;
      const tt = Number(/^TURN (\d+)/.exec(turnLine)![1]);
      const closes = turnInfo(st.cfg, tt).closes;
      if (!closes) resolvedEarly = true;
      expect(closes || lines.slice(0, i).some((x) => x.endsWith('Dark shockwave'))).toBe(true);
    }
    if (l === 'TURN-END skipped') expect(resolvedEarly || lines.some((x) => x.endsWith('Dark shockwave'))).toBe(true);
    if (/^(WINNER|DRAW)/.test(l)) expect(i).toBe(lines.length - 1);
    expect(l.startsWith('RESET') ? /^RESET force=(kept|\d+->0,\d+->0)$/.test(l) : true).toBe(true);
  }
  expect(turns).toBeLessThanOrEqual(limit - 1 + 1);
  void last;
}

describe('random play (10.2)', () => {
  it('ends or reaches the bound, keeping I2-I7, I12-I14, I16 (drawn from choices(), with garbage)', () => {
    fc.assert(
      fc.property(setupArb, fc.array(stepArb, { minLength: 50, maxLength: 400 }), (setup, steps) => {
        const { lines } = play(setup, steps);
        checkLog(setup, lines);
      }),
      { numRuns: 20 * SOAK },
    );
  });

  it('long enough streams always end in WINNER or DRAW', () => {
    fc.assert(
      fc.property(setupArb, fc.nat(), (setup, seed) => {
        const steps = Array.from({ length: 3000 }, (_, k) => ({ pick: (seed + k * 7919) >>> 0 }));
        const { lines } = play(setup, steps, false);
        expect(lines[lines.length - 1]).toMatch(/^(WINNER P[12] \S+|DRAW turn-limit)$/);
      }),
      { numRuns: 15 * SOAK },
    );
  });
});

const setupArbV2 = setupArbitrary(['rank 1', 'rank 2', 'standard easy', 'casual first', 'casual novice'], 30, true);

describe('random play with the version 2 options (10, 10.2)', () => {
  it('every line shape, single, pre-match, force-matchable and non-matching keep I2-I7, I12-I14, I16; every chain ends', () => {
    fc.assert(
      fc.property(setupArbV2, fc.array(stepArb, { minLength: 50, maxLength: 300 }), (setup, steps) => {
        // a chain that never ended would stop the run with an internal error (D52), so a finished play is the check
        const { lines } = play(setup, steps);
        checkLog(setup, lines);
      }),
      { numRuns: 20 * SOAK },
    );
  });

  it('long enough streams always end in WINNER or DRAW', () => {
    fc.assert(
      fc.property(setupArbV2, fc.nat(), (setup, seed) => {
        const steps = Array.from({ length: 3000 }, (_, k) => ({ pick: (seed + k * 7919) >>> 0 }));
        const { lines } = play(setup, steps, false);
        expect(lines[lines.length - 1]).toMatch(/^(WINNER P[12] \S+|DRAW turn-limit)$/);
      }),
      { numRuns: 15 * SOAK },
    );
  });
});

/** v2 hostile lines: `view` in every form (D74, 9.4 #1-#5) and swaps of far cells (a Free Swap's form, D80). */
const v2HostileArb = fc.oneof(
  fc.constantFrom('P1 view A1', 'p2 VIEW e5', 'P2 view', 'P1 view A1 A2', 'P1 view Z9', 'P2 view A0', 'P1 view 1A', 'P2 view a01', 'P1 view A99', ' P1  view\tb2 ', 'P3 view A1'),
  fc.tuple(fc.constantFrom('P1', 'P2'), fc.nat(24), fc.nat(24)).map(([p, a, b]) => `${p} swap ${String.fromCharCode(65 + (a % 5))}${(a % 5) + 1} ${String.fromCharCode(65 + (b % 5))}${(b % 5) + 1}`),
  fc.string({ maxLength: 16 }).map((t) => `P1 view ${t}`),
);

describe('version 2 hostile lines (3.1, 9.4, D74, D80)', () => {
  it('a view answers with one VIEW line and changes nothing (state and generator); every other line is accepted or rejected whole', () => {
    fc.assert(
      fc.property(setupArbV2, fc.array(fc.oneof(fc.nat().map((k) => ({ pick: k })), v2HostileArb.map((text) => ({ text }))), { minLength: 20, maxLength: 150 }), (setup, steps) => {
        const battle = startBattle(setup);
        for (const step of steps) {
          if (battle.pending().kind === 'ended') break;
          const choices = battle.choices();
          const line = 'pick' in step ? choices[step.pick % choices.length]! : step.text;
          const before = battle.snapshot();
          const rngBefore = [...battle.rngState()];
          const out = battle.feed(line);
          const isView = /^\s*p[12]\s+view\b/i.test(line);
          if (!out.ok || isView) {
            if (out.ok) expect(out.lines).toHaveLength(1);
            if (out.ok) expect(out.lines[0]).toMatch(/^VIEW [A-U]\d{1,2} [A-Z] mark=(none|cover|rose|mirror[VRHF]|filter[12]|shifter[RF]|warp)$/);
            else expect(out.error.code).toMatch(/^E_(SYNTAX|COMMAND|CELL|BOUNDS|TURN|WARP|ADJACENT|SPELL)$/);
            expect(battle.snapshot()).toEqual(before);
            expect([...battle.rngState()]).toEqual(rngBefore);
          } else if (!('pick' in step) && !choices.includes(canonical(line))) {
            // I3: an accepted swap outside the legal list (a Free Swap's included) is unproductive
            expect(out.lines[0]).toMatch(/^NOMATCH /);
          }
        }
      }),
      { numRuns: 30 * SOAK },
    );
  });
});

describe('I1 determinism and I2 removal of rejected lines', () => {
  it('the same setup and input give the same bytes and exit code', () => {
    fc.assert(
      fc.property(setupArb, fc.array(stepArb, { maxLength: 120 }), (setup, steps) => {
        const { fed } = play(setup, steps, false);
        const input = fed.map((f) => f.line);
        const a = runMatch(setup, input);
        const b = runMatch(setup, input);
        expect(a.stdout).toBe(b.stdout);
        expect(a.exit).toBe(b.exit);
      }),
      { numRuns: 25 * SOAK },
    );
  });

  it('removing the rejected lines leaves the log minus their echo and ERROR lines', () => {
    fc.assert(
      fc.property(setupArb, fc.array(stepArb, { maxLength: 150 }), (setup, steps) => {
        const { fed } = play(setup, steps, false);
        const all = runMatch(setup, fed.map((f) => f.line)).lines;
        const clean = runMatch(setup, fed.filter((f) => f.ok).map((f) => f.line)).lines;
        const stripped = all.filter((l, i) => !l.startsWith('ERROR ') && !(l.startsWith('INPUT: ') && all[i + 1]?.startsWith('ERROR ')));
        expect(stripped.filter((l) => !l.startsWith('ERROR E_EOF'))).toEqual(clean.filter((l) => !l.startsWith('ERROR E_EOF')));
      }),
      { numRuns: 25 * SOAK },
    );
  });

  it('serialising the state with its generator, reviving it and continuing gives identical lines', () => {
    fc.assert(
      fc.property(setupArb, fc.array(fc.nat(), { minLength: 10, maxLength: 200 }), fc.nat(), (setup, picks, cut) => {
        const battle = startBattle(setup);
        const at = cut % picks.length;
        for (const k of picks.slice(0, at)) {
          if (battle.pending().kind === 'ended') return;
          const c = battle.choices();
          battle.feed(c[k % c.length]!);
        }
        const copy = MaraudersBattle.revive(battle.serialise());
        expect(copy.snapshot()).toEqual(battle.snapshot());
        for (const k of picks.slice(at)) {
          if (battle.pending().kind === 'ended') break;
          const c = battle.choices();
          expect(copy.choices()).toEqual(c);
          const line = c[k % c.length]!;
          expect(copy.feed(line)).toEqual(battle.feed(line));
        }
        expect(expectsOf(copy)).toBe(expectsOf(battle));
      }),
      { numRuns: 25 * SOAK },
    );
  });
});

describe('I17 garbage', () => {
  it('arbitrary choice lines never throw and are rejected with one ERROR or accepted', () => {
    const battle = startBattle('tier rank 1\nseed 4\n');
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (line) => {
        const before = battle.snapshot();
        const out = battle.feed(line);
        if (!out.ok) {
          expect(out.error.code).toMatch(/^E_(SYNTAX|COMMAND|CELL|BOUNDS|TURN|WARP|ADJACENT|SPELL)$/);
          expect(battle.snapshot()).toEqual(before);
        }
      }),
      { numRuns: 500 * SOAK },
    );
  });
});

/** What a battle's prompt expects, or null once it has ended. */
function expectsOf(battle: { pending(): import('../../src/core/battle.js').Pending }): string | null {
  const pending = battle.pending();
  return pending.kind === 'awaiting' ? pending.expects : null;
}
