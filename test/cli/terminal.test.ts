/**
 * Playing on a real pseudo-terminal, driven through tmux. By hand as a newcomer does: a game saved with
 * `| tee` (stdin a terminal, stdout not) is a clean transcript; Ctrl-C says it was interrupted and prints
 * no E_EOF, for every ruleset; a rejected line shows once; SMT shows a `> ` prompt. Interactively: menus
 * are printed, typed numbers are read with a line editor, nothing is echoed as `INPUT:`, Ctrl-D ends
 * with E_EOF (exit 1) and Ctrl-C with exit 130, neither with a stack trace.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/registry.js';
import { MUTATING } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';
import { ARBITER, ARBITER as arbiter, HAS_TMUX, tmuxHarness } from '../helpers/tmux.js';

if (!HAS_TMUX) console.warn('SKIPPED: tmux not found; terminal tests are skipped');
const { tmux, start, waitFor } = tmuxHarness('terminal');
const tmp = scratchDir('terminal');

describe.skipIf(MUTATING || !HAS_TMUX)('playing by hand on a terminal', () => {
  it('| tee keeps a clean log: no typed characters or carriage returns in it', async () => {
    const log = join(tmp, 'tee.txt');
    const name = start(`${arbiter} smt --teams data/smt/teams | tee ${JSON.stringify(log)}`);
    await waitFor(name, /2: 003\.txt/);
    tmux('send-keys', '-t', name, '0', 'Enter');
    await waitFor(name, /Seleccione una acción para Flynn/);
    tmux('send-keys', '-t', name, '6', 'Enter');
    await waitFor(name, /EXIT:\d+/);
    const text = readFileSync(log, 'utf8');
    expect(text).toContain('Ganador: Kei (J2)');
    expect(text).not.toMatch(/\r/);
    // No echo on a terminal: the log's lines are the engine's only, so no line is just the typed "0".
    expect(text.split('\n')).not.toContain('0');
    expect(text).not.toContain('> ');
  });

  it('with --echo-input the teed log is a transcript verify can replay', async () => {
    const log = join(tmp, 'echo.txt');
    const name = start(`${arbiter} smt --teams data/smt/teams --echo-input | tee ${JSON.stringify(log)}`);
    await waitFor(name, /2: 003\.txt/);
    tmux('send-keys', '-t', name, '0', 'Enter');
    await waitFor(name, /Seleccione una acción para Flynn/);
    tmux('send-keys', '-t', name, '6', 'Enter');
    await waitFor(name, /EXIT:\d+/);
    const lines = readFileSync(log, 'utf8').split('\n');
    expect(lines.filter((l) => l.startsWith('INPUT: '))).toEqual(['INPUT: 0', 'INPUT: 6']);
    expect(lines.filter((l) => l === '0' || l === '6')).toEqual([]);
  });

  it('SMT shows a "> " prompt on the terminal, a rejected line once, and Ctrl-C says interrupted (exit 130, no E_EOF)', async () => {
    const name = start(`${arbiter} smt --teams data/smt/teams`);
    await waitFor(name, /2: 003\.txt\n>/);
    tmux('send-keys', '-t', name, 'x', 'Enter');
    const after = await waitFor(name, /got 'x'/);
    expect(after.match(/expected a number from 0 to 2, got 'x'/g)).toHaveLength(1);
    tmux('send-keys', '-t', name, 'C-c');
    const text = await waitFor(name, /EXIT:\d+/);
    expect(text).toContain('EXIT:130');
    expect(text).toContain('arbiter: interrupted');
    expect(text).not.toContain('E_EOF');
  });

  it('Clairvoyance on a terminal: the initiative order names its units, boards get coordinates and a legend', async () => {
    const name = start(`${arbiter} clairvoyance data/clairvoyance/skirmish.clv --seed 7`);
    const text = await waitFor(name, /03 = Monsters: Archer: 1 at \(7,4\), 8 HP/);
    expect(text).toContain('3 Monsters: Archer: 1, 2 Monsters: Orc: 1, 1 Heroes: Mage: 1, 0 Heroes: Hero: 1');
    expect(text).toMatch(/^ +0 +1 +2 +3 +4 +5 +6 +7$/m);
    expect(text).toMatch(/^4 \| +\| .* 03 \|$/m);
  });

  it('the same run piped keeps the log bytes: no coordinates, no legend, bare indices', async () => {
    const log = join(tmp, 'clv.txt');
    const name = start(`${arbiter} clairvoyance data/clairvoyance/skirmish.clv --seed 7 --no-echo-input > ${JSON.stringify(log)}`);
    tmux('send-keys', '-t', name, 'quit', 'Enter');
    await waitFor(name, /EXIT:\d+/);
    const text = readFileSync(log, 'utf8');
    expect(text.split('\n').slice(0, 3)).toEqual(['SEED xoroshiro128plus:7', 'Initiative order:', '3, 2, 1, 0']);
    expect(text).not.toContain(' = ');
  });
});

describe.skipIf(MUTATING || !HAS_TMUX)('Ctrl-C at the prompt, for every ruleset', () => {
  for (const { meta } of RULESETS) {
    // The first --help example without its input: the ruleset's demo, waiting for a person.
    const words = meta.examples.play[0]!.split(' ');
    const end = words.findIndex((w) => w === '--input' || w === '<');
    const demo = (end < 0 ? words : words.slice(0, end)).join(' ');
    it(`${meta.id}: "arbiter: interrupted", exit 130, no E_EOF`, async () => {
      const name = start(`${arbiter} ${demo}`);
      await waitFor(name, /^>\s*$/m);
      tmux('send-keys', '-t', name, 'C-c');
      const screen = await waitFor(name, /EXIT:\d+/);
      expect(screen).toContain('arbiter: interrupted');
      expect(screen).toContain('EXIT:130');
      expect(screen).not.toContain('E_EOF');
    });
  }
});

describe('interactive play: menus, a line editor, Ctrl-D and Ctrl-C', () => {
  const { tmux, start: startShell, waitFor } = tmuxHarness('interactive');

  /** Starts the CLI in a fresh tmux session; the shell prints EXIT:<code> when it ends. */
  function start(args = 'smt --teams data/smt/teams'): string {
    return startShell(`${ARBITER} ${args}`, { width: 120 });
  }

  describe.skipIf(MUTATING || !HAS_TMUX)('interactive play on a terminal (tmux)', () => {
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
      // Once on one terminal: no positioned stderr copy beside the ERROR line, as for a rejected line.
      expect(text).not.toContain('<stdin>:');
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

  describe.skipIf(MUTATING || !HAS_TMUX)('interactive Clairvoyance on a terminal (tmux)', () => {
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
});
