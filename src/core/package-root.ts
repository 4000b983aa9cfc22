/**
 * The folder holding Arbiter's package.json, found by walking up from the calling module. Module depth
 * differs between the tsc output (dist/rulesets/smt/) and the bundle (dist/bundle/), so fixed `../..`
 * paths would not work for both.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

export function packageRoot(): string {
  if (cached !== null) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'data'))) return (cached = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the arbiter package root above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}
