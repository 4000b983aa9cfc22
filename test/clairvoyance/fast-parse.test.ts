/**
 * The hand-written parser (fast-parse.ts) against chevrotain's (grammar.ts), on the same tokens: wherever
 * the fast one returns an AST, chevrotain parses the tokens and builds the same AST, positions included;
 * and on encounters that parse it never gives up (else every start would build chevrotain's parser). Run
 * on generated encounters, on each of them cut and with tokens dropped or swapped, and on every encounter
 * file of the repository and of the reference corpus.
 */
import type { IToken } from 'chevrotain';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../src/rulesets/clairvoyance/syntax/ast.js';
import { fastParse } from '../../src/rulesets/clairvoyance/syntax/fast-parse.js';
import { EncounterParser } from '../../src/rulesets/clairvoyance/syntax/grammar.js';
import { lexEncounter } from '../../src/rulesets/clairvoyance/syntax/lexer.js';
import { randomEncounter } from '../helpers/clairvoyance-gen.js';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';

const chevrotain = new EncounterParser();

function slowParse(tokens: IToken[]): Encounter | null {
  chevrotain.input = tokens;
  const encounter = chevrotain.encounter();
  const ok = chevrotain.errors.length === 0;
  chevrotain.input = [];
  return ok ? encounter : null;
}

/** The two parsers on one token list: the same AST, or the fast one gives up (only where chevrotain fails too, when `parses`). */
function agree(tokens: IToken[], what: string): void {
  const fast = fastParse(tokens);
  const slow = slowParse(tokens);
  if (fast !== null) expect(fast, what).toEqual(slow);
  else expect(slow, `${what}: the fast parser gave up on an encounter that parses`).toBeNull();
}

const tokensOf = (text: string) => lexEncounter(text).tokens;

function encounterFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile() && e.name.endsWith('.clv')).map((e) => join(e.parentPath, e.name)).sort();
}

describe('the hand-written encounter parser', () => {
  it('gives the AST chevrotain gives on every encounter file (repository and corpus), and never gives up on one that parses', () => {
    const files = [...encounterFiles(join(REPO_ROOT, 'data', 'clairvoyance')), ...encounterFiles(join(REPO_ROOT, 'test-cases', 'clairvoyance')), ...encounterFiles(join(SHARED, 'clairvoyance'))];
    expect(files.length).toBeGreaterThan(30);
    let parsed = 0;
    for (const file of files) {
      const tokens = tokensOf(readFileSync(file, 'utf8'));
      agree(tokens, file);
      if (fastParse(tokens) !== null) parsed++;
    }
    expect(parsed).toBeGreaterThan(20);
  });

  it('agrees with chevrotain on generated encounters, and on each of them cut short, with a token dropped, doubled or swapped, or one more at the end', () => {
    fc.assert(
      // Half of them with version 2's syntax (player stats, new targets, hp conditions, Retreat, OUTCOME).
      fc.property(fc.integer(), fc.boolean(), fc.nat(), fc.constantFrom('whole', 'cut', 'drop', 'double', 'swap', 'append'), (seed, v2, pick, change) => {
        const tokens = tokensOf(randomEncounter(seed, v2).text);
        expect(fastParse(tokens), 'a generated encounter parses').not.toBeNull();
        const k = pick % tokens.length;
        const changed =
          change === 'whole' ? tokens
          : change === 'cut' ? tokens.slice(0, k)
          : change === 'drop' ? [...tokens.slice(0, k), ...tokens.slice(k + 1)]
          : change === 'double' ? [...tokens.slice(0, k + 1), ...tokens.slice(k)]
          : change === 'append' ? [...tokens, tokens[k]!]
          : [...tokens.slice(0, k), tokens[(k + 1) % tokens.length]!, tokens[k]!, ...tokens.slice(k + 2)];
        agree(changed, `${change} at ${k} of seed ${seed}${v2 ? ' (v2)' : ''}`);
      }),
      { numRuns: 400 },
    );
  });
});
