/**
 * src/core/battle.ts: the step guard that turns a looping battle into an internal error, and the error
 * classes' names and positions.
 */
import { describe, expect, it } from 'vitest';
import { formatSetupError, InternalError, SetupError, StepGuard } from '../../src/core/battle.js';

describe('StepGuard', () => {
  it('allows `limit` steps in a row; the next one is an InternalError naming the ruleset, the limit and the step', () => {
    const guard = new StepGuard(3, 'loopy');
    for (const step of ['a', 'b', 'c']) guard.tick(step);
    let thrown: unknown;
    try {
      guard.tick('d');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InternalError);
    expect((thrown as Error).message).toBe('loopy: more than 3 steps without a prompt (at d)');
  });

  it('reset starts the count again', () => {
    const guard = new StepGuard(2, 'loopy');
    guard.tick('a');
    guard.tick('b');
    guard.reset();
    guard.tick('c');
    guard.tick('d');
    expect(() => guard.tick('e')).toThrow('loopy: more than 2 steps without a prompt (at e)');
  });

  it('a limit of 0 refuses the first step', () => {
    expect(() => new StepGuard(0, 'x').tick('first')).toThrow('x: more than 0 steps without a prompt (at first)');
  });
});

describe('error classes', () => {
  it('InternalError and SetupError carry their names (shown in internal-error reports)', () => {
    expect(new InternalError('m').name).toBe('InternalError');
    const e = new SetupError('team.txt', 'E_SYNTAX', 'bad line', 3, 7);
    expect(e.name).toBe('SetupError');
    expect(`${e.name}: ${e.message}`).toBe('SetupError: team.txt:3:7: E_SYNTAX: bad line');
    expect(e).toMatchObject({ file: 'team.txt', code: 'E_SYNTAX', detail: 'bad line', line: 3, column: 7 });
  });

  it('formatSetupError: file, file:line or file:line:column', () => {
    expect(formatSetupError('f', 'E_IO', 'gone')).toBe('f: E_IO: gone');
    expect(formatSetupError('f', 'E_X', 'd', 2)).toBe('f:2: E_X: d');
    expect(formatSetupError('f', 'E_X', 'd', 2, 5)).toBe('f:2:5: E_X: d');
    expect(new SetupError('f', 'E_X', 'd').message).toBe('f: E_X: d');
  });
});
