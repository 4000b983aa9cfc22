/**
 * Writing the log to the output streams. Lines are buffered and flushed in chunks; a reader that goes
 * away (`| head -1`) ends the process quietly instead of with an EPIPE trace.
 */
import type { Sink } from '../core/session.js';
import type { Io } from './io.js';

const FLUSH_AT = 1 << 16;

export class StreamSink implements Sink {
  private buffer = '';

  constructor(private readonly io: Io) {}

  out(line: string): void {
    this.buffer += line + '\n';
    if (this.buffer.length >= FLUSH_AT) this.flush();
  }

  partial(text: string): void {
    this.buffer += text;
    this.flush();
  }

  err(line: string): void {
    this.flush();
    this.io.err(line + '\n');
  }

  flush(): void {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer;
    this.buffer = '';
    this.io.out(chunk);
  }
}
