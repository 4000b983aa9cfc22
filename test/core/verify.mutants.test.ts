/**
 * src/core/verify.ts (replay and checkTranscript), which no test reached (npm run mutate): a transcript's
 * INPUT values are replayed with echo on and the log compared line by line.
 */
import { describe, expect, it } from 'vitest';
import type { Battle, Feed } from '../../src/core/battle.js';
import { checkTranscript, replay } from '../../src/core/verify.js';

/** Adds each number it is fed; ends at 3 or more. */
class Sum implements Battle {
  total = 0;
  opening(): readonly string[] {
    return ['Sum to 3'];
  }
  expecting(): string | null {
    return this.total >= 3 ? null : 'a number';
  }
  choices(): readonly string[] {
    return this.expecting() === null ? [] : ['1', '2'];
  }
  step(): string {
    return 'sum';
  }
  feed(line: string): Feed {
    const n = Number(line);
    if (!Number.isInteger(n)) return { ok: false, error: { code: 'E_SYNTAX', message: `not a number: '${line}'` }, lines: [] };
    this.total += n;
    return { ok: true, lines: [`total ${this.total}`] };
  }
}

const OPTIONS = { ruleset: 'sum', skipBlankAndComments: true };

describe('replay', () => {
  it('plays the inputs with echo on; the source defaults to <transcript>', () => {
    expect(replay(new Sum(), ['1', 'x'], OPTIONS)).toEqual({
      lines: ['Sum to 3', 'INPUT: 1', 'total 1', 'INPUT: x', "ERROR E_SYNTAX: not a number: 'x'", 'ERROR E_EOF: input ended; expected a number'],
      stderr: ["<transcript>:2: E_SYNTAX: not a number: 'x'", '<transcript>:3: E_EOF: input ended; expected a number'],
      exitCode: 1,
    });
  });

  it('a given source names the stderr positions; blank lines are skipped when the ruleset says so', () => {
    const r = replay(new Sum(), ['', '1', '2'], { ...OPTIONS, source: 'game.txt' });
    expect(r).toEqual({ lines: ['Sum to 3', 'INPUT: 1', 'total 1', 'INPUT: 2', 'total 3'], stderr: [], exitCode: 0 });
    const kept = replay(new Sum(), ['', '2', '1'], { ruleset: 'sum', skipBlankAndComments: false, source: 'game.txt' });
    expect(kept.lines.slice(0, 3)).toEqual(['Sum to 3', 'INPUT: ', 'total 0']);
  });
});

describe('checkTranscript', () => {
  const transcript = 'Sum to 3\nINPUT: 1\ntotal 1\nINPUT: 2\ntotal 3\n';

  it('a transcript the replay reproduces: no difference', () => {
    const check = checkTranscript(transcript, new Sum(), OPTIONS);
    expect(check).toEqual({ difference: null, expected: transcript.split('\n').slice(0, -1), actual: transcript.split('\n').slice(0, -1) });
  });

  it('CR line ends and a BOM are read as in every input', () => {
    expect(checkTranscript('\uFEFF' + transcript.replace(/\n/g, '\r\n'), new Sum(), OPTIONS).difference).toBeNull();
  });

  it('the first differing line, 1-based, with both sides', () => {
    const check = checkTranscript(transcript.replace('total 3', 'total 4'), new Sum(), OPTIONS);
    expect(check.difference).toEqual({ line: 5, expected: 'total 4', actual: 'total 3' });
    const longer = checkTranscript(transcript + 'extra\n', new Sum(), OPTIONS);
    expect(longer.difference).toEqual({ line: 6, expected: 'extra', actual: null });
  });
});
