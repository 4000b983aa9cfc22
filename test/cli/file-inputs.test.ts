/**
 * Every file a play reads (the setup file, `--input`, a file a setup names) refuses what is not a regular
 * file: `/dev/zero` in any of those places filled memory until the process was killed (issue 21, item 17).
 */
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';
import { scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { EXAMPLE_FILES } from '../helpers/tactics.js';

const root = scratchDir('file-inputs');
for (const [name, text] of Object.entries(EXAMPLE_FILES)) writeFileSync(join(root, name), text);
writeFileSync(join(root, 'zero.setup'), 'map load /dev/zero\n');

describe.runIf(process.platform === 'linux')('a device as a file input', () => {
  it('as the setup file: E_IO with the reason, exit 2', async () => {
    const r = await runInProcess(['tactics', '/dev/zero'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not a regular file');
  });

  it('as --input: E_IO with the reason, exit 2', async () => {
    const r = await runInProcess(['tactics', 'game.setup', '--input', '/dev/zero'], root);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe('/dev/zero: E_IO: cannot read choices file (not a regular file)\n');
  });

  it("as tactics' map load in a setup file: E_IO, exit 2", async () => {
    const r = await runInProcess(['tactics', 'zero.setup'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('E_IO');
  });

  it('as a marvel sheet and a clairvoyance encounter: refused with the reason', async () => {
    for (const ruleset of ['marvel', 'clairvoyance', 'marauders']) {
      const r = await runInProcess([ruleset, '/dev/zero'], root);
      expect(r.code, ruleset).toBe(2);
      expect(r.stderr, ruleset).toContain('not a regular file');
    }
  });
});

describe.runIf(process.platform === 'linux')('a device in a case, read by verify', () => {
  /** A copy of a recorded tactics case with `name` made a link to /dev/zero. */
  const caseWithZero = (name: string): string => {
    const dir = join(scratchDir('file-inputs-cases'), name);
    cpSync(join(REPO_ROOT, 'test-cases', 'tactics', 'movement', 'between'), dir, { recursive: true });
    rmSync(join(dir, name), { force: true });
    symlinkSync('/dev/zero', join(dir, name));
    return dir;
  };

  it('an expected file or commands.txt that is a device breaks the case, named with its reason; not taken as absent', async () => {
    for (const name of ['expected.txt', 'expected.exit', 'commands.txt']) {
      const dir = caseWithZero(name);
      const r = await runInProcess(['tactics', 'verify', dir], root);
      expect(r.code, name).toBe(1);
      expect(r.stdout, name).toContain(`${join(dir, name)}: E_IO: cannot read ${name} (not a regular file)`);
      expect(r.stdout, name).toContain('0/1 identical');
    }
  });

  it('an SMT transcript that is a device is a failing case with its reason', async () => {
    const tests = join(scratchDir('file-inputs-smt'), 'suite-Tests');
    mkdirSync(tests, { recursive: true });
    symlinkSync('/dev/zero', join(tests, '001.txt'));
    const r = await runInProcess(['smt', 'verify', join(tests, '001.txt')], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('E_IO: cannot read transcript (not a regular file)');
  });
});

describe("tactics' map load outside the setup's folder (issue 21, item 12)", () => {
  const secret = join(scratchDir('file-inputs-outside'), 'passwd');
  writeFileSync(secret, 'root:x:0:0:root:/root:/bin/bash\n');
  writeFileSync(join(root, 'outside.setup'), `map load ${secret}\n`);

  it('is refused by default, the file not quoted', async () => {
    const r = await runInProcess(['tactics', 'outside.setup'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`outside.setup:1: E_IO: cannot read ${secret} (outside the setup's folder; --allow-outside-paths allows it)\n`);
  });

  it('with --allow-outside-paths it is read, and named as no map file without its text', async () => {
    const r = await runInProcess(['tactics', 'outside.setup', '--allow-outside-paths'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`outside.setup:1: E_FILE: ${secret}:1: not a map file\n`);
  });
});
