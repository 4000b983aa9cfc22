/**
 * Marvel refereed by hand on a real pseudo-terminal, through tmux (issue 13): a `> ` prompt and no echo,
 * the `status` view of both sides in colour (side A cyan, side B magenta, vitality by what is left) unless
 * NO_COLOR, Ctrl-D = E_EOF (exit 1), Ctrl-C = exit 130 (for every ruleset in test/cli/terminal.test.ts); and the same commands piped, or typed with stdout
 * to a file, give the log's exact bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { ARBITER, HAS_TMUX, tmuxHarness } from '../helpers/tmux.js';
import { SGR } from '../helpers/sgr.js';
import { scratchDir } from '../helpers/scratch.js';

if (!HAS_TMUX) console.warn('SKIPPED: tmux not found; the marvel terminal tests are skipped');
const { tmux, start, waitFor, type } = tmuxHarness('marvel');
const tmp = scratchDir('marvel-terminal');

/** An escape whose parameters include `code`, then `text` (tmux may split bold and colour into two escapes). */
const painted = (code: string, text: string) => new RegExp(`\\u001b\\[(?:[0-9;]*;)?${code}m(?:\\u001b\\[[0-9;]*m)*${text}`);
/** The demo (`examples.play`) by hand, with colour allowed. */
const MARVEL = `${ARBITER} marvel data/marvel/demo.sheet`;
const DEMO = `env -u NO_COLOR -u FORCE_COLOR ${MARVEL}`;
/** Two on side A against Brute, Kestrel hits Brute, then the referee asks for the status of both sides. */
const COMMANDS = ['start challenge Kestrel Brute', 'join Lumen A Shine-In', 'begin', 'use Kestrel Talon on Brute', 'take Brute', 'status'];

describe.skipIf(!HAS_TMUX)('marvel on a terminal', () => {
  it('help, skills <X> and a bare ref answer on stderr under their E_SYNTAX line (issue 21 item 7)', async () => {
    const name = start(MARVEL);
    await waitFor(name, /^> ?$/m);
    type(name, ['help take', 'skills Kestrel', 'ref']);
    const plain = await waitFor(name, /^ {2}ref note <text\.\.\.>\n> ?$/m);
    expect(plain).toContain(
      "> help take\nERROR E_SYNTAX: cannot parse 'help take': expected a command\ntake <T>\n> skills Kestrel\nERROR E_SYNTAX: cannot parse 'skills Kestrel': expected a command\nskill Talon offensive cost=2 kinds=fis dmg=FUE*1.5\n",
    );
    expect(plain).toContain("> ref\nERROR E_SYNTAX: cannot parse 'ref': expected a ref command\nref commands:\n  ref undo\n");
  });

  it('status in colour: side A cyan, side B magenta, vitality green, PA bold; a "> " prompt, no echo', async () => {
    const name = start(DEMO);
    await waitFor(name, /^> ?$/m);
    type(name, COMMANDS);
    const plain = await waitFor(name, /^ {2}B Brute vit=2105\/2600 .*\n> ?$/m);
    expect(plain).toContain('> status\nSTATUS phase=TURN round=1 actor=Kestrel quiet=0\n  A Kestrel vit=2400/2400 pa=5/7 ');
    expect(plain).not.toContain('INPUT:');
    const screen = await waitFor(name, /STATUS/, { escapes: true });
    expect(screen).toMatch(painted('36', 'A Kestrel'));
    expect(screen).toMatch(painted('36', 'A Lumen'));
    expect(screen).toMatch(painted('35', 'B Brute'));
    expect(screen).toMatch(painted('32', '2105/2600'));
    expect(screen).toMatch(painted('1', '5/7'));
    expect(screen).toMatch(painted('35', 'Brute')); // events too: DMG Brute <- Kestrel
  });

  it('with NO_COLOR the plain status, no escape at all', async () => {
    const name = start(MARVEL, { env: { NO_COLOR: '1' } });
    await waitFor(name, /^> ?$/m);
    type(name, COMMANDS);
    await waitFor(name, /^ {2}B Brute vit=2105\/2600 .*\n> ?$/m);
    const screen = await waitFor(name, /STATUS/, { escapes: true });
    expect(screen).not.toMatch(SGR);
    expect(screen).toContain('  B Brute vit=2105/2600 pa=5/5 free=0/2 state=active dots=- mods=- cd=- statuses=-');
  });

  it('Ctrl-D in a turn ends the input: E_EOF, exit 1', async () => {
    const name = start(DEMO);
    await waitFor(name, /^> ?$/m);
    type(name, COMMANDS.slice(0, 3));
    await waitFor(name, /TURN Kestrel round=1 pa=7\/7\n> ?$/m);
    tmux('send-keys', '-t', name, 'C-d');
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('ERROR E_EOF: input ended; expected turn command for Kestrel');
    expect(screen).toContain('EXIT:1');
  });

  it('piped, the same commands give the log bytes: `< file` is `--input file`, no escapes', async () => {
    const commands = join(tmp, 'piped-commands.txt');
    writeFileSync(commands, [...COMMANDS, 'pass Kestrel', 'status'].join('\n') + '\n');
    const out = join(tmp, 'stdin.txt');
    const name = start(`${DEMO} < ${JSON.stringify(commands)} > ${JSON.stringify(out)}`);
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('EXIT:1');
    const log = runCli(['marvel', 'data/marvel/demo.sheet', '--input', commands]);
    expect(log.status).toBe(1);
    const text = readFileSync(out, 'utf8');
    expect(text).toBe(log.stdout);
    expect(text).not.toMatch(SGR);
    expect(text).toContain('INPUT: status\nSTATUS phase=TURN round=1 actor=Brute quiet=0\n');
  });

  it('the whole demo piped is its --input log (exit 0, no escapes)', async () => {
    const out = join(tmp, 'demo.txt');
    const name = start(`${DEMO} < data/marvel/demo-commands.txt > ${JSON.stringify(out)}`);
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('EXIT:0');
    const log = runCli(['marvel', 'data/marvel/demo.sheet', '--input', 'data/marvel/demo-commands.txt']);
    const text = readFileSync(out, 'utf8');
    expect(text).toBe(log.stdout);
    expect(text).not.toMatch(SGR);
  });

  it('typed on the terminal with stdout to a file (--no-echo-input): the log of the same lines, no escapes', async () => {
    const out = join(tmp, 'typed.txt');
    const name = start(`${DEMO} --no-echo-input > ${JSON.stringify(out)}`);
    await waitFor(name, /^> ?$/m);
    type(name, COMMANDS);
    tmux('send-keys', '-t', name, 'C-d');
    const screen = await waitFor(name, /EXIT:\d+/);
    expect(screen).toContain('EXIT:1');
    const commands = join(tmp, 'typed-commands.txt');
    writeFileSync(commands, COMMANDS.join('\n') + '\n');
    const log = runCli(['marvel', 'data/marvel/demo.sheet', '--input', commands, '--no-echo-input']);
    expect(log.status).toBe(1);
    const text = readFileSync(out, 'utf8');
    expect(text).toBe(log.stdout);
    expect(text).not.toMatch(SGR);
    expect(text).toContain('\n  B Brute vit=2105/2600 ');
    expect(text).toMatch(/ERROR E_EOF: input ended; expected turn command for Kestrel\n$/);
  });
});
