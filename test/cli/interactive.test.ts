/**
 * Interactive play on a real pseudo-terminal, driven through tmux: menus are printed, typed numbers are
 * read with a line editor, nothing is echoed as `INPUT:`, Ctrl-D ends with E_EOF (exit 1) and Ctrl-C with
 * exit 130, neither with a stack trace.
 */
import { describe, expect, it } from 'vitest';
import { ARBITER, HAS_TMUX, tmuxHarness } from '../helpers/tmux.js';

const { tmux, start: startShell, waitFor } = tmuxHarness('interactive');

/** Starts the CLI in a fresh tmux session; the shell prints EXIT:<code> when it ends. */
function start(args = 'smt --teams data/smt/teams'): string {
  return startShell(`${ARBITER} ${args}`, { width: 120 });
}

describe.skipIf(!HAS_TMUX)('interactive play on a terminal (tmux)', () => {
  it('shows the menus, reads typed numbers, echoes no INPUT lines, and ends with the winner and exit 0', async () => {
    const name = start();
    await waitFor(name, /2: 003\.txt/);
    tmux('send-keys', '-t', name, '0', 'Enter');
    await waitFor(name, /Seleccione una acción para Flynn/);
    tmux('send-keys', '-t', name, '6', 'Enter');
    const text = await waitFor(name, /EXIT:\d+/);
    expect(text).toContain('Flynn (J1) se rinde');
    expect(text).toContain('Ganador: Kei (J2)');
    expect(text).not.toContain('INPUT:');
    expect(text).toContain('EXIT:0');
  });

  it('a bad typed choice gets the ERROR line and the same menu again', async () => {
    const name = start();
    await waitFor(name, /2: 003\.txt/);
    tmux('send-keys', '-t', name, 'x', 'Enter');
    const text = await waitFor(name, /ERROR E_SYNTAX: expected a number from 0 to 2, got 'x'/);
    expect(text.match(/Elige un archivo para cargar los equipos/g)).toHaveLength(2);
  });

  it('Ctrl-D ends cleanly with the E_EOF message and exit 1', async () => {
    const name = start();
    await waitFor(name, /2: 003\.txt/);
    tmux('send-keys', '-t', name, '0', 'Enter');
    await waitFor(name, /Seleccione una acción para Flynn/);
    tmux('send-keys', '-t', name, 'C-d');
    const text = await waitFor(name, /EXIT:\d+/);
    expect(text).toContain('ERROR E_EOF: input ended; expected a number from 1 to 6');
    expect(text).toContain('EXIT:1');
    expect(text).not.toMatch(/\n\s+at /);
  });

  it('Ctrl-C ends with exit 130 and no stack trace', async () => {
    const name = start();
    await waitFor(name, /2: 003\.txt/);
    tmux('send-keys', '-t', name, 'C-c');
    const text = await waitFor(name, /EXIT:\d+/);
    expect(text).toContain('EXIT:130');
    expect(text).not.toMatch(/\n\s+at |Error:/);
  });
});

describe.skipIf(!HAS_TMUX)('interactive Clairvoyance on a terminal (tmux)', () => {
  const args = 'clairvoyance data/clairvoyance/skirmish.clv --dice max';

  it('prompts with "> ", runs typed commands without echo, and quit ends with exit 0', async () => {
    const name = start(args);
    await waitFor(name, /^>\s*$/m); // tmux trims the trailing space of "> "
    tmux('send-keys', '-t', name, 'show 2', 'Enter');
    await waitFor(name, /AI-controlled unit/);
    tmux('send-keys', '-t', name, 'quit', 'Enter');
    const text = await waitFor(name, /EXIT:\d+/);
    expect(text).not.toContain('INPUT:');
    expect(text).toContain('EXIT:0');
  });

  it('Ctrl-D at the prompt gives the E_EOF message on a line of its own and exit 1', async () => {
    const name = start(args);
    await waitFor(name, /^>\s*$/m); // tmux trims the trailing space of "> "
    tmux('send-keys', '-t', name, 'C-d');
    const text = await waitFor(name, /EXIT:\d+/);
    expect(text).toMatch(/^ERROR E_EOF: input ended; expected a command$/m);
    expect(text).toContain('EXIT:1');
    expect(text).not.toMatch(/\n\s+at /);
  });
});

if (!HAS_TMUX) it.skip('interactive tests skipped: tmux is not installed', () => {});
