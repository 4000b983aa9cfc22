/**
 * The terminal view of Marauders (issue 12): with `terminal` and `colour` the BOARD rows are drawn with a
 * colour per element (marked blocks also underlined) and locked shields are dimmed in SHIELDS lines; with
 * the escapes stripped every line is the log's line. A terminal without colour, and the log, never get an
 * escape. Checked on the demo match, on the BOARD block itself, and on every golden and reference case
 * run with colour forced on.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCases, runCaseFolder } from '../helpers/case-folder.js';
import { Prng } from '../../src/core/prng.js';
import type { RulesetEngine, RulesetEntry, RunContext } from '../../src/core/ruleset.js';
import { MaraudersBattle } from '../../src/rulesets/marauders/battle.js';
import engine, { type MaraudersSetup } from '../../src/rulesets/marauders/engine.js';
import { MARAUDERS_META } from '../../src/rulesets/marauders/meta.js';
import { ALL_LETTERS, type El, type Mark } from '../../src/rulesets/marauders/model.js';
import { COLOUR, ELEMENT_SGR, LOCKED_SGR, MARKED_SGR, paintFor, PLAIN } from '../../src/rulesets/marauders/paint.js';
import { parseSetup } from '../../src/rulesets/marauders/parse-setup.js';
import { boardLines } from '../../src/rulesets/marauders/presenter.js';
import { expectationOf } from '../helpers/marauders-cases.js';
import { memFiles } from '../helpers/marauders.js';
import { REPO_ROOT, SHARED } from '../helpers/shared.js';
import { stripSgr as strip } from '../helpers/sgr.js';
import { readAndLoad } from '../../src/core/run.js';

const ESC = '\u001b';
const SGR_ALL = /\u001b\[[0-9;]*m/g;

const DEMO_SETUP = readFileSync(join(REPO_ROOT, 'data/marauders/demo.setup'), 'utf8');
const DEMO_COMMANDS = readFileSync(join(REPO_ROOT, 'data/marauders/demo-commands.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));

/**
 * A terminal's lines without the turn lines it adds before each prompt (`P1 to play: ...`, issue 21 item 8,
 * test/marauders/turn-prompt.test.ts): what is left is the log's lines, painted or not.
 */
const withoutTurnLines = (lines: readonly string[]): string[] => lines.filter((l) => !/^P\d to play: /.test(l));

/** Every line of a match (opening, then each command's lines), played with a given RunContext view. */
function playDemo(view: Pick<RunContext, 'terminal' | 'colour'>): string[] {
  const files = memFiles({ 'demo.setup': DEMO_SETUP });
  const loaded = readAndLoad(engine, { args: ['demo.setup'], options: {}, files });
  if (!loaded.ok) throw new Error(loaded.stderr.join('\n'));
  const battle = engine.start(loaded.setup, { rng: Prng.seeded(loaded.seed ?? 0), options: {}, files, ...view });
  const lines = [...battle.opening()];
  for (const c of DEMO_COMMANDS) {
    const fed = battle.feed(c);
    if (!fed.ok) throw new Error(`${c}: ${fed.error.message}`);
    lines.push(...fed.lines);
  }
  return lines;
}

/** The indices of BOARD rows (the lines between a BOARD block's column header and its MARKS line). */
function boardRows(lines: readonly string[]): Set<number> {
  const rows = new Set<number>();
  lines.forEach((l, i) => {
    if (l !== 'BOARD') return;
    for (let k = i + 2; k < lines.length && !lines[k]!.startsWith('MARKS'); k++) rows.add(k);
  });
  return rows;
}

/** A SHIELDS line naming a locked lane: a lowercase shield letter or an empty lane's `[lock`. */
const hasLocked = (line: string): boolean => line.startsWith('SHIELDS ') && /:([a-z]-?\d|0\[lock)/.test(line);

/** Painted against plain, line by line: same count, same text without escapes, escapes only where allowed. */
function expectPaintedLog(painted: readonly string[], plain: readonly string[]): void {
  expect(painted.map(strip)).toEqual(plain);
  const rows = boardRows(plain);
  plain.forEach((line, i) => {
    if (rows.has(i)) expect(painted[i], line).toContain(`${ESC}[`);
    else if (hasLocked(line)) expect(painted[i], line).toContain(`${ESC}[${LOCKED_SGR}m`);
    else expect(painted[i], line).toBe(line);
  });
}

describe('the palette', () => {
  it('gives each of the 21 elements its own bold foreground colour', () => {
    expect(Object.keys(ELEMENT_SGR).sort()).toEqual([...ALL_LETTERS].sort());
    const codes = ALL_LETTERS.map((e) => ELEMENT_SGR[e]);
    expect(new Set(codes).size).toBe(21);
    for (const code of codes) expect(code).toMatch(/^1;38;5;\d{1,3}$/);
  });

  it('is chosen only for a terminal that takes colour', () => {
    expect(paintFor({ terminal: true, colour: true })).toBe(COLOUR);
    expect(paintFor({ terminal: true })).toBe(PLAIN);
    expect(paintFor({ terminal: true, colour: false })).toBe(PLAIN);
    expect(paintFor({ colour: true })).toBe(PLAIN);
    expect(paintFor({})).toBe(PLAIN);
  });
});

describe('the BOARD block in colour', () => {
  const rows = ['FWWGW', 'FWPFP', 'GSSWP', 'WSFFS', 'SPWPW'];
  const el = rows.join('').split('') as El[];
  const mark: (Mark | null)[] = el.map(() => null);
  mark[12] = { kind: 'warp' };
  mark[0] = { kind: 'filter', owner: 2 };

  it('paints every block in its element colour, a marked block also underlined; stripped it is the plain block', () => {
    const plain = boardLines(5, el, mark);
    const painted = boardLines(5, el, mark, COLOUR);
    expect(painted.map(strip)).toEqual(plain);
    expect(painted[0]).toBe('BOARD');
    expect(painted[1]).toBe(plain[1]);
    expect(painted[7]).toBe('MARKS A1:filter2 C3:warp');
    expect(painted[2]).toBe(
      `A  ${ESC}[${ELEMENT_SGR.F};${MARKED_SGR}mF${ESC}[0m  ${ESC}[${ELEMENT_SGR.W}mW${ESC}[0m  ${ESC}[${ELEMENT_SGR.W}mW${ESC}[0m` +
        `  ${ESC}[${ELEMENT_SGR.G}mG${ESC}[0m  ${ESC}[${ELEMENT_SGR.W}mW${ESC}[0m`,
    );
    expect(painted[4]).toContain(`${ESC}[${ELEMENT_SGR.S};${MARKED_SGR}mS${ESC}[0m`); // C3, warped
    for (let r = 2; r < 7; r++) expect(painted[r]!.match(SGR_ALL)).toHaveLength(10);
  });

  it('the default paint is the log: no escape', () => {
    expect(boardLines(5, el, mark).join('\n')).not.toContain(ESC);
    expect(boardLines(5, el, mark, PLAIN)).toEqual(boardLines(5, el, mark));
  });
});

describe('the demo match (data/marauders/demo.setup) by view', () => {
  const log = playDemo({});

  it('the log has no escape; a terminal without colour prints exactly the log', () => {
    expect(log.join('\n')).not.toContain(ESC);
    expect(log).toContain('WINNER P2 Bob');
    expect(withoutTurnLines(playDemo({ terminal: true }))).toEqual(log);
    expect(withoutTurnLines(playDemo({ terminal: true, colour: false }))).toEqual(log);
  });

  it('a terminal with colour paints the BOARD rows only; stripped, every line is the log line', () => {
    const painted = withoutTurnLines(playDemo({ terminal: true, colour: true }));
    expectPaintedLog(painted, log);
    expect(boardRows(log).size).toBeGreaterThan(7 * 5);
    // The first board's first row: A  W  P  S  A  I  S  F.
    const first = painted[log.indexOf('BOARD') + 2]!;
    expect(first).toContain(`${ESC}[${ELEMENT_SGR.W}mW${ESC}[0m`);
    expect(first).toContain(`${ESC}[${ELEMENT_SGR.P}mP${ESC}[0m`);
    expect(first.startsWith('A  ')).toBe(true);
  });

  it('colour leaves the --events stream alone', () => {
    const parsed = parseSetup(DEMO_SETUP, 'demo.setup');
    if (!parsed.ok) throw new Error(parsed.error);
    const events = (paint: typeof PLAIN) => {
      const json: string[] = [];
      const battle = MaraudersBattle.start(parsed.doc, Prng.seeded(parsed.doc.seed ?? 0), (j) => void json.push(j), paint);
      for (const c of DEMO_COMMANDS) battle.feed(c);
      return json;
    };
    const plain = events(PLAIN);
    expect(plain.length).toBeGreaterThan(50);
    expect(events(COLOUR)).toEqual(plain);
    expect(plain.join('\n')).not.toContain(ESC);
  });
});

/** The marauders entry with colour forced on, as if every case were typed at a colour terminal. */
const colourEngine: RulesetEngine<MaraudersSetup> = {
  load: engine.load,
  start: (setup, context) => engine.start(setup, { ...context, terminal: true, colour: true }),
};
const COLOUR_ENTRY: RulesetEntry = { meta: MARAUDERS_META, engine: async () => colourEngine as never };

const GOLDEN = join(REPO_ROOT, 'test-cases', 'marauders');
const REFERENCE = join(SHARED, 'marauders', 'reference');
const corpus = [
  ...findCases(GOLDEN).map((dir) => [`golden/${dir.slice(GOLDEN.length + 1)}`, dir] as const),
  ...(existsSync(REFERENCE)
    ? readdirSync(REFERENCE)
        .filter((c) => existsSync(join(REFERENCE, c, 'args.txt')))
        .sort()
        .map((c) => [`reference/${c}`, join(REFERENCE, c)] as const)
    : []),
];

describe('every case with colour forced on', () => {
  it('covers the golden and reference cases, locked shields among them', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    const locked = corpus.filter(([, dir]) => expectationOf(dir).stdout.split('\n').some(hasLocked));
    expect(locked.length).toBeGreaterThan(0);
  });

  it.each(corpus)('%s: stripped, stdout is expected.txt; stderr and exit unchanged', async (_name, dir) => {
    const run = await runCaseFolder(dir, COLOUR_ENTRY);
    const want = expectationOf(dir);
    const plain = want.stdout.split('\n');
    expectPaintedLog(withoutTurnLines(run.stdout.split('\n')), plain);
    if (boardRows(plain).size > 0) expect(run.stdout).toContain(ESC);
    if (want.stderr !== undefined) expect(run.stderr).toBe(want.stderr);
    expect(run.stderr).not.toContain(ESC);
    if (want.exit !== undefined) expect(run.exitCode).toBe(want.exit);
  });
});
