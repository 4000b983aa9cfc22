/**
 * Comparing while replaying: verify of a long transcript keeps neither the whole expected log nor the
 * whole output. The expected lines are read from the file as the engine prints, the comparison stops at
 * the first difference (plus a few lines of context), and what is kept is a window around it.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { regularFileSize } from './files.js';
import { StringDecoder } from 'node:string_decoder';
import { cleanLine, splitLines } from './lines.js';
import type { ExpectedText } from './case.js';
import type { StreamCheck } from './ruleset.js';
import type { Sink } from './session.js';

/** Lines of context kept on each side of the first difference (verify shows two). */
const CONTEXT = 2;
const CHUNK = 1 << 20;

/** Files up to this size are read whole (faster); longer ones in chunks (flat memory). */
const WHOLE_FILE = 8 << 20;

/** The lines of a UTF-8 file (the same lines as splitLines of its text: CR and a first BOM removed). */
export function fileLines(path: string): Iterator<string> {
  return lineSource(path)();
}

/**
 * The lines of a UTF-8 file, as often as asked (a replay reads its inputs, then compares): a file up to
 * WHOLE_FILE is read and split once and its lines kept; a longer one is read again in chunks each time.
 */
export function lineSource(path: string): () => Iterator<string> {
  if (regularFileSize(path) > WHOLE_FILE) return () => chunkedLines(path);
  const lines = splitLines(readFileSync(path, 'utf8'));
  return () => lines[Symbol.iterator]();
}

/** An expected stream's lines, as often as asked: a text split once, or a file as lineSource reads it. */
export function expectedLines(expected: ExpectedText): Iterable<string> {
  if ('text' in expected) return splitLines(expected.text);
  const source = lineSource(expected.file);
  return { [Symbol.iterator]: source };
}

/** The lines of a file read `chunk` bytes at a time (exported for tests, which use tiny chunks). */
export function* chunkedLines(path: string, chunk = CHUNK): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.alloc(chunk);
    let pending = '';
    let first = true;
    for (;;) {
      const n = readSync(fd, buffer, 0, chunk, null);
      pending += n === 0 ? decoder.end() : decoder.write(buffer.subarray(0, n));
      let start = 0;
      let end: number;
      while ((end = pending.indexOf('\n', start)) >= 0) {
        yield cleanLine(pending.slice(start, end), first);
        first = false;
        start = end + 1;
      }
      pending = pending.slice(start);
      if (n === 0) break;
    }
    if (pending.length > 0) yield cleanLine(pending, first);
  } finally {
    closeSync(fd);
  }
}

/** A sink that compares stdout with expected lines as they come; stderr is kept (it is short). */
export class ComparingSink implements Sink {
  readonly stderr: string[] = [];
  private matched = 0;
  /** The last CONTEXT matched lines, as a ring: line k (1-based) at (k - 1) % CONTEXT. */
  private readonly recent: string[] = [];
  private differsAt: number | null = null;
  private readonly expectedTail: string[] = [];
  private readonly actualTail: string[] = [];
  private pending = '';

  constructor(private readonly expected: Iterator<string>) {}

  private next(): string | null {
    const r = this.expected.next();
    return r.done === true ? null : r.value;
  }

  /** True once the first difference and its context are known: the replay may stop. */
  get settled(): boolean {
    return this.differsAt !== null && this.actualTail.length > CONTEXT;
  }

  out(text: string): void {
    const line = this.pending + text;
    this.pending = '';
    if (this.differsAt !== null) {
      if (this.actualTail.length <= CONTEXT) this.actualTail.push(line);
      return;
    }
    const e = this.next();
    if (e === line) {
      this.recent[this.matched % CONTEXT] = line;
      this.matched++;
      return;
    }
    this.differsAt = this.matched + 1;
    if (e !== null) this.expectedTail.push(e);
    this.actualTail.push(line);
  }

  partial(text: string): void {
    this.pending += text;
  }

  err(line: string): void {
    this.stderr.push(line);
  }

  /** The comparison as a window of both logs (empty when identical). */
  result(): StreamCheck {
    if (this.pending !== '') this.out('');
    if (this.differsAt === null) {
      const e = this.next();
      if (e === null) return { expected: [], actual: [] };
      // The output ended first: the expected log goes on.
      this.differsAt = this.matched + 1;
      this.expectedTail.push(e);
    }
    while (this.expectedTail.length <= CONTEXT) {
      const e = this.next();
      if (e === null) break;
      this.expectedTail.push(e);
    }
    const kept = Math.min(this.matched, CONTEXT);
    const recent = Array.from({ length: kept }, (_, k) => this.recent[(this.matched - kept + k) % CONTEXT]!);
    return { from: this.differsAt - kept, expected: [...recent, ...this.expectedTail], actual: [...recent, ...this.actualTail] };
  }
}
