/**
 * The compiled catalogue check (schema-check.ts) answers exactly as valibot's safeParse: on the project's
 * own catalogue, on the course catalogue where present, and on thousands of mutations of both (a value
 * replaced by any JSON value or a boundary number, a key removed, an unknown or prototype-named key
 * added, an element of an array duplicated or dropped).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MonstersSchema, SamuraiSchema, SkillsSchema } from '../../src/rulesets/smt/catalogue.js';
import { compileCheck } from '../../src/rulesets/smt/schema-check.js';
import { COURSE, DATA_SMT, HAS_COURSE } from '../helpers/shared.js';

const FILES = [
  ['skills.json', SkillsSchema],
  ['samurai.json', SamuraiSchema],
  ['monsters.json', MonstersSchema],
] as const;

const agrees = (schema: v.GenericSchema, value: unknown) => expect(compileCheck(schema)(value)).toBe(v.safeParse(schema, value).success);

/** Every path to a value inside `value` (arrays by index, objects by key). */
function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((x, i) => paths(x, [...at, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, x] of Object.entries(value)) paths(x, [...at, k], out);
  return out;
}

type Mutation = { kind: 'replace'; with: unknown } | { kind: 'delete' } | { kind: 'add'; key: string; with: unknown } | { kind: 'duplicate' };

/** `value` (a deep copy) with one mutation at `path`. */
function mutate(value: unknown, path: (string | number)[], m: Mutation): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  if (path.length === 0) return m.kind === 'replace' ? m.with : copy;
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (m.kind === 'replace') parent[last] = m.with;
  else if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (m.kind === 'add') {
    const target = parent[last];
    if (target !== null && typeof target === 'object') Object.defineProperty(target, m.key, { value: m.with, enumerable: true, writable: true, configurable: true });
  } else if (Array.isArray(parent)) parent.splice(Number(last), 0, parent[Number(last)]);
  return copy;
}

const boundary = fc.constantFrom<unknown>(0, -0, 1, -1, 99_999, 100_000, -99_999, -100_000, 2.5, 1e308, -1e308, '', ' ', '-', '1-3', '3-1', '0', 'x', null, true, [], {}, 'Wk', 'Rs', 'Fire', 'Single');
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), with: fc.oneof(boundary, fc.jsonValue({ maxDepth: 2 })) }),
  fc.constant({ kind: 'delete' as const }),
  fc.record({ kind: fc.constant('add' as const), key: fc.constantFrom('extra', 'toString', 'constructor', '__proto__', 'hasOwnProperty', 'name', ''), with: fc.jsonValue({ maxDepth: 1 }) }),
  fc.constant({ kind: 'duplicate' as const }),
);

const catalogues = [DATA_SMT, ...(HAS_COURSE ? [COURSE] : [])];

describe('the compiled catalogue check equals valibot', () => {
  for (const dir of catalogues) {
    for (const [file, schema] of FILES) {
      const value = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown[];
      // A few entries keep each mutated copy small; every path of them is a candidate.
      const sample = value.slice(0, 6);
      const all = paths(sample);

      it(`${dir === COURSE ? 'course' : 'data/smt'} ${file}: the whole file (valid) and ${all.length} paths mutated`, () => {
        expect(compileCheck(schema)(value)).toBe(true);
        agrees(schema, value);
        fc.assert(
          fc.property(fc.nat(all.length - 1), mutation, (i, m) => {
            agrees(schema, mutate(sample, all[i]!, m));
          }),
          { numRuns: 1500 },
        );
      });
    }
  }

  it('schema kinds it does not compile are refused, not guessed', () => {
    expect(() => compileCheck(v.optional(v.string()))).toThrow("schema type 'optional' is not supported");
    expect(() => compileCheck(v.pipe(v.string(), v.transform((s) => s.length)))).toThrow("pipe action 'transform' is not supported");
  });

  it('prototype keys: an own "toString" is unknown to a strict object, a missing key is not found on the prototype', () => {
    const schema = v.strictObject({ name: v.string() });
    for (const value of [{ name: 'a' }, { name: 'a', toString: 1 }, Object.create({ name: 'inherited' }) as object, { constructor: 'x' }, [], null, 'name']) agrees(schema, value);
  });
});
