/**
 * verify's report and its use in CI: --json, identical results with worker threads (--jobs, capped at the
 * number of CPUs), --quiet, --max-failures, colour (only on a terminal, not with NO_COLOR), a progress bar
 * on a terminal's stderr, the JUnit and TAP reporters, --shard, and the CI workflow README shows
 * (examples/grade-matrix.yml). verify.mutants.test.ts holds the in-process checks of the report's parts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { MUTATING, runCli, runShell } from '../helpers/cli.js';
import { healSuite } from '../helpers/heal-suite.js';
import { runInProcess as run } from '../helpers/in-process.js';
import { scratchDir, subfolder } from '../helpers/scratch.js';
import { announceMissingCourse, CLI, COURSE, HAS_COURSE, REPO_ROOT } from '../helpers/shared.js';
import { HAS_TMUX, tmuxHarness } from '../helpers/tmux.js';

const tmp = scratchDir('verify');

const SMT_SUITE = healSuite();

const PLANTED = join(REPO_ROOT, 'test', 'fixtures', 'external', 'planted.mjs');
const node = JSON.stringify(process.execPath);
const planted = (plant: string, ruleset: string) => `${node} ${JSON.stringify(PLANTED)} ${plant} ${ruleset}`;

/** A folder `name` under the scratch folder. */
const folder = (name: string) => subfolder(tmp, name);

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

announceMissingCourse();
const SUITE = join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases-Tests');
const { tmux, start, waitFor } = tmuxHarness('verify-report');

/** A copy of a golden suite with line 30 of its third transcript changed. */
function corruptedSuite(): string {
  const root = join(tmp, 'corrupt');
  cpSync(join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases'), join(root, 'edge-cases'), { recursive: true });
  cpSync(SUITE, join(root, 'edge-cases-Tests'), { recursive: true });
  const file = join(root, 'edge-cases-Tests', '003.txt');
  const lines = readFileSync(file, 'utf8').split('\n');
  lines[29] = 'not what the engine prints';
  writeFileSync(file, lines.join('\n'));
  return join(root, 'edge-cases-Tests');
}

describe.skipIf(MUTATING)('verify --json and --jobs', () => {
  const corrupt = corruptedSuite();

  it('--json is one JSON document with totals, a row per folder and each failure with its context', () => {
    const run = runCli(['smt', 'verify', corrupt, '--json', '--jobs', '1']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.ruleset).toBe('smt');
    expect(report.failed).toBe(1);
    expect(report.passed).toBe(report.total - 1);
    expect(report.folders).toHaveLength(1);
    expect(report.folders[0].failed).toBe(1);
    const failure = report.failures[0];
    expect(failure.file.endsWith('003.txt')).toBe(true);
    expect(failure.line).toBe(30);
    expect(failure.expected).toBe('not what the engine prints');
    expect(failure.context.from).toBe(28);
    expect(failure.context.expected[2]).toBe('not what the engine prints');
    expect(failure.context.actual).toHaveLength(5);
  });

  it('the text report shows the first difference with two lines of context from both sides', () => {
    const run = runCli(['smt', 'verify', corrupt, '--jobs', '1']);
    expect(run.stdout).toMatch(/^FAIL .*003\.txt \[stdout L30\] expected: not what the engine prints \/ actual: .+$/m);
    expect(run.stdout).toMatch(/^ {2}> {5}30 \| not what the engine prints$/m);
    expect(run.stdout).toMatch(/^ {4} {4}28 \| /m);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('--jobs 3 gives the same results, in the same order, as --jobs 1', () => {
    const strip = (text: string) => {
      const report = JSON.parse(text);
      return { ...report, ms: 0, folders: report.folders.map((f: { ms: number }) => ({ ...f, ms: 0 })) };
    };
    const one = runCli(['smt', 'verify', SUITE, corrupt, '--json', '--jobs', '1']);
    const three = runCli(['smt', 'verify', SUITE, corrupt, '--json', '--jobs', '3']);
    expect(three.status).toBe(one.status);
    expect(strip(three.stdout)).toEqual(strip(one.stdout));
  });

  it('--jobs must be a whole number of at least 1', () => {
    const run = runCli(['smt', 'verify', SUITE, '--jobs', '0']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--jobs/);
  });
});

const tmuxRun = (command: string): string => start(command, { width: 200 });
const waitForScreen = (name: string, pattern: RegExp, escapes = false): Promise<string> => waitFor(name, pattern, { timeoutMs: 30_000, escapes });

describe.skipIf(MUTATING || !HAS_TMUX)('verify on a terminal', () => {
  const node = JSON.stringify(process.execPath);
  const cli = JSON.stringify(CLI);

  it('colours the verdict on a terminal', async () => {
    const name = tmuxRun(`${node} ${cli} smt verify ${JSON.stringify(SUITE)} --jobs 1`);
    const text = await waitForScreen(name, /EXIT:\d/, true);
    expect(text).toMatch(/\u001b\[[0-9;]*m\d+\/\d+ identical/);
  });

  it('does not colour with NO_COLOR set', async () => {
    const name = tmuxRun(`NO_COLOR=1 ${node} ${cli} smt verify ${JSON.stringify(SUITE)} --jobs 1`);
    const text = await waitForScreen(name, /EXIT:\d/, true);
    expect(text).toMatch(/\d+\/\d+ identical/);
    expect(text).not.toMatch(/\u001b\[[0-9;]*m\d+\/\d+ identical/);
  });

  it.skipIf(!HAS_COURSE)('shows a progress bar on stderr while a long run goes on, then exits (the bar never outlives the run)', async () => {
    // Everything the pane receives is kept in a file: the bar is cleared on completion, so the screen alone can miss it.
    const log = join(tmp, 'pane.log');
    const tests = `${JSON.stringify(COURSE)}/*-Tests`;
    const name = tmuxRun(`sleep 0.5; ${node} ${cli} smt verify ${tests} ${tests} --data ${JSON.stringify(COURSE)} --jobs 1 >/dev/null`);
    tmux('pipe-pane', '-o', '-t', name, `cat >> ${JSON.stringify(log)}`);
    const text = await waitForScreen(name, /EXIT:\d/);
    expect(text).toContain('EXIT:0');
    expect(readFileSync(log, 'utf8')).toMatch(/verify \[.*\] \d+\/2036 cases/);
  });
});

describe('verify for CI: --quiet, --max-failures, colour', () => {
  it('--quiet prints the total and the verdict only; the time column says wall', async () => {
    const r = await run(['smt', 'verify', 'test-cases/smt/edge-cases-Tests', 'test-cases/smt/ailments-Tests', '--quiet']);
    expect(lines(r.stdout)).toHaveLength(3);
    expect(r.stdout).toMatch(/^folder +passed +failed +wall$/m);
    expect(r.stdout).toMatch(/^\d+\/\d+ identical$/m);
  });

  it('--max-failures stops after n failed cases', async () => {
    const tests = folder('maxfail/edge-cases-Tests');
    for (const f of readdirSync(join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases-Tests')).filter((f) => f.endsWith('.txt')).slice(0, 6)) {
      writeFileSync(join(tests, f), readFileSync(join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases-Tests', f), 'utf8') + 'extra line\n');
    }
    const r = await run(['smt', 'verify', tests, '--teams', join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases'), '--max-failures', '2', '--jobs', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout.match(/^FAIL /gm)).toHaveLength(2);
    expect(r.stdout).toContain('stopped after 2 failure(s): 4 case(s) not run');
  });

  it.each([
    [['--color'], {}, true],
    [['--no-color'], { FORCE_COLOR: '1' }, false],
    [[], { FORCE_COLOR: '1' }, true],
    [[], { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
    [[], {}, false],
  ])('colour with %j and env %j: %s', async (flags, env, coloured) => {
    const io = { ...memoryIo(REPO_ROOT), env };
    await runArgv(['smt', 'verify', 'test-cases/smt/edge-cases-Tests', '--quiet', ...flags], io);
    expect(/\u001b\[/.test(io.stdout())).toBe(coloured);
  });
});

describe.skipIf(MUTATING)('--jobs through the built CLI', () => {
  it('--jobs above the number of CPUs is capped, and says so', () => {
    // Worker threads load the built dist/cli/verify-worker.js, so this one runs the built CLI.
    const r = runShell('node dist/cli.cjs smt verify test-cases/smt/edge-cases-Tests --jobs 1000 --quiet');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/--jobs 1000 capped at \d+/);
  });
});

describe.skipIf(MUTATING)('CI reports and sharding', () => {
  it('--reporter junit: one testcase per case, failures carry the first difference', async () => {
    const out = join(tmp, 'report.xml');
    const r = await run(['smt', 'verify', SMT_SUITE, '--exec', `${planted('smt-heal', 'smt')} --teams`, '--reporter', 'junit', '--out', out, '--jobs', '2']);
    expect(r.code).toBe(1);
    const xml = readFileSync(out, 'utf8');
    const cases = xml.match(/<testcase /g)!.length;
    const failures = xml.match(/<failure message="/g)!.length;
    expect(cases).toBe(Number(/<testsuites [^>]*tests="(\d+)"/.exec(xml)![1]));
    expect(failures).toBe(Number(/<testsuites [^>]*failures="(\d+)"/.exec(xml)![1]));
    expect(failures).toBeGreaterThan(0);
    expect(xml).toMatch(/<failure message="stdout line \d+: expected: .*termina con HP/);
    expect(r.stderr).toContain(`report written to ${out}`);
  });

  it('--reporter tap: a plan, ok / not ok per case, YAML for failures', async () => {
    const r = await run(['smt', 'verify', 'test-cases/smt/edge-cases-Tests', '--reporter', 'tap']);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('TAP version 13');
    const plan = Number(/^1\.\.(\d+)$/.exec(lines[1]!)![1]);
    expect(lines.filter((l) => /^ok \d+ - /.test(l))).toHaveLength(plan);
  });

  it('--shard i/n: the shards are disjoint, cover every case, and differ in size by at most one', async () => {
    const names = async (shard: string) => {
      const r = await run(['smt', 'verify', SMT_SUITE, '--reporter', 'tap', '--shard', shard]);
      return r.stdout.split('\n').filter((l) => l.startsWith('ok ')).map((l) => l.replace(/^ok \d+ - /, ''));
    };
    const all = await names('1/1');
    const shards = [await names('1/3'), await names('2/3'), await names('3/3')];
    expect(shards.flat().sort()).toEqual([...all].sort());
    const sizes = shards.map((s) => s.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect((await run(['smt', 'verify', SMT_SUITE, '--shard', '4/3'])).code).toBe(2);
  });
});

interface Step {
  run?: string;
  uses?: string;
  name?: string;
}
interface Workflow {
  jobs: { verify: { strategy: { matrix: { shard: number[] } }; steps: Step[] }; merge: { needs: string; steps: Step[] } };
}

const workflow = parse(readFileSync(join(REPO_ROOT, 'examples', 'grade-matrix.yml'), 'utf8')) as Workflow;

describe('examples/grade-matrix.yml', () => {
  it('is a workflow with a matrix of 4 shards, each verifying with --shard i/4 and a JUnit report', () => {
    expect(workflow.jobs.verify.strategy.matrix.shard).toEqual([1, 2, 3, 4]);
    const verify = workflow.jobs.verify.steps.find((s) => s.run?.includes(' verify '))!.run!;
    // The entry the package builds (its bin), in the checkout the workflow makes.
    const bin = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: { arbiter: string } }).bin.arbiter;
    expect(verify).toContain(`node arbiter/${bin} smt verify`);
    expect(verify).toContain('--shard ${{ matrix.shard }}/4');
    expect(verify).toContain('--reporter junit --out report-${{ matrix.shard }}.xml');
    expect(verify).toMatch(/--exec "dotnet run .*--project StudentProject --"/);
    expect(workflow.jobs.merge.needs).toBe('verify');
  });

  it('its merge step joins four real shard reports into one holding every case once', async () => {
    const dir = scratchDir('ci');
    for (const shard of [1, 2, 3, 4]) {
      const code = await runArgv(['smt', 'verify', join(REPO_ROOT, 'test-cases', 'smt', 'ailments-Tests'), '--shard', `${shard}/4`, '--reporter', 'junit', '--out', join(dir, `report-${shard}.xml`)], memoryIo(REPO_ROOT));
      expect(code).toBe(0);
    }
    const merge = workflow.jobs.merge.steps.find((s) => s.name?.startsWith('Merge'))!.run!;
    const script = /node -e '([\s\S]*)'/.exec(merge)![1]!;
    const said = execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' });
    const merged = readFileSync(join(dir, 'report.xml'), 'utf8');
    const cases = [...merged.matchAll(/<testcase [^>]*name="([^"]+)"/g)].map((m) => m[1]);
    const transcripts = readdirSync(join(REPO_ROOT, 'test-cases', 'smt', 'ailments-Tests')).filter((f) => f.endsWith('.txt')).sort();
    expect([...cases].sort()).toEqual(transcripts);
    expect(said).toContain(`merged 4 reports: ${transcripts.length} cases, 0 failed`);
  });
});
