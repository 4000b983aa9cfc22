/**
 * src/cli/io.ts and output.ts: stderr made safe line by line (text held until its line ends, several
 * lines in one write), the in-memory Io, and the stdout buffer (flushed at 64 KiB, at once for a prompt,
 * never as an empty write).
 */
import { memoryFiles } from '../../src/core/files.js';
import { describe, expect, it } from 'vitest';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DescriptorAccess, type Io, isPlainDescriptor, memoryIo, OutputError, streamWriter, withSafeDiagnostics } from '../../src/cli/io.js';
import { scratchDir } from '../helpers/scratch.js';
import { StreamSink } from '../../src/cli/output.js';

/** An Io that records each write as it is made. */
function recording(): { io: Io; outs: string[]; errs: string[] } {
  const outs: string[] = [];
  const errs: string[] = [];
  return { io: { ...memoryIo('/w'), out: (t) => void outs.push(t), err: (t) => void errs.push(t) }, outs, errs };
}

describe('withSafeDiagnostics', () => {
  it('holds text until its line ends, then writes the whole line', () => {
    const { io, errs } = recording();
    const safe = withSafeDiagnostics(io);
    safe.err('no line end yet');
    expect(errs).toEqual([]);
    safe.err(' ... now\n');
    expect(errs).toEqual(['no line end yet ... now\n']);
  });

  it('an empty line, and several lines in one write, keep their line ends; the rest waits', () => {
    const { io, errs } = recording();
    const safe = withSafeDiagnostics(io);
    safe.err('\n');
    safe.err('a\nb\nc');
    expect(errs).toEqual(['\n', 'a\nb\n']);
    safe.err('\n');
    expect(errs.join('')).toBe('\na\nb\nc\n');
  });

  it('escapes control characters and tabs of each line; stdout and the rest of the Io are unchanged', () => {
    const { io, errs, outs } = recording();
    const safe = withSafeDiagnostics(io);
    safe.err('bad \u001b[2J\tline\n');
    safe.out('raw \u001b[2J\n');
    expect(errs).toEqual(['bad \\x1b[2J\\tline\n']);
    expect(outs).toEqual(['raw \u001b[2J\n']);
    expect(safe.cwd).toBe('/w');
  });

  it('passes every other field through, and reads stdin and its terminal check only when asked', () => {
    let reads = 0;
    const stdin = { marker: 'the stream' } as unknown as NonNullable<Io['stdin']>;
    const files = memoryIo('/w').files;
    const io: Io = {
      ...memoryIo('/w'),
      get stdin() {
        reads++;
        return stdin;
      },
      get stdinIsTTY() {
        reads++;
        return true;
      },
      stdoutIsTTY: true,
      stderrIsTTY: true,
      env: { NO_COLOR: '1' },
      ...(files === undefined ? {} : { files }),
    };
    const safe = withSafeDiagnostics(io);
    expect(reads).toBe(0);
    expect([safe.stdin, safe.stdinIsTTY, safe.stdoutIsTTY, safe.stderrIsTTY, safe.env]).toEqual([stdin, true, true, true, { NO_COLOR: '1' }]);
    expect(reads).toBe(2);
    const withFiles = withSafeDiagnostics(memoryIo('/w', memoryFiles([], '/w')));
    expect(withFiles.files?.base).toBe('/w');
    expect('files' in withSafeDiagnostics(memoryIo('/w'))).toBe(false);
  });

  it('passes the blocking stdin read through when there is one, and adds none when there is not', () => {
    const readStdin = (into: Uint8Array) => into.length;
    expect(withSafeDiagnostics({ ...memoryIo('/w'), readStdin }).readStdin).toBe(readStdin);
    expect('readStdin' in withSafeDiagnostics(memoryIo('/w'))).toBe(false);
  });
});

describe('memoryIo', () => {
  it('is no terminal, has an empty environment and no stdin, and joins what was written', () => {
    const io = memoryIo('/here');
    expect(io).toMatchObject({ cwd: '/here', stdin: null, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, env: {} });
    io.out('a');
    io.out('b\n');
    io.err('e\n');
    expect([io.stdout(), io.stderr()]).toEqual(['ab\n', 'e\n']);
  });
});

describe('StreamSink', () => {
  it('buffers stdout lines and writes them in one chunk once 64 KiB are reached, not before', () => {
    const { io, outs } = recording();
    const sink = new StreamSink(io);
    const line = 'x'.repeat(1023); // 1 KiB with its line end
    for (let i = 0; i < 63; i++) sink.out(line);
    sink.out('y'.repeat(1022));
    expect(outs).toEqual([]);
    sink.out('');
    expect(outs).toEqual([`${line}\n`.repeat(63) + 'y'.repeat(1022) + '\n\n']);
    expect(outs[0]!.length).toBe(65_536);
    sink.out('z');
    expect(outs.length).toBe(1);
    sink.flush();
    expect(outs).toEqual([outs[0], 'z\n']);
  });

  it('a prompt (partial) goes out at once, after the buffered lines', () => {
    const { io, outs } = recording();
    const sink = new StreamSink(io);
    sink.out('line');
    sink.partial('> ');
    expect(outs).toEqual(['line\n> ']);
  });

  it('stderr flushes stdout first, so the order is kept; an empty flush writes nothing', () => {
    const { io, outs, errs } = recording();
    const sink = new StreamSink(io);
    sink.flush();
    expect(outs).toEqual([]);
    sink.out('before');
    sink.err('problem');
    expect(outs).toEqual(['before\n']);
    expect(errs).toEqual(['problem\n']);
    sink.err('again');
    expect(outs).toEqual(['before\n']);
  });
});

/** A descriptor that takes at most `per` bytes a write and fails as told; and the stream the writer falls back to. */
function descriptor(per: number, failAt: (call: number) => string | null = () => null) {
  const written: number[] = [];
  const streamed: (string | Uint8Array)[] = [];
  let calls = 0;
  const access: DescriptorAccess = {
    write: (_fd, bytes, offset) => {
      const code = failAt(++calls);
      if (code !== null) throw Object.assign(new Error(code), { code });
      const n = Math.min(per, bytes.length - offset);
      written.push(...bytes.subarray(offset, offset + n));
      return n;
    },
    stream: () => ({ write: (chunk: string | Uint8Array) => void streamed.push(chunk) }),
  };
  const decoded = () => Buffer.from(written).toString('utf8') + streamed.map((c) => (typeof c === 'string' ? c : Buffer.from(c).toString('utf8'))).join('');
  return { access, written, streamed, decoded };
}

describe('streamWriter: the process streams written straight to their descriptors', () => {
  const text = 'Ronda de Flynn (J1)\nacción ñ 🜁\n';

  it('writes every byte, however few the descriptor takes at a time, and never makes the stream', () => {
    const d = descriptor(3);
    const write = streamWriter('stdout', true, d.access);
    write(text);
    write('más\n');
    expect(Buffer.from(d.written).toString('utf8')).toBe(text + 'más\n');
    expect(d.streamed).toEqual([]);
  });

  it('a descriptor that does not block (EAGAIN): the rest, and every later write, go through the stream, nothing lost or twice', () => {
    const d = descriptor(5, (call) => (call === 3 ? 'EAGAIN' : null));
    const write = streamWriter('stdout', true, d.access);
    write(text);
    write('next\n');
    expect(d.written.length).toBe(10);
    expect(d.streamed.length).toBe(2);
    expect(d.decoded()).toBe(text + 'next\n');
  });

  it('not direct: the stream gets the text', () => {
    const d = descriptor(100);
    streamWriter('stderr', false, d.access)('a line\n');
    expect(d.streamed).toEqual(['a line\n']);
    expect(d.written).toEqual([]);
  });

  it.each([
    ['EPIPE', 'cannot write to standard output (EPIPE)'],
    ['ENOSPC', 'cannot write to standard output (no space left on device)'],
  ])('%s is an OutputError: %s', (code, message) => {
    const d = descriptor(100, () => code);
    const write = streamWriter('stdout', true, d.access);
    expect(() => write(text)).toThrow(OutputError);
    expect(() => write(text)).toThrow(message);
  });
});

describe('isPlainDescriptor', () => {
  it.runIf(process.platform === 'linux')('a file is plain (written straight, never a terminal); a closed descriptor is not', () => {
    const fd = openSync(join(scratchDir('io-plain'), 'out.txt'), 'w');
    try {
      expect(isPlainDescriptor(fd)).toBe(true);
    } finally {
      closeSync(fd);
    }
    expect(isPlainDescriptor(fd)).toBe(false);
  });

  it.runIf(process.platform === 'linux')('a character device (/dev/null, as a terminal is) keeps Node\'s stream', () => {
    const fd = openSync('/dev/null', 'w');
    try {
      expect(isPlainDescriptor(fd)).toBe(false);
    } finally {
      closeSync(fd);
    }
  });
});

describe('the process\'s output streams', () => {
  it('are named only in src/cli/io.ts (processStream), which gives them their error handling when first made', () => {
    const root = join(import.meta.dirname, '..', '..', 'src');
    const naming = readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => /\.c?ts$/.test(f))
      .filter((f) => readFileSync(join(root, f), 'utf8').split('\n').some((line) => /process\.std(out|err)\b/.test(line) && !/^\s*(\/\/|\*)/.test(line)));
    expect(naming).toEqual([join('cli', 'io.ts')]);
  });
});
