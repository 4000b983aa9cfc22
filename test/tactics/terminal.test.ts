/**
 * Tactics played by hand on a real pseudo-terminal, through tmux (issue 11): a `> ` prompt and no echo,
 * the board in colour (a colour per player and terrain) unless NO_COLOR, Ctrl-D = E_EOF (exit 1), Ctrl-C =
 * exit 130; and the same commands piped, or typed with stdout to a file, give the log's exact bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { ARBITER, HAS_TMUX, tmuxHarness } from '../helpers/tmux.js';
import { SGR } from '../helpers/sgr.js';
import { scratchDir } from '../helpers/scratch.js';

if (!HAS_TMUX) console.warn('SKIPPED: tmux not found; the tactics terminal tests are skipped');
const { tmux, start, waitFor, type } = tmuxHarness('tactics');
const tmp = scratchDir('tactics-terminal');

/** An escape whose parameters include `code`, then `text` (tmux may split bold and colour into two escapes). */
const painted = (code: string, text: string) => new RegExp(`\\u001b\\[(?:[0-9;]*;)?${code}m(?:\\u001b\\[[0-9;]*m)*${text.replace(/[\^%~.]/g, '\\$&')}`);
/** The demo (`examples.play`): setup file, with colour allowed unless the test sets NO_COLOR. */
const DEMO = `env -u NO_COLOR -u FORCE_COLOR ${ARBITER} tactics data/tactics/game.setup`;
const PLACEMENT = ['place A2 0,2', 'place A3 1,5'];

describe.skipIf(!HAS_TMUX)('tactics on a terminal', () => {
  it('the board in colour: ids in their player colour, terrain tinted, walls in reverse video; a "> " prompt, no echo', async () => {
    const name = start(DEMO);
    await waitFor(name, /^> ?$/m);
    type(name, PLACEMENT);
    await waitFor(name, /PLACING P2[\s\S]*\n> ?$/m);
    const screen = await waitFor(name, /PLACING/, { escapes: true });
    expect(screen).toMatch(SGR);
    expect(screen).toMatch(painted('91', 'A1')); // P1 bold red
    expect(screen).toMatch(painted('94', 'B1')); // P2 bold blue
    expect(screen).toMatch(painted('7', '%')); // the wall, impassable
    expect(screen).toMatch(painted('33', '^')); // the hill, a passable terrain
    const plain = await waitFor(name, /PLACING P2/);
    expect(plain).toContain('> place A2 0,2\nPLACE A2 0,2');
    expect(plain).not.toContain('INPUT:');
    expect(plain).toMatch(/^2 A2  ~ B1  \.  %  \.  \.  \.$/m);
  });

  it('help and help <command> show on stderr under the E_COMMAND line (issue 21 item 7), and the game goes on', async () => {
    const name = start(DEMO);
    await waitFor(name, /^> ?$/m);
    type(name, ['help', 'help move']);
    const plain = await waitFor(name, /^> help move\nERROR E_COMMAND: unknown command 'help'\nmove <unit> <x>,<y>\n> ?$/m);
    expect(plain).toContain("> help\nERROR E_COMMAND: unknown command 'help'\ncommands (");
    expect(plain).toContain('placement:\n  place <unit> <x>,<y>\n  autoplace');
  });

  it('reach marks the cells it lists with * on the board (issue 21 item 8)', async () => {
    const name = start(`env NO_COLOR=1 ${ARBITER} tactics data/tactics/game.setup`);
    await waitFor(name, /^> ?$/m);
    type(name, [...PLACEMENT, 'place B2 3,1', 'place B3 4,0', 'reach A1']);
    const plain = await waitFor(name, /^REACH A1 [\s\S]*\n> ?$/m);
    const after = plain.slice(plain.lastIndexOf('REACH A1'));
    expect(after).toMatch(/^\d+ .*\*/m);
  });

  it('with NO_COLOR the plain board, no escape at all', async () => {
    const name = start(`${ARBITER} tactics data/tactics/game.setup`, { env: { NO_COLOR: '1' } });
    await waitFor(name, /^> ?$/m);
    type(name, PLACEMENT);
    await waitFor(name, /PLACING P2[\s\S]*\n> ?$/m);
    const screen = await waitFor(name, /PLACING P2/, { escapes: true });
    expect(screen).not.toMatch(SGR);
    expect(screen).toMatch(/^2 A2  ~ B1  \.  %  \.  \.  \.$/m);
  });

  it('Ctrl-D ends the input: E_EOF, exit 1', async () => {
    const name = start(DEMO);
    await waitFor(name, /^> ?$/m);
    tmux('send-keys', '-t', name, 'C-d');
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('ERROR E_EOF: input ended; expected placement for P1');
    expect(screen).toContain('EXIT:1');
  });

  it('piped, the same commands give the log bytes: `< file` is `--input file`, no escapes', async () => {
    const viaStdin = join(tmp, 'stdin.txt');
    const name = start(`${DEMO} < data/tactics/demo-commands.txt > ${JSON.stringify(viaStdin)}`);
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('EXIT:0');
    const log = runCli(['tactics', 'data/tactics/game.setup', '--input', 'data/tactics/demo-commands.txt']);
    expect(log.status).toBe(0);
    const text = readFileSync(viaStdin, 'utf8');
    expect(text).toBe(log.stdout);
    expect(text).not.toMatch(SGR);
    expect(text).toMatch(/\nWINNER P1\n$/);
  });

  it('typed on the terminal with stdout to a file (--no-echo-input): the log of the same lines, no escapes', async () => {
    const out = join(tmp, 'typed.txt');
    const name = start(`${DEMO} --no-echo-input > ${JSON.stringify(out)}`);
    await waitFor(name, /^> ?$/m);
    const lines = [...PLACEMENT, 'place B2 3,1', 'show'];
    type(name, lines);
    tmux('send-keys', '-t', name, 'C-d');
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('EXIT:1');
    const commands = join(tmp, 'typed-commands.txt');
    writeFileSync(commands, lines.join('\n') + '\n');
    const log = runCli(['tactics', 'data/tactics/game.setup', '--input', commands, '--no-echo-input']);
    expect(log.status).toBe(1);
    const text = readFileSync(out, 'utf8');
    expect(text).toBe(log.stdout);
    expect(text).not.toMatch(SGR);
    expect(text).toContain('PLACE B2 3,1\n');
    expect(text).toMatch(/ERROR E_EOF: input ended; expected placement for P2\n$/);
  });
});
