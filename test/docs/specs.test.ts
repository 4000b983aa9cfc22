/**
 * docs/specs holds the specs the code cites ("clairvoyance.md D21", "CONVENTIONS"), so that a checkout
 * has them. Their source is ../shared/specs: each file there must equal docs/specs/<same name> byte for
 * byte, and docs/specs may hold no file the source lacks. Skipped, with one visible line, where
 * ../shared/specs is absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';

const SOURCE = join(SHARED, 'specs');
const COPY = join(REPO_ROOT, 'docs', 'specs');
const HAS_SOURCE = existsSync(SOURCE);
if (!HAS_SOURCE) console.warn(`SKIPPED: ${SOURCE} not found; docs/specs is not compared with it (CI has ../shared beside the checkout)`);

const names = (dir: string): string[] => readdirSync(dir).sort();

describe.skipIf(!HAS_SOURCE)('docs/specs equals ../shared/specs', () => {
  it('has the same files', () => {
    expect(names(COPY)).toEqual(names(SOURCE));
  });

  for (const name of HAS_SOURCE ? names(SOURCE) : []) {
    it(`${name} is the same bytes`, () => {
      const copy = join(COPY, name);
      expect(existsSync(copy), `docs/specs/${name} is missing`).toBe(true);
      // Buffer.equals rather than toEqual on strings: a failure should not print two 100 kB texts.
      expect(readFileSync(copy).equals(readFileSync(join(SOURCE, name))), `docs/specs/${name} differs from ../shared/specs/${name}`).toBe(true);
    });
  }
});

describe('docs/specs', () => {
  it('holds CONVENTIONS.md, whatever ../shared holds', () => {
    expect(existsSync(join(COPY, 'CONVENTIONS.md'))).toBe(true);
  });
});
