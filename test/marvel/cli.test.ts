/** marvel through the generic CLI (with marvel added to the registry's list): usage and setup failures, D35. */
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { CAP_VS_SKULL } from '../helpers/marvel.js';

const dir = mkdtempSync(join(tmpdir(), 'marvel-cli-'));
writeFileSync(join(dir, 'cap.sheet'), CAP_VS_SKULL);
writeFileSync(join(dir, 'script.txt'), 'start challenge Cap RedSkull\nbegin\nyield RedSkull\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  const io = memoryIo(dir);
  const code = await runArgv(argv, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('marvel command line', () => {
  it('plays a script with no SEED line, exit 0 when the combat ends cleanly', async () => {
    const r = await run('marvel', 'cap.sheet', '--input', 'script.txt');
    expect(r.code).toBe(0);
    expect(r.out.startsWith('SHEET Cap vit=2000')).toBe(true);
    expect(r.out).not.toContain('SEED');
    expect(r.out.endsWith('END winner=A reason=side-out defeated=A:0,B:1\nPOSTCOMBAT Cap\n')).toBe(true);
  });

  it('has no --seed option (D35): a usage error, exit 2, nothing on stdout', async () => {
    const r = await run('marvel', 'cap.sheet', '--seed', '7', '--input', 'script.txt');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
  });

  it('an unreadable sheet file exits 2 with one line naming it', async () => {
    const r = await run('marvel', 'cap.sheet', 'missing.sheet', '--input', 'script.txt');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe('missing.sheet: E_IO: cannot read missing.sheet (file not found)\n');
  });

  it('a sheet error is one positioned E_SHEET line on stderr, exit 2', async () => {
    writeFileSync(join(dir, 'bad.sheet'), 'character Cap\n  stat VIT 10\n');
    const r = await run('marvel', 'bad.sheet', '--input', 'script.txt');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe("bad.sheet:3: E_SHEET: expected 'end' for character Cap\n");
  });
});
