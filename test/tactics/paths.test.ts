/** Tactics resolves setup-file paths without `node:path` (no ruleset imports Node); here its rules meet Node's. */
import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { folderOf, joinPath } from '../../src/rulesets/tactics/paths.js';

/** Paths built from the pieces that matter: names, `.`, `..`, empty segments (repeated slashes), a root. */
const path = fc.array(fc.constantFrom('', '.', '..', 'a', 'b.txt', 'maps', '...'), { maxLength: 6 }).map((parts) => parts.join('/'));

describe('tactics paths (paths.ts)', () => {
  it('folderOf is path.posix.dirname', () => {
    fc.assert(fc.property(path, (p) => {
      expect(folderOf(p)).toBe(posix.dirname(p));
    }), { numRuns: 2000 });
    for (const p of ['', '/', '//', '/a', 'a', 'a/b', 'a/b/', 'a//b', '//a', './a']) expect(folderOf(p), p).toBe(posix.dirname(p));
  });

  it('joinPath is path.posix.join', () => {
    fc.assert(fc.property(path, path, (a, b) => {
      expect(joinPath(a, b)).toBe(posix.join(a, b));
    }), { numRuns: 2000 });
    for (const [a, b] of [['', ''], ['cfg', 'map.txt'], ['cfg', '../x'], ['/', '..'], ['a/', './'], ['..', '..'], ['/a', '../../b/']]) expect(joinPath(a!, b!), `${a} + ${b}`).toBe(posix.join(a!, b!));
  });
});
