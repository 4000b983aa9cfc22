/**
 * CONVENTIONS for every ruleset: each entry of the registry (plus the `coin` fixture) is checked against
 * the engine-wide promises on its own demo, `meta.examples.play[0]` (a setup and an `--input` file), run
 * in-process through `runArgv` from the repository root. Nothing here knows a ruleset's wording: every
 * expectation is derived from the demo's clean log and the rules of CONVENTIONS (echo, skipped lines,
 * rejected lines, E_EOF, batch summary, exit codes, seeds, --help examples, verify of corrupted cases,
 * garbage, closed pipes).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { parse } from 'shell-quote';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import type { Battle } from '../../src/core/battle.js';
import { findCases } from '../../src/cli/cases.js';
import { isBroken } from '../../src/core/case.js';
import { diskFiles } from '../../src/core/files.js';
import { isSkippableChoiceLine, splitLines } from '../../src/core/lines.js';
import type { RulesetEngine, RulesetEntry } from '../../src/core/ruleset.js';
import { transcriptInputs } from '../../src/core/transcript.js';
import { hasStackTrace, linesOf, runShell } from '../helpers/cli.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';
import { SHIPPED_IDS, WITH_FIXTURES } from '../fixtures/rulesets.js';

const scratch = mkdtempSync(join(tmpdir(), 'arbiter-conformance-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

/** A fresh file in the scratch folder holding `text`; returns its absolute path. */
function scratchFile(text: string, name = `input-${++files}.txt`): string {
  const path = join(scratch, `${++files}-${name}`);
  writeFileSync(path, text);
  return path;
}

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The whole CLI in-process, from the repository root; `stdin` is piped when given. */
async function cli(argv: readonly string[], options: { stdin?: string; rulesets?: readonly RulesetEntry[]; cwd?: string } = {}): Promise<Run> {
  const base = memoryIo(options.cwd ?? REPO_ROOT);
  const io = options.stdin === undefined ? base : { ...base, stdin: Readable.from([options.stdin]) };
  const code = await runArgv(argv, io, options.rulesets ?? WITH_FIXTURES);
  return { code, stdout: base.stdout(), stderr: base.stderr() };
}

/** An example's words (shell rules); `<` redirection is returned apart. */
function words(example: string): { argv: string[]; stdinFile?: string } {
  const parsed = parse(example);
  const argv: string[] = [];
  let stdinFile: string | undefined;
  for (let i = 0; i < parsed.length; i++) {
    const w = parsed[i]!;
    if (typeof w === 'string') argv.push(w);
    else if ('op' in w && w.op === '<' && typeof parsed[i + 1] === 'string') stdinFile = parsed[++i] as string;
    else throw new Error(`example '${example}' uses shell syntax the conformance test does not run: ${JSON.stringify(w)}`);
  }
  return stdinFile === undefined ? { argv } : { argv, stdinFile };
}

/** The demo of a ruleset: its example command line, its choices file and its clean run. */
interface Demo {
  readonly argv: readonly string[];
  readonly inputAt: number;
  readonly inputPath: string;
  readonly raw: readonly string[];
  readonly run: Run;
  readonly out: readonly string[];
  /** 0-based raw line index of every consumed (echoed) line, in order. */
  readonly consumed: readonly number[];
}

function withInput(demo: Demo, path: string): string[] {
  const argv = [...demo.argv];
  argv[demo.inputAt] = path;
  return argv;
}

function withoutInput(demo: Demo): string[] {
  return demo.argv.filter((_, i) => i !== demo.inputAt && i !== demo.inputAt - 1);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const text = (lines: readonly string[]) => lines.map((l) => l + '\n').join('');
const GARBAGE = 'zz-conformance-garbage 42';
const BOOM = 'zz-conformance-internal-error';

/** The clean log with one rejected line inserted: echo, one error line, maybe the same prompt again, then the same log. */
function expectRejectedInsertion(clean: Run, dirty: Run, inserted: string, source: string, rawLine: number): void {
  const c = linesOf(clean.stdout);
  const d = linesOf(dirty.stdout);
  let g = 0;
  while (g < c.length && c[g] === d[g]) g++;
  expect(d[g], 'the inserted line is echoed where the next choice was read').toBe(`INPUT: ${inserted}`);
  expect(c[g], 'the clean log reads its next choice at that point').toMatch(/^INPUT: /);
  // The positioned stderr copy: `<source>:<line>: <CODE>: <message>`, raw line numbers.
  const prefix = `${source}:${rawLine}: `;
  const copies = linesOf(dirty.stderr).filter((l) => l.startsWith(prefix));
  expect(copies, `one stderr line starting '${prefix}' in:\n${dirty.stderr}`).toHaveLength(1);
  const m = /^([A-Z][A-Z0-9_]*): (.+)$/.exec(copies[0]!.slice(prefix.length));
  expect(m, copies[0]).not.toBeNull();
  const errorLine = d[g + 1]!;
  if (errorLine.startsWith('ERROR ')) expect(errorLine).toBe(`ERROR ${m![1]}: ${m![2]}`);
  expect(linesOf(dirty.stderr)).toHaveLength(linesOf(clean.stderr).length + 1);
  // What follows: the pending prompt again (menu-driven rulesets), then exactly the clean log from there.
  const tail = d.slice(g + 2);
  const rest = c.slice(g);
  const again = tail.length - rest.length;
  expect(again, 'the dirty log is not shorter than the clean one plus echo and error').toBeGreaterThanOrEqual(0);
  expect(tail.slice(again), 'state unchanged: the same output follows').toEqual(rest);
  expect(tail.slice(0, again), 'only the same prompt is printed again').toEqual(c.slice(g - again, g));
  expect(tail.slice(0, again).some((l) => l.startsWith('INPUT: '))).toBe(false);
  const errors = (lines: readonly string[]) => lines.filter((l) => l.startsWith('ERROR ')).length;
  expect(errors(d)).toBe(errors(c) + (errorLine.startsWith('ERROR ') ? 1 : 0));
  expect(dirty.code).toBe(1);
}

/** An entry whose battles throw on the BOOM line, as a rules bug would. */
function trapped(entry: RulesetEntry): RulesetEntry {
  const trap = (battle: Battle): Battle =>
    new Proxy(battle, {
      get(target, prop) {
        if (prop === 'feed') {
          return (line: string) => {
            if (line.trim() === BOOM) throw new Error('conformance trap');
            return target.feed(line);
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return {
    meta: entry.meta,
    engine: async () => {
      const engine = await entry.engine();
      const wrapped: RulesetEngine = { ...engine, load: (r) => engine.load(r), start: (setup, context) => trap(engine.start(setup, context)) };
      return wrapped;
    },
  };
}

/** A repository path a verify example names (the first inside the repository). */
function verifyTarget(entry: RulesetEntry): string {
  for (const example of entry.meta.examples.verify) {
    const argv = words(example).argv;
    const paths = argv.slice(argv.indexOf('verify') + 1).filter((w) => !w.startsWith('-'));
    const inside = paths.find((p) => !p.startsWith('..') && !p.startsWith('/'));
    if (inside !== undefined) return inside;
  }
  throw new Error(`${entry.meta.id}: no verify example names a folder inside the repository`);
}

describe.each(WITH_FIXTURES.map((entry) => [entry.meta.id, entry] as const))('CONVENTIONS: %s', (id, entry) => {
  const { meta } = entry;
  let demo: Demo;

  beforeAll(async () => {
    const { argv } = words(meta.examples.play[0]!);
    const inputAt = argv.indexOf('--input') + 1;
    if (inputAt === 0) throw new Error(`${id}: examples.play[0] has no --input file`);
    const inputPath = argv[inputAt]!;
    const raw = splitLines(readFileSync(join(REPO_ROOT, inputPath), 'utf8'));
    const run = await cli(argv);
    const out = linesOf(run.stdout);
    const count = transcriptInputs(out).length;
    const consumed: number[] = [];
    raw.forEach((line, i) => {
      if (consumed.length < count && !(meta.skipBlankAndComments && isSkippableChoiceLine(line))) consumed.push(i);
    });
    demo = { argv, inputAt, inputPath, raw, run, out, consumed };
  });

  describe('the demo', () => {
    it('names itself, a setup and an --input file that exist', () => {
      expect(demo.argv[0]).toBe(id);
      expect(existsSync(join(REPO_ROOT, demo.inputPath))).toBe(true);
    });

    it('runs: exit 0 or 1, at least two choices read, no stack trace', () => {
      expect([0, 1]).toContain(demo.run.code);
      expect(demo.consumed.length).toBeGreaterThanOrEqual(2);
      expect(hasStackTrace(demo.run.stdout + demo.run.stderr)).toBe(false);
      expect(demo.run.stderr).not.toContain('internal error');
    });

    it('output: UTF-8 with `\\n` line ends and a final newline, no absolute paths', () => {
      expect(demo.run.stdout.endsWith('\n')).toBe(true);
      expect(demo.run.stdout).not.toContain('\r');
      expect(demo.run.stdout).not.toContain(REPO_ROOT);
      expect(demo.run.stdout).not.toContain(tmpdir());
    });

    it('the same inputs give the same bytes', async () => {
      expect(await cli(demo.argv)).toEqual(demo.run);
    });

    it('exit 1 exactly when a choice line was rejected or input ended early (a positioned diagnostic for the input)', () => {
      const positioned = linesOf(demo.run.stderr).filter((l) => l.startsWith(`${demo.inputPath}:`));
      expect(demo.run.code === 1).toBe(positioned.length > 0);
    });
  });

  describe('echo', () => {
    it('every consumed line appears as `INPUT: <line>`, in order, exactly as read', () => {
      const echoed = transcriptInputs(demo.out);
      expect(echoed).toEqual(demo.consumed.map((i) => demo.raw[i]));
    });

    it('input is read until the battle ends: E_EOF only when every line was consumed', () => {
      const last = demo.out[demo.out.length - 1]!;
      const candidates = demo.raw.filter((l) => !(meta.skipBlankAndComments && isSkippableChoiceLine(l)));
      if (last.startsWith('ERROR E_EOF: ')) expect(demo.consumed.length).toBe(candidates.length);
    });

    it('--no-echo-input: no INPUT lines, same exit code; --echo-input: the default log', async () => {
      const off = await cli([...demo.argv, '--no-echo-input']);
      expect(linesOf(off.stdout).some((l) => l.startsWith('INPUT: '))).toBe(false);
      expect(off.code).toBe(demo.run.code);
      expect(await cli([...demo.argv, '--echo-input'])).toEqual(demo.run);
    });

    it('stdin gives the same log as --input (and `--input -` is stdin)', async () => {
      const input = readFileSync(join(REPO_ROOT, demo.inputPath), 'utf8');
      const piped = await cli(withoutInput(demo), { stdin: input });
      expect(piped.stdout).toBe(demo.run.stdout);
      expect(piped.code).toBe(demo.run.code);
      expect(piped.stderr).toBe(demo.run.stderr.split(`${demo.inputPath}:`).join('<stdin>:'));
      const dash = await cli(withInput(demo, '-'), { stdin: input });
      expect(dash.stdout).toBe(demo.run.stdout);
    });

    it('CRLF line ends and a BOM give the same log', async () => {
      const path = scratchFile('\uFEFF' + demo.raw.map((l) => l + '\r\n').join(''));
      const r = await cli(withInput(demo, path));
      expect(r.stdout).toBe(demo.run.stdout);
      expect(r.code).toBe(demo.run.code);
    });

    it('an unterminated last line is read like a terminated one', async () => {
      const lines = demo.raw.slice(0, demo.consumed[demo.consumed.length - 1]! + 1);
      const terminated = await cli(withInput(demo, scratchFile(text(lines))));
      const unterminated = await cli(withInput(demo, scratchFile(lines.join('\n'))));
      expect(unterminated.stdout).toBe(terminated.stdout);
      expect(unterminated.code).toBe(terminated.code);
    });

    it('the echo keeps spaces around a choice; the ruleset trims before parsing (same log otherwise)', async () => {
      const padded = demo.raw.map((l, i) => (demo.consumed.includes(i) ? ` \t${l}  ` : l));
      const r = await cli(withInput(demo, scratchFile(text(padded))));
      const expected = demo.out.map((l) => (l.startsWith('INPUT: ') ? `INPUT:  \t${l.slice('INPUT: '.length)}  ` : l));
      expect(linesOf(r.stdout)).toEqual(expected);
      expect(r.code).toBe(demo.run.code);
    });
  });

  describe('blank and # lines', () => {
    const FILLER = ['', '   ', '# conformance comment', '  # indented comment', '\t'];

    it.runIf(meta.skipBlankAndComments)('are skipped without echo: the same log with them between every line', async () => {
      const lines = [...FILLER, ...demo.raw.flatMap((l) => [l, ...FILLER])];
      const r = await cli(withInput(demo, scratchFile(text(lines))));
      expect(r.stdout).toBe(demo.run.stdout);
      expect(r.code).toBe(demo.run.code);
    });

    it.runIf(meta.skipBlankAndComments)('count for stderr line numbers', async () => {
      // The line after the first consumed one is garbage; two comment lines go before it.
      const at = demo.consumed[0]! + 1;
      const lines = [...demo.raw.slice(0, at), '# one', '', GARBAGE, ...demo.raw.slice(at)];
      const path = scratchFile(text(lines));
      const r = await cli(withInput(demo, path));
      expect(linesOf(r.stderr).filter((l) => l.startsWith(`${path}:${at + 3}: `))).toHaveLength(1);
    });

    it.runIf(!meta.skipBlankAndComments)('are choices: an empty line and a `#` line are each echoed and rejected', async () => {
      const at = demo.consumed[0]! + 1;
      for (const inserted of ['', '# conformance comment']) {
        const path = scratchFile(text([...demo.raw.slice(0, at), inserted, ...demo.raw.slice(at)]));
        expectRejectedInsertion(demo.run, await cli(withInput(demo, path)), inserted, path, at + 1);
      }
    });
  });

  describe('rejected lines', () => {
    it.each([
      ['after the first choice', 'first'],
      ['in the middle', 'middle'],
    ] as const)('a garbage line %s: echo, one error line, state unchanged (the rest of the log is the same)', async (_label, where) => {
      const k = where === 'first' ? 1 : Math.max(1, Math.floor(demo.consumed.length / 2));
      const at = demo.consumed[k - 1]! + 1;
      const cleanPath = scratchFile(text(demo.raw));
      const dirtyPath = scratchFile(text([...demo.raw.slice(0, at), GARBAGE, ...demo.raw.slice(at)]));
      const clean = await cli(withInput(demo, cleanPath));
      const dirty = await cli(withInput(demo, dirtyPath));
      // The clean run under another name: same stdout, stderr with that name.
      expect(clean.stdout).toBe(demo.run.stdout);
      const renamed = { ...clean, stderr: clean.stderr.split(`${cleanPath}:`).join(`${dirtyPath}:`) };
      expectRejectedInsertion(renamed, dirty, GARBAGE, dirtyPath, at + 1);
    });

    it('two garbage lines in a row are rejected one by one', async () => {
      const at = demo.consumed[0]! + 1;
      const path = scratchFile(text([...demo.raw.slice(0, at), GARBAGE, GARBAGE, ...demo.raw.slice(at)]));
      const r = await cli(withInput(demo, path));
      expect(linesOf(r.stdout).filter((l) => l === `INPUT: ${GARBAGE}`)).toHaveLength(2);
      expect(linesOf(r.stderr).filter((l) => l.startsWith(`${path}:${at + 1}: `) || l.startsWith(`${path}:${at + 2}: `))).toHaveLength(2);
      expect(r.code).toBe(1);
    });
  });

  describe('end of input', () => {
    it('input cut short: everything before stays, `ERROR E_EOF: input ended; expected ...` last, exit 1', async () => {
      const m = Math.max(1, Math.floor(demo.consumed.length / 2));
      const cut = demo.raw.slice(0, demo.consumed[m - 1]! + 1);
      const path = scratchFile(text(cut));
      const r = await cli(withInput(demo, path));
      const out = linesOf(r.stdout);
      const last = out[out.length - 1]!;
      expect(r.code).toBe(1);
      expect(last).toMatch(/^ERROR E_EOF: input ended; expected \S/);
      expect(out.slice(0, -1)).toEqual(demo.out.slice(0, out.length - 1));
      expect(demo.out[out.length - 1], 'the clean log reads its next choice where the cut one ends').toBe(`INPUT: ${demo.raw[demo.consumed[m]!]}`);
      expect(linesOf(r.stderr)).toContain(`${path}:${cut.length + 1}: E_EOF: ${last.slice('ERROR E_EOF: '.length)}`);
    });

    it('an empty input: the opening, then E_EOF at line 1', async () => {
      const path = scratchFile('');
      const r = await cli(withInput(demo, path));
      const firstEcho = demo.out.findIndex((l) => l.startsWith('INPUT: '));
      const out = linesOf(r.stdout);
      expect(out.slice(0, -1)).toEqual(demo.out.slice(0, firstEcho));
      expect(out[out.length - 1]).toMatch(/^ERROR E_EOF: input ended; expected \S/);
      expect(linesOf(r.stderr).some((l) => l.startsWith(`${path}:1: E_EOF: input ended; expected `))).toBe(true);
      expect(r.code).toBe(1);
    });
  });

  describe('batch', () => {
    it('one missing input file: the others written, summary `<id>: <n> battle(s) written to <DIR>; ...`, exit 2', async () => {
      const outDir = join(scratch, `${id}-batch-${++files}`);
      const missing = join(scratch, 'missing-conformance.txt');
      const r = await cli([...withoutInput(demo), '--input', demo.inputPath, '--input', missing, '--out-dir', outDir]);
      const failures = [...(demo.run.code === 0 ? [] : [`${basename(demo.inputPath)} (exit ${demo.run.code})`]), 'missing-conformance.txt (exit 2)'];
      const stderr = linesOf(r.stderr);
      expect(stderr[stderr.length - 1]).toBe(`${id}: 1 battle(s) written to ${outDir}; ${failures.length} failed: ${failures.join(', ')}`);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(readFileSync(join(outDir, basename(demo.inputPath)), 'utf8')).toBe(demo.run.stdout);
      expect(existsSync(join(outDir, 'missing-conformance.txt'))).toBe(false);
    });

    it('battles in one process share nothing: the same file twice gives the same log twice', async () => {
      const input = readFileSync(join(REPO_ROOT, demo.inputPath), 'utf8');
      const a = scratchFile(input, 'a.txt');
      const b = scratchFile(input, 'b.txt');
      const outDir = join(scratch, `${id}-twice-${++files}`);
      const r = await cli([...withoutInput(demo), '--input', a, '--input', b, '--out-dir', outDir]);
      expect(readFileSync(join(outDir, basename(a)), 'utf8')).toBe(demo.run.stdout);
      expect(readFileSync(join(outDir, basename(b)), 'utf8')).toBe(demo.run.stdout);
      const summary = linesOf(r.stderr).pop()!;
      expect(summary.startsWith(`${id}: 2 battle(s) written to ${outDir}; `)).toBe(true);
      expect(summary.endsWith(demo.run.code === 0 ? 'all succeeded' : `2 failed: ${basename(a)} (exit ${demo.run.code}), ${basename(b)} (exit ${demo.run.code})`)).toBe(true);
      expect(r.code).toBe(demo.run.code);
    });
  });

  describe('record', () => {
    it('record --input --out writes the log play prints, through no leftover temporary file', async () => {
      const out = join(scratch, `${id}-record-${++files}.txt`);
      const r = await cli([id, 'record', ...withoutInput(demo).slice(1), '--input', demo.inputPath, '--out', out]);
      expect(r.code).toBe(demo.run.code);
      expect(readFileSync(out, 'utf8')).toBe(demo.run.stdout);
      expect(existsSync(`${out}.partial`)).toBe(false);
    });

    it('a batch whose setup fails writes no log and leaves no folder', async () => {
      const argv = [...withoutInput(demo)];
      const at = argv.findIndex((w, i) => i > 0 && !w.startsWith('-') && existsSync(join(REPO_ROOT, w)));
      argv[at] = 'conformance-missing-setup';
      const outDir = join(scratch, `${id}-failed-setup-${++files}`);
      const r = await cli([...argv, '--input', demo.inputPath, '--out-dir', outDir]);
      expect(r.code).toBe(2);
      expect(existsSync(outDir)).toBe(false);
    });
  });

  describe('exit codes', () => {
    it('2 for a setup that cannot be read: nothing simulated, no stack trace', async () => {
      const argv = [...demo.argv];
      const at = argv.findIndex((w, i) => i > 0 && i !== demo.inputAt && !w.startsWith('-') && existsSync(join(REPO_ROOT, w)));
      expect(at, 'the demo names a setup file or folder').toBeGreaterThan(0);
      argv[at] = 'conformance-missing-setup';
      const r = await cli(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('conformance-missing-setup');
      expect(hasStackTrace(r.stderr)).toBe(false);
    });

    it('2 for usage errors: an unknown option, --out-dir without --input, a missing --input file', async () => {
      for (const argv of [
        [...demo.argv, '--no-such-option'],
        [...withoutInput(demo), '--out-dir', join(scratch, 'never')],
        withInput(demo, join(scratch, 'no-such-input.txt')),
      ]) {
        const r = await cli(argv);
        expect(r.code, argv.join(' ')).toBe(2);
        expect(r.stdout, argv.join(' ')).toBe('');
        expect(hasStackTrace(r.stderr)).toBe(false);
      }
      expect(existsSync(join(scratch, 'never'))).toBe(false);
    });

    it('3 for an internal error: `internal error: <id> at <step>, last input <x>: ...`, no stack trace, the log so far kept', async () => {
      const at = demo.consumed[0]! + 1;
      const path = scratchFile(text([...demo.raw.slice(0, at), BOOM, ...demo.raw.slice(at)]));
      const rulesets = WITH_FIXTURES.map((e) => (e.meta.id === id ? trapped(e) : e));
      const r = await cli(withInput(demo, path), { rulesets });
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(new RegExp(`^internal error: ${id} at .+, last input '${BOOM}': Error: conformance trap$`, 'm'));
      expect(hasStackTrace(r.stderr)).toBe(false);
      const out = linesOf(r.stdout);
      expect(out[out.length - 1]).toBe(`INPUT: ${BOOM}`);
      expect(out.slice(0, -1)).toEqual(demo.out.slice(0, out.length - 1));
    });
  });

  describe('randomness', () => {
    it.runIf(meta.seeded)('--seed 4294967296 and --seed -1 are usage errors (exit 2), nothing simulated', async () => {
      for (const seed of ['4294967296', '-1', '1.5', 'x']) {
        const r = await cli([...demo.argv, '--seed', seed]);
        expect(r.code, seed).toBe(2);
        expect(r.stdout, seed).toBe('');
      }
    });

    it.runIf(meta.seeded)('the demo draws: `SEED xoroshiro128plus:<n>` is its first log line, and only there', () => {
      expect(demo.out[0]).toMatch(/^SEED xoroshiro128plus:\d+$/);
      expect(demo.out.slice(1).some((l) => l.startsWith('SEED xoroshiro128plus:'))).toBe(false);
      const given = demo.argv.indexOf('--seed');
      if (given > 0) expect(demo.out[0]).toBe(`SEED xoroshiro128plus:${demo.argv[given + 1]}`);
    });

    it.runIf(meta.seeded)('--seed N is the SEED line (0 and 4294967295 included); the same seed gives the same bytes', async () => {
      for (const seed of ['5', '0', '4294967295']) {
        const r = await cli([...demo.argv, '--seed', seed]);
        expect([0, 1], seed).toContain(r.code);
        expect(linesOf(r.stdout)[0]).toBe(`SEED xoroshiro128plus:${seed}`);
        expect(await cli([...demo.argv, '--seed', seed])).toEqual(r);
      }
    });

    it.runIf(!meta.seeded)('--seed 1 is a usage error (exit 2); no log line is a SEED line', async () => {
      const r = await cli([...demo.argv, '--seed', '1']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(demo.out.some((l) => l.startsWith('SEED '))).toBe(false);
    });
  });

  describe('--help and examples', () => {
    it('`<id> --help`, `record --help` and `verify --help` show every example of their command', async () => {
      const play = await cli([id, '--help']);
      const record = await cli([id, 'record', '--help']);
      const verify = await cli([id, 'verify', '--help']);
      expect([play.code, record.code, verify.code]).toEqual([0, 0, 0]);
      for (const e of meta.examples.play) expect(play.stdout).toContain(`$ arbiter ${e}`);
      for (const e of meta.examples.record) expect(record.stdout).toContain(`$ arbiter ${e}`);
      for (const e of meta.examples.verify) expect(verify.stdout).toContain(`$ arbiter ${e}`);
      expect(meta.examples.play.length * meta.examples.record.length * meta.examples.verify.length).toBeGreaterThan(0);
    });

    it('`arbiter --help` lists the ruleset and its first play and verify examples', async () => {
      const r = await cli(['--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^  ${id} +\\S`, 'm'));
      expect(r.stdout).toContain(`$ arbiter ${meta.examples.play[0]}`);
      expect(r.stdout).toContain(`$ arbiter ${meta.examples.verify[0]}`);
    });

    it('the guides say what verify and --help say: case counts, the --jobs default', async () => {
      const guide = join(REPO_ROOT, 'src', 'rulesets', id, 'README.md');
      if (existsSync(guide)) {
        const text = readFileSync(guide, 'utf8').replace(/\s+/g, ' ');
        const own = new RegExp(`the project's own (\\d+) are in \`test-cases/${id}/\``).exec(text);
        if (own !== null) expect(Number(own[1]), `${id} guide: own cases`).toBe(findCases(join(REPO_ROOT, 'test-cases', id)).length);
        const reference = /The reference corpus \((\d+) cases\)/.exec(text);
        const shared = join(REPO_ROOT, '..', 'shared', id, 'reference');
        if (reference !== null && existsSync(shared) && findCases(shared).length > 0) expect(Number(reference[1]), `${id} guide: reference cases`).toBe(findCases(shared).length);
      }
      const help = (await cli([id, 'verify', '--help'])).stdout.replace(/\s+/g, ' ');
      const jobs = /--jobs <n> .*?\(default: ([^)]*)\)/.exec(help)![1]!;
      expect(readFileSync(join(REPO_ROOT, 'docs', 'grading.md'), 'utf8').replace(/\s+/g, ' ')).toContain(`(default: ${jobs})`);
    });

    // Every example of every `--help` (generate's and fuzz's are derived from the meta); a shipped ruleset's are read from the help itself.
    const shipped = SHIPPED_IDS.has(id);
    const all = shipped
      ? ['', 'record', 'verify', 'generate', 'fuzz'].flatMap((sub) =>
          [...runShell(`node ${CLI} ${id} ${sub} --help`).stdout.matchAll(/^ {2}\$ arbiter (.+)$/gm)].map((m) => m[1]!),
        )
      : [...meta.examples.play, ...meta.examples.record, ...meta.examples.verify];
    if (shipped) it('every subcommand has an example', () => expect(all.length).toBeGreaterThanOrEqual(5));
    it.each(all)('runs as written from the repository root (exit 0, or the code its text states): %s', async (example) => {
      const needsShared = /(^|\s)\.\.\/shared\//.test(example);
      if (needsShared && !existsSync(join(REPO_ROOT, '..', 'shared'))) {
        console.warn(`SKIPPED: ${example} (../shared is absent)`);
        return;
      }
      // What the checkout holds must not change under an example (record into test-cases/, fuzz output).
      const tracked = () => runShell('git status --porcelain --untracked-files=all -- test-cases data fuzz-out').stdout;
      const before = tracked();
      let run: Run;
      if (shipped) {
        // The compiled CLI in a shell, so `<` redirection and `$PWD` are the shell's.
        const r = runShell(`node ${CLI} ${example}`);
        run = { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
      } else {
        const { argv, stdinFile } = words(example);
        // The fixture is not in dist/: in-process, one verify thread (workers only know the registry).
        const extra = argv[1] === 'verify' ? ['--jobs', '1'] : [];
        run = await cli([...argv, ...extra], stdinFile === undefined ? {} : { stdin: readFileSync(join(REPO_ROOT, stdinFile), 'utf8') });
      }
      const stated = /#\s*exits? (\d)/.exec(example);
      expect(run.code, `${example}\n${run.stdout.slice(-2000)}\n${run.stderr}`).toBe(stated === null ? 0 : Number(stated[1]));
      expect(hasStackTrace(run.stdout + run.stderr)).toBe(false);
      expect(run.stderr).not.toContain('internal error');
      expect(tracked()).toBe(before);
    });
  });

  describe('verify of a corrupted golden case', () => {
    let casePath: string;
    let expectedFile: string;
    let expectedText: string;

    beforeAll(async () => {
      const source = join(REPO_ROOT, verifyTarget(entry));
      const engine = await entry.engine();
      const folders = findCases(source);
      // CONVENTIONS case folders, else the ruleset's own layout; the first case with a few expected lines.
      const candidates =
        folders.length > 0
          ? folders.map((path) => ({ path, expected: join(path, 'expected.txt') }))
          : ownCases(engine, source);
      const chosen = candidates.find((c) => existsSync(c.expected) && linesOf(readFileSync(c.expected, 'utf8')).length >= 4);
      if (chosen === undefined) throw new Error(`${id}: ${source} holds no case with at least 4 expected lines`);
      const copy = join(scratch, `${id}-golden`);
      if (folders.length > 0) {
        // A case folder is self-contained.
        casePath = join(copy, basename(chosen.path));
        cpSync(chosen.path, casePath, { recursive: true });
        expectedFile = join(casePath, 'expected.txt');
      } else {
        // An own-layout case may need its neighbours (SMT's -Tests transcripts read the team folder beside them).
        cpSync(dirname(source), copy, { recursive: true });
        casePath = join(copy, relative(dirname(source), chosen.path));
        expectedFile = ownCases(engine, casePath)[0]!.expected;
      }
      expectedText = readFileSync(expectedFile, 'utf8');
    });

    const verify = (path: string) => cli([id, 'verify', '--jobs', '1', path]);

    it('the pristine copy verifies (exit 0)', async () => {
      const r = await verify(casePath);
      expect(r.stdout).toMatch(/^1\/1 identical$/m);
      expect(r.code).toBe(0);
    });

    it('its expected log with the last lines removed: exit 1, the first missing line named', async () => {
      const lines = linesOf(expectedText);
      writeFileSync(expectedFile, text(lines.slice(0, -3)));
      try {
        const r = await verify(casePath);
        expect(r.code).toBe(1);
        expect(r.stdout).toContain(`FAIL ${casePath} [stdout L${lines.length - 2}] expected: <end of log> / actual: ${lines[lines.length - 3]}`);
        expect(r.stdout).toMatch(/^0\/1 identical$/m);
      } finally {
        writeFileSync(expectedFile, expectedText);
      }
    });

    it('its expected log with lines appended: exit 1, the first extra line named', async () => {
      const lines = linesOf(expectedText);
      writeFileSync(expectedFile, text([...lines, 'conformance extra line', 'another']));
      try {
        const r = await verify(casePath);
        expect(r.code).toBe(1);
        expect(r.stdout).toContain(`FAIL ${casePath} [stdout L${lines.length + 1}] expected: conformance extra line / actual: <end of log>`);
      } finally {
        writeFileSync(expectedFile, expectedText);
      }
    });

    it('a path with no case is a usage error (exit 2)', async () => {
      const r = await verify(join(scratch, 'no-cases-here'));
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    });
  });

  describe('garbage', () => {
    const garbageLine = fc
      .oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
        fc.constantFrom('0', '-1', '99999999999999999999', '1e9', 'NaN', ' ', '#', '\u0000', '\u001b[2J', '🙂', 'ñandú', '\t1', 'quit', 'flip', 'next', 'undo'),
      )
      .map((s) => s.replace(/\n/g, ' '));

    it('random lines anywhere in the demo never give a stack trace or exit 3', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.nat(), garbageLine), { minLength: 1, maxLength: 6 }), async (insertions) => {
          const lines = [...demo.raw];
          for (const [at, line] of insertions) lines.splice(at % (lines.length + 1), 0, line);
          const r = await cli(withInput(demo, scratchFile(text(lines))));
          expect([0, 1]).toContain(r.code);
          expect(hasStackTrace(r.stdout + r.stderr)).toBe(false);
          expect(r.stderr).not.toContain('internal error');
        }),
        { numRuns: 12 },
      );
    });

    it('a garbage setup file is a setup error (exit 2), never a stack trace', async () => {
      const at = demo.argv.findIndex((w, i) => i > 0 && i !== demo.inputAt && !w.startsWith('-') && existsSync(join(REPO_ROOT, w)));
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), async (content) => {
          const argv = [...demo.argv];
          const dir = join(scratch, `setup-${++files}`);
          // A folder setup (SMT's team folder) gets the garbage as its one team file.
          if (statSync(join(REPO_ROOT, argv[at]!)).isDirectory()) {
            cpSync(join(REPO_ROOT, argv[at]!), dir, { recursive: true, filter: (src) => !src.endsWith('.txt') });
            writeFileSync(join(dir, '001.txt'), content);
            argv[at] = dir;
          } else {
            argv[at] = scratchFile(content, basename(argv[at]!));
          }
          const r = await cli(argv);
          expect([0, 1, 2]).toContain(r.code);
          expect(hasStackTrace(r.stdout + r.stderr)).toBe(false);
          expect(r.stderr).not.toContain('internal error');
          // A setup error is positioned: `<file>[:<line>[:<col>]]: <CODE>: <message>`, the file under the setup path.
          if (r.code === 2) expect(linesOf(r.stderr)[0]).toMatch(new RegExp(`^${escapeRegExp(argv[at]!)}(/[^:]+)?(:\\d+){0,2}: [A-Z][A-Z0-9_]*: .+`));
        }),
        { numRuns: 10 },
      );
    });
  });

  describe.runIf(SHIPPED_IDS.has(id))('closed pipe (compiled CLI)', () => {
    it('`| head -1` prints the first line and ends quietly', () => {
      const r = runShell(`node ${CLI} ${meta.examples.play[0]} | head -1; echo "node-exit=\${PIPESTATUS[0]}" >&2`);
      expect(r.stdout).toBe(demo.out[0] + '\n');
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.stderr).not.toMatch(/EPIPE|internal error/);
      expect(r.stderr).toMatch(/node-exit=[01]$/m);
    });

    it('a reader that is gone before the first write (`| true`) ends quietly', () => {
      const r = runShell(`node ${CLI} ${meta.examples.play[0]} | true; echo "node-exit=\${PIPESTATUS[0]}" >&2`);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.stderr).not.toMatch(/EPIPE|internal error/);
      expect(r.stderr).toMatch(/node-exit=[01]$/m);
    });
  });
});

describe('CONVENTIONS: the program', () => {
  it('--version prints the package version (exit 0)', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await cli(['--version']);
    expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('an unknown ruleset is a usage error (exit 2)', async () => {
    const r = await cli(['no-such-ruleset']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('every ruleset id is a distinct subcommand with the three commands', async () => {
    const ids = WITH_FIXTURES.map((e) => e.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      const r = await cli([id, '--help']);
      expect(r.stdout).toMatch(/^ {2}record \[options\]/m);
      expect(r.stdout).toMatch(/^ {2}verify \[options\] <paths\.\.\.>/m);
    }
  });
});

/** The cases of a ruleset's own layouts under `source`, each with the file holding its expected stdout. */
function ownCases(engine: RulesetEngine, source: string): { path: string; expected: string }[] {
  const files = diskFiles();
  return (engine.layouts ?? []).flatMap((layout) =>
    (layout.find(source, files) ?? []).flatMap((path) => {
      const spec = layout.read(path, {}, files);
      return isBroken(spec) ? [] : [{ path, expected: spec.recordTo.stdout }];
    }),
  );
}
