/**
 * `arbiter marauders` through the in-process CLI: the demo plays to its end, `--seed` overrides the setup,
 * a setup error prints nothing on stdout and exits 2, a bad `--seed` is a usage error, batch mode writes one
 * log per input with its summary line, and `verify` accepts the golden suites.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runMaraudersArgv } from '../helpers/marauders-cases.js';
import { REPO_ROOT } from '../helpers/shared.js';

const scratch = mkdtempSync(join(tmpdir(), 'marauders-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function cli(args: string[], cwd = REPO_ROOT) {
  const io = memoryIo(cwd);
  const code = await runMaraudersArgv(args, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('arbiter marauders', () => {
  it('plays the demo match to WINNER (exit 0)', async () => {
    const r = await cli(['marauders', 'data/marauders/demo.setup', '--input', 'data/marauders/demo-commands.txt']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('SEED xoroshiro128plus:2014\nSTART ruleset=marauders ')).toBe(true);
    expect(r.stdout.trimEnd().split('\n').pop()).toMatch(/^WINNER P[12] /);
  });

  it('--seed overrides the setup seed', async () => {
    const r = await cli(['marauders', 'data/marauders/demo.setup', '--seed', '7', '--input', 'data/marauders/demo-commands.txt']);
    expect(r.stdout.startsWith('SEED xoroshiro128plus:7\n')).toBe(true);
  });

  it('a setup error: nothing on stdout, the positioned line on stderr, exit 2', async () => {
    writeFileSync(join(scratch, 'bad.setup'), 'tier rank 1\nmode 3d\n');
    const r = await cli(['marauders', 'bad.setup', '--input', 'bad.setup'], scratch);
    expect(r).toEqual({ code: 2, stdout: '', stderr: "bad.setup:2: E_SETUP: bad value '3d' for mode; expected 2d|1d\n" });
  });

  it('a seed outside 0..4294967295 is a usage error (exit 2, empty stdout)', async () => {
    const r = await cli(['marauders', 'data/marauders/demo.setup', '--seed', '4294967296', '--input', 'data/marauders/demo-commands.txt']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('batch mode: one log per --input file in --out-dir and a summary line', async () => {
    cpSync(join(REPO_ROOT, 'data', 'marauders'), join(scratch, 'demo'), { recursive: true });
    writeFileSync(join(scratch, 'demo', 'short.txt'), 'P1 pass\n');
    const r = await cli(['marauders', 'demo/demo.setup', '--input', 'demo/demo-commands.txt', '--input', 'demo/short.txt', '--out-dir', 'logs'], scratch);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('short.txt (exit 1)');
    expect(readFileSync(join(scratch, 'logs', 'demo-commands.txt'), 'utf8')).toMatch(/WINNER P[12] \S+\n$/);
    expect(readFileSync(join(scratch, 'logs', 'short.txt'), 'utf8')).toMatch(/ERROR E_EOF: input ended; expected swap, cast or pass for P2\n$/);
  });

  it('verify replays a golden suite', async () => {
    const r = await cli(['marauders', 'verify', 'test-cases/marauders/travel']);
    expect(r.code).toBe(0);
  });
});
