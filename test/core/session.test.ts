/**
 * The session driver (CONVENTIONS, echo, skipped lines, bad input, E_EOF, internal errors, exit codes)
 * over a small scripted battle written here: a running total that asks for 1, 2 or 3 until it reaches
 * a goal. Everything the rules promise for every ruleset is the driver's job, so it is tested here once.
 */
import { describe, expect, it } from 'vitest';
import { choice, type Battle, type Feed, InternalError, type Pending } from '../../src/core/battle.js';
import { EXIT_INTERNAL, EXIT_OK, EXIT_REJECTED, MemorySink, OutputError, runLines, Session, type SessionOptions } from '../../src/core/session.js';

interface Script {
  readonly goal?: number;
  /** Replace the ERROR line with this text (a ruleset's fixed wording). */
  readonly display?: string;
  /** Lines printed again after a rejection (a menu-driven ruleset's menu). */
  readonly menu?: readonly string[];
  readonly inputMayEnd?: () => boolean;
  readonly endCode?: number;
  readonly prompt?: string;
  readonly openingThrows?: boolean;
  readonly stepThrows?: boolean;
}

/** A scripted battle: `1`..`3` add to a total, `boom` throws an Error, `bug` an InternalError, `note` adds a stderr note. */
class Counter implements Battle {
  total = 0;
  fed: string[] = [];
  constructor(private readonly script: Script = {}) {}
  get goal(): number {
    return this.script.goal ?? 5;
  }
  opening(): readonly string[] {
    if (this.script.openingThrows === true) throw new TypeError('cannot open');
    return [`Goal ${this.goal}`, ...(this.script.menu ?? [])];
  }
  pending(): Pending {
    const { endCode, prompt, inputMayEnd } = this.script;
    if (this.total >= this.goal) return { kind: 'ended', ...(endCode === undefined ? {} : { exit: endCode }) };
    return {
      kind: 'awaiting',
      expects: 'a number from 1 to 3',
      choices: () => ['1', '2', '3'].map((l) => choice(l)),
      ...(prompt === undefined ? {} : { prompt }),
      ...(inputMayEnd?.() === true ? { settled: true } : {}),
    };
  }
  step(): string {
    if (this.script.stepThrows === true) throw new Error('no step');
    return `pick ${this.fed.length + 1}`;
  }
  feed(line: string): Feed {
    this.fed.push(line);
    const t = line.trim();
    if (t === 'boom') throw new Error('kaboom');
    if (t === 'bug') throw new InternalError('total went negative');
    if (t === 'note') return { ok: true, lines: [], notes: ['a note for stderr'] };
    if (t === 'help') return { ok: false, error: { code: 'E_RANGE', message: "expected a number from 1 to 3, got 'help'" }, lines: [], notes: ['type 1, 2 or 3'] };
    if (!/^[123]$/.test(t)) {
      const error = { code: 'E_RANGE', message: `expected a number from 1 to 3, got '${t}'`, ...(this.script.display === undefined ? {} : { display: this.script.display }) };
      return { ok: false, error, lines: [...(this.script.menu ?? [])] };
    }
    this.total += Number(t);
    const lines = [`Total ${this.total}`];
    if (this.total >= this.goal) lines.push('DONE');
    return { ok: true, lines };
  }
}

const OPTIONS: SessionOptions = { echo: true, source: 'moves.txt', ruleset: 'counter', skipBlankAndComments: true };

function run(lines: readonly string[], script: Script = {}, options: Partial<SessionOptions> = {}) {
  const battle = new Counter(script);
  const sink = new MemorySink();
  const exitCode = runLines(battle, lines, sink, { ...OPTIONS, ...options });
  return { battle, sink, stdout: sink.stdout, stderr: sink.stderr, exitCode };
}

describe('Session: echo', () => {
  it('echo on: every consumed line is printed as `INPUT: <line>` before what it caused', () => {
    const r = run(['2', '3']);
    expect(r.stdout).toEqual(['Goal 5', 'INPUT: 2', 'Total 2', 'INPUT: 3', 'Total 5', 'DONE']);
    expect(r.stderr).toEqual([]);
    expect(r.exitCode).toBe(EXIT_OK);
  });

  it('echo off: the same log without the INPUT lines', () => {
    const r = run(['2', '3'], {}, { echo: false });
    expect(r.stdout).toEqual(['Goal 5', 'Total 2', 'Total 5', 'DONE']);
    expect(r.exitCode).toBe(EXIT_OK);
  });

  it('echoes the line exactly as read: trailing spaces kept, CR and first-line BOM removed', () => {
    const r = run(['\uFEFF1  \r', ' 1\r', '\uFEFF1']);
    expect(r.stdout.filter((l) => l.startsWith('INPUT: '))).toEqual(['INPUT: 1  ', 'INPUT:  1', 'INPUT: \uFEFF1']);
    expect(r.battle.fed).toEqual(['1  ', ' 1', '\uFEFF1']);
  });

  it('lines after the end of the battle are neither echoed nor fed', () => {
    const r = run(['3', '3', '1', 'garbage']);
    expect(r.stdout).toEqual(['Goal 5', 'INPUT: 3', 'Total 3', 'INPUT: 3', 'Total 6', 'DONE']);
    expect(r.battle.fed).toEqual(['3', '3']);
    expect(r.exitCode).toBe(EXIT_OK);
  });

  it('the preamble (SEED line) comes before the opening', () => {
    const r = run(['3', '3'], {}, { preamble: ['SEED xoroshiro128plus:9'] });
    expect(r.stdout.slice(0, 2)).toEqual(['SEED xoroshiro128plus:9', 'Goal 5']);
  });
});

describe('Session: blank and comment lines', () => {
  it('skipBlankAndComments: empty, blank and `#` lines are skipped without echo', () => {
    const r = run(['', '   ', '# a comment', '  # another', '2', '\t', '3']);
    expect(r.stdout).toEqual(['Goal 5', 'INPUT: 2', 'Total 2', 'INPUT: 3', 'Total 5', 'DONE']);
    expect(r.battle.fed).toEqual(['2', '3']);
  });

  it('a CR-only line is blank after cleaning, so it is skipped too', () => {
    const r = run(['\r', '2\r', '3\r']);
    expect(r.battle.fed).toEqual(['2', '3']);
  });

  it('without skipBlankAndComments (SMT) they are choices: echoed, fed and rejected', () => {
    const r = run(['', '# c', '2', '3'], {}, { skipBlankAndComments: false });
    expect(r.stdout).toEqual([
      'Goal 5',
      'INPUT: ',
      "ERROR E_RANGE: expected a number from 1 to 3, got ''",
      'INPUT: # c',
      "ERROR E_RANGE: expected a number from 1 to 3, got '# c'",
      'INPUT: 2',
      'Total 2',
      'INPUT: 3',
      'Total 5',
      'DONE',
    ]);
    expect(r.stderr).toEqual(["moves.txt:1: E_RANGE: expected a number from 1 to 3, got ''", "moves.txt:2: E_RANGE: expected a number from 1 to 3, got '# c'"]);
    expect(r.exitCode).toBe(EXIT_REJECTED);
  });
});

describe('Session: rejected lines', () => {
  it('echo, then exactly one `ERROR <CODE>: <message>` line; stderr gets `<source>:<line>: <CODE>: <message>`', () => {
    const r = run(['2', 'x', '3']);
    expect(r.stdout).toEqual(['Goal 5', 'INPUT: 2', 'Total 2', 'INPUT: x', "ERROR E_RANGE: expected a number from 1 to 3, got 'x'", 'INPUT: 3', 'Total 5', 'DONE']);
    expect(r.stderr).toEqual(["moves.txt:2: E_RANGE: expected a number from 1 to 3, got 'x'"]);
  });

  it('a battle that ends after a rejected line still exits 1', () => {
    expect(run(['x', '3', '3']).exitCode).toBe(EXIT_REJECTED);
  });

  it('stderr line numbers are raw line numbers: skipped lines count', () => {
    const r = run(['# header', '', '2', '   ', 'seven', '3']);
    expect(r.stderr).toEqual(["moves.txt:5: E_RANGE: expected a number from 1 to 3, got 'seven'"]);
  });

  it('a first line with a BOM is line 1', () => {
    const r = run(['\uFEFFx', '3', '3']);
    expect(r.stderr).toEqual(["moves.txt:1: E_RANGE: expected a number from 1 to 3, got 'x'"]);
  });

  it("a ruleset's display replaces the stdout line only; stderr keeps code and message", () => {
    const r = run(['x', '3', '3'], { display: 'Error interpreting command.' });
    expect(r.stdout.slice(0, 3)).toEqual(['Goal 5', 'INPUT: x', 'Error interpreting command.']);
    expect(r.stdout.filter((l) => l.startsWith('ERROR'))).toEqual([]);
    expect(r.stderr).toEqual(["moves.txt:1: E_RANGE: expected a number from 1 to 3, got 'x'"]);
  });

  it("the rejection's own lines (a menu again) follow the ERROR line", () => {
    const menu = ['1: one', '2: two', '3: three'];
    const r = run(['x', '3', '3'], { menu });
    expect(r.stdout.slice(0, 9)).toEqual(['Goal 5', ...menu, 'INPUT: x', "ERROR E_RANGE: expected a number from 1 to 3, got 'x'", ...menu]);
  });

  it('state unchanged: the log with a rejected line is the clean log plus its two lines', () => {
    const clean = run(['1', '2', '2']).stdout;
    const dirty = run(['1', 'nope', '2', '2']).stdout;
    const at = dirty.indexOf('INPUT: nope');
    expect([...dirty.slice(0, at), ...dirty.slice(at + 2)]).toEqual(clean);
  });

  it('copyRejections false (one terminal): the stdout ERROR line only, no stderr copy', () => {
    const r = run(['x', '3', '3'], {}, { copyRejections: false });
    expect(r.stdout).toContain("ERROR E_RANGE: expected a number from 1 to 3, got 'x'");
    expect(r.stderr).toEqual([]);
    expect(r.exitCode).toBe(EXIT_REJECTED);
  });

  it('copyRejections false (one terminal): E_EOF is shown once too, on stdout', () => {
    const r = run(['1'], {}, { copyRejections: false });
    expect(r.stdout.at(-1)).toBe('ERROR E_EOF: input ended; expected a number from 1 to 3');
    expect(r.stderr).toEqual([]);
    expect(r.exitCode).toBe(EXIT_REJECTED);
  });

  it('notes of an accepted line go to stderr, not stdout', () => {
    const r = run(['note', '3', '3']);
    expect(r.stderr).toEqual(['a note for stderr']);
    expect(r.stdout).not.toContain('a note for stderr');
    expect(r.exitCode).toBe(EXIT_OK);
  });

  it('notes of a rejected line follow its stderr copy, also on one terminal where the copy is left out', () => {
    const r = run(['help', '3', '3']);
    expect(r.stdout.slice(0, 3)).toEqual(['Goal 5', 'INPUT: help', "ERROR E_RANGE: expected a number from 1 to 3, got 'help'"]);
    expect(r.stderr).toEqual(["moves.txt:1: E_RANGE: expected a number from 1 to 3, got 'help'", 'type 1, 2 or 3']);
    expect(r.exitCode).toBe(EXIT_REJECTED);
    expect(run(['help', '3', '3'], {}, { copyRejections: false }).stderr).toEqual(['type 1, 2 or 3']);
  });
});

describe('Session: end of input', () => {
  it('input that ends early: `ERROR E_EOF: input ended; expected <what>` last, exit 1, output kept', () => {
    const r = run(['2']);
    expect(r.stdout).toEqual(['Goal 5', 'INPUT: 2', 'Total 2', 'ERROR E_EOF: input ended; expected a number from 1 to 3']);
    expect(r.stderr).toEqual(['moves.txt:2: E_EOF: input ended; expected a number from 1 to 3']);
    expect(r.exitCode).toBe(EXIT_REJECTED);
  });

  it('the E_EOF position is the line after the last one, skipped lines counted', () => {
    expect(run(['2', '', '# c']).stderr).toEqual(['moves.txt:4: E_EOF: input ended; expected a number from 1 to 3']);
    expect(run([]).stderr).toEqual(['moves.txt:1: E_EOF: input ended; expected a number from 1 to 3']);
  });

  it('inputMayEnd() true: no E_EOF, exit 0', () => {
    const r = run(['2'], { inputMayEnd: () => true });
    expect(r.stdout.some((l) => l.includes('E_EOF'))).toBe(false);
    expect(r.stderr).toEqual([]);
    expect(r.exitCode).toBe(EXIT_OK);
  });

  it('inputMayEnd() false: E_EOF as usual', () => {
    expect(run(['2'], { inputMayEnd: () => false }).exitCode).toBe(EXIT_REJECTED);
  });

  it('inputMayEnd() true after a rejected line: exit 1', () => {
    expect(run(['x'], { inputMayEnd: () => true }).exitCode).toBe(EXIT_REJECTED);
  });

  it('endCode is the exit code of a battle that ended normally', () => {
    expect(run(['3', '3'], { endCode: 0 }).exitCode).toBe(0);
    expect(run(['3', '3'], { endCode: 4 }).exitCode).toBe(4);
    // The end code is only for a clean end: E_EOF and rejected lines give 1 whatever it says.
    expect(run(['2'], { endCode: 4 }).exitCode).toBe(EXIT_REJECTED);
    expect(run(['x', '3', '3'], { endCode: 4 }).exitCode).toBe(EXIT_REJECTED);
  });

  it('with echo off, an open prompt is ended before the E_EOF line', () => {
    const battle = new Counter({ prompt: '> ' });
    const sink = new MemorySink();
    const code = runLines(battle, ['2'], sink, { ...OPTIONS, echo: false });
    expect(code).toBe(EXIT_REJECTED);
    expect(sink.text()).toBe('Goal 5\n> Total 2\n> \nERROR E_EOF: input ended; expected a number from 1 to 3\n');
  });

  it('with echo on, no prompt text is printed', () => {
    const r = run(['2', '3'], { prompt: '> ' });
    expect(r.sink.text()).toBe('Goal 5\nINPUT: 2\nTotal 2\nINPUT: 3\nTotal 5\nDONE\n');
  });
});

describe('Session: internal errors', () => {
  it('an exception in feed: `internal error: <ruleset> at <step>, last input <x>: <Name>: <message>`, exit 3', () => {
    const r = run(['2', 'boom', '3']);
    expect(r.stderr).toEqual(["internal error: counter at pick 3, last input 'boom': Error: kaboom"]);
    expect(r.exitCode).toBe(EXIT_INTERNAL);
    // Nothing more is read after the failure.
    expect(r.battle.fed).toEqual(['2', 'boom']);
    expect(r.stdout).toEqual(['Goal 5', 'INPUT: 2', 'Total 2', 'INPUT: boom']);
  });

  it('an InternalError is reported without its class name', () => {
    const r = run(['bug']);
    expect(r.stderr).toEqual(["internal error: counter at pick 2, last input 'bug': total went negative"]);
    expect(r.exitCode).toBe(EXIT_INTERNAL);
  });

  it('a failure before the first choice: last input none, start() false, exit 3', () => {
    const battle = new Counter({ openingThrows: true });
    const sink = new MemorySink();
    const session = new Session(battle, sink, OPTIONS);
    expect(session.start()).toBe(false);
    expect(session.done).toBe(true);
    expect(session.finish()).toBe(EXIT_INTERNAL);
    expect(sink.stderr).toEqual(['internal error: counter at pick 1, last input none: TypeError: cannot open']);
  });

  it('a step() that throws too is reported as unknown step', () => {
    const r = run(['boom'], { stepThrows: true });
    expect(r.stderr).toEqual(["internal error: counter at unknown step, last input 'boom': Error: kaboom"]);
  });

  it('no stack trace is printed', () => {
    const r = run(['boom']);
    expect(r.stderr.join('\n')).not.toMatch(/^\s+at /m);
  });

  it('a sink that cannot write (OutputError) is not the battle\'s failure: the error reaches the caller, no internal error', () => {
    class FullSink extends MemorySink {
      override out(line: string): void {
        if (line.startsWith('Total')) throw new OutputError('cannot write to standard output (EPIPE)');
        super.out(line);
      }
    }
    const sink = new FullSink();
    const session = new Session(new Counter(), sink, OPTIONS);
    expect(session.start()).toBe(true);
    expect(() => session.offer('2')).toThrow(OutputError);
    expect(sink.stderr).toEqual([]);
  });
});

describe('Session: push style', () => {
  it('offer() one line at a time gives the same log as runLines', () => {
    const lines = ['# c', '1', 'x', '', '2', '2'];
    const battle = new Counter();
    const sink = new MemorySink();
    const session = new Session(battle, sink, OPTIONS);
    session.start();
    for (const l of lines) session.offer(l);
    expect(session.done).toBe(true);
    expect(session.finish()).toBe(EXIT_REJECTED);
    const whole = run(lines);
    expect(sink.stdout).toEqual(whole.stdout);
    expect(sink.stderr).toEqual(whole.stderr);
  });

  it('MemorySink.text(): `\\n` after every line, and nothing for an empty log', () => {
    const sink = new MemorySink();
    expect(sink.text()).toBe('');
    sink.out('a');
    sink.partial('> ');
    expect(sink.text()).toBe('a\n> ');
    sink.out('b');
    expect(sink.stdout).toEqual(['a', '> b']);
    expect(sink.text()).toBe('a\n> b\n');
  });
});

/** `go` twice ends it; `quiet` is accepted and prints nothing; `throw` throws a string. */
class Steps implements Battle {
  done = 0;
  readonly fed: string[] = [];
  constructor(private readonly opts: { opening?: readonly string[]; prompt?: string } = {}) {}
  opening(): readonly string[] {
    return this.opts.opening ?? ['Two steps'];
  }
  pending(): Pending {
    if (this.done >= 2) return { kind: 'ended' };
    return { kind: 'awaiting', expects: "'go'", choices: () => [choice('go')], ...(this.opts.prompt === undefined ? {} : { prompt: this.opts.prompt }) };
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

function runBattle(battle: Battle, lines: string[], echo: boolean) {
  const sink = new MemorySink();
  const code = runLines(battle, lines, sink, options(echo));
  return { code, text: sink.text(), stderr: sink.stderr };
}

describe('Session: E_EOF and the prompt line', () => {
  it('echo off, no prompt, no opening: the E_EOF error is the first line (no blank line before it)', () => {
    expect(runBattle(new Steps({ opening: [] }), [], false)).toEqual({
      code: 1,
      text: "ERROR E_EOF: input ended; expected 'go'\n",
      stderr: ["in.txt:1: E_EOF: input ended; expected 'go'"],
    });
  });

  it('echo off, no prompt: a line that prints nothing leaves no open line behind', () => {
    expect(runBattle(new Steps(), ['quiet'], false).text).toBe("Two steps\nERROR E_EOF: input ended; expected 'go'\n");
  });

  it('echo off with a prompt: the open prompt is ended before the error', () => {
    expect(runBattle(new Steps({ prompt: '> ' }), ['go'], false).text).toBe("Two steps\n> went 1\n> \nERROR E_EOF: input ended; expected 'go'\n");
  });

  it('echo off with a prompt and no opening: the prompt comes first', () => {
    expect(runBattle(new Steps({ opening: [], prompt: '> ' }), ['go', 'go'], false)).toEqual({ code: 0, text: '> went 1\n> went 2\n', stderr: [] });
  });

  it('no prompt once the battle is over', () => {
    const r = runBattle(new Steps({ prompt: '> ' }), ['go', 'go'], false);
    expect(r.text).toBe('Two steps\n> went 1\n> went 2\n');
    expect(r.text.endsWith('> ')).toBe(false);
  });
});

describe('Session: after the end', () => {
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

describe('Session: internal errors', () => {
  it('a thrown value that is not an Error: reported with the word "error", exit 3', () => {
    expect(runBattle(new Steps(), ['go', 'throw', 'go'], true)).toEqual({
      code: 3,
      text: 'Two steps\nINPUT: go\nwent 1\nINPUT: throw\n',
      stderr: ["internal error: steps at step 2, last input 'throw': error: not an Error"],
    });
  });
});

describe('Session: a rejection about an earlier line (consumedLinesBack)', () => {
  /** Rows of a block: `row` lines are taken; `end` rejects naming the row `back` consumed lines before it. */
  class Block implements Battle {
    rows = 0;
    constructor(private readonly back: number) {}
    opening(): readonly string[] {
      return ['Rows, then end'];
    }
    pending(): Pending {
      return { kind: 'awaiting', expects: "'row' or 'end'", choices: () => [choice('row'), choice('end')] };
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
    const rejections = (back: number) => runBattle(new Block(back), lines, true).stderr.filter((l) => l.includes('E_DEF'));
    expect(rejections(0)).toEqual(['in.txt:6: E_DEF: a bad row']);
    expect(rejections(1)).toEqual(['in.txt:5: E_DEF: a bad row']);
    expect(rejections(2)).toEqual(['in.txt:3: E_DEF: a bad row']);
    expect(rejections(3)).toEqual(['in.txt:1: E_DEF: a bad row']);
  });

  it('further back than the first line: the current line', () => {
    expect(runBattle(new Block(9), ['row', 'end'], true).stderr.filter((l) => l.includes('E_DEF'))).toEqual(['in.txt:2: E_DEF: a bad row']);
  });
});
