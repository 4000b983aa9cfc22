/**
 * Long lines on a real pipe at full size (npm run test:stress; stdin.test.ts holds the same at sizes npm
 * test can afford). A piped 40 MB line took 51 s (each chunk appended to one string searched again), and
 * stdin from /dev/zero, a line that never ends, grew memory at about 100 MB/s until killed (issue 21,
 * items 18, 15 and 14).
 */
import { spawn, spawnSync } from 'node:child_process';
import { openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_LINE, MAX_STREAM_LINE } from '../../src/core/session.js';
import { scratchDir } from '../helpers/scratch.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';

const root = scratchDir('stdin-stress');
const ENCOUNTER = join(REPO_ROOT, 'data', 'clairvoyance', 'skirmish.clv');

/** The built CLI with room for a 40 MB echo (helpers/cli.ts keeps spawnSync's 1 MB buffer). */
function runCli(args: readonly string[], stdin = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, input: stdin, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 120_000 });
  if (r.error !== undefined) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('a long line on a pipe', () => {
  it('a 40 MB line piped to clairvoyance is rejected with the line-length error, as from --input, in seconds', () => {
    const file = join(root, 'long40.txt');
    writeFileSync(file, `${'a'.repeat(40_000_000)}\n`);
    const fromFile = runCli(['clairvoyance', ENCOUNTER, '--dice', 'max', '--input', file]);
    const started = Date.now();
    const piped = runCli(['clairvoyance', ENCOUNTER, '--dice', 'max'], readFileSync(file, 'utf8'));
    const seconds = (Date.now() - started) / 1000;
    expect(piped.stdout).toContain('line too long: 40000000 characters');
    expect(piped.status).toBe(fromFile.status);
    expect(piped.stderr).toBe(fromFile.stderr.replaceAll(file, '<stdin>'));
    // The echo of the rejected line is cut at the limit; everything else is the file's log.
    expect(piped.stdout).toBe(fromFile.stdout.replace(`INPUT: ${'a'.repeat(40_000_000)}`, `INPUT: ${'a'.repeat(MAX_LINE)}`));
    // It took 51 s; linear, it is well under 10 s even on a loaded machine.
    expect(seconds).toBeLessThan(20);
  });

  it.runIf(process.platform === 'linux')('stdin from /dev/zero: memory stays bounded, and reading stops at a file\'s size limit', async () => {
    const zero = openSync('/dev/zero', 'r');
    const child = spawn(process.execPath, [CLI, 'tactics', join(REPO_ROOT, 'data', 'tactics', 'game.setup')], { stdio: [zero, 'pipe', 'pipe'] });
    closeSync(zero);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('latin1')));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let peak = 0;
      // It grew about 50 to 100 MB a second until killed; now it reads 64 MiB of the line and stops.
      for (let i = 0; i < 240 && child.exitCode === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        if (child.exitCode === null) peak = Math.max(peak, rss());
      }
      expect(await exited).toBe(1);
      expect(peak).toBeLessThan(120);
      const lines = stdout.split('\n');
      expect(lines.at(-2)).toBe('ERROR E_EOF: input ended; expected placement for P1');
      expect(lines.at(-3)).toBe(`ERROR E_SYNTAX: line too long: more than ${MAX_STREAM_LINE} characters without a line end, and reading stopped; the limit is ${MAX_LINE}`);
      expect(lines.at(-4)).toBe(`INPUT: ${'\0'.repeat(MAX_LINE)}`);
      expect(stderr).toContain('<stdin>:1: E_SYNTAX: line too long: more than');
    } finally {
      child.kill();
    }
  });
});
