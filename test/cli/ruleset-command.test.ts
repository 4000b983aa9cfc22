/**
 * How a ruleset's meta becomes commands (src/cli/ruleset-command.ts, ruleset-options.ts), in-process over
 * the probe ruleset: the setup slot, its own options and on which command, choices, --seed, --events; the
 * option checks (required, exclusive, --seed range), the seed rule, what a failed load prints, --events
 * (a bad path fails before play starts), and record's option rules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionKey } from '../../src/cli/option-keys.js';
import { collect, parseSeed } from '../../src/cli/ruleset-options.js';
import { runInProcess as run } from '../helpers/in-process.js';
import { folderWith, PROBE, PROBE_META, probeWith, runProbe } from '../helpers/probe-ruleset.js';
import { scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/shared.js';

const root = scratchDir('ruleset-command');

const dir = folderWith(root, {
  'setup.txt': 'rounds 1\nseed 4\n',
  'noseed.txt': 'rounds 1\n',
  'more.txt': 'rounds 2\n',
  'warn.txt': 'rounds 1\nwarn mind the gap\n',
  'fail.txt': 'fail\n',
  'go.txt': 'go\n',
  'opt.txt': 'opt\ngo\n',
});

/** The `go N roll R` lines of a log. */
const rolls = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('go '));
const usage = (message: string) => ({ code: 2, stdout: '', stderr: `error: ${message}\n` });

describe('help: the meta as commands', () => {
  const help = async (argv: string[], rulesets = [PROBE]) => {
    const r = await runProbe(argv, dir, { rulesets });
    expect(r.code).toBe(0);
    return r.stdout;
  };

  it('the setup slot: <name>, [name] when optional, <name...> for files, nothing for none', async () => {
    expect(await help(['probe', '--help'])).toMatch(/^Usage: arbiter probe \[options\] \[command\] <setup>\n/);
    expect(await help(['probe', '--help'], [probeWith({ setup: { kind: 'file', name: 'map', optional: true } })])).toMatch(/^Usage: arbiter probe \[options\] \[command\] \[map\]\n[^]*\n  map +the map\n/);
    expect(await help(['probe', '--help'], [probeWith({ setup: { kind: 'files', name: 'sheet' } })])).toMatch(/^Usage: arbiter probe \[options\] \[command\] <sheet\.\.\.>\n[^]*\n  sheet +one or more sheets, loaded in the order given\n/);
    const none = await help(['probe', '--help'], [probeWith({ setup: { kind: 'none' } })]);
    expect(none).toMatch(/^Usage: arbiter probe \[options\] \[command\]\n/);
    expect(none).not.toContain('Arguments:');
  });

  it("record's paths: the setup or case folders, or case folders alone without a setup slot", async () => {
    expect(await help(['probe', 'record', '--help'])).toMatch(/\n  paths +the setup \(with --out\), or case folders\n/);
    expect(await help(['probe', 'record', '--help'], [probeWith({ setup: { kind: 'none' } })])).toMatch(/\n  paths +case folders \(with args\.txt and commands\.txt\)\n/);
  });

  it("a ruleset's own options: on play and record by default, elsewhere only where `on` says; choices listed", async () => {
    const play = await help(['probe', '--help']);
    const record = await help(['probe', 'record', '--help']);
    const verify = await help(['probe', 'verify', '--help']);
    for (const text of [play, record, verify]) expect(text).toMatch(/\n  --mode <m> +a choice option \(choices: "a", "b"\)\n/);
    for (const text of [play, record]) expect(text).toMatch(/\n  --fixed +no dice/);
    expect(verify).not.toContain('--fixed');
    expect(verify).toMatch(/\n  --verify-only <x> +offered by verify alone\n/);
    for (const text of [play, record]) expect(text).not.toContain('--verify-only');
  });

  it('--seed only for a seeded ruleset, --events only for one with events', async () => {
    expect(await help(['probe', '--help'])).toMatch(/^  --seed <n> /m);
    expect(await help(['probe', 'record', '--help'])).toMatch(/^  --seed <n> /m);
    expect(await help(['probe', '--help'])).toMatch(/^  --events <file> /m);
    const plain = probeWith({ seeded: false, events: false });
    expect(await help(['probe', '--help'], [plain])).not.toMatch(/^  --seed |^  --events /m);
    expect(await help(['probe', 'record', '--help'], [plain])).not.toMatch(/^  --seed /m);
  });

  it('"Example:" for one example, "Examples:" for more, one per line', async () => {
    expect(await help(['probe', '--help'])).toMatch(/\nExamples:\n  \$ arbiter probe setup\.txt --input go\.txt\n  \$ arbiter probe setup\.txt --seed 2 --input go\.txt\n$/);
    expect(await help(['probe', 'verify', '--help'])).toMatch(/\nExample:\n  \$ arbiter probe verify cases\n$/);
  });

  it('`help verify` is the same as `verify --help`', async () => {
    expect(await help(['probe', 'help', 'verify'])).toBe(await help(['probe', 'verify', '--help']));
  });
});

describe('option checks and the seed rule', () => {
  it("the ruleset's options reach the engine by key; those not offered by the command do not", async () => {
    const r = await runProbe(['probe', 'setup.txt', '--mode', 'b', '--fixed', '--input', 'opt.txt'], dir);
    expect(r.stdout).toContain('options {"mode":"b","fixed":true}\n');
    const plain = await runProbe(['probe', 'setup.txt', '--input', 'opt.txt'], dir);
    expect(plain.stdout).toContain('options {}\n');
  });

  it('a choice outside the list is a usage error', async () => {
    const r = await runProbe(['probe', 'setup.txt', '--mode', 'c'], dir);
    expect(r).toEqual({ code: 2, stdout: '', stderr: "error: option '--mode <m>' argument 'c' is invalid. Allowed choices are a, b.\n" });
  });

  it('exclusive options (here with --seed): a usage error naming both, on play and record', async () => {
    expect(await runProbe(['probe', 'setup.txt', '--mode', 'a', '--seed', '1', '--input', 'go.txt'], dir)).toEqual(usage('--mode and --seed exclude each other'));
    expect(await runProbe(['probe', 'record', 'setup.txt', '--mode', 'a', '--seed', '1', '--input', 'go.txt', '--out', 'x.txt'], dir)).toEqual(usage('--mode and --seed exclude each other'));
    expect(existsSync(join(dir, 'x.txt'))).toBe(false);
    // Each alone is fine.
    expect((await runProbe(['probe', 'setup.txt', '--mode', 'a', '--input', 'go.txt'], dir)).code).toBe(0);
    expect((await runProbe(['probe', 'setup.txt', '--seed', '1', '--input', 'go.txt'], dir)).code).toBe(0);
  });

  it('exclusion between two ruleset options, named in flag form (camelCase keys back to dashes)', async () => {
    const both = probeWith({
      options: [
        { flags: '--dry-run', help: 'x', excludes: ['fullSpeed'] },
        { flags: '--full-speed', help: 'y' },
      ],
    });
    const r = await runProbe(['probe', 'setup.txt', '--dry-run', '--full-speed', '--input', 'go.txt'], dir, { rulesets: [both] });
    expect(r).toEqual(usage('--dry-run and --fullSpeed exclude each other'));
    expect((await runProbe(['probe', 'setup.txt', '--dry-run', '--input', 'go.txt'], dir, { rulesets: [both] })).code).toBe(0);
  });

  it('an option required to play: a usage error on play and record without it, not on verify', async () => {
    const needy = probeWith({ options: [{ flags: '--teams <folder>', help: 't', requiredToPlay: true, on: ['play', 'record', 'verify'] }] });
    expect(await runProbe(['probe', 'setup.txt', '--input', 'go.txt'], dir, { rulesets: [needy] })).toEqual(usage("required option '--teams <folder>' not specified"));
    expect(await runProbe(['probe', 'record', 'setup.txt', '--input', 'go.txt', '--out', 'y.txt'], dir, { rulesets: [needy] })).toEqual(usage("required option '--teams <folder>' not specified"));
    expect((await runProbe(['probe', 'setup.txt', '--teams', 't', '--input', 'go.txt'], dir, { rulesets: [needy] })).code).toBe(0);
    const verify = await runProbe(['probe', 'verify', 'nowhere'], dir, { rulesets: [needy] });
    expect(verify.stderr).not.toContain('required option');
  });

  it('the seed rule: --seed, else the setup seed, else 0; the SEED line first', async () => {
    const flag = await runProbe(['probe', 'setup.txt', '--seed', '9', '--input', 'go.txt'], dir);
    const file = await runProbe(['probe', 'setup.txt', '--input', 'go.txt'], dir);
    const none = await runProbe(['probe', 'noseed.txt', '--input', 'go.txt'], dir);
    expect(flag.stdout).toMatch(/^SEED xoroshiro128plus:9\n/);
    expect(file.stdout).toMatch(/^SEED xoroshiro128plus:4\n/);
    expect(none.stdout).toMatch(/^SEED xoroshiro128plus:0\n/);
    const record = await runProbe(['probe', 'record', 'setup.txt', '--seed', '9', '--input', 'go.txt', '--out', 'r9.txt'], dir);
    expect(record.code).toBe(0);
    expect(readFileSync(join(dir, 'r9.txt'), 'utf8')).toBe(flag.stdout);
  });

  it('options that switch the dice off: no SEED line, no generator', async () => {
    const r = await runProbe(['probe', 'setup.txt', '--fixed', '--input', 'go.txt'], dir);
    expect(r.stdout).toBe('PROBE setup.txt rounds 1\nINPUT: go\ngo 1 roll 6\nDONE\n');
  });

  it('--seed takes 0..4294967295 in decimal digits only', async () => {
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('4294967295')).toBe(4294967295);
    expect(parseSeed('007')).toBe(7);
    for (const bad of ['4294967296', '-1', '1e3', '12a', 'a12', '', ' 1']) expect(() => parseSeed(bad), bad).toThrow('expected a whole number from 0 to 4294967295');
    const r = await runProbe(['probe', 'setup.txt', '--seed', '4294967296'], dir);
    expect(r).toEqual({ code: 2, stdout: '', stderr: "error: option '--seed <n>' argument '4294967296' is invalid. expected a whole number from 0 to 4294967295\n" });
  });

  it('collect and optionKey', () => {
    expect(collect('b', collect('a', undefined))).toEqual(['a', 'b']);
    expect(optionKey('--out-dir <folder>')).toBe('outDir');
    expect(optionKey('--no-echo-input')).toBe('noEchoInput');
    expect(optionKey('-t, --teams <folder>')).toBe('teams');
    expect(optionKey('--max-output2 <n>')).toBe('maxOutput2');
  });
});

describe('loading', () => {
  it('a failed load: what the ruleset prints on stdout and stderr, exit 2, nothing played', async () => {
    expect(await runProbe(['probe', 'fail.txt', '--input', 'go.txt'], dir)).toEqual({ code: 2, stdout: 'ERROR: the setup says fail\n', stderr: 'fail.txt:1: E_SETUP: the setup says fail\n' });
  });

  it('load warnings go to stderr, one a line, before the log', async () => {
    const r = await runProbe(['probe', 'warn.txt', '--input', 'go.txt'], dir);
    expect(r.stderr).toBe('warn.txt:2: W_PROBE: mind the gap\n');
    expect(r.code).toBe(0);
  });

  it('several setup files reach the engine in the order given; no setup slot: none at all', async () => {
    const files = probeWith({ setup: { kind: 'files', name: 'sheet' } });
    const r = await runProbe(['probe', 'more.txt', 'setup.txt', '--input', 'go.txt'], dir, { rulesets: [files] });
    expect(r.stdout).toContain('PROBE more.txt,setup.txt rounds 1\n');
    const none = probeWith({ setup: { kind: 'none' } });
    expect(await runProbe(['probe', '--input', 'go.txt'], dir, { rulesets: [none] })).toEqual({ code: 2, stdout: '', stderr: 'probe: E_USAGE: no setup file\n' });
  });
});

describe('--events', () => {
  it('the stream (docs/events.md): a header, then per step its events and its state, with the lines it printed; the file exists (empty) from the start', async () => {
    const r = await runProbe(['probe', 'setup.txt', '--events', 'ev.jsonl', '--input', 'go.txt'], dir);
    expect(r.code).toBe(0);
    const out = r.stdout.split('\n');
    const roll = Number(/roll (\d)/.exec(r.stdout)![1]);
    const seed = Number(/^SEED xoroshiro128plus:(\d+)$/m.exec(r.stdout)![1]);
    const go = out.indexOf('INPUT: go') + 1;
    // The probe has no viewState: its states are null; its own event carries the lines of its step.
    expect(readFileSync(join(dir, 'ev.jsonl'), 'utf8').split('\n')).toEqual([
      `{"v":1,"ruleset":"probe","t":"stream","rules":"7","seed":${seed}}`,
      `{"t":"state","step":0,"at":"open","input":null,"lines":[1,${go - 1}],"state":null}`,
      `{"go":1,"roll":${roll},"lines":[${go},${out.length - 1}]}`,
      `{"t":"state","step":1,"at":"input","input":"go","lines":[${go},${out.length - 1}],"state":null}`,
      '',
    ]);
    expect(out[go]).toBe(`go 1 roll ${roll}`);
    const none = await runProbe(['probe', 'setup.txt', '--events', 'none.jsonl', '--input', 'empty.txt'], dir);
    expect(none.code).toBe(2);
    expect(readFileSync(join(dir, 'none.jsonl'), 'utf8')).toBe('');
  });

  it('without --events no event is collected or written', async () => {
    const r = await runProbe(['probe', 'setup.txt', '--input', 'go.txt'], dir);
    expect(r.stderr).toBe('');
  });

  it('an events file that cannot be written: a usage error before anything is played', async () => {
    expect(await runProbe(['probe', 'setup.txt', '--events', 'no/such/ev.jsonl', '--input', 'go.txt'], dir)).toEqual(usage('--events no/such/ev.jsonl: cannot write the file (file not found)'));
  });

  it('--events with --out-dir: a usage error', async () => {
    expect(await runProbe(['probe', 'setup.txt', '--events', 'e.jsonl', '--input', 'go.txt', '--out-dir', 'logs'], dir)).toEqual(usage('--events writes one battle; it cannot be combined with --out-dir'));
    expect(existsSync(join(dir, 'e.jsonl'))).toBe(false);
  });
});

describe('record options', () => {
  it('neither paths nor --input/--out: a usage error', async () => {
    expect(await runProbe(['probe', 'record'], dir)).toEqual(usage('record needs case folders, or --input <file> and --out <file>'));
  });

  it('--input without --out, or --out without --input: a usage error', async () => {
    expect(await runProbe(['probe', 'record', 'setup.txt', '--input', 'go.txt'], dir)).toEqual(usage('--input and --out go together'));
    expect(await runProbe(['probe', 'record', 'setup.txt', '--out', 'z.txt'], dir)).toEqual(usage('--input and --out go together'));
    expect(existsSync(join(dir, 'z.txt'))).toBe(false);
  });

  it('a setup that fails to load: exit 2, nothing written', async () => {
    const r = await runProbe(['probe', 'record', 'fail.txt', '--input', 'go.txt', '--out', 'f.txt'], dir);
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'f.txt'))).toBe(false);
  });

  it('several setup files for a files slot', async () => {
    const files = probeWith({ setup: { kind: 'files', name: 'sheet' } });
    const r = await runProbe(['probe', 'record', 'more.txt', 'setup.txt', '--input', 'go.txt', '--out', 'm.txt'], dir, { rulesets: [files] });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'm.txt'), 'utf8')).toContain('PROBE more.txt,setup.txt rounds 1\n');
  });

  it("record's own options reach the engine", async () => {
    const r = await runProbe(['probe', 'record', 'setup.txt', '--fixed', '--input', 'go.txt', '--out', 'fx.txt'], dir);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'fx.txt'), 'utf8')).toBe('PROBE setup.txt rounds 1\nINPUT: go\ngo 1 roll 6\nDONE\n');
  });
});

it('the probe meta is what these tests assume', () => {
  expect(PROBE_META.options.map((o) => o.flags)).toEqual(['--mode <m>', '--fixed', '--verify-only <x>']);
  expect(rolls('go 1 roll 3\nDONE\n')).toEqual(['go 1 roll 3']);
});

describe('--events on a real ruleset', () => {
  const SKIRMISH = join(REPO_ROOT, 'data', 'clairvoyance', 'skirmish.clv');
  const COMMANDS = join(REPO_ROOT, 'data', 'clairvoyance', 'demo-commands.txt');

  it('--events with a bad path fails before play starts (nothing on stdout)', async () => {
    const r = await run(['clairvoyance', SKIRMISH, '--input', COMMANDS, '--events', join(root, 'no', 'such', 'dir', 'e.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--events .*cannot write/);
  });
});
