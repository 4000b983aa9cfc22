/**
 * A scratch folder in the temporary directory, removed when the test that asked for it finishes, or after
 * the file's tests when asked for at the top of a file. Test runs leave nothing behind.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `arbiter-${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Not inside a test: the file's tests share it.
    afterAll(remove);
  }
  return dir;
}

/** A folder `name` under `root` (a scratch folder), made with its parents. */
export function subfolder(root: string, name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
