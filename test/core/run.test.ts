/**
 * From a ruleset to battles (src/core/run.ts): the seed rule of CONVENTIONS (`--seed` beats the setup's
 * seed beats 0, never the clock), the SEED line only for rulesets that draw, one fresh generator per
 * battle, and runInMemory's handling of setup failures and warnings.
 */
import { describe, expect, it } from 'vitest';
import { choice, type Battle, type Feed, type Pending } from '../../src/core/battle.js';
import { memoryFiles } from '../../src/core/files.js';
import type { Prng } from '../../src/core/prng.js';
import { Prng as PrngClass } from '../../src/core/prng.js';
import type { Loaded, LoadRequest, RulesetEngine, RulesetMeta, RunContext } from '../../src/core/ruleset.js';
import { prepareRun, runInMemory, sessionOptions, type PreparedRun } from '../../src/core/run.js';

const META: RulesetMeta = {
  id: 'dice',
  title: 'Dice',
  rulesVersion: '1',
  maturity: 'alpha',
  setup: { kind: 'file', name: 'setup', optional: true },
  writesFiles: false,
  seeded: true,
  unseeded: (options) => options['fixed'] === true,
  skipBlankAndComments: true,
  options: [{ flags: '--fixed', help: 'no dice' }],
  examples: { play: ['dice'], record: ['dice record'], verify: ['dice verify'] },
};

/** A battle that rolls one d6 per `roll` line and ends after two rolls. */
class Roller implements Battle {
  rolls: number[] = [];
  constructor(readonly context: RunContext) {}
  opening(): readonly string[] {
    return ['Roll twice'];
  }
  pending(): Pending {
    return this.rolls.length >= 2 ? { kind: 'ended' } : { kind: 'awaiting', expects: "'roll'", choices: () => [choice('roll')] };
  }
  step(): string {
    return `roll ${this.rolls.length + 1}`;
  }
  feed(line: string): Feed {
    if (line.trim() !== 'roll') return { ok: false, error: { code: 'E_SYNTAX', message: `expected 'roll', got '${line.trim()}'` }, lines: [] };
    const value = this.context.rng === null ? 6 : this.context.rng.int(1, 6);
    this.rolls.push(value);
    return { ok: true, lines: [`rolled ${value}`] };
  }
}

interface Fake {
  readonly engine: RulesetEngine<string>;
  readonly loads: LoadRequest[];
  readonly contexts: RunContext[];
}

function fakeEngine(result: Loaded<string>): Fake {
  const loads: LoadRequest[] = [];
  const contexts: RunContext[] = [];
  return {
    loads,
    contexts,
    engine: {
      load(request) {
        loads.push(request);
        return result;
      },
      start(_setup, context) {
        contexts.push(context);
        return new Roller(context);
      },
    },
  };
}

const files = memoryFiles([['game.setup', 'seed 9']]);
const loaded = (seed?: number, warnings: readonly string[] = []): Loaded<string> => ({ ok: true, setup: 'S', warnings, ...(seed === undefined ? {} : { seed }) });

function prepared(meta: RulesetMeta, fake: Fake, seed?: number, options: Record<string, string | boolean | undefined> = {}): PreparedRun {
  const p = prepareRun(meta, fake.engine as RulesetEngine, { args: ['game.setup'], options, files, ...(seed === undefined ? {} : { seed }) });
  if (!p.ok) throw new Error('setup failed');
  return p.run;
}

describe('prepareRun: the seed rule', () => {
  it('--seed beats the setup seed', () => {
    const { preamble } = prepared(META, fakeEngine(loaded(9)), 5).begin();
    expect(preamble).toEqual(['SEED xoroshiro128plus:5']);
  });

  it("the setup's seed is used without --seed", () => {
    const fake = fakeEngine(loaded(9));
    const { preamble } = prepared(META, fake).begin();
    expect(preamble).toEqual(['SEED xoroshiro128plus:9']);
    expect(fake.contexts[0]!.rng!.seed).toBe(9);
  });

  it('neither: seed 0', () => {
    const fake = fakeEngine(loaded());
    expect(prepared(META, fake).begin().preamble).toEqual(['SEED xoroshiro128plus:0']);
    expect(fake.contexts[0]!.rng!.seed).toBe(0);
  });

  it('--seed 0 is a seed, not "absent"', () => {
    expect(prepared(META, fakeEngine(loaded(9)), 0).begin().preamble).toEqual(['SEED xoroshiro128plus:0']);
  });

  it('the battle gets the generator the SEED line names (its draws are that seed’s draws)', () => {
    const fake = fakeEngine(loaded(9));
    prepared(META, fake, 7).begin();
    const rng = fake.contexts[0]!.rng!;
    const reference = PrngClass.seeded(7);
    expect([rng.int(0, 9), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9)]).toEqual([0, 0, 5, 9, 3]);
    expect(rng.int(0, 1000)).toBe((reference.int(0, 9), reference.int(0, 9), reference.int(0, 9), reference.int(0, 9), reference.int(0, 9), reference.int(0, 1000)));
  });

  it('an unseeded meta: no generator and no SEED line, whatever the seeds', () => {
    const fake = fakeEngine(loaded(9));
    const { preamble } = prepared({ ...META, seeded: false, unseeded: undefined } as RulesetMeta, fake, 5).begin();
    expect(preamble).toEqual([]);
    expect(fake.contexts[0]!.rng).toBeNull();
  });

  it('meta.unseeded(options) true (forced dice): no generator and no SEED line', () => {
    const fake = fakeEngine(loaded(9));
    const { preamble } = prepared(META, fake, 5, { fixed: true }).begin();
    expect(preamble).toEqual([]);
    expect(fake.contexts[0]!.rng).toBeNull();
  });

  it('meta.unseeded(options) false: seeded as usual', () => {
    const fake = fakeEngine(loaded(9));
    expect(prepared(META, fake, undefined, { fixed: undefined }).begin().preamble).toEqual(['SEED xoroshiro128plus:9']);
  });

  it('two begin() calls give independent generators with the same seed', () => {
    const fake = fakeEngine(loaded(3));
    const run = prepared(META, fake);
    run.begin();
    run.begin();
    const [a, b] = fake.contexts.map((c) => c.rng as Prng);
    expect(a).not.toBe(b);
    const firstA = [a!.int(0, 99), a!.int(0, 99), a!.int(0, 99)];
    // b did not move while a drew: it starts from the beginning of seed 3.
    expect([b!.int(0, 99), b!.int(0, 99), b!.int(0, 99)]).toEqual(firstA);
  });

  it('load gets the args, the texts the core read, options and files; start gets the options, files and onEvent', () => {
    const fake = fakeEngine(loaded());
    const events: string[] = [];
    const p = prepareRun({ ...META, writesFiles: true }, fake.engine as RulesetEngine, { args: ['game.setup'], options: { fixed: false }, files, onEvent: (e) => void events.push(e) });
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    p.run.begin();
    expect(fake.loads).toEqual([{ args: ['game.setup'], texts: [{ path: 'game.setup', text: 'seed 9' }], options: { fixed: false }, files }]);
    expect(fake.contexts[0]!.files).toBe(files);
    expect(fake.contexts[0]!.options).toEqual({ fixed: false });
    fake.contexts[0]!.onEvent!('{"t":"x"}');
    expect(events).toEqual(['{"t":"x"}']);
  });

  it('a ruleset that declares writesFiles: false reads as usual, and a write by it is an internal error', () => {
    const fake = fakeEngine(loaded());
    const store = memoryFiles([['game.setup', 'seed 9']]);
    const p = prepareRun(META, fake.engine as RulesetEngine, { args: ['game.setup'], options: {}, files: store });
    if (!p.ok) throw new Error('setup failed');
    p.run.begin();
    for (const given of [fake.loads[0]!.files, fake.contexts[0]!.files]) {
      expect(given.read('game.setup')).toEqual({ ok: true, value: 'seed 9' });
      expect(() => given.write('out.txt', 'x')).toThrow('dice declares writesFiles: false, but wrote out.txt');
    }
    expect(store.read('out.txt').ok).toBe(false);
    // Declared: the write goes through.
    const writer = fakeEngine(loaded());
    const q = prepareRun({ ...META, writesFiles: true }, writer.engine as RulesetEngine, { args: ['game.setup'], options: {}, files: store });
    if (!q.ok) throw new Error('setup failed');
    q.run.begin();
    expect(writer.contexts[0]!.files.write('out.txt', 'x')).toEqual({ ok: true, value: undefined });
    expect(store.read('out.txt')).toEqual({ ok: true, value: 'x' });
  });

  it('terminal and colour reach the battle; colour only ever with terminal (a log, pipe or file is never coloured)', () => {
    const fake = fakeEngine(loaded());
    const run = prepared(META, fake);
    run.begin();
    run.begin(true);
    run.begin(true, true);
    run.begin(false, true);
    expect(fake.contexts.map((c) => [c.terminal, c.colour])).toEqual([
      [false, false],
      [true, false],
      [true, true],
      [false, false],
    ]);
  });

  it('a failed load is passed through and nothing starts', () => {
    const fake = fakeEngine({ ok: false, stdout: ['ERROR: bad'], stderr: ['game.setup:1:1: E_SYNTAX: bad'] });
    const p = prepareRun(META, fake.engine as RulesetEngine, { args: ['game.setup'], options: {}, files });
    expect(p).toEqual({ ok: false, stdout: ['ERROR: bad'], stderr: ['game.setup:1:1: E_SYNTAX: bad'] });
    expect(fake.contexts).toEqual([]);
  });
});

describe('runInMemory', () => {
  it('a whole run: SEED line first, echo on by default, exit 0', () => {
    const r = runInMemory(META, fakeEngine(loaded(7)).engine as RulesetEngine, { args: [], options: {}, files, lines: ['roll', 'roll'] });
    const reference = PrngClass.seeded(7);
    const [d1, d2] = [reference.int(1, 6), reference.int(1, 6)];
    expect(r.stdout).toEqual(['SEED xoroshiro128plus:7', 'Roll twice', 'INPUT: roll', `rolled ${d1}`, 'INPUT: roll', `rolled ${d2}`]);
    expect(r.text).toBe(r.stdout.join('\n') + '\n');
    expect(r.exitCode).toBe(0);
  });

  it('a rejected line does not consume a draw', () => {
    const engine = fakeEngine(loaded(7)).engine as RulesetEngine;
    const clean = runInMemory(META, engine, { args: [], options: {}, files, lines: ['roll', 'roll'] });
    const dirty = runInMemory(META, engine, { args: [], options: {}, files, lines: ['roll', 'hop', 'roll'] });
    expect(dirty.stdout.filter((l) => l.startsWith('rolled'))).toEqual(clean.stdout.filter((l) => l.startsWith('rolled')));
    expect(dirty.stderr).toEqual(["<input>:2: E_SYNTAX: expected 'roll', got 'hop'"]);
    expect(dirty.exitCode).toBe(1);
  });

  it('warnings go to stderr before the battle; source names the stream', () => {
    const r = runInMemory(META, fakeEngine(loaded(1, ['game.setup:2:1: W_NAME: odd'])).engine as RulesetEngine, {
      args: [],
      options: {},
      files,
      lines: ['roll'],
      source: 'c.txt',
      echo: false,
    });
    expect(r.stderr).toEqual(['game.setup:2:1: W_NAME: odd', "c.txt:2: E_EOF: input ended; expected 'roll'"]);
    expect(r.stdout.some((l) => l.startsWith('INPUT: '))).toBe(false);
    expect(r.exitCode).toBe(1);
  });

  it('a setup failure: its stdout and stderr lines, exit 2, nothing simulated', () => {
    const fake = fakeEngine({ ok: false, stdout: ['ERROR: bad'], stderr: ['game.setup:3: E_SYNTAX: bad'] });
    const r = runInMemory(META, fake.engine as RulesetEngine, { args: [], options: {}, files, lines: ['roll', 'roll'] });
    expect(r).toMatchObject({ stdout: ['ERROR: bad'], stderr: ['game.setup:3: E_SYNTAX: bad'], exitCode: 2 });
    expect(fake.contexts).toEqual([]);
  });

  it('sessionOptions carries the meta’s id and skip rule', () => {
    expect(sessionOptions(META, 's.txt', true, ['SEED x'])).toEqual({ echo: true, source: 's.txt', ruleset: 'dice', skipBlankAndComments: true, preamble: ['SEED x'] });
    expect(sessionOptions({ ...META, skipBlankAndComments: false }, '<stdin>', false, []).skipBlankAndComments).toBe(false);
  });
});
