/**
 * Comparing while replaying (issue 14): fileLines gives splitLines' lines whether a file is read whole or
 * in chunks, and ComparingSink finds the same first difference as firstDifference over the whole logs,
 * with the same context, keeping only a window.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkedLines, ComparingSink, fileLines, lineSource } from '../../src/core/compare.js';
import { splitLines } from '../../src/core/lines.js';
import { firstDifference } from '../../src/core/transcript.js';
import { scratchDir } from '../helpers/scratch.js';

const tmp = scratchDir('compare');
const all = (it: Iterator<string>) => {
  const out: string[] = [];
  for (let r = it.next(); r.done !== true; r = it.next()) out.push(r.value);
  return out;
};

describe('fileLines', () => {
  it('a file over 8 MB read in chunks gives splitLines of its text (multi-byte characters across chunk ends, CRLF, BOM, no final newline)', () => {
    const line = 'Ganador: Ñandú (J1) — ☃ termina con HP:1/1';
    const text = '\uFEFF' + Array.from({ length: 260_000 }, (_, i) => `${line} ${i}${i % 7 === 0 ? '\r' : ''}`).join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(8 << 20);
    const path = join(tmp, 'big.txt');
    writeFileSync(path, text);
    expect(all(fileLines(path))).toEqual(splitLines(text));
  });

  it.each(['', 'a', 'a\n', 'a\r\nb', '\uFEFFx\n\ny'])('small file %j', (text) => {
    const path = join(tmp, 'small.txt');
    writeFileSync(path, text);
    expect(all(fileLines(path))).toEqual(splitLines(text));
  });
});

describe('chunkedLines', () => {
  it('gives splitLines of the text for any chunk size: empty lines at a chunk start, CR before a chunk end, multi-byte characters split, BOM, no final newline', () => {
    const piece = fc.constantFrom('', 'a', 'Ñ', '☃', '\r', 'ab\r', '  ', '🂡');
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.array(piece, { maxLength: 4 }).map((p) => p.join('')), { maxLength: 12 }), fc.boolean(), fc.integer({ min: 1, max: 9 }), (bom, lines, finalNewline, chunk) => {
        const text = (bom ? '\uFEFF' : '') + lines.join('\n') + (finalNewline && lines.length > 0 ? '\n' : '');
        const path = join(tmp, 'chunked.txt');
        writeFileSync(path, text);
        expect(all(chunkedLines(path, chunk))).toEqual(splitLines(text));
      }),
      { numRuns: 600 },
    );
  });

  it('a file starting with an empty line, read one byte at a time', () => {
    const path = join(tmp, 'empty-first.txt');
    writeFileSync(path, '\n\nx\n');
    expect(all(chunkedLines(path, 1))).toEqual(['', '', 'x']);
  });
});

describe('lineSource', () => {
  it('a small file is read once: its lines can be asked for again after the file is gone', () => {
    const path = join(tmp, 'twice.txt');
    writeFileSync(path, 'a\nb\n');
    const source = lineSource(path);
    writeFileSync(path, 'changed\n');
    expect(all(source())).toEqual(['a', 'b']);
    expect(all(source())).toEqual(['a', 'b']);
  });
});

describe('ComparingSink', () => {
  it('finds the first difference and its context as firstDifference does over whole logs', () => {
    const line = fc.constantFrom('a', 'b', 'c', '');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (expected, actual) => {
        const sink = new ComparingSink(expected[Symbol.iterator]());
        for (const l of actual) {
          if (sink.settled) break;
          sink.out(l);
        }
        const window = sink.result();
        const whole = firstDifference(expected, actual);
        const part = firstDifference(window.expected, window.actual);
        if (whole === null) {
          expect(part).toBeNull();
          return;
        }
        const from = window.from ?? 1;
        expect(part).not.toBeNull();
        expect(part!.line + from - 1).toBe(whole.line);
        expect(part!.expected).toBe(whole.expected);
        expect(part!.actual).toBe(whole.actual);
        // Two lines of context before, as far as the logs go; the differing line and two more after it.
        expect(from).toBe(Math.max(1, whole.line - 2));
        expect(window.expected).toEqual(expected.slice(from - 1, whole.line + 2));
        expect(window.actual).toEqual(actual.slice(from - 1, whole.line + 2));
      }),
      { numRuns: 500 },
    );
  });
});
