/**
 * Transcripts: the printed log whose `INPUT: ` lines are the choices that produced it. Reading back what
 * was written gives the same lines; the first difference between two logs is found even when one log is
 * a prefix of the other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDifference, formatDifference, INPUT_PREFIX, makeTranscript, parseTranscript, transcriptInputs } from '../../src/core/transcript.js';

const line = fc.string({ unit: 'binary' }).filter((s) => !s.includes('\n') && !s.endsWith('\r'));

describe('makeTranscript / parseTranscript', () => {
  it('round-trips any list of lines (none holding a line end)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        // A BOM is stripped from the first line of any input, so a first line must not start with one.
        fc.pre(!(lines[0] ?? '').startsWith('\uFEFF'));
        expect(parseTranscript(makeTranscript(lines))).toEqual(lines);
      }),
      { numRuns: 300 },
    );
  });

  it('writes `\\n` after every line, nothing for no lines', () => {
    expect(makeTranscript([])).toBe('');
    expect(makeTranscript([''])).toBe('\n');
    expect(makeTranscript(['a', 'b'])).toBe('a\nb\n');
  });

  it('reads CRLF and a BOM like every input, and a missing final newline', () => {
    expect(parseTranscript('\uFEFFSEED x\r\nINPUT: 1\r\n')).toEqual(['SEED x', 'INPUT: 1']);
    expect(parseTranscript('a\nb')).toEqual(['a', 'b']);
  });
});

describe('transcriptInputs', () => {
  it('takes the values of the `INPUT: ` lines in order, exactly as echoed', () => {
    const log = ['SEED xoroshiro128plus:1', 'INPUT: flip', 'Flip 1: heads', 'INPUT: 2  ', 'INPUT: ', 'INPUT:x', ' INPUT: y', 'input: z', 'INPUT: INPUT: w'];
    expect(transcriptInputs(log)).toEqual(['flip', '2  ', '', 'INPUT: w']);
  });

  it('inverts echo: the inputs of an echoed log are the echoed lines', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(line, fc.array(line.filter((l) => !l.startsWith(INPUT_PREFIX)), { maxLength: 3 })), { maxLength: 10 }), (steps) => {
        const log = steps.flatMap(([input, out]) => [INPUT_PREFIX + input, ...out]);
        expect(transcriptInputs(log)).toEqual(steps.map(([input]) => input));
      }),
    );
  });
});

describe('firstDifference', () => {
  it('identical logs have no difference', () => {
    expect(firstDifference([], [])).toBeNull();
    expect(firstDifference(['a', 'b'], ['a', 'b'])).toBeNull();
  });

  it('names the first differing line, 1-based, with both sides', () => {
    expect(firstDifference(['a', 'b', 'c'], ['a', 'x', 'y'])).toEqual({ line: 2, expected: 'b', actual: 'x' });
    expect(firstDifference(['a'], ['a '])).toEqual({ line: 1, expected: 'a', actual: 'a ' });
  });

  it('a shorter actual differs at the first missing line (actual null)', () => {
    expect(firstDifference(['a', 'b', 'c'], ['a', 'b'])).toEqual({ line: 3, expected: 'c', actual: null });
    expect(firstDifference(['a'], [])).toEqual({ line: 1, expected: 'a', actual: null });
  });

  it('a longer actual differs at the first extra line (expected null)', () => {
    expect(firstDifference(['a', 'b'], ['a', 'b', 'c'])).toEqual({ line: 3, expected: null, actual: 'c' });
    expect(firstDifference([], [''])).toEqual({ line: 1, expected: null, actual: '' });
  });

  it('an extra or missing empty line is a difference too', () => {
    expect(firstDifference(['a'], ['a', ''])).toEqual({ line: 2, expected: null, actual: '' });
    expect(firstDifference(['a', ''], ['a'])).toEqual({ line: 2, expected: '', actual: null });
  });

  it('property: a prefix or an extension differs right after the common part', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), fc.array(line, { minLength: 1, maxLength: 5 }), (common, extra) => {
        const longer = [...common, ...extra];
        expect(firstDifference(common, common)).toBeNull();
        expect(firstDifference(longer, common)).toEqual({ line: common.length + 1, expected: extra[0], actual: null });
        expect(firstDifference(common, longer)).toEqual({ line: common.length + 1, expected: null, actual: extra[0] });
      }),
    );
  });

  it('formatDifference shows a missing side as <end of log>', () => {
    expect(formatDifference({ line: 3, expected: 'c', actual: null })).toBe('[L3] expected: c / actual: <end of log>');
    expect(formatDifference({ line: 1, expected: null, actual: 'x' })).toBe('[L1] expected: <end of log> / actual: x');
  });
});
