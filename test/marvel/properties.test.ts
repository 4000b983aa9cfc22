/**
 * fast-check properties (§17): same inputs give the same bytes; a rejected line changes nothing; random
 * valid play from choices() is always accepted, keeps the invariants of §17.5-12 and ends or reaches the
 * bound; accept-then-undo restores the state; everyone passing ends by the quiet rule; garbage never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNDO_CHECKPOINT, type MarvelBattle } from '../../src/rulesets/marvel/battle.js';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import type { State } from '../../src/rulesets/marvel/state.js';
import { statTotal } from '../../src/rulesets/marvel/stats.js';
import { battleOf, play } from '../helpers/marvel.js';
import { ARENA } from './fixtures.js';

const roster = (() => {
  const parsed = parseSheets([{ path: 'arena.sheet', text: ARENA }]);
  if (!parsed.ok) throw new Error(parsed.error);
  return new Map(parsed.roster.map((c) => [c.id, c]));
})();

/** §14 line patterns (with the echo, ERROR and the STATUS rows). */
const GRAMMAR = [
  /^SHEET \S+ vit=\d+ pa=\d+ ref=\d+ vel=\d+ skills=\d+$/,
  /^START (challenge|attack) A=\S+ B=\S+$/,
  /^PREP (open|close)$/,
  /^EQUIP \S+ .+$/,
  /^JOIN \S+ side=[AB] via=\S+ cost=\d+ pa=\d+\/\d+ slots=\d+\/\d+ turn=(next|now)$/,
  /^ROUND \d+ order=\S+$/,
  /^TURN \S+ round=\d+ pa=\d+\/\d+$/,
  /^(ITURN|IACTION) \S+ via=\S+$/,
  /^(RESUME|FALL|FLEE|YIELD|DEFEAT|TAKE) \S+$/,
  /^SKIP \S+ reason=(fallen|fled|yielded|defeated)$/,
  /^USE \S+ \S+ cost=\d+ pa=\d+\/\d+( free=[12]\/2)?$/,
  /^HIT \S+:\S+#\d+\/\d+ kinds=\S+( ignore| pierce)? base=(\d+|-) pct=(\d+|-) flat=(\d+|-) on=\S+$/,
  /^AWAIT \S+( sub)?$/,
  /^DROP \S+:\S+ reason=E_[A-Z]+$/,
  /^REACT \S+ \S+ (defence-int|defence-ext|zone|evasion|counter|anticipation|annulment) for=\S+ cost=\d+(\+\d+)? pa=\d+\/\d+( R=\d+)?$/,
  /^EVADE \S+ <- \S+:\S+#\d+$/,
  /^DMG \S+ <- \S+:\S+#\d+ D=\d+ react=\d+ pdef=\d+ red=\d+ imm=\d+ final=\d+ vit=\d+\/\d+$/,
  /^CANCEL \S+:\S+ by=\S+:\S+ refund=\d+$/,
  /^FX \S+ (dot \S+ amount=\d+ ticks=\d+ kinds=\S+|mod#(\d+|-) \S+ \S+ \S+|status \S+ \S+) (applied|renewed|replaced|rejected|blocked)$/,
  /^TICK \S+ \S+ amount=\d+ red=\d+ imm=\d+ final=\d+ left=\d+ vit=\d+\/\d+$/,
  /^EXPIRE \S+ (dot \S+|mod#\d+|status \S+)$/,
  /^ENDTURN \S+ actions=\d+ reason=(pass|timeout|fallen|fled|yielded|defeated)$/,
  /^ENDROUND \d+ quiet=\d+\/10$/,
  /^END winner=(A|B|draw) reason=(side-out|stalemate|withdraw|referee) defeated=A:\d+,B:\d+$/,
  /^POSTCOMBAT \S+$/,
  /^(REF|UNDO|NOTE) .+$/,
  /^STATUS phase=[A-Z]+ round=\d+ actor=\S+ quiet=\d+$/,
  /^ {2}[AB] \S+ vit=\d+\/\d+ pa=\d+\/\d+ free=\d\/2 state=\S+ dots=\S+ mods=.+ cd=\S+ statuses=.+$/,
];

function checkInvariants(s: State, lines: readonly string[]): void {
  for (const f of s.fighters) {
    const sheet = roster.get(f.id)!;
    expect(f.vit).toBeGreaterThanOrEqual(0);
    expect(f.vit).toBeLessThanOrEqual(statTotal(sheet, 'VIT', f.mods));
    expect(f.paLeft).toBeGreaterThanOrEqual(0);
    expect(f.paLeft).toBeLessThanOrEqual(f.paMax);
    expect(f.freeUsed).toBeLessThanOrEqual(2);
    for (const k of sheet.skills) {
      if (k.uses !== '*' && !k.flags.includes('basic')) expect(f.uses[k.name] ?? 0).toBeLessThanOrEqual(k.uses);
    }
    const types = f.dots.map((d) => d.type);
    expect(new Set(types).size).toBe(types.length);
    for (const d of f.dots) expect(d.left).toBeLessThanOrEqual(d.ticks);
  }
  const w = s.action?.window;
  if (w) {
    expect(new Set(w.reacted).size).toBe(w.reacted.length);
    const covered = w.covers.map((c) => c.target);
    expect(new Set(covered).size).toBe(covered.length);
  }
  for (const side of ['A', 'B'] as const) {
    const members = s.fighters.filter((f) => f.side === side);
    const noslot = members.filter((f) => roster.get(f.id)!.passives.some((p) => p.kind === 'noslot')).length;
    const cap = 3 + members.reduce((n, f) => n + roster.get(f.id)!.passives.reduce((m, p) => m + (p.kind === 'slots' ? p.n : 0), 0), 0);
    expect(members.length - Math.min(1, noslot)).toBeLessThanOrEqual(cap);
  }
  const over = s.phase === 'OVER';
  const sideOut = ['A', 'B'].some((side) => s.fighters.every((f) => f.side !== side || f.state !== 'active'));
  if (s.phase !== 'SETUP' && sideOut) expect(over).toBe(true);
  for (const line of lines) expect(GRAMMAR.some((re) => re.test(line)), line).toBe(true);
}

/** Plays picks from choices() (plus the odd garbage line); returns the battle and every printed line. */
function randomPlay(picks: readonly number[], garbage: readonly string[], bound = 2000): { battle: MarvelBattle; log: string[] } {
  const battle = battleOf(ARENA);
  const log: string[] = [...battle.opening()];
  for (let step = 0; step < bound; step++) {
    const pending = battle.pending();
    const tagged = pending.kind === 'awaiting' ? pending.choices() : [];
    let choices = tagged.map((c) => c.line);
    if (choices.length === 0) break;
    const pick = picks[step % picks.length]!;
    // Leaving lines (yield: surrender, flee: quit) end games fast; keep them rare so play goes deep.
    const calm = tagged.filter((c) => c.tag !== 'surrender' && c.tag !== 'quit').map((c) => c.line);
    if (calm.length > 0 && pick % 41 !== 0) choices = calm;
    if (pick % 17 === 0 && garbage.length > 0) {
      const before = battle.snapshot();
      const line = garbage[step % garbage.length]!;
      const fed = battle.feed(line);
      if (!fed.ok) {
        expect(fed.lines).toEqual([]);
        expect(battle.snapshot()).toEqual(before);
      }
      log.push(...fed.lines);
      continue;
    }
    const line = choices[pick % choices.length]!;
    const fed = battle.feed(line);
    expect(fed.ok, `${line}: ${fed.ok ? '' : fed.error.message}`).toBe(true);
    expect(fed.lines.length).toBeGreaterThan(0);
    log.push(...fed.lines);
  }
  return { battle, log };
}

const picksArb = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 20, maxLength: 200 });
const garbageArb = fc.array(
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('pass', 'begin', 'take Granite', 'ref undo', 'react Lumen Prism', 'use Kestrel Talon on Viper', 'ref timeout', 'status', 'ref vit Wisp -99999'),
  ),
  { maxLength: 10 },
);

describe('marvel properties', () => {
  it('random valid play is always accepted, keeps the invariants and ends or reaches the bound', () => {
    fc.assert(
      fc.property(picksArb, garbageArb, (picks, garbage) => {
        const { battle, log } = randomPlay(picks, garbage, 600);
        checkInvariants(battle.snapshot(), log);
        for (let i = 0; i < log.length; i++) {
          if (log[i]!.startsWith('ENDROUND ')) expect(/^(ROUND |END )/.test(log[i + 1] ?? 'END ')).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('the same inputs give the same bytes', () => {
    fc.assert(
      fc.property(picksArb, garbageArb, (picks, garbage) => {
        const a = randomPlay(picks, garbage, 300).log.join('\n');
        const b = randomPlay(picks, garbage, 300).log.join('\n');
        expect(a).toBe(b);
      }),
      { numRuns: 15 },
    );
  });

  it('accepting a command and then ref undo restores the state; a rejected line changes nothing', () => {
    fc.assert(
      fc.property(picksArb, fc.string({ maxLength: 40 }), (picks, junk) => {
        const battle = battleOf(ARENA);
        for (let step = 0; step < 120; step++) {
          const choices = battle.choices();
          if (choices.length === 0) break;
          const before = battle.snapshot();
          const depth = battle.historyLength();
          const line = choices[picks[step % picks.length]! % choices.length]!;
          expect(battle.feed(line).ok).toBe(true);
          if (line !== 'status' && !line.startsWith('ref note')) {
            expect(battle.feed('ref undo').ok).toBe(true);
            expect(battle.snapshot()).toStrictEqual(before);
            expect(battle.historyLength()).toBe(depth);
            battle.feed(line);
          }
          const mid = battle.snapshot();
          const fed = battle.feed(junk);
          if (!fed.ok) expect(battle.snapshot()).toEqual(mid);
          else if (junk.trim() !== '' && !/^\s*(status|ref\s+note)/i.test(junk)) battle.feed('ref undo');
        }
      }),
      { numRuns: 15 },
    );
  });

  it('ref undo goes back step by step to the start through saved states and replays, also after undoing part way and playing on', () => {
    fc.assert(
      fc.property(picksArb, fc.integer({ min: 1, max: 3 * UNDO_CHECKPOINT }), (picks, back) => {
        const battle = battleOf(ARENA);
        // the state before each accepted command that went into the history
        const before: ReturnType<typeof battle.snapshot>[] = [];
        const playOn = (from: number, steps: number) => {
          for (let step = from; step < from + steps; step++) {
            const choices = battle.choices().filter((c) => c !== 'ref undo');
            if (choices.length === 0) break;
            const line = choices[picks[step % picks.length]! % choices.length]!;
            const snapshot = battle.snapshot();
            const depth = battle.historyLength();
            expect(battle.feed(line).ok).toBe(true);
            if (battle.historyLength() > depth) before.push(snapshot);
          }
        };
        const undoTo = (depth: number) => {
          while (battle.historyLength() > depth) {
            expect(battle.feed('ref undo').ok).toBe(true);
            expect(battle.snapshot()).toStrictEqual(before.pop());
          }
        };
        playOn(0, 3 * UNDO_CHECKPOINT + 10);
        undoTo(Math.max(0, battle.historyLength() - back));
        playOn(500, UNDO_CHECKPOINT + 5);
        undoTo(0);
        expect(battle.feed('ref undo').ok).toBe(false);
      }),
      { numRuns: 15 },
    );
  });

  it('the state survives a strict JSON round trip after every command (undo keeps it as JSON)', () => {
    fc.assert(
      fc.property(picksArb, (picks) => {
        const battle = battleOf(ARENA);
        for (let step = 0; step < 150; step++) {
          const choices = battle.choices();
          if (choices.length === 0) break;
          battle.feed(choices[picks[step % picks.length]! % choices.length]!);
          // strict: no property set to undefined, no -0, nothing JSON would turn into something else
          const s = battle.snapshot();
          expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
        }
      }),
      { numRuns: 10 },
    );
  });

  it('a script in which everyone only passes ends by the quiet rule after 10 rounds', () => {
    const lines = ['start challenge Kestrel Granite', 'begin', ...Array<string>(20).fill('pass')];
    const run = play(ARENA, lines);
    expect(run.out.slice(-2)).toEqual(['ENDROUND 10 quiet=10/10', 'END winner=draw reason=stalemate defeated=A:0,B:0']);
    expect(run.exit).toBe(0);
  });

  it('garbage lines never throw and are rejected with one ERROR line', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 30 }), (lines) => {
        const run = play(ARENA, ['start challenge Wisp Brute', 'begin', ...lines]);
        expect(run.exit === 0 || run.exit === 1).toBe(true);
        expect(run.stderr).not.toContain('internal error');
      }),
      { numRuns: 60 },
    );
  });
});
