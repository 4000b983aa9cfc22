/**
 * Input lines (CONVENTIONS, Input lines): UTF-8 text split on `\n`, a CR line end and a BOM on the first
 * line stripped, a final newline not making an extra line; and the choice lines a stream may skip.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanLine, isSkippableChoiceLine, MAX_DIAGNOSTIC, safeDiagnostic, splitLines } from '../../src/core/lines.js';

const BOM = '\uFEFF';

describe('cleanLine', () => {
  it('removes a BOM on the first line only', () => {
    expect(cleanLine(`${BOM}flip`, true)).toBe('flip');
    expect(cleanLine(`${BOM}flip`, false)).toBe(`${BOM}flip`);
  });

  it('removes one trailing CR, on any line', () => {
    expect(cleanLine('flip\r', false)).toBe('flip');
    expect(cleanLine('flip\r', true)).toBe('flip');
    expect(cleanLine('flip\r\r', false)).toBe('flip\r');
    expect(cleanLine(`${BOM}flip\r`, true)).toBe('flip');
  });

  it('keeps everything else: spaces, tabs, a CR inside the line, a BOM after the start', () => {
    expect(cleanLine('  flip  ', true)).toBe('  flip  ');
    expect(cleanLine('\tflip\t', false)).toBe('\tflip\t');
    expect(cleanLine('a\rb', false)).toBe('a\rb');
    expect(cleanLine(`a${BOM}`, true)).toBe(`a${BOM}`);
    expect(cleanLine('', true)).toBe('');
  });
});

describe('splitLines', () => {
  it.each([
    ['', []],
    ['\n', ['']],
    ['a', ['a']],
    ['a\n', ['a']],
    ['a\nb', ['a', 'b']],
    ['a\nb\n', ['a', 'b']],
    ['a\n\n', ['a', '']],
    ['a\n\nb\n', ['a', '', 'b']],
    ['a\r\nb\r\n', ['a', 'b']],
    ['a\r\nb', ['a', 'b']],
    [`${BOM}a\nb\n`, ['a', 'b']],
    [`${BOM}a\r\n${BOM}b\r\n`, ['a', `${BOM}b`]],
    ['  a  \n b \n', ['  a  ', ' b ']],
  ] as const)('%j -> %j', (text, lines) => {
    expect(splitLines(text)).toEqual(lines);
  });

  const line = fc.string({ unit: 'binary' }).filter((s) => !s.includes('\n') && !s.includes('\r') && !s.startsWith(BOM));

  it('a final newline does not add a line; an unterminated last line is kept', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        expect(splitLines(lines.join('\n') + '\n')).toEqual(lines);
        // Without the final newline the same lines come back, except that a last empty line cannot be told apart.
        const unterminated = lines.join('\n');
        const expected = lines[lines.length - 1] === '' ? lines.slice(0, -1) : lines;
        expect(splitLines(unterminated)).toEqual(unterminated === '' ? [] : expected);
      }),
    );
  });

  it('CR line ends and a leading BOM give the same lines as plain `\\n`', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const plain = splitLines(lines.map((l) => l + '\n').join(''));
        expect(splitLines(BOM + lines.map((l) => l + '\r\n').join(''))).toEqual(lines.length === 0 ? [''] : plain);
      }),
    );
  });
});

describe('splitLines on any text', () => {
  // splitLines skips cleaning when a text has no CR and no BOM; it must give what cleaning every line gives.
  const cleanedEveryLine = (text: string) => {
    if (text === '') return [];
    const parts = text.split('\n');
    if (parts[parts.length - 1] === '') parts.pop();
    return parts.map((p, i) => cleanLine(p, i === 0));
  };
  const piece = fc.constantFrom('a', 'b ', '\n', '\r', '\r\n', BOM, '\u00e9', '');

  it('equals splitting on \\n and cleaning every line', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }).map((p) => p.join('')), (text) => {
        expect(splitLines(text)).toEqual(cleanedEveryLine(text));
      }),
    );
  });
});

describe('isSkippableChoiceLine', () => {
  it.each(['', ' ', '   ', '\t', ' \t ', '#', '# a comment', '   # indented comment', '\t#x', '#flip'])('%j is skipped', (l) => {
    expect(isSkippableChoiceLine(l)).toBe(true);
  });

  it.each(['flip', ' flip', 'flip # not a comment', 'a#', '0', '-', '\\#'])('%j is a choice', (l) => {
    expect(isSkippableChoiceLine(l)).toBe(false);
  });
});

describe('safeDiagnostic (stderr lines)', () => {
  it('escapes control characters and tabs, keeps printable text and non-ASCII letters', () => {
    expect(safeDiagnostic("x.txt:3: E_SYNTAX: got 'caf\u00e9'")).toBe("x.txt:3: E_SYNTAX: got 'caf\u00e9'");
    expect(safeDiagnostic('a\u001b[2Jb')).toBe('a\\x1b[2Jb');
    expect(safeDiagnostic('a\tb\rc\u0000')).toBe('a\\tb\\x0dc\\x00');
    expect(safeDiagnostic('a\u2028b')).toBe('a\\u{2028}b');
  });

  it('caps a line at MAX_DIAGNOSTIC characters and says how much was cut', () => {
    const long = 'y'.repeat(MAX_DIAGNOSTIC + 25);
    expect(safeDiagnostic(long)).toBe(`${'y'.repeat(MAX_DIAGNOSTIC)}... (25 more characters)`);
    expect(safeDiagnostic('y'.repeat(MAX_DIAGNOSTIC))).toBe('y'.repeat(MAX_DIAGNOSTIC));
  });

  it('never leaves a control character or a line separator in a line (lines are split on \\n before)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }).filter((s) => !s.includes('\n')), (s) => {
        // eslint-disable-next-line no-control-regex
        expect(safeDiagnostic(s)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      }),
    );
  });
});
