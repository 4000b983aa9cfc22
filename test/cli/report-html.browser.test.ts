/**
 * The HTML verify report in a real browser (issue 25 section 2), one failing case of every ruleset:
 * headless Chromium opens a report written by `verify --reporter html` from disk, and the test checks that
 * the first difference is the highlighted row
 * (its own background, the only one), that the link to it opens its case, that the game is drawn at that
 * point by the ruleset's view, and that the filter and "failed only" hide what they should; no request
 * leaves the file. A screenshot goes under a temp folder. Skipped with one visible line when no browser is
 * installed (.ci/run installs one).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceMissingBrowser, BROWSER_TIMEOUT, HAS_BROWSER, launch, offsite, type Session } from '../helpers/browser.js';
import { caseSubset, healSuite } from '../helpers/heal-suite.js';
import { runInProcess } from '../helpers/in-process.js';
import { REPO_ROOT } from '../helpers/shared.js';

announceMissingBrowser();

const out = mkdtempSync(join(tmpdir(), 'arbiter-report-browser-'));

/** A copy of the tactics suite `movement` with line `line` of one case's expected.txt replaced: one failing case among passing ones. */
function suite(): { dir: string; failing: string } {
  const dir = join(out, 'movement');
  cpSync(join(REPO_ROOT, 'test-cases', 'tactics', 'movement'), dir, { recursive: true });
  const failing = readdirSync(dir).filter((n) => statSync(join(dir, n)).isDirectory()).sort()[0]!;
  const expected = join(dir, failing, 'expected.txt');
  const lines = readFileSync(expected, 'utf8').split('\n');
  lines[6] = 'a line the engine never prints';
  writeFileSync(expected, lines.join('\n'));
  return { dir, failing };
}

/** A case or transcript of each ruleset made to fail at one stdout line: what the report is opened on. */
function failingCopy(id: string): { path: string; line: number } {
  if (id === 'smt') {
    const tests = healSuite(1);
    const file = join(tests, readdirSync(tests).filter((f) => f.endsWith('.txt'))[0]!);
    const lines = readFileSync(file, 'utf8').split('\n');
    // Line 3 is one of the team files listed, not an INPUT line: the replay is unchanged.
    lines[2] = 'a line the engine never prints';
    writeFileSync(file, lines.join('\n'));
    return { path: tests, line: 3 };
  }
  const suite = { clairvoyance: 'test-cases/clairvoyance/seeded', marvel: 'test-cases/marvel/endings', marauders: 'test-cases/marauders/endings' }[id]!;
  const dir = caseSubset(suite, 1);
  const expected = join(dir, readdirSync(dir)[0]!, 'expected.txt');
  const lines = readFileSync(expected, 'utf8').split('\n');
  lines[3] = 'a line the engine never prints';
  writeFileSync(expected, lines.join('\n'));
  return { path: dir, line: 4 };
}

describe.skipIf(!HAS_BROWSER)('the HTML verify report in Chromium', () => {
  let session: Session;
  beforeAll(async () => {
    session = await launch();
  }, BROWSER_TIMEOUT);
  afterAll(async () => {
    await session?.close();
  }, BROWSER_TIMEOUT);

  it(
    'highlights the first difference, links to it, draws the game there, and filters the cases',
    async () => {
      const { dir, failing } = suite();
      const report = join(out, 'report.html');
      const r = await runInProcess(['tactics', 'verify', dir, '--reporter', 'html', '--out', report], out);
      expect(r.code).toBe(1);
      const page = await session.open(report);

      // The one highlighted row is line 7 of the failing case, marked ≠ with its own background.
      const first = page.locator('tr.first');
      expect(await first.count()).toBe(1);
      expect(await first.locator('th').textContent()).toBe('7');
      expect(await first.locator('td.mark').textContent()).toBe('≠');
      // Evaluated as text: the type-check has no DOM library.
      const background = (selector: string) => page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).backgroundColor`);
      const same = await background('tr.same');
      expect(await background('tr.first')).not.toBe(same);
      expect(await first.locator('td').nth(1).textContent()).toBe('a line the engine never prints');

      // Closed, the case opens when its link in the list of cases is followed.
      await page.evaluate('document.querySelector("details.failure").open = false');
      expect(await first.isVisible()).toBe(false);
      await page.click('#cases a[href="#case-1"]');
      expect(await first.isVisible()).toBe(true);
      expect(await page.locator('a[href="#case-1-stdout-first"]').textContent()).toBe('first difference: stdout line 7');

      // The game at that line, drawn by the Tactics view: its map with the units placed so far.
      const board = page.locator('.report-board');
      expect(await board.count()).toBe(1);
      expect(await board.locator('h4').textContent()).toContain('stdout line 7');
      expect(await board.locator('svg').count()).toBeGreaterThan(0);

      // Failed only (on, as the page opens with a failure): one row; off: every case; a text filters by name.
      const visibleRows = () => page.locator('#cases tbody tr:visible').count();
      const cases = readdirSync(dir).filter((n) => statSync(join(dir, n)).isDirectory()).length;
      expect(cases).toBeGreaterThan(1);
      expect(await visibleRows()).toBe(1);
      await page.uncheck('#failed-only');
      expect(await visibleRows()).toBe(cases);
      await page.fill('#filter', failing);
      expect(await visibleRows()).toBe(1);
      expect(await page.locator('#shown').textContent()).toBe(`1 of ${cases} cases shown`);
      await page.fill('#filter', 'no case has this name');
      expect(await visibleRows()).toBe(0);
      expect(await page.locator('details.failure').isVisible()).toBe(false);

      await page.fill('#filter', '');
      await page.screenshot({ path: join(out, 'report.png'), fullPage: true });
      expect(statSync(join(out, 'report.png')).size).toBeGreaterThan(10_000);
      expect(offsite(page)).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT,
  );

  it.each(['smt', 'clairvoyance', 'marvel', 'marauders'])(
    '%s: the one highlighted row is the changed line, and the game is drawn there',
    async (id) => {
      const { path, line } = failingCopy(id);
      const report = join(out, `${id}-report.html`);
      const r = await runInProcess([id, 'verify', path, '--reporter', 'html', '--out', report], out);
      expect(r.code).toBe(1);
      const page = await session.open(report);
      const first = page.locator('tr.first');
      expect(await first.count()).toBe(1);
      expect(await first.locator('th').textContent()).toBe(String(line));
      expect(await first.locator('td').nth(1).textContent()).toBe('a line the engine never prints');
      expect(await first.isVisible()).toBe(true);
      const board = page.locator('.report-board');
      expect(await board.locator('h4').textContent()).toContain(`stdout line ${line}`);
      // The view's own drawing follows the heading (SMT's cards, Marvel's tables, the boards' SVG).
      expect((await board.innerHTML()).length).toBeGreaterThan(200);
      await page.screenshot({ path: join(out, `${id}-report.png`) });
      expect(offsite(page)).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT,
  );
});
