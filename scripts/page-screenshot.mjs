// A screenshot of a page Arbiter wrote (the game viewer, the verify report), for the README: Debian's headless
// Chromium driven by playwright-core, launched as the browser tests launch it (test/helpers/browser.ts), a
// fresh profile and no network. Usage: node scripts/page-screenshot.mjs PAGE.html OUT.png [AT] [WIDTHxHEIGHT]
// AT: a viewer's step number, or an element id of the page to scroll to (a report's `case-1`).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [page, out, at = '0', size = '1100x620'] = process.argv.slice(2);
if (page === undefined || out === undefined) {
  console.error('usage: node scripts/page-screenshot.mjs PAGE.html OUT.png [AT] [WIDTHxHEIGHT]');
  process.exit(2);
}
if (!existsSync('/usr/bin/chromium')) {
  console.log('SKIPPED: /usr/bin/chromium not found; no screenshot (install it: apt-get install -y chromium)');
  process.exit(0);
}
const [width, height] = size.split('x').map(Number);
const profile = mkdtempSync(join(tmpdir(), 'arbiter-shot-'));
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args, viewport: { width, height } });
try {
  const tab = await context.newPage();
  // The viewer reads its step from the fragment (#s12); any other page scrolls to the element named.
  await tab.goto(`${pathToFileURL(resolve(page)).href}#${/^\d+$/.test(at) ? `s${at}` : at}`);
  await tab.screenshot({ path: out });
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
