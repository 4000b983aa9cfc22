/**
 * The AI evaluator's small-step rules (spec 10.1, seed 2.3.2), one test per rule, on a scripted context:
 * conditions answer from a table and Turns report whether they were done, so each rule is seen alone.
 */
import { describe, expect, it } from 'vitest';
import { step, type StepContext } from '../../src/rulesets/clairvoyance/ai/evaluator.js';
import { NONE, type Condition, type Program, type TurnAction } from '../../src/rulesets/clairvoyance/model.js';

const cond = (n: number): Condition => ({ kind: 'turn-count', comparison: { op: '=', value: n } });
const C1 = cond(1);
const C2 = cond(2);
const turn = (...actions: TurnAction[]): Program => ({ kind: 'turn', actions });
const A: Program = turn({ kind: 'disengage' });
const B: Program = turn();
const cons = (first: Program, rest: Program): Program => ({ kind: 'cons', first, rest });

/** Conditions hold when listed in `truth`; Turns are done unless listed in `failing`; every Turn played is logged. */
function ctx(truth: Condition[] = [], failing: Program[] = []): StepContext & { played: Program[] } {
  const played: Program[] = [];
  return {
    played,
    holds: (c) => truth.includes(c),
    play(actions) {
      const p = [A, B].find((t) => t.kind === 'turn' && t.actions === actions) ?? turn(...actions);
      played.push(p);
      return !failing.includes(p);
    },
  };
}

describe('AI evaluator: one rule per test', () => {
  it('S-None: None plays nothing and stays None', () => {
    const c = ctx();
    expect(step(NONE, c)).toEqual({ program: NONE, played: false });
    expect(c.played).toEqual([]);
  });

  it('S-TurnT: a Turn whose actions are all done is consumed (None) and counts as played', () => {
    const c = ctx();
    expect(step(A, c)).toEqual({ program: NONE, played: true });
    expect(c.played).toEqual([A]);
  });

  it('S-TurnF: a Turn with an action not done is kept whole for next time, and still counts as played', () => {
    const c = ctx([], [A]);
    const r = step(A, c);
    expect(r.played).toBe(true);
    expect(r.program).toBe(A);
  });

  it('S-IFT: a true condition steps the then-branch; the If itself is consumed', () => {
    const c = ctx([C1]);
    const r = step({ kind: 'if', condition: C1, then: cons(A, B), otherwise: B }, c);
    expect(c.played).toEqual([A]);
    expect(r).toEqual({ program: cons(NONE, B), played: true });
  });

  it('S-IFF: a false condition steps the else-branch', () => {
    const c = ctx([]);
    const r = step({ kind: 'if', condition: C1, then: A, otherwise: B }, c);
    expect(c.played).toEqual([B]);
    expect(r).toEqual({ program: NONE, played: true });
  });

  it('S-IFF with an else-branch that plays nothing: the If plays nothing', () => {
    expect(step({ kind: 'if', condition: C1, then: A, otherwise: NONE }, ctx([]))).toEqual({ program: NONE, played: false });
  });

  it('S-While, condition false: None, nothing played', () => {
    const c = ctx([]);
    expect(step({ kind: 'while', condition: C1, body: A }, c)).toEqual({ program: NONE, played: false });
    expect(c.played).toEqual([]);
  });

  it('S-While, condition true: one step of the body, and the loop stays behind what is left of it', () => {
    const loop: Program = { kind: 'while', condition: C1, body: cons(A, B) };
    const c = ctx([C1]);
    const r = step(loop, c);
    expect(c.played).toEqual([A]);
    expect(r).toEqual({ program: cons(cons(NONE, B), loop), played: true });
  });

  it('S-While, D8: a true loop whose body plays no turn ends (as if false) instead of re-entering forever', () => {
    const loop: Program = { kind: 'while', condition: C1, body: { kind: 'if', condition: C2, then: A, otherwise: NONE } };
    expect(step(loop, ctx([C1]))).toEqual({ program: NONE, played: false });
    // …and the program continues with what follows the loop.
    const c = ctx([C1]);
    expect(step(cons(loop, B), c)).toEqual({ program: NONE, played: true });
    expect(c.played).toEqual([B]);
  });

  it('S-ConsT: when the first part plays, the rest waits behind what is left of it', () => {
    const c = ctx();
    expect(step(cons(A, B), c)).toEqual({ program: cons(NONE, B), played: true });
    expect(c.played).toEqual([A]);
  });

  it('S-ConsF: when the first part plays nothing, the rest is stepped at once', () => {
    const c = ctx();
    expect(step(cons(NONE, B), c)).toEqual({ program: NONE, played: true });
    expect(c.played).toEqual([B]);
  });

  it('a body a1 a2 a3 plays one Turn per step, in order, then nothing', () => {
    const C: Program = turn({ kind: 'attack', target: { kind: 'self' } });
    let p = cons(A, cons(B, C));
    const c = ctx();
    const played: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const r = step(p, c);
      played.push(r.played);
      p = r.program;
    }
    expect(played).toEqual([true, true, true, false]);
    const actionsOf = (t: Program) => (t.kind === 'turn' ? t.actions : null);
    expect(c.played.map(actionsOf)).toEqual([actionsOf(A), [], actionsOf(C)]);
  });
});
