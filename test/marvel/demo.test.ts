/** The demo in data/marvel plays a whole combat to its end with no rejected line (exit 0). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitLines } from '../../src/core/lines.js';
import { REPO_ROOT } from '../helpers/shared.js';
import { play } from '../helpers/marvel.js';

describe('data/marvel demo', () => {
  it('ends the combat side-out with exit 0', () => {
    const dir = join(REPO_ROOT, 'data', 'marvel');
    const run = play({ 'demo.sheet': readFileSync(join(dir, 'demo.sheet'), 'utf8') }, splitLines(readFileSync(join(dir, 'demo-commands.txt'), 'utf8')));
    expect(run.stderr).toBe('');
    expect(run.exit).toBe(0);
    expect(run.out.at(-2)).toBe('END winner=A reason=side-out defeated=A:0,B:2');
  });
});
