/**
 * record (src/cli/record.ts, and the case-folder reading of cases.ts) in-process: --input/--out checks,
 * an unreadable or unwritable transcript, a golden file never destroyed by a failed run, and re-recording
 * case folders (order, names relative to the working folder, expected.stderr only when stderr is not
 * empty, a file that cannot be written, args.txt over several lines or with shell operators).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace } from '../helpers/cli.js';
import { runInProcess as run } from '../helpers/in-process.js';
import { folderWith, runProbe } from '../helpers/probe-ruleset.js';
import { scratchDir, subfolder } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { RULESETS } from '../../src/rulesets/registry.js';

const TEAMS = join(REPO_ROOT, 'data', 'smt', 'teams');
const CHOICES = join(REPO_ROOT, 'data', 'smt', 'demo-choices.txt');
const COMMANDS = join(REPO_ROOT, 'data', 'clairvoyance', 'demo-commands.txt');

/** A folder `name` under the scratch folder. */
const folder = (name: string) => subfolder(root, name);

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

const root = scratchDir('record');

const usage = (message: string) => ({ code: 2, stdout: '', stderr: `error: ${message}\n` });
const work = (extra: Record<string, string> = {}) => folderWith(root, { 'setup.txt': 'rounds 1\nseed 3\n', 'go.txt': 'go\n', ...extra });

describe('record --input --out', () => {
  it('writes the echoed log; stderr of the run passes through; the exit code is the run\'s', async () => {
    const dir = work({ 'bad.txt': 'bad\ngo\n' });
    const r = await runProbe(['probe', 'record', 'setup.txt', '--input', 'bad.txt', '--out', 'log.txt'], dir);
    expect(r).toEqual({ code: 1, stdout: '', stderr: "bad.txt:1: E_SYNTAX: expected 'go', got 'bad'\n" });
    const played = await runProbe(['probe', 'setup.txt', '--input', 'bad.txt'], dir);
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toBe(played.stdout);
  });

  it('--out equal to --input: a usage error, the input untouched', async () => {
    const dir = work();
    expect(await runProbe(['probe', 'record', 'setup.txt', '--input', 'go.txt', '--out', './go.txt'], dir)).toEqual(usage('--out ./go.txt is also an input file; it would be overwritten'));
    expect(readFileSync(join(dir, 'go.txt'), 'utf8')).toBe('go\n');
  });

  it('--out in a folder that does not exist, or under a file: a usage error', async () => {
    const dir = work();
    expect(await runProbe(['probe', 'record', 'setup.txt', '--input', 'go.txt', '--out', 'nope/log.txt'], dir)).toEqual(usage('--out nope/log.txt: the folder nope does not exist'));
    expect(await runProbe(['probe', 'record', 'setup.txt', '--input', 'go.txt', '--out', 'go.txt/log.txt'], dir)).toEqual(usage('--out go.txt/log.txt: the folder go.txt does not exist'));
  });

  it('--out naming a folder: a usage error', async () => {
    const dir = work({ 'logs/': '' });
    expect(await runProbe(['probe', 'record', 'setup.txt', '--input', 'go.txt', '--out', 'logs'], dir)).toEqual(usage('--out logs is a folder; expected a file path'));
  });

  it('an unreadable choices file: E_IO, exit 2, nothing written', async () => {
    const dir = work();
    expect(await runProbe(['probe', 'record', 'setup.txt', '--input', 'none.txt', '--out', 'log.txt'], dir)).toEqual({ code: 2, stdout: '', stderr: 'none.txt: E_IO: cannot read choices file (file not found)\n' });
    expect(existsSync(join(dir, 'log.txt'))).toBe(false);
  });

  it('a log that cannot be written (a folder where its temporary file goes): E_IO, exit 2', async () => {
    const dir = work({ 'log.txt.partial/': '' });
    expect(await runProbe(['probe', 'record', 'setup.txt', '--input', 'go.txt', '--out', 'log.txt'], dir)).toEqual({ code: 2, stdout: '', stderr: 'log.txt: E_IO: cannot write the log (is a folder)\n' });
    expect(existsSync(join(dir, 'log.txt'))).toBe(false);
  });
});

/** A case folder `name` under `dir`: args.txt, the setup and (unless null) commands.txt. */
function caseFolder(dir: string, name: string, commands: string | null = 'go\n', args = 'probe setup.txt\n'): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'args.txt'), args);
  writeFileSync(join(path, 'setup.txt'), 'rounds 1\nseed 5\n');
  if (commands !== null) writeFileSync(join(path, 'commands.txt'), commands);
  return path;
}

describe('record of case folders', () => {
  it('cases in path order, named relative to the working folder; expected.stderr only when stderr is not empty', async () => {
    const dir = work();
    // Created out of order: the report must not follow the folder's listing order.
    for (const name of ['c', 'a', 'b']) caseFolder(join(dir, 'cases'), name, name === 'b' ? 'bad\n' : 'go\n');
    const r = await runProbe(['probe', 'record', 'cases'], dir);
    expect(r).toEqual({ code: 0, stdout: '', stderr: `recorded ${join('cases', 'a')} (exit 0)\nrecorded ${join('cases', 'b')} (exit 1)\nrecorded ${join('cases', 'c')} (exit 0)\n` });
    expect(readdirSync(join(dir, 'cases', 'a')).sort()).toEqual(['args.txt', 'commands.txt', 'expected.exit', 'expected.txt', 'setup.txt']);
    expect(readFileSync(join(dir, 'cases', 'a', 'expected.exit'), 'utf8')).toBe('0\n');
    expect(readFileSync(join(dir, 'cases', 'b', 'expected.exit'), 'utf8')).toBe('1\n');
    expect(readFileSync(join(dir, 'cases', 'b', 'expected.stderr'), 'utf8')).toBe("commands.txt:1: E_SYNTAX: expected 'go', got 'bad'\ncommands.txt:2: E_EOF: input ended; expected 'go'\n");
    const played = await runProbe(['probe', 'setup.txt', '--input', 'commands.txt'], join(dir, 'cases', 'a'));
    expect(readFileSync(join(dir, 'cases', 'a', 'expected.txt'), 'utf8')).toBe(played.stdout);
  });

  it('the working folder itself is named `.`; a case outside it by its full path', async () => {
    const dir = work();
    const inside = caseFolder(dir, 'here');
    expect((await runProbe(['probe', 'record', '.'], inside)).stderr).toBe('recorded . (exit 0)\n');
    const outside = caseFolder(root, `outside-${Date.now()}`);
    expect((await runProbe(['probe', 'record', outside], dir)).stderr).toBe(`recorded ${outside} (exit 0)\n`);
  });

  it('args.txt over several lines is one command line', async () => {
    const dir = work();
    const path = caseFolder(dir, 'multi', 'go\n', 'probe\nsetup.txt\n--seed 8\n');
    expect((await runProbe(['probe', 'record', path], dir)).code).toBe(0);
    expect(readFileSync(join(path, 'expected.txt'), 'utf8')).toMatch(/^SEED xoroshiro128plus:8\nPROBE setup\.txt rounds 1\n/);
  });

  it('args.txt with a shell operator: a usage error, nothing written', async () => {
    const dir = work();
    const path = caseFolder(dir, 'pipe', 'go\n', 'probe setup.txt | cat\n');
    expect(await runProbe(['probe', 'record', path], dir)).toEqual(usage(`${join(path, 'args.txt')}: only words and quotes are allowed (no shell operators)`));
    expect(existsSync(join(path, 'expected.txt'))).toBe(false);
  });

  it('no case folder under a path, or a case without commands.txt: a usage error before anything is recorded', async () => {
    const dir = work({ 'empty/': '' });
    expect(await runProbe(['probe', 'record', 'empty'], dir)).toEqual(usage('empty: no case folders (with args.txt) in it'));
    const good = caseFolder(join(dir, 'set'), 'a');
    const bare = caseFolder(join(dir, 'set'), 'b', null);
    expect(await runProbe(['probe', 'record', 'set'], dir)).toEqual(usage(`${bare}: the case has no commands.txt`));
    expect(existsSync(join(good, 'expected.txt'))).toBe(false);
  });

  it('an expected file that cannot be written: E_IO for it, the others written, exit 2', async () => {
    const dir = work();
    const path = caseFolder(dir, 'blocked');
    mkdirSync(join(path, 'expected.txt'));
    const r = await runProbe(['probe', 'record', 'blocked'], dir);
    expect(r).toEqual({ code: 2, stdout: '', stderr: `${join(path, 'expected.txt')}: E_IO: cannot write (is a folder)\nrecorded blocked (exit 0)\n` });
    expect(readFileSync(join(path, 'expected.exit'), 'utf8')).toBe('0\n');
  });
});

describe('record never destroys a golden file', () => {
  it('a typo in the encounter name keeps the old expected.txt (exit 2, nothing written)', async () => {
    const dir = folder('typo');
    writeFileSync(join(dir, 'expected.txt'), 'the good golden log\n');
    const r = await run(['clairvoyance', 'record', join(dir, 'encounterTYPO.clv'), '--input', COMMANDS, '--out', join(dir, 'expected.txt')]);
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, 'expected.txt'), 'utf8')).toBe('the good golden log\n');
    expect(lines(r.stderr)).toHaveLength(1);
  });

  it('a parse error keeps the old file too', async () => {
    const dir = folder('parse');
    writeFileSync(join(dir, 'bad.clv'), 'MAP { Layout: Rectangle 3, 3\n');
    writeFileSync(join(dir, 'expected.txt'), 'old\n');
    const r = await run(['clairvoyance', 'record', join(dir, 'bad.clv'), '--input', COMMANDS, '--out', join(dir, 'expected.txt')]);
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, 'expected.txt'), 'utf8')).toBe('old\n');
  });

  it.each([
    ['a missing folder', (d: string) => join(d, 'nowhere', 'x.txt'), /does not exist/],
    ['a folder', (d: string) => d, /is a folder/],
    ['its own input', () => CHOICES, /input/],
  ])('--out to %s is a usage error (exit 2, one line, no .partial left)', async (_, out, message) => {
    const dir = folder(`out-${_.replace(/\W/g, '')}`);
    const before = readFileSync(CHOICES, 'utf8');
    const r = await run(['smt', 'record', '--teams', TEAMS, '--input', CHOICES, '--out', out(dir)]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(readFileSync(CHOICES, 'utf8')).toBe(before);
  });
});

describe('record --input --case: a new case folder that verify replays from anywhere', () => {
  it.each(RULESETS.map((entry) => [entry.meta.id, entry.meta.examples.play[0]!] as const))('%s: the first play example as a case', async (id, example) => {
    const words = example.split(' ');
    expect(words).toContain('--input');
    const dir = join(folder(`case-${id}`), 'game');
    const recorded = await run([id, 'record', ...words.slice(1), '--case', dir]);
    expect(recorded, recorded.stderr).toMatchObject({ code: 0, stdout: '' });
    const played = await run(words);
    expect(readFileSync(join(dir, 'expected.txt'), 'utf8')).toBe(played.stdout);
    expect(readFileSync(join(dir, 'expected.exit'), 'utf8')).toBe(`${played.code}\n`);
    // Moved elsewhere and verified from yet another folder: the case carries everything its setup reads.
    const moved = join(folder(`moved-${id}`), 'game');
    cpSync(dir, moved, { recursive: true });
    expect(readFileSync(join(moved, 'args.txt'), 'utf8')).not.toContain(REPO_ROOT);
    const verified = await run([id, 'verify', moved, '--jobs', '1'], folder(`elsewhere-${id}`));
    expect(verified.stdout, verified.stderr).toMatch(/^1\/1 identical$/m);
    expect(verified.code).toBe(0);
  });

  it('a setup that does not load writes nothing (exit 2)', async () => {
    const dir = join(folder('case-bad'), 'game');
    const r = await run(['clairvoyance', 'record', join(REPO_ROOT, 'data', 'clairvoyance', 'nothere.clv'), '--input', COMMANDS, '--case', dir]);
    expect(r.code).toBe(2);
    expect(existsSync(dir)).toBe(false);
  });

  it.each([
    ['with --out', (d: string) => ['--out', join(d, 'x.txt'), '--case', join(d, 'c')], /--case and --out/],
    ['without --input', (d: string) => ['--case', join(d, 'c')], /--case needs --input/],
    ['into a folder that holds files', (d: string) => ['--case', d], /not an empty folder/],
  ])('--case %s is a usage error, nothing written', async (_, extra, message) => {
    const dir = work();
    const before = readdirSync(dir).sort();
    const args = extra(dir);
    const r = await run(['smt', 'record', '--teams', TEAMS, ...(_ === 'without --input' ? [] : ['--input', CHOICES]), ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
