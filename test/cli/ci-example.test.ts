/**
 * examples/grade-matrix.yml (issue 15): the CI workflow docs/grading.md shows is valid YAML, shards over a matrix of
 * 4 with JUnit reports, and its merge step, run here on four real shard reports, gives one report that
 * holds every case once.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { scratchDir } from '../helpers/scratch.js';

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
