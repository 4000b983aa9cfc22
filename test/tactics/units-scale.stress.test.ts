/** 100,000 unit types through the built CLI's `units load` (issue 21, item 19: no answer in 20 s before). */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { CLI } from '../helpers/shared.js';
import { manyTypes } from './units-scale-gen.js';

describe('a units file with 100,000 types', () => {
  it('loads through a setup file in seconds, every type listed once', () => {
    const dir = scratchDir('units-scale');
    writeFileSync(join(dir, 'big.units'), manyTypes(100_000));
    writeFileSync(join(dir, 'game.setup'), 'map m 3 1\nterrain . 1 plain\ngrid\n...\nunits load big.units\nplayers 2\nlimit 1\narmy P1 t0\narmy P2 t1\n');
    const started = Date.now();
    // The START block lists every type: about 9 MB of stdout, past spawnSync's default buffer.
    const r = spawnSync(process.execPath, [CLI, 'tactics', 'game.setup'], { cwd: dir, input: '', encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
    expect((Date.now() - started) / 1000).toBeLessThan(20);
    expect(r.stdout).toContain('LOADED units 100000 big.units');
    expect(r.stdout.match(/^TYPE /gm)).toHaveLength(100_000);
  });
});
