/**
 * Issue 10's hostile-input promises (items 14, 16-19) for every registered ruleset, on each ruleset's own
 * demo (`meta.examples.play[0]`: a setup and an --input file): an over-long line is one rejected line, a
 * full disk is one line and exit 2, an output path that is an input is refused, a broken case is a failed
 * case (never exit 3), and control characters never reach stderr raw.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { afterAll, describe, expect, it } from 'vitest';
import { findCases } from '../../src/cli/cases.js';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { MAX_LINE } from '../../src/core/session.js';
import { RULESETS } from '../../src/rulesets/registry.js';
import { hasStackTrace, runShell } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/shared.js';

const scratch = mkdtempSync(join(tmpdir(), 'arbiter-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function cli(argv: readonly string[]) {
  const io = memoryIo(REPO_ROOT);
  const code = await runArgv(argv, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** The demo's arguments with its --input file replaced by `input`. */
function demoArgs(example: string, input?: string): string[] {
  const words = parse(example).filter((w): w is string => typeof w === 'string');
  const at = words.indexOf('--input');
  if (at < 0) throw new Error(`the first play example of a ruleset must use --input: ${example}`);
  if (input !== undefined) words[at + 1] = input;
  return words;
}

function demoInput(example: string): string {
  const words = parse(example).filter((w): w is string => typeof w === 'string');
  return readFileSync(join(REPO_ROOT, words[words.indexOf('--input') + 1]!), 'utf8');
}

for (const { meta } of RULESETS) {
  const example = meta.examples.play[0]!;
  describe(`hostile input: ${meta.id}`, () => {
    it(`a line over ${MAX_LINE} characters is rejected with E_SYNTAX naming the limit; the game goes on as without it`, async () => {
      const clean = await cli(demoArgs(example));
      const lines = demoInput(example).split('\n');
      // After the first consumed line (SMT's first line is its file choice; the others skip blanks and comments).
      const first = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'));
      const long = 'y'.repeat(MAX_LINE + 10);
      const file = join(scratch, `${meta.id}-long.txt`);
      writeFileSync(file, [...lines.slice(0, first + 1), long, ...lines.slice(first + 1)].join('\n'));
      const r = await cli(demoArgs(example, file));
      expect(r.stdout).toContain(`INPUT: ${long}\nERROR E_SYNTAX: line too long: ${MAX_LINE + 10} characters; the limit is ${MAX_LINE}\n`);
      expect(r.code).toBe(Math.max(1, clean.code));
      // The end of the log is the clean log's end: the state did not change.
      expect(r.stdout.split('\n').slice(-8)).toEqual(clean.stdout.split('\n').slice(-8));
      for (const l of r.stderr.split('\n')) expect(l.length).toBeLessThan(1200);
    });

    it('stdout on a full disk: one line on stderr, exit 2, no stack trace', () => {
      const r = runShell(`node dist/cli.cjs ${example} > /dev/full`);
      expect(r.status).toBe(2);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.stderr.trim().split('\n').at(-1)).toBe('arbiter: cannot write to standard output (no space left on device)');
    });

    it('--out-dir that would overwrite an input is refused before anything runs', async () => {
      const dir = join(scratch, `${meta.id}-self`);
      mkdirSync(dir, { recursive: true });
      const input = join(dir, 'choices.txt');
      writeFileSync(input, demoInput(example));
      const r = await cli([...demoArgs(example, input), '--out-dir', dir]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(readFileSync(input, 'utf8')).toBe(demoInput(example));
    });

    it('a bad line with control characters is escaped on stderr and echoed exactly on stdout', async () => {
      const file = join(scratch, `${meta.id}-ctrl.txt`);
      writeFileSync(file, `\u001b]0;pwned\u0007\u001b[2J\n${demoInput(example)}`);
      const r = await cli(demoArgs(example, file));
      expect(r.stdout).toContain('INPUT: \u001b]0;pwned\u0007\u001b[2J');
      expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
      // Rulesets whose error message quotes the line show it escaped (Clairvoyance's upstream wording does not quote it).
      if (r.stderr.includes('pwned')) expect(r.stderr).toContain('\\x1b]0;pwned\\x07\\x1b[2J');
    });

    it('verify of a case whose expected output is a folder: a failed case (exit 1) or a usage error (exit 2), never an internal error', async () => {
      const root = join(REPO_ROOT, 'test-cases', meta.id);
      const cases = findCases(root);
      const dir = join(scratch, `${meta.id}-broken`);
      let target: string;
      const suites = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      // A case folder, or a corpus-form folder (encounter.clv + expected.txt) that has no args.txt.
      const folderCase = cases[0] ?? (suites.some((n) => n.endsWith('-Tests')) ? undefined : join(root, suites[0]!, readdirSync(join(root, suites[0]!), { withFileTypes: true }).find((e) => e.isDirectory())!.name));
      if (folderCase !== undefined) {
        target = join(dir, 'case');
        cpSync(folderCase, target, { recursive: true });
        rmSync(join(target, 'expected.txt'));
        mkdirSync(join(target, 'expected.txt'));
      } else {
        // A ruleset with its own layout (SMT): a transcript that is a folder.
        const suite = suites.find((n) => n.endsWith('-Tests'))!;
        cpSync(join(root, suite.replace(/-Tests$/, '')), join(dir, 'suite'), { recursive: true });
        mkdirSync(join(dir, 'suite-Tests', '001.txt'), { recursive: true });
        target = join(dir, 'suite-Tests');
      }
      const r = await cli([meta.id, 'verify', target, '--jobs', '1']);
      // A failed case (exit 1, a FAIL line), or a folder that holds no usable case (exit 2, one usage line).
      if (r.code === 1) expect(r.stdout).toMatch(/^FAIL /m);
      else {
        expect(r.code).toBe(2);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
      expect(r.stderr).not.toMatch(/internal error/);
      expect(hasStackTrace(r.stdout + r.stderr)).toBe(false);
    });
  });
}
