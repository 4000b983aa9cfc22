/**
 * CONVENTIONS, Bad input: a setup file that cannot be read is fatal, with a positioned error on stderr and
 * exit 2. The core reads every ruleset's setup slot, so the line is the same in every ruleset: the file
 * missing, a folder in its place, or a second file of several missing (it is named, not the first).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { RULESETS } from '../../src/rulesets/registry.js';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-setup-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'folder.txt'));
writeFileSync(join(dir, 'commands.txt'), '');

const withSlot = RULESETS.filter((r) => r.meta.setup.kind !== 'none');

describe.each(withSlot.map((r) => [r.meta.id, r] as const))('%s: an unreadable setup file', (id, entry) => {
  for (const [path, reason] of [
    ['nosuch.txt', 'file not found'],
    ['folder.txt', 'is a folder'],
  ] as const) {
    it(`${path}: one positioned E_IO line, nothing on stdout, exit 2`, async () => {
      const io = memoryIo(dir);
      expect(await runArgv([id, path, '--input', 'commands.txt'], io)).toBe(2);
      expect({ stdout: io.stdout(), stderr: io.stderr() }).toEqual({ stdout: '', stderr: `${path}: E_IO: cannot read ${path} (${reason})\n` });
    });
  }

  it.skipIf(entry.meta.setup.kind !== 'files')('names the file that failed when several are given', async () => {
    writeFileSync(join(dir, 'empty.txt'), '');
    const io = memoryIo(dir);
    expect(await runArgv([id, 'empty.txt', 'nosuch.txt', '--input', 'commands.txt'], io)).toBe(2);
    expect(io.stderr()).toBe('nosuch.txt: E_IO: cannot read nosuch.txt (file not found)\n');
  });
});
