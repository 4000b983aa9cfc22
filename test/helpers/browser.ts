/**
 * A real browser for the page tests (issue 25): Debian's headless Chromium at /usr/bin/chromium, driven by
 * playwright-core (no browser download). Without background networking, component updates and sync it
 * starts on a closed network; each launch gets a fresh profile. When no browser is installed the tests
 * skip with one visible `SKIPPED:` line (.ci/run always installs one, so CI never skips them).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const HAS_BROWSER = existsSync(CHROMIUM);

/** Page tests take several seconds each on a loaded machine: well over 3x that. */
export const BROWSER_TIMEOUT = 180_000;

let announced = false;
/** Prints, once per file, that the browser tests are skipped. */
export function announceMissingBrowser(): void {
  if (!HAS_BROWSER && !announced) {
    announced = true;
    console.warn(`SKIPPED: ${CHROMIUM} not found; browser tests are skipped (install it: apt-get install -y chromium)`);
  }
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Session {
  readonly context: BrowserContext;
  /** The launch's scratch folder (its profile); removed by close(). */
  readonly dir: string;
  open(file: string): Promise<Page>;
  close(): Promise<void>;
}

/** Launches the system Chromium with a fresh profile (playwright passes it as --user-data-dir). */
export async function launch(): Promise<Session> {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-browser-'));
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    timeout: BROWSER_TIMEOUT,
  });
  return {
    context,
    dir,
    async open(file) {
      const page = await context.newPage();
      // Nothing but the file itself: a request elsewhere fails the test that sees it.
      const requests: string[] = [];
      OFFSITE.set(page, requests);
      page.on('request', (r) => {
        if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url());
      });
      await page.goto(pathToFileURL(file).href);
      return page;
    },
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const OFFSITE = new WeakMap<Page, string[]>();

/** The requests a page opened by `open` made for anything but files and data URLs. */
export const offsite = (page: Page): readonly string[] => OFFSITE.get(page) ?? [];
