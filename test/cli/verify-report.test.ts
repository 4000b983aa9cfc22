/**
 * What verify reports, in-process through the probe ruleset (src/cli/verify.ts, verify-report.ts, cases.ts,
 * case-run.ts): the first difference with two lines of context on each side (line numbers, the `>` marker,
 * a missing final newline), stderr and exit differences, broken cases, a ruleset's own case layout (sorted,
 * a fatal problem), --max-failures, --quiet, --json, colour, --jobs, and the report's table.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { styleText } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { parseJobs, parsePositive, parseShard } from '../../src/cli/verify-options.js';
import { useColour } from '../../src/cli/colour.js';
import { formatReport, summarise, type Failure, type VerifyReport } from '../../src/cli/verify-report.js';
import { folderWith, PROBE_LAYOUT, probeWith, runProbe, type ProbeRun } from '../helpers/probe-ruleset.js';

const root = mkdtempSync(join(tmpdir(), 'arbiter-verify-report-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Times vary from run to run: each digit of an `N.NNs` time becomes `#`, keeping the columns. */
const timeless = (text: string) => text.replace(/\b\d+\.\d\ds\b/g, (t) => t.replace(/\d/g, '#'));

const FIVE_GOES = 'go\ngo\ngo\ngo\ngo\n';

/** A recorded case folder `name` under `dir` (five rounds: a 13-line log). */
async function recordedCase(dir: string, name: string, commands = FIVE_GOES): Promise<string> {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'args.txt'), 'probe setup.txt\n');
  writeFileSync(join(path, 'setup.txt'), 'rounds 5\nseed 2\n');
  writeFileSync(join(path, 'commands.txt'), commands);
  const r = await runProbe(['probe', 'record', path], dir);
  expect(r.code).toBe(0);
  return path;
}

/** Rewrites `file` of a case through `change` on its lines (the final newline kept unless `newline` is false). */
function edit(path: string, file: string, change: (lines: string[]) => string[], newline = true): void {
  const lines = readFileSync(join(path, file), 'utf8').split('\n');
  lines.pop();
  writeFileSync(join(path, file), change(lines).join('\n') + (newline ? '\n' : ''));
}

/**
 * `probe verify --jobs 1 [flags] <paths>` in `cwd`, the paths made absolute: a path is reported as given,
 * and a relative one given in-process from another folder than the process's is reported joined to it
 * (see the BUG at the end).
 */
const verify = (paths: string[], cwd: string, env: Record<string, string> = {}, flags: string[] = []): Promise<ProbeRun> =>
  runProbe(['probe', 'verify', '--jobs', '1', ...flags, ...paths.map((p) => join(cwd, p))], cwd, { io: { env } });

describe('the first difference and its context', () => {
  it('a line changed in the middle: [stdout L6], lines 4 to 8 of both sides, `>` on line 6', async () => {
    const dir = folderWith(root, {});
    const path = await recordedCase(dir, 'mid');
    const log = readFileSync(join(path, 'expected.txt'), 'utf8').split('\n');
    edit(path, 'expected.txt', (l) => l.map((text, i) => (i === 5 ? 'changed' : text)));
    const r = await verify(['mid'], dir);
    expect(r.code).toBe(1);
    const block = (label: string, line6: string) =>
      [`  ${label}:`, `         4 | ${log[3]}`, `         5 | ${log[4]}`, `  >      6 | ${line6}`, `         7 | ${log[6]}`, `         8 | ${log[7]}`].join('\n');
    expect(r.stdout).toContain(`FAIL ${join(dir, 'mid')} [stdout L6] expected: changed / actual: ${log[5]}\n${block('expected', 'changed')}\n${block('actual', log[5]!)}\n`);
  });

  it('a difference on line 1: the context starts at line 1', async () => {
    const dir = folderWith(root, {});
    const path = await recordedCase(dir, 'first');
    const log = readFileSync(join(path, 'expected.txt'), 'utf8').split('\n');
    edit(path, 'expected.txt', (l) => ['SEED xoroshiro128plus:3', ...l.slice(1)]);
    const r = await verify(['first'], dir);
    expect(r.stdout).toContain(
      `FAIL ${join(dir, 'first')} [stdout L1] expected: SEED xoroshiro128plus:3 / actual: ${log[0]}\n  expected:\n  >      1 | SEED xoroshiro128plus:3\n         2 | ${log[1]}\n         3 | ${log[2]}\n  actual:\n  >      1 | ${log[0]}\n         2 | ${log[1]}\n         3 | ${log[2]}\n`,
    );
  });

  it('an expected log without its final newline differs on the line after the last', async () => {
    const dir = folderWith(root, {});
    const path = await recordedCase(dir, 'nonl');
    edit(path, 'expected.txt', (l) => l, false);
    const r = await verify(['nonl'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`FAIL ${join(dir, 'nonl')} [stdout L14] expected: \\ No newline at end of file / actual: <end of log>\n`);
    expect(r.stdout).toContain('\n  actual:\n        12 | go 5 roll');
  });

  it('an empty expected log: line 1 differs, <end of log> on the expected side', async () => {
    const dir = folderWith(root, {});
    const path = await recordedCase(dir, 'empty');
    writeFileSync(join(path, 'expected.txt'), '');
    const r = await verify(['empty'], dir);
    expect(r.stdout).toContain(`FAIL ${join(dir, 'empty')} [stdout L1] expected: <end of log> / actual: SEED xoroshiro128plus:2\n  expected:\n  actual:\n  >      1 | SEED`);
  });

  it('stderr differing: [stderr L<n>]; only once stdout is identical', async () => {
    const dir = folderWith(root, {});
    const path = await recordedCase(dir, 'err', 'bad\ngo\n');
    edit(path, 'expected.stderr', (l) => [l[0]!, 'commands.txt:9: E_EOF: nope']);
    const r = await verify(['err'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`FAIL ${join(dir, 'err')} [stderr L2] expected: commands.txt:9: E_EOF: nope / actual: commands.txt:3: E_EOF: input ended; expected 'go'\n`);
  });

  it('the exit code differing: [exit]; an absent expected.exit is not compared', async () => {
    const dir = folderWith(root, {});
    const path = await recordedCase(dir, 'exit');
    writeFileSync(join(path, 'expected.exit'), '1\n');
    const r = await verify(['exit'], dir);
    expect(r.stdout.startsWith(`FAIL ${join(dir, 'exit')} [exit] expected: 1 / actual: 0\n`)).toBe(true);
    expect(r.code).toBe(1);
    rmSync(join(path, 'expected.exit'));
    const loose = await verify(['exit'], dir);
    expect(loose.stdout).toMatch(/\n1\/1 identical\n$/);
    expect(loose.code).toBe(0);
  });
});

describe('cases that cannot be replayed, and the case list', () => {
  it('a case without expected.txt fails with its reason; the other cases still run', async () => {
    const dir = folderWith(root, {});
    await recordedCase(join(dir, 'set'), 'a');
    const b = await recordedCase(join(dir, 'set'), 'b');
    rmSync(join(b, 'expected.txt'));
    const r = await verify(['set'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`FAIL ${join(dir, 'set', 'b')} ${join(dir, 'set', 'b', 'expected.txt')}: missing (record the case first)\n`);
    expect(r.stdout).toMatch(/\n1\/2 identical\n$/);
  });

  it('no case under a path: a usage error (the message mentions transcripts only for a ruleset with its own layout)', async () => {
    const dir = folderWith(root, { 'empty/': '' });
    expect(await verify(['empty'], dir)).toEqual({ code: 2, stdout: '', stderr: `error: ${join(dir, 'empty')}: no cases found (expected a case folder with args.txt, a folder of them)\n` });
    const own = probeWith({}, { layouts: [PROBE_LAYOUT] });
    const r = await runProbe(['probe', 'verify', join(dir, 'empty')], dir, { rulesets: [own] });
    expect(r).toEqual({ code: 2, stdout: '', stderr: `error: ${join(dir, 'empty')}: no cases found (expected a case folder with args.txt, a folder of them, or a transcript)\n` });
  });

  it("a ruleset's own cases: sorted by path with the case folders, replayed by the ruleset", async () => {
    const own = probeWith({}, { layouts: [PROBE_LAYOUT] });
    const dir = folderWith(root, { 'mix/setup.txt': 'rounds 5\nseed 2\n', 'mix/commands.txt': FIVE_GOES });
    const played = await runProbe(['probe', 'setup.txt', '--input', 'commands.txt'], join(dir, 'mix'));
    const log = played.stdout.split('\n');
    writeFileSync(join(dir, 'mix', 'a.own'), played.stdout);
    writeFileSync(join(dir, 'mix', 'b.own'), played.stdout);
    writeFileSync(join(dir, 'mix', 'd.own'), log.map((l, i) => (i === 2 ? 'DIFFERS' : l)).join('\n'));
    await recordedCase(join(dir, 'mix'), 'c');
    const r = await runProbe(['probe', 'verify', '--jobs', '1', '--json', join(dir, 'mix')], dir, { rulesets: [own] });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { total: number; passed: number; failures: { file: string; line: number; expected: string; actual: string }[] };
    expect(report).toMatchObject({ total: 4, passed: 3 });
    expect(report.failures).toMatchObject([{ file: join(dir, 'mix', 'd.own'), line: 3, expected: 'DIFFERS', actual: log[2] }]);
    const table = await runProbe(['probe', 'verify', '--jobs', '1', '--max-failures', '1', join(dir, 'mix')], dir, { rulesets: [own] });
    // d.own sorts last: with everything before it run, the stop comes at the end.
    expect(table.stdout).toMatch(/\n3\/4 identical\n$/);
  });

  it('an own case whose setup fails as its transcript says: identical (only an unexpected failure is reported as one)', async () => {
    const own = probeWith({}, { layouts: [PROBE_LAYOUT] });
    const dir = folderWith(root, { 'failing/setup.txt': 'fail\n', 'failing/commands.txt': 'go\n' });
    const played = await runProbe(['probe', 'setup.txt', '--input', 'commands.txt'], join(dir, 'failing'));
    expect(played.code).toBe(2);
    expect(played.stdout).not.toBe('');
    writeFileSync(join(dir, 'failing', 'a.own'), played.stdout);
    writeFileSync(join(dir, 'failing', 'b.own'), `${played.stdout}one more line\n`);
    const r = await runProbe(['probe', 'verify', '--jobs', '1', join(dir, 'failing')], dir, { rulesets: [own] });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('a.own');
    expect(r.stdout).toContain(`FAIL ${join(dir, 'failing', 'b.own')} ${join(dir, 'failing', 'b.own')}: the setup failed: `);
    expect(r.stdout).toMatch(/\n1\/2 identical\n$/);
  });

  it('a fatal problem of an own case: a usage error before anything runs', async () => {
    const own = probeWith({}, { layouts: [PROBE_LAYOUT] });
    const dir = folderWith(root, { 'p/a.own': 'fine\n', 'p/b.own': 'unplayable\n' });
    expect(await runProbe(['probe', 'verify', join(dir, 'p')], dir, { rulesets: [own] })).toEqual({ code: 2, stdout: '', stderr: `error: ${join(dir, 'p', 'b.own')}: cannot be replayed\n` });
  });

  it('case folders run in a scratch copy that is removed afterwards', async () => {
    const dir = folderWith(root, {});
    await recordedCase(dir, 'scratch');
    const temp = mkdtempSync(join(root, 'tmp-'));
    const saved = process.env['TMPDIR'];
    process.env['TMPDIR'] = temp;
    try {
      expect((await verify(['scratch'], dir)).code).toBe(0);
    } finally {
      if (saved === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = saved;
    }
    expect(readdirSync(temp)).toEqual([]);
  });
});

describe('run options', () => {
  it('--max-failures N stops after the N-th failed case and says how many were not run', async () => {
    const dir = folderWith(root, {});
    for (const name of ['a', 'b', 'c', 'd']) {
      const path = await recordedCase(join(dir, 'many'), name);
      if (name !== 'a') writeFileSync(join(path, 'expected.exit'), '7\n');
    }
    const r = await verify(['many'], dir, {}, ['--max-failures', '2']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`FAIL ${join(dir, 'many', 'b')} [exit]`);
    expect(r.stdout).toContain(`FAIL ${join(dir, 'many', 'c')} [exit]`);
    expect(r.stdout).not.toContain(join(dir, 'many', 'd'));
    expect(r.stdout).toMatch(/\nstopped after 2 failure\(s\): 1 case\(s\) not run\n1\/3 identical\n$/);
    const all = await verify(['many'], dir);
    expect(all.stdout).toMatch(/\n1\/4 identical\n$/);
    expect(all.stdout).not.toContain('stopped after');
  });

  it('--quiet: the header, the total and the verdict only', async () => {
    const dir = folderWith(root, {});
    const path = await recordedCase(dir, 'q');
    writeFileSync(join(path, 'expected.exit'), '5\n');
    const r = await verify(['q'], dir, {}, ['--quiet']);
    const w = dir.length;
    expect(timeless(r.stdout)).toBe(`${'folder'.padEnd(w)}  passed  failed      wall\n${'total'.padEnd(w)}       0       1     #.##s\n0/1 identical\n`);
  });

  it('--json: the report as one JSON document', async () => {
    const dir = folderWith(root, {});
    await recordedCase(dir, 'j');
    const r = await verify(['j'], dir, {}, ['--json']);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ ruleset: 'probe', found: 1, total: 1, passed: 1, failed: 0, failures: [], folders: [{ folder: dir, passed: 1, failed: 0 }] });
    expect(r.stdout.endsWith('}\n')).toBe(true);
  });

  it('colour: --color, --no-color, NO_COLOR, FORCE_COLOR; never by default off a terminal', async () => {
    const dir = folderWith(root, {});
    await recordedCase(dir, 'col');
    const green = styleText('green', '1/1 identical', { validateStream: false });
    expect((await verify(['col'], dir, {}, ['--color'])).stdout).toContain(green);
    expect((await verify(['col'], dir, { FORCE_COLOR: '1' })).stdout).toContain(green);
    for (const [flags, env] of [[[], {}], [['--no-color'], { FORCE_COLOR: '1' }], [[], { NO_COLOR: '1', FORCE_COLOR: '1' }]] as const) {
      expect((await verify(['col'], dir, env, [...flags])).stdout, JSON.stringify(env)).toMatch(/\n1\/1 identical\n$/);
    }
  });

  it('--jobs above the number of CPUs is capped, with a note on stderr', async () => {
    const dir = folderWith(root, {});
    await recordedCase(dir, 'jobs');
    const r = await runProbe(['probe', 'verify', '--jobs', '100000', join(dir, 'jobs')], dir);
    expect(r.stderr).toMatch(/^verify: --jobs 100000 capped at \d+ \(the number of CPUs\)\n$/);
    expect(r.code).toBe(0);
  });

  it('--jobs and --max-failures take whole numbers of at least 1', () => {
    expect(parseJobs('1')).toBe(1);
    expect(parseJobs('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'x', '2x', 'x2', '', '99999999999999999999']) expect(() => parseJobs(bad), bad).toThrow('expected a whole number of at least 1');
  });

  it('--shard i/n: 1 <= i <= n, digits only, the whole value', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard('12/34')).toEqual({ index: 12, count: 34 });
    for (const bad of ['0/4', '5/4', '1/0', '0/0', '2', '/4', '2/', 'x/4', '2/4x', 'x2/4', '-1/4', '2 / 4', '']) {
      expect(() => parseShard(bad), bad).toThrow('expected i/n with 1 <= i <= n, e.g. 2/4');
    }
  });

  it('--timeout and --max-output take positive numbers', () => {
    expect(parsePositive('10')).toBe(10);
    expect(parsePositive('0.5')).toBe(0.5);
    for (const bad of ['0', '-1', 'x', '', 'Infinity', 'NaN']) expect(() => parsePositive(bad), bad).toThrow('expected a positive number');
  });
});

describe('the report (formatReport, summarise, useColour)', () => {
  const ok = (file: string, ms: number) => ({ file, ms, failure: null });
  const bad = (file: string, ms: number) => ({ file, ms, failure: { line: null, expected: '0', actual: '1', context: null, error: null, stream: 'exit' as const } });

  it('summarise: one row per folder in first-seen order, times summed, the wall time rounded', () => {
    const report = summarise('probe', [ok('x/a', 1.04), bad('a-much-longer-folder/b', 2.5), ok('x/c', 3.01)], 5, 1234.56);
    expect(report).toEqual({
      ruleset: 'probe',
      found: 5,
      total: 3,
      passed: 2,
      failed: 1,
      ms: 1234.6,
      folders: [
        { folder: 'x', passed: 2, failed: 0, ms: 4.1 },
        { folder: 'a-much-longer-folder', passed: 0, failed: 1, ms: 2.5 },
      ],
      failures: [{ file: 'a-much-longer-folder/b', line: null, expected: '0', actual: '1', context: null, error: null, stream: 'exit' }],
    });
  });

  it('the table: columns sized by the longest folder (at least 6), seconds with two decimals', () => {
    const report: VerifyReport = summarise('probe', [ok('x/a', 1500), bad('a-much-longer-folder/b', 20)], 2, 1520);
    expect(formatReport(report, false)).toBe(
      [
        'FAIL a-much-longer-folder/b [exit] expected: 0 / actual: 1',
        'folder                passed  failed      wall',
        'x                          1       0     1.50s',
        'a-much-longer-folder       0       1     0.02s',
        'total                      1       1     1.52s',
        '1/2 identical',
        '',
      ].join('\n'),
    );
    const short = summarise('probe', [ok('x/a', 0)], 1, 0);
    expect(formatReport(short, false)).toBe('folder  passed  failed      wall\nx            1       0     0.00s\ntotal        1       0     0.00s\n1/1 identical\n');
  });

  it('colour: the header and total bold, FAIL and the failed counts red, the verdict green or red', () => {
    const paint = (style: 'red' | 'green' | 'bold', text: string) => styleText(style, text, { validateStream: false });
    const report = summarise('probe', [ok('x/a', 0), bad('y/b', 0)], 2, 0);
    expect(formatReport(report, true)).toBe(
      [
        `${paint('red', 'FAIL')} y/b [exit] expected: 0 / actual: 1`,
        paint('bold', 'folder  passed  failed      wall'),
        'x            1       0     0.00s',
        `y            0  ${paint('red', '     1')}     0.00s`,
        paint('bold', 'total        1       1     0.00s'),
        paint('red', '1/2 identical'),
        '',
      ].join('\n'),
    );
    expect(formatReport(summarise('probe', [ok('x/a', 0)], 1, 0), true).endsWith(`${paint('green', '1/1 identical')}\n`)).toBe(true);
  });

  it('a broken case: FAIL, the file and the reason', () => {
    const report = summarise('probe', [{ file: 'z/c', ms: 0, failure: { line: null, expected: null, actual: null, context: null, error: 'z/c/expected.txt: missing' } }], 1, 0);
    expect(formatReport(report, false).split('\n')[0]).toBe('FAIL z/c z/c/expected.txt: missing');
  });

  it('useColour: the flag, then NO_COLOR, then FORCE_COLOR (0 and false mean off), then a terminal', () => {
    const io = (env: Record<string, string>, tty = false) => ({ ...memoryIo('.'), env, stdoutIsTTY: tty });
    expect(useColour(io({ NO_COLOR: '1' }), true)).toBe(true);
    expect(useColour(io({}, true), false)).toBe(false);
    expect(useColour(io({ NO_COLOR: '1', FORCE_COLOR: '1' }, true), undefined)).toBe(false);
    expect(useColour(io({ NO_COLOR: '', FORCE_COLOR: '1' }), undefined)).toBe(true);
    expect(useColour(io({ FORCE_COLOR: '0' }, true), undefined)).toBe(false);
    expect(useColour(io({ FORCE_COLOR: 'false' }, true), undefined)).toBe(false);
    expect(useColour(io({ FORCE_COLOR: '' }, true), undefined)).toBe(true);
    expect(useColour(io({}, true), undefined)).toBe(true);
    expect(useColour(io({}, false), undefined)).toBe(false);
  });
});

// A case whose args.txt is `<id> verify sub` runs from a scratch copy: its report must not name that copy.
it('a relative case path given in-process from another working folder is reported as given', async () => {
  const dir = folderWith(root, {});
  const path = await recordedCase(dir, 'given');
  writeFileSync(join(path, 'expected.exit'), '4\n');
  const r = await runProbe(['probe', 'verify', '--jobs', '1', 'given'], dir);
  expect(r.stdout.split('\n')[0]).toBe('FAIL given [exit] expected: 4 / actual: 0');
});

describe('--shard that selects no case (issue 21 item 5)', () => {
  it('a shard past the cases is a usage error (exit 2) that says the shard is empty and how many cases there are', async () => {
    const dir = folderWith(root, {});
    for (const name of ['a', 'b']) await recordedCase(join(dir, 'two'), name);
    const r = await verify(['two'], dir, {}, ['--shard', '3/4']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--shard 3\/4.*empty.*2 case/);
    expect(r.stdout).not.toMatch(/identical/);
  });

  it('every shard that holds a case still runs it', async () => {
    const dir = folderWith(root, {});
    for (const name of ['a', 'b']) await recordedCase(join(dir, 'two'), name);
    for (const shard of ['1/2', '2/2', '2/4']) {
      const r = await verify(['two'], dir, {}, ['--shard', shard]);
      expect(r.code, shard).toBe(0);
      expect(r.stdout, shard).toMatch(/^1\/1 identical$/m);
    }
  });
});

describe('the table shows untrusted text escaped and cut (issue 21 item 3)', () => {
  const ESC = '\x1b';
  const colours = `PASS ${ESC}[32mall good${ESC}[0m${ESC}]0;pwned\x07`;
  const huge = 'y'.repeat(1_000_000);
  const failing = (failure: Failure, file = 'suite/a') => formatReport(summarise('probe', [{ file, ms: 1, failure }], 1, 1), false);
  const lineFailure = (actual: string): Failure => ({
    line: 2,
    expected: 'ok',
    actual,
    context: { from: 1, expected: ['first', 'ok'], actual: ['first', actual] },
    error: null,
    stream: 'stdout',
  });

  it('escape codes in a differing line, its context, a broken case message, a program note and a path never reach the terminal raw', () => {
    const texts = [
      failing(lineFailure(colours)),
      failing({ line: null, expected: null, actual: null, context: null, error: `crashed: ${colours}` }),
      failing({ ...lineFailure('x'), program: colours }),
      failing({ line: null, expected: '0', actual: '1', context: null, error: null, stream: 'exit' }, `suite/${ESC}[2Jname`),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(text).toContain('\\x1b');
    }
    expect(texts[0]).toContain('\\x1b]0;pwned\\x07');
  });

  it('a 1 MB differing line is cut in the FAIL line and in the context, saying how much was left out', () => {
    const text = failing(lineFailure(huge));
    expect(text.length).toBeLessThan(10_000);
    expect(text.match(/\(999000 more characters\)/g)).toHaveLength(2);
  });

  it('verify --exec of a program that prints escape codes: the table shows them escaped; JSON keeps them exact', async () => {
    const dir = folderWith(root, {});
    await recordedCase(dir, 'esc');
    const program = `printf 'PASS \\033[32mall good\\033[0m\\033]0;pwned\\007\\n' #`;
    const table = await verify(['esc'], dir, {}, ['--exec', program]);
    expect(table.code).toBe(1);
    expect(table.stdout).not.toContain(ESC);
    expect(table.stdout).toContain('PASS \\x1b[32mall good\\x1b[0m\\x1b]0;pwned\\x07');
    const json = await verify(['esc'], dir, {}, ['--exec', program, '--json']);
    expect((JSON.parse(json.stdout) as VerifyReport).failures[0]!.actual).toBe(`${colours}`);
  });
});
