/**
 * One AI step per turn of a living mob (spec 10.1): the seed's small-step rules, one function each, with
 * the D8 guard. `step(P)` returns the program left for the next turn and whether a turn was played.
 *
 *   S-None   None                      → (None, no)
 *   S-TurnT  Turn(as), all actions ok  → (None, yes)
 *   S-TurnF  Turn(as), some not ok     → (Turn(as), yes): retried whole next time
 *   S-IFT    If(c, A, B), c holds      → step(A)
 *   S-IFF    If(c, A, B), c fails      → step(B)
 *   S-While  While(c, A)               → c false: (None, no); else step(A) = (A', p):
 *                                        p: (Cons(A', While(c, A)), yes); not p: (None, no)  (D8)
 *   S-ConsT  Cons(A, B), step(A) plays → (Cons(A', B), yes)
 *   S-ConsF  Cons(A, B), A plays not   → step(B)
 *
 * D8: upstream unfolds While(c, A) into If(c, Cons(A, While(c, A)), None); when A plays no turn that
 * re-enters the same While in the same state, forever. Here the loop ends as if c were false.
 */
import { NONE, type Condition, type Program, type TurnAction } from '../model.js';

export interface StepContext {
  holds(c: Condition): boolean;
  /** Runs a Turn's actions in order; true when every action is done. */
  play(actions: readonly TurnAction[]): boolean;
}

export interface Stepped {
  readonly program: Program;
  readonly played: boolean;
}

export function step(program: Program, ctx: StepContext): Stepped {
  // S-IF and S-ConsF continue with a part of the program: a loop, so a flat program of 10,000 statements
  // that play nothing needs no stack. What still recurses (a While's body, a Cons's first part) is nested
  // in the file, and parse.ts bounds that nesting.
  let p = program;
  for (;;) {
    switch (p.kind) {
      case 'none':
        return sNone();
      case 'turn':
        return sTurn(p, ctx);
      case 'if':
        p = sIf(p, ctx);
        continue;
      case 'while':
        return sWhile(p, ctx);
      case 'cons': {
        const first = step(p.first, ctx);
        if (first.played) return sConsT(p, first);
        p = p.rest; // S-ConsF
        continue;
      }
    }
  }
}

function sNone(): Stepped {
  return { program: NONE, played: false };
}

/** S-TurnT / S-TurnF. */
function sTurn(p: Extract<Program, { kind: 'turn' }>, ctx: StepContext): Stepped {
  return ctx.play(p.actions) ? { program: NONE, played: true } : { program: p, played: true };
}

/** S-IFT / S-IFF: the If is consumed; what is left is the branch's remainder (stepped by the caller). */
function sIf(p: Extract<Program, { kind: 'if' }>, ctx: StepContext): Program {
  return ctx.holds(p.condition) ? p.then : p.otherwise;
}

/** S-While with the D8 guard. */
function sWhile(p: Extract<Program, { kind: 'while' }>, ctx: StepContext): Stepped {
  if (!ctx.holds(p.condition)) return sNone();
  const inner = step(p.body, ctx);
  if (!inner.played) return sNone();
  return { program: { kind: 'cons', first: inner.program, rest: p }, played: true };
}

/** S-ConsT (S-ConsF is the caller's loop). */
function sConsT(p: Extract<Program, { kind: 'cons' }>, first: Stepped): Stepped {
  return { program: { kind: 'cons', first: first.program, rest: p.rest }, played: true };
}
