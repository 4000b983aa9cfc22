/**
 * The game viewer without a browser (issue 25 section 3): escaping (no log line or name can open a tag or
 * end the data's script element), the terminal's colours as CSS, the page's data (each drawing once, each
 * log line linked to its step), and `arbiter <id> view` over its three inputs (a case, a log replayed on its
 * setup, an events file with its log) and its usage errors.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sgrCss, sgrStyle, xterm256 } from '../../src/view/colour.js';
import { esc, scriptJson } from '../../src/view/html.js';
import { viewerPage } from '../../src/view/stepper.js';
import { runInProcess } from '../helpers/in-process.js';

const tmp = mkdtempSync(join(tmpdir(), 'arbiter-view-'));

/** The data a page embeds: its drawings and its steps ([drawing, first line, last line, input, error]). */
function pageData(html: string): { html: string[]; steps: [number, number, number, string | null, string | null][] } {
  const m = /<script type="application\/json" id="steps">(.*?)<\/script>/s.exec(html);
  return JSON.parse(m![1]!) as ReturnType<typeof pageData>;
}

describe('escaping', () => {
  it('text and attributes', () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('data in a script element cannot end it or open a comment', () => {
    const text = scriptJson({ s: '</script><!-- \u2028' });
    expect(text).not.toMatch(/<\/script|<!--|\u2028/);
    expect(JSON.parse(text)).toEqual({ s: '</script><!-- \u2028' });
  });
});

describe('terminal colours as CSS', () => {
  it('the 256-colour palette and the basic colours', () => {
    expect([xterm256(196), xterm256(226), xterm256(16), xterm256(231), xterm256(232), xterm256(255)]).toEqual(['#ff0000', '#ffff00', '#000000', '#ffffff', '#080808', '#eeeeee']);
    expect(sgrCss('1;38;5;34')).toEqual({ colour: '#00af00', bold: true, dim: false, underline: false, reverse: false });
    expect(sgrCss('2;32')).toMatchObject({ colour: '#00cd00', dim: true, bold: false });
    expect(sgrCss('1;94').colour).toBe('#5c5cff');
    expect(sgrStyle('1;4;91')).toBe('color:#ff0000;font-weight:bold;text-decoration:underline');
  });
});

describe('the page', () => {
  const log = ['INPUT: go', '<script>alert(1)</script>', 'ERROR E_X: no', 'done'];
  const page = viewerPage({
    title: 'T <b>',
    subtitle: 's',
    log,
    steps: [
      { lines: null, input: null, html: '<p>A</p>' },
      { lines: [1, 2], input: 'go', html: '<p>B</p>' },
      { lines: [3, 3], input: 'x', error: 'E_X', html: '<p>B</p>' },
      { lines: [4, 4], input: 'y', html: '<p>A</p>' },
    ],
    css: '',
  });

  it('is one file that loads nothing: no src or href leaves it, and a policy forbids any request', () => {
    expect(page).toContain(`default-src 'none'`);
    expect(page).not.toMatch(/\ssrc=|href="(?!#)/);
  });

  it('shows log lines and titles escaped', () => {
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('<title>T &lt;b&gt;</title>');
  });

  it('stores each drawing once and links every log line to its step', () => {
    const data = pageData(page);
    expect(data.html).toEqual(['<p>A</p>', '<p>B</p>']);
    expect(data.steps).toEqual([[0, 0, 0, null, null], [1, 1, 2, 'go', null], [1, 3, 3, 'x', 'E_X'], [0, 4, 4, 'y', null]]);
    const links = [...page.matchAll(/<a (?:class="([^"]+)" )?id="L(\d+)" href="#s(\d+)">/g)].map((m) => [m[1] ?? '', Number(m[2]), Number(m[3])]);
    expect(links).toEqual([['in', 1, 1], ['', 2, 1], ['err', 3, 2], ['', 4, 3]]);
  });
});

describe('arbiter <id> view', () => {
  it('a case folder: one step per state of its stream, every log line linked', async () => {
    const out = join(tmp, 'case.html');
    expect(await runInProcess(['tactics', 'view', 'test-cases/tactics/example/spec-8-3', '--out', out])).toEqual({ code: 0, stdout: '', stderr: '' });
    const html = readFileSync(out, 'utf8');
    const data = pageData(html);
    expect(data.steps.length).toBeGreaterThan(5);
    // Every line of the log is a link to a step.
    expect([...html.matchAll(/ id="L\d+"/g)].length).toBe(data.steps[data.steps.length - 1]![2]);
  });

  it('a log replayed on its setup, and the events file written beside it, give the same page', async () => {
    const log = join(tmp, 'demo.log');
    const events = join(tmp, 'demo.jsonl');
    const played = await runInProcess(['marauders', 'data/marauders/demo.setup', '--input', 'data/marauders/demo-commands.txt', '--events', events]);
    expect(played.code).toBe(0);
    writeFileSync(log, played.stdout);
    const fromLog = join(tmp, 'from-log.html');
    const fromEvents = join(tmp, 'from-events.html');
    expect((await runInProcess(['marauders', 'view', log, 'data/marauders/demo.setup', '--out', fromLog])).code).toBe(0);
    expect((await runInProcess(['marauders', 'view', events, '--log', log, '--out', fromEvents])).code).toBe(0);
    const a = pageData(readFileSync(fromLog, 'utf8'));
    const b = pageData(readFileSync(fromEvents, 'utf8'));
    expect(a).toEqual(b);
    // One step for the opening and one per command line of the demo.
    const commands = readFileSync('data/marauders/demo-commands.txt', 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    expect(a.steps.length).toBe(commands.length + 1);
    expect(a.steps.slice(1).map((s) => s[3])).toEqual(commands);
  });

  it('usage errors: no --out, a missing game, events of another ruleset, --log without events, a log without its setup, two cases', async () => {
    const events = join(tmp, 'smt.jsonl');
    expect((await runInProcess(['smt', '--teams', 'data/smt/teams', '--input', 'data/smt/demo-choices.txt', '--events', events])).code).toBe(0);
    const usage = async (argv: string[]) => {
      const r = await runInProcess(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      return r.stderr;
    };
    expect(await usage(['tactics', 'view', 'test-cases/tactics/example/spec-8-3'])).toBe('error: view needs --out <file>\n');
    expect(await usage(['tactics', 'view', 'no-such-game', '--out', join(tmp, 'x.html')])).toBe('error: no-such-game: not found\n');
    expect(await usage(['tactics', 'view', events, '--out', join(tmp, 'x.html')])).toBe('error: the events are of smt, not tactics\n');
    expect(await usage(['tactics', 'view', 'test-cases/tactics/example/spec-8-3', '--log', 'x.log', '--out', join(tmp, 'x.html')])).toBe('error: --log goes with an --events file\n');
    // A log whose setup is not given does not play: the run's own error says why.
    const log = join(tmp, 'smt.log');
    writeFileSync(log, 'INPUT: 1\n');
    expect(await usage(['smt', 'view', log, '--out', join(tmp, 'x.html')])).toBe(`error: ${log}: the game does not play (exit 2: error: required option '--teams <folder>' not specified)\n`);
    expect(await usage(['tactics', 'view', 'test-cases/tactics/cli', '--out', join(tmp, 'x.html')])).toMatch(/^error: test-cases\/tactics\/cli: holds \d+ cases; view takes one\n$/);
  });
});
