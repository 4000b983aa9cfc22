/**
 * Standard input on real pipes, through the built CLI (dist/cli.cjs): random bytes give the stdout an
 * --input file with the same bytes gives, and a program driving a game a line at a time gets each answer
 * before it sends the next line. stdin-pipe.test.ts has the in-process tests.
 */
import fc from 'fast-check';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/shared.js';
import { scratchDir } from '../helpers/scratch.js';
import { stdinBytesArb } from '../helpers/stdin-bytes.js';

describe('the built CLI on a pipe', () => {
  const dir = scratchDir('stdin-pipe');
  const setup = join(REPO_ROOT, 'data', 'marauders', 'demo.setup');

  it('random bytes give the same stdout and exit code on stdin as from --input', () => {
    fc.assert(
      fc.property(stdinBytesArb, (garbage) => {
        const input = Buffer.concat([Buffer.from('P1 swap A1 A2\n'), garbage, Buffer.from('\nP1 pass\n')]);
        const file = join(dir, 'input.txt');
        writeFileSync(file, input);
        const piped = spawnSync(process.execPath, [CLI, 'marauders', setup], { input, encoding: 'utf8' });
        const read = spawnSync(process.execPath, [CLI, 'marauders', setup, '--input', file], { encoding: 'utf8' });
        expect(piped.stdout).toBe(read.stdout);
        expect(piped.status).toBe(read.status);
      }),
      { numRuns: 6 },
    );
  });
  it('a program driving the game a line at a time gets each answer before it sends the next line', async () => {
    const lines = ['P1 cast', 'P1 swap G6 G7', 'P1 swap A6 B6'];
    const file = join(dir, 'driven.txt');
    writeFileSync(file, lines.join('\n') + '\n');
    const expected = spawnSync(process.execPath, [CLI, 'marauders', setup, '--input', file], { encoding: 'utf8' });
    const child = spawn(process.execPath, [CLI, 'marauders', setup], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let arrived: () => void = () => {};
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      arrived();
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    /** Resolves once stdout holds `text` (the game printed it while still waiting for input). */
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${text}" on stdout within 5 s:\n${stdout}`)), 5000);
        arrived = () => {
          if (!stdout.includes(text)) return;
          clearTimeout(timer);
          resolve();
        };
        arrived();
      });
    for (const line of lines) {
      child.stdin.write(`${line}\n`);
      await printed(`INPUT: ${line}\n`);
    }
    child.stdin.end();
    expect(await closed).toBe(expected.status);
    expect(stdout).toBe(expected.stdout);
  });
});

