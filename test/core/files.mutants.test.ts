/**
 * src/core/files.ts, aimed at mutants that survived the suite (npm run mutate): in-memory files list in
 * name order whatever the order they were stored in, and resolve paths to themselves.
 */
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/core/files.js';

describe('memoryFiles', () => {
  it('lists names sorted, not in the order they were stored', () => {
    const f = memoryFiles([
      ['z.map', 'Z'],
      ['b.map', 'B'],
      ['maps/y', 'Y'],
      ['a.map', 'A'],
      ['maps/x', 'X'],
    ]);
    expect(f.list('.')).toEqual({ ok: true, value: ['a.map', 'b.map', 'z.map'] });
    expect(f.list('maps')).toEqual({ ok: true, value: ['x', 'y'] });
    f.write('maps/a', 'new');
    expect(f.list('maps')).toEqual({ ok: true, value: ['a', 'x', 'y'] });
  });

  it('resolve returns the path as given', () => {
    const f = memoryFiles([], '/virtual');
    expect(f.resolve('maps/a.map')).toBe('maps/a.map');
    expect(f.resolve('/abs/b')).toBe('/abs/b');
  });
});
