/**
 * Standard input read as a pipe (src/cli/play.ts). In-process: blocking reads through the Io's readStdin,
 * carried on by the stream when the descriptor does not block; the bytes become the same lines however
 * they are cut into reads, and a game gives the log an --input file gives (a first empty line, an
 * unterminated last line, a battle that ends before its input does, a stream error). Through the built
 * CLI on real pipes: random bytes as from --input, an answer to each line before the next is sent, and
 * garbage bytes never giving a stack trace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamSink } from '../../src/cli/output.js';
import { LineFeeder, readBlocking } from '../../src/cli/play.js';
import { MAX_LINE, MAX_STREAM_LINE, type Session } from '../../src/core/session.js';
import { MUTATING, runShell } from '../helpers/cli.js';
import { folderWith, runProbe, twoRoundProbe } from '../helpers/probe-ruleset.js';
import { scratchDir } from '../helpers/scratch.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';
import { stdinBytesArb } from '../helpers/stdin-bytes.js';

const root = scratchDir('stdin');

const { work, twoGoes } = twoRoundProbe(root);

/** A session that records what it is offered (an overlong line as `<overlong …>`), done after `limit` lines. */
function recorder(limit = Infinity): { session: Session; sink: StreamSink; lines: string[]; flushes: () => number } {
  const lines: string[] = [];
  let flushes = 0;
  const session = {
    offer: (line: string) => void lines.push(line),
    offerOverlong: (head: string, length: number, skippable: boolean, cr: boolean, unfinished = false) =>
      void lines.push(`<overlong ${head.slice(0, 3)}… head ${head.length} length ${length} skippable ${skippable} cr ${cr}${unfinished ? ' unfinished' : ''}>`),
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

// Issue 21, items 18, 15 and 14: a long piped line was appended to one string and searched again per chunk
// (quadratic: 40 MB took 51 s), and a line that never ends (/dev/zero) grew memory until killed.
describe('a piped line past the limit', () => {
  const chunked = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size)));

  it('is never held whole: its head and its length reach the session, the lines around it as they are', () => {
    const r = recorder();
    const text = `go\n${'ab'.repeat(500_000)}\r\n${' '.repeat(200_000)}\n\t#${'c'.repeat(100_000)}\ngo`;
    expect(readBlocking(reader(chunked(text, 65_536)), new LineFeeder(r.session, r.sink))).toBe('ended');
    const feeder = new LineFeeder(r.session, r.sink);
    readBlocking(reader(chunked(text, 1000)), feeder);
    feeder.end();
    const once = [
      'go',
      `<overlong aba… head ${MAX_LINE + 2} length 1000001 skippable false cr true>`,
      `<overlong    … head ${MAX_LINE + 2} length 200000 skippable true cr false>`,
      `<overlong \t#c… head ${MAX_LINE + 2} length 100002 skippable true cr false>`,
    ];
    // The first reader was not ended (its last line stays unoffered); the second was.
    expect(r.lines).toEqual([...once, ...once, 'go']);
  });

  it('a line that passes a file\'s size limit without ending is offered unfinished, and reading stops', () => {
    const r = recorder();
    const feeder = new LineFeeder(r.session, r.sink);
    const mebibyte = new Uint8Array(1 << 20);
    let pushes = 0;
    let done = feeder.push(Buffer.from('go\n'));
    while (!done && pushes < 100) {
      done = feeder.push(mebibyte);
      pushes++;
    }
    expect(done).toBe(true);
    expect(pushes).toBe(MAX_STREAM_LINE / (1 << 20) + 1);
    expect(r.lines).toEqual(['go', `<overlong \0\0\0… head ${MAX_LINE + 2} length ${MAX_STREAM_LINE + (1 << 20)} skippable false cr false unfinished>`]);
  });

  it('a line at the limit with a CR is offered whole (the session removes the CR)', () => {
    const r = recorder();
    const feeder = new LineFeeder(r.session, r.sink);
    feeder.push(Buffer.from(`${'x'.repeat(MAX_LINE)}\r\n`));
    expect(r.lines).toEqual([`${'x'.repeat(MAX_LINE)}\r`]);
  });

  it('gives the log --input gives, but for the echo of a rejected line, cut at the limit', async () => {
    const d = folderWith(root, { 'setup.txt': 'rounds 2\nseed 1\n' });
    const long = 'x'.repeat(100_000);
    const text = `\uFEFF${'y'.repeat(70_000)}\ngo\n${' '.repeat(90_000)}\n  #${long}\n${long}\r\ngo\n`;
    writeFileSync(join(d, 'in.txt'), text);
    const expected = await runProbe(['probe', 'setup.txt', '--input', 'in.txt'], d);
    expect(expected.stdout).toContain('line too long: 70000 characters');
    expect(expected.stdout).toContain('line too long: 100000 characters');
    const r = await runProbe(['probe', 'setup.txt'], d, { stdin: Readable.from(chunked(text, 4096)) });
    expect(r.code).toBe(expected.code);
    expect(r.stderr).toBe(expected.stderr.replaceAll('in.txt', '<stdin>'));
    const cut = (s: string) => s.replace(`INPUT: ${'y'.repeat(70_000)}`, `INPUT: ${'y'.repeat(MAX_LINE)}`).replace(`INPUT: ${long}`, `INPUT: ${'x'.repeat(MAX_LINE)}`);
    expect(r.stdout).toBe(cut(expected.stdout));
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

// A mutant that breaks the end of input makes these hang: they fail fast instead of at the suite's timeout.
describe('standard input as a pipe', { timeout: 5_000 }, () => {
  it('no stdin at all (null): the battle starts and input ends at once (E_EOF on line 1), exit 1', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt'], dir);
    expect(r).toEqual({
      code: 1,
      stdout: "SEED xoroshiro128plus:1\nPROBE setup.txt rounds 2\nERROR E_EOF: input ended; expected 'go'\n",
      stderr: "<stdin>:1: E_EOF: input ended; expected 'go'\n",
    });
  });

  it('gives the same log as --input for the same bytes', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt'], dir, { stdin: 'go\ngo\n' });
    expect(r).toEqual({ code: 0, stdout: await twoGoes(), stderr: '' });
  });

  it('a first empty line is a line of its own (skipped), not the start of the next one', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt'], dir, { stdin: '\ngo\n\ngo\n' });
    expect(r).toEqual({ code: 0, stdout: await twoGoes(), stderr: '' });
  });

  it('lines split across chunks, and an unterminated last line, are played', async () => {
    const dir = work();
    const r = await runProbe(['probe', 'setup.txt'], dir, { stdin: Readable.from(['g', 'o\n', '\r\ng', 'o']) });
    expect(r).toEqual({ code: 0, stdout: await twoGoes(), stderr: '' });
  });

  it('the run ends when the battle does, without waiting for the end of stdin', async () => {
    const dir = work();
    const stdin = new PassThrough();
    stdin.write('go\ngo\ngo\n');
    // stdin is never ended: the run must still finish.
    const r = await runProbe(['probe', 'setup.txt'], dir, { stdin });
    expect(r).toEqual({ code: 0, stdout: await twoGoes(), stderr: '' });
    stdin.destroy();
  });

  it('a battle over before its first read does not read stdin', async () => {
    const dir = work({ 'done.txt': 'rounds 0\n' });
    const stdin = new PassThrough();
    const r = await runProbe(['probe', 'done.txt'], dir, { stdin });
    expect(r).toEqual({ code: 0, stdout: 'SEED xoroshiro128plus:0\nPROBE done.txt rounds 0\n', stderr: '' });
    stdin.destroy();
  });

  it('a battle that breaks in its opening: exit 3, stdin not read', async () => {
    const dir = work({ 'crash.txt': 'crash-opening\n' });
    const stdin = new PassThrough();
    const r = await runProbe(['probe', 'crash.txt'], dir, { stdin });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('internal error: probe at round 1, last input none: Error: opening exploded\n');
    stdin.destroy();
  });

  it('a stream error ends the input: what was read counts, then E_EOF', async () => {
    const dir = work();
    const stdin = new PassThrough();
    const pending = runProbe(['probe', 'setup.txt'], dir, { stdin });
    stdin.write('go\n');
    await new Promise((resolve) => setImmediate(resolve));
    stdin.emit('error', new Error('EIO'));
    const r = await pending;
    expect(r.code).toBe(1);
    const firstGo = (await twoGoes()).split('\n').slice(0, 4).join('\n');
    expect(r.stdout).toBe(`${firstGo}\nERROR E_EOF: input ended; expected 'go'\n`);
    expect(r.stderr).toBe("<stdin>:2: E_EOF: input ended; expected 'go'\n");
  });

  it('--no-echo-input with a prompt: the prompt before each read, none once the battle is over', async () => {
    const dir = work({ 'p.txt': 'rounds 2\nseed 1\nprompt\n' });
    const r = await runProbe(['probe', 'p.txt', '--no-echo-input'], dir, { stdin: 'go\ngo\n' });
    const rolls = [...(await twoGoes()).matchAll(/^go \d roll \d$/gm)].map((m) => m[0]);
    expect(r.stdout).toBe(`SEED xoroshiro128plus:1\nPROBE p.txt rounds 2\n> ${rolls[0]}\n> ${rolls[1]}\nDONE\n`);
    expect(r.code).toBe(0);
  });

  it('stdin that is not a terminal echoes by default; --echo-input and --no-echo-input override', async () => {
    const dir = work();
    const echoed = await runProbe(['probe', 'setup.txt', '--echo-input'], dir, { stdin: 'go\ngo\n' });
    expect(echoed.stdout).toBe(await twoGoes());
    const quiet = await runProbe(['probe', 'setup.txt', '--no-echo-input'], dir, { stdin: 'go\ngo\n' });
    expect(quiet.stdout).toBe((await twoGoes()).replace(/^INPUT: .*\n/gm, ''));
  });
});

describe.skipIf(MUTATING)('the built CLI on a pipe', () => {
  const dir = scratchDir('stdin-pipe');
  const setup = join(REPO_ROOT, 'data', 'marauders', 'demo.setup');

  it('random bytes give the same stdout and exit code on stdin as from --input', () => {
    fc.assert(
      fc.property(stdinBytesArb, (garbage) => {
        const input = Buffer.concat([Buffer.from('P1 swap A1 A2\n'), garbage, Buffer.from('\nP1 pass\n')]);
        const file = join(dir, 'input.txt');
        writeFileSync(file, input);
        const piped = spawnSync(process.execPath, [CLI, 'marauders', setup], { input, encoding: 'utf8' });
        const read = spawnSync(process.execPath, [CLI, 'marauders', setup, '--input', file], { encoding: 'utf8' });
        expect(piped.stdout).toBe(read.stdout);
        expect(piped.status).toBe(read.status);
      }),
      { numRuns: 6 },
    );
  });
  it('a program driving the game a line at a time gets each answer before it sends the next line', async () => {
    const lines = ['P1 cast', 'P1 swap G6 G7', 'P1 swap A6 B6'];
    const file = join(dir, 'driven.txt');
    writeFileSync(file, lines.join('\n') + '\n');
    const expected = spawnSync(process.execPath, [CLI, 'marauders', setup, '--input', file], { encoding: 'utf8' });
    const child = spawn(process.execPath, [CLI, 'marauders', setup], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let arrived: () => void = () => {};
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      arrived();
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    /** Resolves once stdout holds `text` (the game printed it while still waiting for input). */
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${text}" on stdout within 5 s:\n${stdout}`)), 5000);
        arrived = () => {
          if (!stdout.includes(text)) return;
          clearTimeout(timer);
          resolve();
        };
        arrived();
      });
    for (const line of lines) {
      child.stdin.write(`${line}\n`);
      await printed(`INPUT: ${line}\n`);
    }
    child.stdin.end();
    expect(await closed).toBe(expected.status);
    expect(stdout).toBe(expected.stdout);
  });
});

describe.skipIf(MUTATING)('garbage bytes on stdin', () => {
  it('exit code 0, 1 or 2, no stack trace, every ERROR line after an INPUT echo', () => {
    const chunk = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
      fc.constantFrom('0\n', '1\n', '3\n', '6\n', '\n', '\r\n', '\uFEFF', 'x'.repeat(70_000) + '\n').map((s) => Buffer.from(s)),
    );
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 12 }), (chunks) => {
        const r = spawnSync(process.execPath, [CLI, 'smt', '--teams', 'data/smt/teams'], { cwd: REPO_ROOT, input: Buffer.concat(chunks), encoding: 'utf8' });
        expect([0, 1, 2]).toContain(r.status);
        expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
        const lines = r.stdout.split('\n');
        lines.forEach((line, i) => {
          if (/^ERROR E_(SYNTAX|RANGE): /.test(line)) expect(lines[i - 1]).toMatch(/^INPUT: /);
        });
      }),
      { numRuns: 8 },
    );
  });
});

describe.skipIf(MUTATING)('--input - through the built CLI', () => {
  it('--input - reads standard input', () => {
    const r = runShell(`node dist/cli.cjs smt --teams data/smt/teams --input - < data/smt/demo-choices.txt`);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Ganador:');
    expect(r.stdout).toContain('INPUT: 0');
  });
});
