/**
 * A units file with many types loads in near-linear time (issue 21, item 19): each `unit` and `action` line
 * made a sorted copy of the whole table (5,000 / 10,000 / 20,000 types: 1.5 / 5 / 34 s). The full-size run
 * (100,000 types through the built CLI) is in units-scale.stress.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseUnitsFile } from '../../src/rulesets/tactics/script.js';
import { manyTypes } from './units-scale-gen.js';

describe('a units file with many types', () => {
  it('20,000 types parse in well under the 34 s they took, sorted, a redefinition keeping its actions', () => {
    const text = manyTypes(20_000);
    const started = Date.now();
    const parsed = parseUnitsFile(text);
    const seconds = (Date.now() - started) / 1000;
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.types).toHaveLength(20_000);
    const names = parsed.types.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(parsed.types[0]).toMatchObject({ name: 't0', hp: 9, mp: 1, actions: [{ name: 'hit' }] });
    // Linear, this is a fraction of a second; a loaded machine gets a wide margin, quadratic does not fit.
    expect(seconds).toBeLessThan(5);
  });
});
