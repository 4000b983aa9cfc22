/**
 * Standard input read as a pipe (src/cli/play.ts), in-process: blocking reads through the Io's readStdin,
 * carried on by the stream when the descriptor does not block. The bytes become the same lines however they
 * are cut into reads, and a game gives the log an --input file gives through either way of reading.
 * stdin-pipe-cli.test.ts runs the built program on real pipes.
 */
import fc from 'fast-check';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineFeeder, readBlocking } from '../../src/cli/play.js';
import type { StreamSink } from '../../src/cli/output.js';
import type { Session } from '../../src/core/session.js';
import { folderWith, runProbe } from '../helpers/probe-ruleset.js';
import { scratchDir } from '../helpers/scratch.js';
import { stdinBytesArb } from '../helpers/stdin-bytes.js';

/** A session that records what it is offered, done after `limit` lines. */
function recorder(limit = Infinity): { session: Session; sink: StreamSink; lines: string[]; flushes: () => number } {
  const lines: string[] = [];
  let flushes = 0;
  const session = {
    offer: (line: string) => void lines.push(line),
    get done() {
      return lines.length >= limit;
    },
  } as unknown as Session;
  const sink = { flush: () => void flushes++ } as unknown as StreamSink;
  return { session, sink, lines, flushes: () => flushes };
}

/** A reader serving `chunks` one per read, then `then` (0: end of input, or an error to throw). */
function reader(chunks: readonly Uint8Array[], then: number | Error = 0): (into: Uint8Array) => number {
  let next = 0;
  return (into) => {
    const chunk = chunks[next++];
    if (chunk === undefined) {
      if (typeof then === 'number') return then;
      throw then;
    }
    into.set(chunk);
    return chunk.length;
  };
}

const errno = (code: string): Error => Object.assign(new Error(code), { code });

/** Cuts bytes at the given offsets. */
function cut(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const points = [...new Set(at.map((k) => k % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    parts.push(bytes.subarray(from, p));
    from = p;
  }
  return parts.filter((p) => p.length > 0);
}

describe('blocking reads of a pipe', () => {
  it('the same lines however the bytes are cut into reads, and as a file would give them', () => {
    fc.assert(
      fc.property(stdinBytesArb, fc.array(fc.nat(), { maxLength: 8 }), (bytes, at) => {
        const whole = recorder();
        const wholeFeeder = new LineFeeder(whole.session, whole.sink);
        expect(readBlocking(reader([bytes]), wholeFeeder)).toBe('ended');
        wholeFeeder.end();
        const pieces = recorder();
        const piecesFeeder = new LineFeeder(pieces.session, pieces.sink);
        expect(readBlocking(reader(cut(bytes, at)), piecesFeeder)).toBe('ended');
        piecesFeeder.end();
        expect(pieces.lines).toEqual(whole.lines);
        // a file's text split on \n, a last line without one kept
        const text = Buffer.from(bytes).toString('utf8');
        const fileLines = text.split('\n');
        if (fileLines[fileLines.length - 1] === '') fileLines.pop();
        expect(whole.lines).toEqual(fileLines);
      }),
      { numRuns: 300 },
    );
  });

  it('stops reading once the battle wants no more', () => {
    const r = recorder(2);
    const chunks = ['a\nb\nc\n', 'd\n'].map((s) => Buffer.from(s));
    let reads = 0;
    const read = reader(chunks);
    expect(readBlocking((into) => (reads++, read(into)), new LineFeeder(r.session, r.sink))).toBe('done');
    expect(r.lines).toEqual(['a', 'b']);
    expect(reads).toBe(1);
  });

  it('output is flushed before each read that may block', () => {
    const r = recorder();
    readBlocking(reader(['a\n', 'b\n', 'c'].map((s) => Buffer.from(s))), new LineFeeder(r.session, r.sink));
    expect(r.flushes()).toBe(3);
  });

  it('EAGAIN: "again", and the stream carries on from the bytes already read, a split character included', () => {
    const bytes = Buffer.from('one\ntw€o\nthree');
    const r = recorder();
    const feeder = new LineFeeder(r.session, r.sink);
    // the euro sign is cut after its first byte
    expect(readBlocking(reader([bytes.subarray(0, 7)], errno('EAGAIN')), feeder)).toBe('again');
    expect(r.lines).toEqual(['one']);
    feeder.push(bytes.subarray(7));
    feeder.end();
    expect(r.lines).toEqual(['one', 'tw€o', 'three']);
  });

  it('another read error ends the input as it stands: "failed", the unfinished line not offered', () => {
    const r = recorder();
    const feeder = new LineFeeder(r.session, r.sink);
    expect(readBlocking(reader([Buffer.from('go\ng')], errno('EIO')), feeder)).toBe('failed');
    expect(r.lines).toEqual(['go']);
  });
});

describe('a game on stdin, in-process (the probe ruleset)', () => {
  const root = scratchDir('stdin-probe');
  const dir = () => folderWith(root, { 'setup.txt': 'rounds 2\nseed 1\n', 'go.txt': 'go\ngo\n' });

  it('blocking reads give the log --input gives (a last line without a newline too); the stream is never read', async () => {
    const d = folderWith(root, { 'setup.txt': 'rounds 2\nseed 1\n', 'go.txt': 'go\ngo' });
    const expected = await runProbe(['probe', 'setup.txt', '--input', 'go.txt'], d);
    const untouched = new PassThrough();
    const r = await runProbe(['probe', 'setup.txt'], d, { stdin: untouched, io: { readStdin: reader([Buffer.from('go\ng'), Buffer.from('o')]) } });
    expect(r).toEqual({ ...expected, stderr: expected.stderr.replaceAll('go.txt', '<stdin>') });
    expect(untouched.readableFlowing).toBe(null);
    untouched.destroy();
  });

  it('a descriptor that does not block (EAGAIN): the stream goes on from where the reads stopped', async () => {
    const d = dir();
    const expected = await runProbe(['probe', 'setup.txt', '--input', 'go.txt'], d);
    const r = await runProbe(['probe', 'setup.txt'], d, { stdin: 'o\n', io: { readStdin: reader([Buffer.from('go\ng')], errno('EAGAIN')) } });
    expect(r).toEqual(expected);
  });

  it('a read that fails ends the input: E_EOF after the complete lines read, an unfinished one dropped', async () => {
    const d = dir();
    const r = await runProbe(['probe', 'setup.txt'], d, { stdin: 'go\n', io: { readStdin: reader([Buffer.from('go\ng')], errno('EIO')) } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("<stdin>:2: E_EOF: input ended; expected 'go'\n");
  });
});
