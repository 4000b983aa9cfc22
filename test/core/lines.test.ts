/**
 * Input lines (CONVENTIONS, Input lines): UTF-8 text split on `\n`, a CR line end and a BOM on the first
 * line stripped, a final newline not making an extra line; and the choice lines a stream may skip.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanLine, isSkippableChoiceLine, splitLines } from '../../src/core/lines.js';

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

describe('isSkippableChoiceLine', () => {
  it.each(['', ' ', '   ', '\t', ' \t ', '#', '# a comment', '   # indented comment', '\t#x', '#flip'])('%j is skipped', (l) => {
    expect(isSkippableChoiceLine(l)).toBe(true);
  });

  it.each(['flip', ' flip', 'flip # not a comment', 'a#', '0', '-', '\\#'])('%j is a choice', (l) => {
    expect(isSkippableChoiceLine(l)).toBe(false);
  });
});
