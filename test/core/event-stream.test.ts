/**
 * The core's `--events` stream (src/core/event-stream.ts, docs/events.md) on a small counting battle: the
 * header, a state document after the opening, each consumed line and E_EOF, each with the stdout lines it
 * printed; a ruleset's own events held until their step ends and written with its lines; a refused line's
 * code with the state unchanged; a prompt that is not a line; a broken battle's null state.
 */
import { describe, expect, it } from 'vitest';
import { choice, InternalError, type Battle, type Feed, type Pending } from '../../src/core/battle.js';
import { EventStream } from '../../src/core/event-stream.js';
import { MemorySink, runLines, type SessionOptions } from '../../src/core/session.js';

/** Counts `add` lines up to `until`; `boom` throws; anything else is refused. Each add is one event of its own. */
class Counter implements Battle {
  n = 0;
  constructor(
    private readonly until: number,
    private readonly onEvent: (json: string) => void,
    private readonly prompt?: string,
  ) {}
  opening(): readonly string[] {
    return ['COUNTER', `n=${this.n}`];
  }
  pending(): Pending {
    return this.n >= this.until ? { kind: 'ended' } : { kind: 'awaiting', expects: "'add'", choices: () => [choice('add')], ...(this.prompt === undefined ? {} : { prompt: this.prompt }) };
  }
  step(): string {
    return `n=${this.n}`;
  }
  feed(line: string): Feed {
    if (line === 'boom') throw new InternalError('boom');
    if (line !== 'add') return { ok: false, error: { code: 'E_SYNTAX', message: `not add: ${line}` }, lines: [] };
    this.n++;
    this.onEvent(JSON.stringify({ t: 'added', n: this.n }));
    return { ok: true, lines: [`added`, `n=${this.n}`] };
  }
  viewState(): unknown {
    if (this.n < 0) throw new Error('no state');
    return { n: this.n };
  }
}

const OPTIONS: SessionOptions = { echo: true, source: 'in.txt', ruleset: 'counter', skipBlankAndComments: true };

function play(lines: readonly string[], until = 2, options: Partial<SessionOptions> = {}, prompt?: string) {
  const docs: string[] = [];
  const stream = new EventStream((json) => void docs.push(json), { ruleset: 'counter', rules: '1', seed: null });
  const battle = new Counter(until, stream.rulesetEvent, prompt);
  stream.attach(battle);
  const sink = new MemorySink();
  const code = runLines(battle, lines, stream.counting(sink), { ...OPTIONS, ...options, observer: stream });
  return { code, stdout: sink.stdout, docs: docs.map((d) => JSON.parse(d) as Record<string, unknown>), battle };
}

describe('the events stream', () => {
  it('a header, then per step its own events and its state, each with the lines the step printed', () => {
    const r = play(['add', '# a comment, skipped: no step', 'add']);
    expect(r.code).toBe(0);
    expect(r.stdout).toEqual(['COUNTER', 'n=0', 'INPUT: add', 'added', 'n=1', 'INPUT: add', 'added', 'n=2']);
    expect(r.docs).toEqual([
      { v: 1, ruleset: 'counter', t: 'stream', rules: '1', seed: null },
      { t: 'state', step: 0, at: 'open', input: null, lines: [1, 2], state: { n: 0 } },
      { t: 'added', n: 1, lines: [3, 5] },
      { t: 'state', step: 1, at: 'input', input: 'add', lines: [3, 5], state: { n: 1 } },
      { t: 'added', n: 2, lines: [6, 8] },
      { t: 'state', step: 2, at: 'input', input: 'add', lines: [6, 8], state: { n: 2 } },
    ]);
  });

  it('a refused line: its code, the state before it; input that ends early: an eof step with its ERROR line', () => {
    const r = play(['nope'], 1);
    expect(r.code).toBe(1);
    expect(r.stdout).toEqual(['COUNTER', 'n=0', 'INPUT: nope', 'ERROR E_SYNTAX: not add: nope', "ERROR E_EOF: input ended; expected 'add'"]);
    expect(r.docs.slice(2)).toEqual([
      { t: 'state', step: 1, at: 'input', input: 'nope', error: 'E_SYNTAX', lines: [3, 4], state: { n: 0 } },
      { t: 'state', step: 2, at: 'eof', input: null, error: 'E_EOF', lines: [5, 5], state: { n: 0 } },
    ]);
  });

  it('without echo a prompt is not a line; a step that prints nothing has no lines', () => {
    const r = play(['add'], 2, { echo: false }, '> ');
    // The prompt goes before each read and the next line continues it; E_EOF first ends the prompt's line.
    expect(r.stdout).toEqual(['COUNTER', 'n=0', '> added', 'n=1', '> ', "ERROR E_EOF: input ended; expected 'add'"]);
    expect(r.docs.filter((d) => d['t'] === 'state').map((d) => d['lines'])).toEqual([[1, 2], [3, 4], [5, 6]]);
    const quiet = play(['nope'], 1, { echo: false });
    expect(quiet.docs[2]).toMatchObject({ at: 'input', error: 'E_SYNTAX', lines: [3, 3] });
  });

  it('a broken battle: the internal error on stderr, the step written with a null state when it has none', () => {
    const r = play(['boom']);
    expect(r.code).toBe(3);
    expect(r.docs[2]).toEqual({ t: 'state', step: 1, at: 'input', input: 'boom', lines: [3, 3], state: { n: 0 } });
    const broken = play([]);
    broken.battle.n = -1;
    const docs: string[] = [];
    const stream = new EventStream((json) => void docs.push(json), { ruleset: 'counter', rules: '1', seed: 3 });
    stream.attach(broken.battle);
    stream.step('eof', null, 'E_EOF');
    expect(docs.map((d) => JSON.parse(d) as unknown)).toEqual([
      { v: 1, ruleset: 'counter', t: 'stream', rules: '1', seed: 3 },
      { t: 'state', step: 0, at: 'eof', input: null, error: 'E_EOF', lines: null, state: null },
    ]);
  });
});
