/**
 * Marauders played by hand on a real pseudo-terminal, through tmux (issue 12): a `> ` prompt and no echo,
 * the BOARD rows in a colour per element (marked blocks underlined) unless NO_COLOR, the other lines plain;
 * Ctrl-D = E_EOF (exit 1), Ctrl-C = exit 130 (for every ruleset in test/cli/terminal.test.ts); and the same commands piped, or typed with stdout to a file,
 * give the log's exact bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELEMENT_SGR } from '../../src/rulesets/marauders/paint.js';
import type { El } from '../../src/rulesets/marauders/model.js';
import { runCli } from '../helpers/cli.js';
import { ARBITER, HAS_TMUX, tmuxHarness } from '../helpers/tmux.js';
import { SGR, stripSgr as strip } from '../helpers/sgr.js';
import { scratchDir } from '../helpers/scratch.js';

if (!HAS_TMUX) console.warn('SKIPPED: tmux not found; the marauders terminal tests are skipped');
const { tmux, start, waitFor, type } = tmuxHarness('marauders-terminal');
const tmp = scratchDir('marauders-terminal');

/** An escape whose parameters end in `code`, then maybe more escapes, then `text` (tmux splits bold and colour). */
const painted = (code: string, text: string) => new RegExp(`\\u001b\\[(?:[0-9;]*;)?${code}m(?:\\u001b\\[[0-9;]*m)*${text}`);
/** An element's block: its 256-colour foreground (ELEMENT_SGR without the bold) right before the letter. */
const block = (el: El) => painted(ELEMENT_SGR[el].replace(/^1;/, ''), el);

/** The demo (`examples.play`), with colour allowed unless the test sets NO_COLOR. */
const DEMO = `env -u NO_COLOR -u FORCE_COLOR ${ARBITER} marauders data/marauders/demo.setup`;
/** The demo's first two commands (data/marauders/demo-commands.txt). */
const FIRST = ['P1 cast', 'P1 swap G6 G7'];
/** The board after them, and the lines around it. */
const AFTER = ['G  P  S  G  W  I  F  I', 'MARKS none'];

describe.skipIf(!HAS_TMUX)('marauders on a terminal', () => {
  it('BOARD rows in element colours, the other lines plain; a "> " prompt and no echo', async () => {
    const name = start(DEMO);
    await waitFor(name, /^> ?$/m);
    type(name, FIRST);
    const plain = await waitFor(name, /MOVES 5\nBOARD[\s\S]*MARKS none\nP1 to play: turn 1, ATTACK X, 5 moves left; P1 swap <cell> <cell> \| P1 cast \| P1 pass\n> ?$/m);
    const screen = await waitFor(name, /MOVES 5/, { escapes: true });
    expect(screen).toMatch(SGR);
    // The demo's rank 2 elements: Star, Fire, Wood, Water, Ice, Wind, Poison, each in its own colour.
    for (const el of ['S', 'F', 'G', 'W', 'I', 'A', 'P'] as const) expect(screen).toMatch(block(el));
    expect(screen).toMatch(painted('1', 'W')); // bold
    // Stripped, the screen is the plain one: the same rows, the same lines.
    expect(strip(screen).replace(/ +$/gm, '')).toBe(plain.replace(/ +$/gm, ''));
    for (const line of AFTER) expect(plain.split('\n')).toContain(line);
    // Only BOARD rows carry a colour: no other line has a foreground code.
    for (const line of screen.split('\n')) {
      if (/^[A-G]  /.test(strip(line))) continue;
      expect(line, strip(line)).not.toMatch(/\u001b\[(?:[0-9;]*;)?38;5;/);
    }
    // Before each prompt, whose turn it is (issue 21 item 8): a terminal line no log gets.
    expect(plain).toContain('> P1 cast\nARMED P1 force=10->0\nP1 to play: turn 1, ATTACK X, 6 moves left; P1 swap <cell> <cell> | P1 cast | P1 pass\n> P1 swap G6 G7\nMATCH 1 F E6-G6 key=G6 value=3');
    expect(plain).not.toContain('INPUT:');
  });

  it('a marked block is underlined as well (a golden case with a cover and a warp)', async () => {
    const name = start(`env -u NO_COLOR -u FORCE_COLOR ${ARBITER} marauders test-cases/marauders/matching/covered-warped/game.setup`);
    await waitFor(name, /MARKS C1:cover D4:warp[\s\S]*^> ?$/m);
    const screen = await waitFor(name, /MARKS/, { escapes: true });
    const rows = screen.split('\n');
    const row = (letter: string) => rows.find((l) => strip(l).startsWith(`${letter}  `))!;
    // C1 (Star, covered) and D4 (Fire, warped): underlined; the rest of their rows not.
    expect(row('C')).toMatch(painted('4', 'S'));
    expect(row('D')).toMatch(painted('4', 'F'));
    expect(row('A')).not.toMatch(/\u001b\[(?:[0-9;]*;)?4m/);
    expect(row('E')).not.toMatch(/\u001b\[(?:[0-9;]*;)?4m/);
  });

  it('with NO_COLOR the plain board, no escape at all', async () => {
    const name = start(`env -u FORCE_COLOR NO_COLOR=1 ${ARBITER} marauders data/marauders/demo.setup`);
    await waitFor(name, /^> ?$/m);
    type(name, FIRST);
    const screen = await waitFor(name, /MOVES 5\nBOARD[\s\S]*MARKS none\nP1 to play: [^\n]*\n> ?$/m, { escapes: true });
    expect(screen).not.toMatch(SGR);
    for (const line of AFTER) expect(screen.split('\n')).toContain(line);
  });

  it('Ctrl-D ends the input: E_EOF, exit 1', async () => {
    const name = start(DEMO);
    await waitFor(name, /^> ?$/m);
    tmux('send-keys', '-t', name, 'C-d');
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('E_EOF');
    expect(screen).toContain('expected swap, cast or pass for P1');
    expect(screen).toContain('EXIT:1');
  });

  it('piped to a file, the demo commands give the bytes of an --input run: no escapes', async () => {
    const out = join(tmp, 'stdin.txt');
    const name = start(`${DEMO} < data/marauders/demo-commands.txt > ${JSON.stringify(out)}`);
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('EXIT:0');
    const log = runCli(['marauders', 'data/marauders/demo.setup', '--input', 'data/marauders/demo-commands.txt']);
    expect(log.status).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toBe(log.stdout);
    expect(text).not.toMatch(SGR);
    expect(text).toContain('\nINPUT: P1 swap G6 G7\n');
    expect(text).toMatch(/\nWINNER P2 Bob\n$/);
  });

  it('typed on the terminal with stdout to a file: the log of the same lines (no echo), no escapes', async () => {
    const out = join(tmp, 'typed.txt');
    const name = start(`${DEMO} > ${JSON.stringify(out)}`);
    await waitFor(name, /^> ?$/m); // the prompt goes to the terminal (stderr), never to the file
    type(name, FIRST);
    tmux('send-keys', '-t', name, 'C-d');
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('EXIT:1');
    const commands = join(tmp, 'typed-commands.txt');
    writeFileSync(commands, FIRST.join('\n') + '\n');
    const log = runCli(['marauders', 'data/marauders/demo.setup', '--input', commands, '--no-echo-input']);
    expect(log.status).toBe(1);
    const text = readFileSync(out, 'utf8');
    expect(text).toBe(log.stdout);
    expect(text).not.toMatch(SGR);
    expect(text).toContain('\nMOVES 5\nBOARD\n');
    expect(text).toMatch(/ERROR E_EOF: input ended; expected swap, cast or pass for P1\n$/);
  });
});
