/**
 * Writing the log to the process streams. Lines are buffered and flushed in chunks; a reader that goes
 * away (`| head -1`) ends the process quietly instead of with an EPIPE trace.
 */
import type { Sink } from '../core/session.js';

const FLUSH_AT = 1 << 16;

export class ProcessSink implements Sink {
  private buffer = '';

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
    process.stderr.write(line + '\n');
  }

  flush(): void {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer;
    this.buffer = '';
    process.stdout.write(chunk);
  }
}

/** Makes a closed stdout (EPIPE) end the process silently. Call once at start-up. */
export function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
}
