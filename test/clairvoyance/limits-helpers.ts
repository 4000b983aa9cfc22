/**
 * What limits.test.ts and limits.stress.test.ts share: encounters built around one AI program, the whole
 * CLI in-process on them, and the shape of a positioned setup error.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import type { Layout } from '../../src/rulesets/clairvoyance/syntax/ast.js';
import { MAX_NESTING } from '../../src/rulesets/clairvoyance/syntax/parse.js';
import { ORC } from '../helpers/clairvoyance.js';
import { hasStackTrace } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';

const scratch = scratchDir('clv-limits');
let counter = 0;

export { ORC };

/** A fresh folder name under the scratch folder, for a test that builds its own cases. */
export const freshFolder = (prefix: string): string => join(scratch, `${prefix}-${counter++}`);


/** A two-unit encounter: the player Hero at `hero`, the mob Orc running `ai` at `orc`. */
export function encounterWith(ai: string, options: { layout?: string; orc?: string; unit?: string; hero?: string; obstacles?: string } = {}): string {
  return [
    `MAP { Layout: ${options.layout ?? 'Rectangle 8, 5'}; Obstacles: ${options.obstacles ?? ''}; }`,
    'PLAYER Hero { Initiative: +9 }',
    options.unit ?? ORC,
    `AI Brute { ${ai} }`,
    `TEAM Good { Hero x1 : ${options.hero ?? '(0,0)'}; }`,
    `TEAM Bad { Orc, Brute x1 : ${options.orc ?? '(7,4)'}; }`,
    '',
  ].join('\n');
}

/**
 * The whole CLI in-process in the scratch folder: the encounter as `<name>.clv`, `commands` as its --input
 * (`<name>.txt`, returned as `input`).
 */
export async function play(text: string, commands: readonly string[] = ['next', 'next', 'next']) {
  const name = `e${counter++}`;
  writeFileSync(join(scratch, `${name}.clv`), text);
  writeFileSync(join(scratch, `${name}.txt`), commands.map((c) => `${c}\n`).join(''));
  const io = memoryIo(scratch);
  const code = await runArgv(['clairvoyance', `${name}.clv`, '--dice', 'max', '--input', `${name}.txt`], io);
  const result = { code, stdout: io.stdout(), stderr: io.stderr(), file: `${name}.clv`, input: `${name}.txt` };
  expect(hasStackTrace(result.stdout + result.stderr)).toBe(false);
  expect(result.stderr).not.toMatch(/internal error|RangeError/);
  return result;
}

/** Exit 2 and exactly one stderr line, `<file>:<line>:<col>: <rest>`; returns line, column and rest. */
export function oneSetupError(r: { code: number; stderr: string; file: string }) {
  expect(r.code).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  const m = /^(.+?):(\d+):(\d+): (.*)$/.exec(lines[0]!);
  expect(m).not.toBeNull();
  expect(m![1]).toBe(r.file);
  return { line: Number(m![2]), column: Number(m![3]), rest: m![4]! };
}

/** The character at a 1-based line and column (columns count code points; these texts are ASCII). */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

/** Nesting of '(' and '{' before `offset` (the generated texts have no comments). */
export function depthBefore(text: string, offset: number): number {
  let depth = 0;
  for (let i = 0; i < offset; i++) {
    if (text[i] === '(' || text[i] === '{') depth++;
    else if ((text[i] === ')' || text[i] === '}') && depth > 0) depth--;
  }
  return depth;
}

export const COND = 'enemy count >= 1';
/** AI programs nested `n` deep in each way the hostile run tried. */
export const NESTED: Record<string, (n: number) => string> = {
  if: (n) => `if ${COND} then { `.repeat(n) + 'Pass; ' + '} else { Pass; } '.repeat(n),
  while: (n) => `while ${COND} { `.repeat(n) + 'Pass; ' + '} '.repeat(n),
  'unclosed while': (n) => `while ${COND} { `.repeat(n),
  parentheses: (n) => `if ${'('.repeat(n)}${COND}${')'.repeat(n)} then { Pass; } else { Pass; }`,
  'range parentheses': (n) => `if enemy in range (${'('.repeat(n)}1${')'.repeat(n)}) then { Pass; } else { Pass; }`,
};
/** Chains with no brackets: they parse and run as loops, at any length. */
export const CHAINS: Record<string, (n: number) => string> = {
  not: (n) => `if ${'not '.repeat(n)}${COND} then { Approach closest enemy; } else { Pass; }`,
  and: (n) => `if ${`${COND} and `.repeat(n)}${COND} then { Approach closest enemy; } else { Pass; }`,
  or: (n) => `if ${`enemy count < 0 or `.repeat(n)}${COND} then { Approach closest enemy; } else { Pass; }`,
  'range sums': (n) => `if enemy in range (${'1 + '.repeat(n)}20) then { Approach closest enemy; } else { Pass; }`,
  'range products': (n) => `if enemy in range (20${' * 2147483647'.repeat(n)} * 0) then { Pass; } else { Approach closest enemy; }`,
};

/**
 * Item 13 at size `n` (1000 in npm test, 100,000 in the stress suite): each way of nesting fails at the
 * bracket that opens level MAX_NESTING + 1; each chain loads and plays.
 */
export function nestingAndChains(n: number): void {
  for (const [kind, make] of Object.entries(NESTED)) {
    it(`${kind} nested ${n} deep: E_PARSE at the bracket that opens level ${MAX_NESTING + 1}`, async () => {
      const text = encounterWith(make(n));
      const r = await play(text);
      const e = oneSetupError(r);
      expect(r.stdout).toBe('');
      expect(e.rest).toMatch(new RegExp(`^E_PARSE: unexpected '[({]'; expected at most ${MAX_NESTING} levels of nested '\\(' and '\\{'$`));
      const at = offsetOf(text, e.line, e.column);
      expect('({').toContain(text[at]);
      expect(depthBefore(text, at)).toBe(MAX_NESTING);
    });
  }
  for (const [kind, make] of Object.entries(CHAINS)) {
    it(`${kind}, ${n} long: loads and plays (the Orc approaches)`, async () => {
      const r = await play(encounterWith(make(n)));
      expect(r.code).toBe(1); // input ends before the combat does
      expect(r.stdout).toContain('- Bad: Orc: 1 moved to (');
      expect(r.stderr.trim()).toBe(`${r.input}:4: E_EOF: input ended; expected a command`);
    });
  }
}

/** Outline steps as the AST holds them. */
export function parseSteps(text: string): Extract<Layout, { kind: 'outline' }>['steps'] {
  return text
    .trim()
    .split(/\s+/)
    .map((s) => ({ count: { value: Number(s.slice(0, -1)), at: { line: 1, column: 1 } }, direction: s.slice(-1) as 'R' }));
}
