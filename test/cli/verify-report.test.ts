/**
 * verify's report: JSON output, identical results with worker threads, colour only on a terminal (and not
 * with NO_COLOR), and a progress bar on a terminal stderr for runs longer than a second.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { CLI, COURSE, HAS_COURSE, REPO_ROOT, announceMissingCourse } from '../helpers/shared.js';
import { HAS_TMUX, tmuxHarness } from '../helpers/tmux.js';
import { scratchDir } from '../helpers/scratch.js';

announceMissingCourse();
const SUITE = join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases-Tests');
const { tmux, start, waitFor } = tmuxHarness('verify-report');
const tmp = scratchDir('verify');

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

describe('verify --json and --jobs', () => {
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

describe.skipIf(!HAS_TMUX)('verify on a terminal', () => {
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
