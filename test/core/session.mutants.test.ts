/**
 * src/core/session.ts, aimed at mutants that survived the suite (npm run mutate): when a prompt's line is
 * still open at E_EOF (a blank line first, or not), no prompt once the battle is over, lines offered
 * after the end, and how a thrown non-Error is reported.
 */
import { describe, expect, it } from 'vitest';
import type { Battle, Feed } from '../../src/core/battle.js';
import { MemorySink, runLines, Session, type SessionOptions } from '../../src/core/session.js';

/** `go` twice ends it; `quiet` is accepted and prints nothing; `throw` throws a string. */
class Steps implements Battle {
  done = 0;
  readonly fed: string[] = [];
  readonly prompt?: () => string;
  constructor(private readonly opts: { opening?: readonly string[]; prompt?: string } = {}) {
    if (opts.prompt !== undefined) this.prompt = () => opts.prompt!;
  }
  opening(): readonly string[] {
    return this.opts.opening ?? ['Two steps'];
  }
  expecting(): string | null {
    return this.done >= 2 ? null : "'go'";
  }
  choices(): readonly string[] {
    return this.expecting() === null ? [] : ['go'];
  }
  step(): string {
    return `step ${this.done + 1}`;
  }
  feed(line: string): Feed {
    this.fed.push(line);
    if (line === 'throw') throw 'not an Error';
    if (line === 'quiet') return { ok: true, lines: [] };
    if (line !== 'go') return { ok: false, error: { code: 'E_SYNTAX', message: 'no' }, lines: [] };
    this.done++;
    return { ok: true, lines: [`went ${this.done}`] };
  }
}

const options = (echo: boolean): SessionOptions => ({ echo, source: 'in.txt', ruleset: 'steps', skipBlankAndComments: true });

function run(battle: Battle, lines: string[], echo: boolean) {
  const sink = new MemorySink();
  const code = runLines(battle, lines, sink, options(echo));
  return { code, text: sink.text(), stderr: sink.stderr };
}

describe('E_EOF and the prompt line', () => {
  it('echo off, no prompt, no opening: the E_EOF error is the first line (no blank line before it)', () => {
    expect(run(new Steps({ opening: [] }), [], false)).toEqual({
      code: 1,
      text: "ERROR E_EOF: input ended; expected 'go'\n",
      stderr: ["in.txt:1: E_EOF: input ended; expected 'go'"],
    });
  });

  it('echo off, no prompt: a line that prints nothing leaves no open line behind', () => {
    expect(run(new Steps(), ['quiet'], false).text).toBe("Two steps\nERROR E_EOF: input ended; expected 'go'\n");
  });

  it('echo off with a prompt: the open prompt is ended before the error', () => {
    expect(run(new Steps({ prompt: '> ' }), ['go'], false).text).toBe("Two steps\n> went 1\n> \nERROR E_EOF: input ended; expected 'go'\n");
  });

  it('echo off with a prompt and no opening: the prompt comes first', () => {
    expect(run(new Steps({ opening: [], prompt: '> ' }), ['go', 'go'], false)).toEqual({ code: 0, text: '> went 1\n> went 2\n', stderr: [] });
  });

  it('no prompt once the battle is over', () => {
    const r = run(new Steps({ prompt: '> ' }), ['go', 'go'], false);
    expect(r.text).toBe('Two steps\n> went 1\n> went 2\n');
    expect(r.text.endsWith('> ')).toBe(false);
  });
});

describe('after the end', () => {
  it('a line offered once the battle is over is neither echoed nor fed', () => {
    const battle = new Steps();
    const sink = new MemorySink();
    const session = new Session(battle, sink, options(true));
    expect(session.start()).toBe(true);
    for (const line of ['go', 'go', 'go', 'extra']) session.offer(line);
    expect(battle.fed).toEqual(['go', 'go']);
    expect(sink.stdout).toEqual(['Two steps', 'INPUT: go', 'went 1', 'INPUT: go', 'went 2']);
    expect(session.done).toBe(true);
    expect(session.finish()).toBe(0);
  });
});

describe('internal errors', () => {
  it('a thrown value that is not an Error: reported with the word "error", exit 3', () => {
    expect(run(new Steps(), ['go', 'throw', 'go'], true)).toEqual({
      code: 3,
      text: 'Two steps\nINPUT: go\nwent 1\nINPUT: throw\n',
      stderr: ["internal error: steps at step 2, last input 'throw': error: not an Error"],
    });
  });
});

describe('a rejection about an earlier line (consumedLinesBack)', () => {
  /** Rows of a block: `row` lines are taken; `end` rejects naming the row `back` consumed lines before it. */
  class Block implements Battle {
    rows = 0;
    constructor(private readonly back: number) {}
    opening(): readonly string[] {
      return ['Rows, then end'];
    }
    expecting(): string | null {
      return "'row' or 'end'";
    }
    choices(): readonly string[] {
      return ['row', 'end'];
    }
    step(): string {
      return `row ${this.rows + 1}`;
    }
    feed(line: string): Feed {
      if (line === 'row') {
        this.rows++;
        return { ok: true, lines: [] };
      }
      return { ok: false, error: { code: 'E_DEF', message: 'a bad row', consumedLinesBack: this.back }, lines: [] };
    }
  }

  it('stderr names the line `back` consumed lines before the current one, skipping blank and # lines', () => {
    // Raw lines: 1 row, 2 #, 3 row, 4 (blank), 5 row, 6 end.
    const lines = ['row', '# note', 'row', '', 'row', 'end'];
    const rejections = (back: number) => run(new Block(back), lines, true).stderr.filter((l) => l.includes('E_DEF'));
    expect(rejections(0)).toEqual(['in.txt:6: E_DEF: a bad row']);
    expect(rejections(1)).toEqual(['in.txt:5: E_DEF: a bad row']);
    expect(rejections(2)).toEqual(['in.txt:3: E_DEF: a bad row']);
    expect(rejections(3)).toEqual(['in.txt:1: E_DEF: a bad row']);
  });

  it('further back than the first line: the current line', () => {
    expect(run(new Block(9), ['row', 'end'], true).stderr.filter((l) => l.includes('E_DEF'))).toEqual(['in.txt:2: E_DEF: a bad row']);
  });
});
