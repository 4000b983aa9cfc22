/**
 * The game viewer in a real browser (issue 25 section 3): for one game of every ruleset, `arbiter <id> view`
 * writes the page; headless Chromium opens it from disk, steps forward and back with keys, buttons, the
 * slider and a log line's link, and at each step checks that the drawing shows the state of that step's
 * event (the stream of the same game) and that the step's log lines are the ones marked. A screenshot of
 * each goes under the test's output folder (a temp folder). No request leaves the file. Skipped with one
 * visible line when no browser is installed (.ci/run installs one).
 */
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamCase } from '../../src/cli/case-run.js';
import { collectItems } from '../../src/cli/verify.js';
import { isBroken } from '../../src/core/case.js';
import { rulesetById } from '../../src/rulesets/registry.js';
import type { ClairvoyanceViewState } from '../../src/rulesets/clairvoyance/view-state.js';
import type { MaraudersViewState } from '../../src/rulesets/marauders/view-state.js';
import type { MarvelViewState } from '../../src/rulesets/marvel/view-state.js';
import type { SmtViewState } from '../../src/rulesets/smt/view-state.js';
import type { TacticsViewState } from '../../src/rulesets/tactics/view-state.js';
import { announceMissingBrowser, BROWSER_TIMEOUT, HAS_BROWSER, launch, offsite, type Session } from '../helpers/browser.js';
import { stateDocs, type Doc, type StateDoc } from '../helpers/events.js';
import { runInProcess } from '../helpers/in-process.js';
import { REPO_ROOT } from '../helpers/shared.js';

announceMissingBrowser();

/** What a drawing shows, read from the page, and the same read from a state: they must be equal. */
interface Game {
  readonly id: string;
  readonly path: string;
  shown(page: Page): Promise<unknown>;
  expected(state: unknown): unknown;
}

const attrs = (page: Page, selector: string, names: readonly string[]): Promise<string[][]> =>
  page.$$eval(selector, (els, keys) => els.map((e) => keys.map((k) => e.getAttribute(k) ?? '')), names);

const GAMES: readonly Game[] = [
  {
    id: 'smt',
    path: 'test-cases/smt/ailments-Tests/001.txt',
    shown: async (page) => ({ units: await attrs(page, '.team .board .card[data-unit]', ['data-unit', 'data-hp', 'data-mp']), press: await attrs(page, '.press', ['data-full', 'data-blinking']) }),
    expected: (state) => {
      const s = state as SmtViewState;
      return s.teams === null
        ? { units: [], press: [] }
        : { units: s.teams.flatMap((t) => t.board.filter((u) => u !== null).map((u) => [u!.name, String(u!.hp), String(u!.mp)])), press: [[String(s.full), String(s.blinking)]] };
    },
  },
  {
    id: 'tactics',
    path: 'test-cases/tactics/example/spec-8-3',
    shown: (page) => attrs(page, 'svg.map g.unit', ['data-id', 'data-x', 'data-y', 'data-hp']),
    expected: (state) =>
      (state as TacticsViewState).units.filter((u) => u.status === 'alive' && u.at !== null).map((u) => [u.id, String(u.at![0]), String(u.at![1]), String(u.hp)]),
  },
  {
    id: 'marvel',
    path: 'test-cases/marvel/example/worked-example-14-1',
    shown: (page) => attrs(page, '.marvel tr[data-id]', ['data-id', 'data-vit', 'data-pa']),
    expected: (state) => {
      const rows = (state as MarvelViewState).rows;
      return [...rows.filter((r) => r.side === 'A'), ...rows.filter((r) => r.side === 'B')].map((r) => [r.id, String(r.vit), String(r.paLeft)]);
    },
  },
  {
    id: 'marauders',
    path: 'test-cases/marauders/example/worked-example-9-6',
    shown: async (page) => ({ board: (await attrs(page, 'svg.board g.block', ['data-el'])).join(''), hp: await attrs(page, '.player', ['data-player', 'data-hp']) }),
    expected: (state) => {
      const s = state as MaraudersViewState;
      return { board: s.el.join(''), hp: s.players.map((p, i) => [`P${i + 1}`, String(p.hp)]) };
    },
  },
  {
    id: 'clairvoyance',
    path: 'test-cases/clairvoyance/seeded/005-hit-or-miss',
    shown: (page) => attrs(page, '.clv svg g.unit', ['data-unit', 'data-col', 'data-row', 'data-hp']),
    expected: (state) =>
      (state as ClairvoyanceViewState).units.filter((u) => u.alive && u.gone === null).map((u) => [`${u.team}:${u.name}:${u.id}`, String(u.at[0]), String(u.at[1]), u.hp === null ? '' : String(u.hp)]),
  },
];

const out = mkdtempSync(join(tmpdir(), 'arbiter-viewer-test-'));
let browser: Session | undefined;

beforeAll(async () => {
  if (HAS_BROWSER) browser = await launch();
}, BROWSER_TIMEOUT);

afterAll(async () => {
  await browser?.close();
}, BROWSER_TIMEOUT);

/** The stream of the game the page was written from. */
async function statesOf(id: string, path: string): Promise<StateDoc[]> {
  const entry = rulesetById(id)!;
  const engine = await entry.engine();
  const [item] = collectItems(entry, engine, [path], {}, REPO_ROOT);
  if (item === undefined || isBroken(item.spec)) throw new Error(`${path}: not a case`);
  const { documents } = await streamCase(entry, engine, item.spec);
  return stateDocs(documents.map((d) => JSON.parse(d) as Doc));
}

const stepNow = async (page: Page): Promise<number> => Number(await page.getAttribute('body', 'data-step'));
const marked = (page: Page): Promise<string[]> => page.$$eval('#log a.cur', (els) => els.map((e) => e.id));

describe.skipIf(!HAS_BROWSER).each(GAMES.map((g) => [g.id, g] as const))('the %s viewer in Chromium', (id, game) => {
  it(
    'steps with keys, buttons, the slider and the log links; shows each step\'s state and marks its lines',
    async () => {
      const file = join(out, `${id}.html`);
      const made = await runInProcess([id, 'view', game.path, '--out', file]);
      expect(made).toEqual({ code: 0, stdout: '', stderr: '' });
      const states = await statesOf(id, game.path);
      expect(states.length).toBeGreaterThan(3);
      const page = await browser!.open(file);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));

      const check = async (k: number): Promise<void> => {
        expect(await stepNow(page)).toBe(k);
        const s = states[k]!;
        expect(await game.shown(page)).toEqual(game.expected(s.state));
        const lines = s.lines === null ? [] : Array.from({ length: s.lines[1] - s.lines[0] + 1 }, (_, i) => `L${s.lines![0] + i}`);
        expect(await marked(page)).toEqual(lines);
        expect(await page.textContent('#where')).toBe(`step ${k} / ${states.length - 1}`);
      };

      await check(0);
      await page.keyboard.press('ArrowRight');
      await check(1);
      await page.click('#next');
      await check(2);
      await page.keyboard.press('ArrowLeft');
      await check(1);
      await page.click('#last');
      await check(states.length - 1);
      await page.click('#prev');
      await check(states.length - 2);
      await page.keyboard.press('Home');
      await check(0);
      await page.keyboard.press('End');
      await check(states.length - 1);
      await page.click('#first');
      await check(0);
      const middle = Math.floor(states.length / 2);
      await page.$eval('#slider', (el, v) => {
        (el as unknown as { value: string }).value = String(v);
        el.dispatchEvent(new Event('input'));
      }, middle);
      await check(middle);
      // A log line's link leads to the state its step left.
      const target = states.find((s, k) => k > 0 && s.lines !== null)!;
      await page.click(`#L${target.lines![1]}`);
      await check(target.step);

      const shot = join(out, `${id}.png`);
      await page.screenshot({ path: shot });
      expect(existsSync(shot) && statSync(shot).size).toBeGreaterThan(5_000);
      expect(errors).toEqual([]);
      expect(offsite(page)).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT,
  );
});

it('names where its screenshots are', () => {
  // One line, so a person can look at what the browser drew.
  if (HAS_BROWSER) console.log(`viewer screenshots: ${out}`);
  expect(existsSync(out)).toBe(true);
});
