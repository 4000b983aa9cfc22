/**
 * Every command the documentation shows runs as written, from the repository root, after the build a test
 * run makes. The documents: README.md, docs/architecture.md, docs/grading.md, docs/viewer.md and each
 * registered ruleset's guide (src/rulesets/<id>/README.md). The convention, which README.md "Documentation" states too:
 *
 * - In a ```sh or ```bash block, every line that is not blank and does not start with `#` is a command; a
 *   line ending in `\` goes on with the next; a leading `$ ` is dropped.
 * - It runs under bash with no stdin, TMPDIR a fresh folder per document, and must exit 0, or N when the line
 *   ends with `# exit N`.
 * - A line ending with `# run by CI` (npm ci, npm test) is not run here: it must be a line of .ci/run, so CI
 *   runs exactly what README says it runs.
 * - `npm start` / `npm run <script>` run the package.json script without its leading build step, which the
 *   test run has already done.
 * - A command naming a path under ../shared that does not exist is skipped with a visible line.
 * - A ```text output block shows what the last command before it prints: its lines, except `…` (a cut),
 *   must appear in that order among the lines of that command's stdout.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/registry.js';
import { REPO_ROOT } from '../helpers/shared.js';

const DOCUMENTS: readonly string[] = [
  'README.md',
  'docs/architecture.md',
  'docs/grading.md',
  'docs/viewer.md',
  ...RULESETS.map((r) => `src/rulesets/${r.meta.id}/README.md`),
];

/** A usual command here takes well under a second, the slowest (a suite through --exec) about three. */
const COMMAND_TIMEOUT_MS = 60_000;

type Step =
  | { readonly kind: 'command'; readonly line: number; readonly text: string; readonly exit: number; readonly ci: boolean }
  | { readonly kind: 'output'; readonly line: number; readonly lines: readonly string[] };

const FENCE = /^(\s*)```\s*([\w-]*)\s*(.*)$/;

/** The commands and output blocks of a Markdown text, in document order. */
function stepsOf(markdown: string): Step[] {
  const steps: Step[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (open === null) continue;
    const [, indent, lang, rest] = open;
    const start = i + 1;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!.slice(indent!.length));
    if (lang === 'sh' || lang === 'bash') steps.push(...commandsOf(body, start + 1));
    else if (lang === 'text' && rest === 'output') steps.push({ kind: 'output', line: start + 1, lines: body });
  }
  return steps;
}

function commandsOf(body: readonly string[], firstLine: number): Step[] {
  const steps: Step[] = [];
  let pending = '';
  let from = firstLine;
  body.forEach((raw, k) => {
    const text = raw.replace(/^\s*\$ /, '').trim();
    if (pending === '' && (text === '' || text.startsWith('#'))) return;
    if (pending === '') from = firstLine + k;
    if (text.endsWith('\\')) {
      pending += text.slice(0, -1) + ' ';
      return;
    }
    const command = pending + text;
    pending = '';
    const exit = /#\s*exit\s+(\d+)\s*$/.exec(command);
    steps.push({ kind: 'command', line: from, text: command, exit: exit === null ? 0 : Number(exit[1]), ci: /#\s*run by CI\b/.test(command) });
  });
  return steps;
}

/** What actually runs for a documented command: an npm script without the build the test run has made. */
function runnable(command: string): string {
  const script = /^npm (?:start|run ([\w:-]+))\b/.exec(command);
  if (script === null) return command;
  const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const body = scripts[script[1] ?? 'start'];
  if (body === undefined) throw new Error(`package.json has no script for '${command}'`);
  return body.replace(/^npm run (?:--silent )?build && /, '');
}

/** The ../shared paths a command names that this checkout does not have (cut before a glob or a variable). */
function missingShared(command: string): string[] {
  return [...command.matchAll(/\.\.\/shared\/[^\s"'*?[{$]*/g)].map((m) => m[0]).filter((p) => !existsSync(join(REPO_ROOT, p)));
}

/** The lines of `expected` (cuts `…` left out) in order within `actual`; the first one that is not, or null. */
function firstMissing(expected: readonly string[], actual: readonly string[]): string | null {
  let at = 0;
  for (const line of expected) {
    const want = line.trimEnd();
    if (want === '…') continue;
    while (at < actual.length && actual[at]!.trimEnd() !== want) at++;
    if (at === actual.length) return line;
    at++;
  }
  return null;
}

const ciLines = readFileSync(join(REPO_ROOT, '.ci', 'run'), 'utf8').split('\n').map((l) => l.trim());

describe('the convention', () => {
  it('reads commands, continuations, exit markers and output blocks', () => {
    const md = ['```sh', '# a comment', '$ node a.js   # exit 2', 'node b \\', '  --flag', 'npm ci  # run by CI', '```', '```text output', 'x', '…', 'y', '```'].join('\n');
    expect(stepsOf(md)).toEqual([
      { kind: 'command', line: 3, text: 'node a.js   # exit 2', exit: 2, ci: false },
      { kind: 'command', line: 4, text: 'node b  --flag', exit: 0, ci: false },
      { kind: 'command', line: 6, text: 'npm ci  # run by CI', exit: 0, ci: true },
      { kind: 'output', line: 9, lines: ['x', '…', 'y'] },
    ]);
  });

  it('holds output lines in order, cuts skipped', () => {
    expect(firstMissing(['a', '…', 'c'], ['a', 'b', 'c'])).toBeNull();
    expect(firstMissing(['c', 'a'], ['a', 'b', 'c'])).toBe('a');
  });
});

describe("README.md's rulesets table", () => {
  it('has one row per registered ruleset, with its maturity, rules version and guide', () => {
    const rows = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')
      .split('\n')
      .map((line) => /^\| `([\w-]+)` \|[^|]*\| (\w+) \| v(\S+) \| \[[^\]]*\]\(([^)]+)\) \|$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => ({ id: m[1], maturity: m[2], rules: m[3], guide: m[4] }));
    const registry = RULESETS.map(({ meta }) => ({ id: meta.id, maturity: meta.maturity, rules: meta.rulesVersion, guide: `src/rulesets/${meta.id}/README.md` }));
    const byId = (a: { id?: string }, b: { id?: string }) => a.id!.localeCompare(b.id!);
    expect(rows.sort(byId)).toEqual(registry.sort(byId));
  });

  it('is a front door under 200 lines (issue 20): the manual is in docs/ and the guides', () => {
    const text = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length).toBeLessThan(200);
  });
});

for (const doc of DOCUMENTS) {
  describe(doc, () => {
    const path = join(REPO_ROOT, doc);
    it('exists', () => {
      expect(existsSync(path)).toBe(true);
    });
    if (!existsSync(path)) return;
    const steps = stepsOf(readFileSync(path, 'utf8'));
    const tmp = mkdtempSync(join(tmpdir(), 'arbiter-docs-'));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));
    // The stdout of the last command run, for the output block that follows it; null when it was skipped.
    let last: { text: string; stdout: string } | null = null;
    const absent: string[] = [];

    for (const step of steps) {
      if (step.kind === 'output') {
        it(`line ${step.line}: output block`, (ctx) => {
          if (last === null) ctx.skip();
          const missing = firstMissing(step.lines, last!.stdout.split('\n'));
          expect(missing, `${doc}:${step.line}: not printed (in this order) by ${last!.text}`).toBeNull();
        });
        continue;
      }
      if (step.ci) {
        it(`line ${step.line}: ${step.text} is run by .ci/run`, () => {
          expect(ciLines, `${doc}:${step.line}`).toContain(step.text.replace(/#.*$/, '').trim());
        });
        continue;
      }
      const missing = missingShared(step.text);
      if (missing.length > 0) {
        absent.push(...missing);
        it(`line ${step.line}: ${step.text}`, (ctx) => {
          last = null;
          ctx.skip();
        });
        continue;
      }
      it(`line ${step.line}: ${step.text}`, () => {
        const r = spawnSync(runnable(step.text), {
          cwd: REPO_ROOT,
          shell: '/bin/bash',
          stdio: ['ignore', 'pipe', 'pipe'],
          encoding: 'utf8',
          timeout: COMMAND_TIMEOUT_MS,
          maxBuffer: 64 * 1024 * 1024,
          env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1' },
        });
        last = { text: step.text, stdout: r.stdout };
        expect(r.error, `${doc}:${step.line}`).toBeUndefined();
        expect(r.status, `${doc}:${step.line}: ${step.text}\nstderr: ${r.stderr.slice(-2000)}`).toBe(step.exit);
      }, 2 * COMMAND_TIMEOUT_MS);
    }
    if (absent.length > 0) console.warn(`SKIPPED: ${doc}: commands naming ${[...new Set(absent)].join(', ')} (not found; CI has ../shared beside the checkout)`);
  });
}
