/**
 * Playing by hand, as a newcomer does (issue 10, items 8 and 9), on a real pseudo-terminal through tmux:
 * a game saved with `| tee` (stdin a terminal, stdout not) is a clean transcript; Ctrl-C says it was
 * interrupted and prints no E_EOF; a rejected line shows once; SMT shows a `> ` prompt.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/registry.js';
import { ARBITER as arbiter, HAS_TMUX, tmuxHarness } from '../helpers/tmux.js';
import { scratchDir } from '../helpers/scratch.js';

if (!HAS_TMUX) console.warn('SKIPPED: tmux not found; terminal tests are skipped');
const { tmux, start, waitFor } = tmuxHarness('terminal');
const tmp = scratchDir('terminal');

describe.skipIf(!HAS_TMUX)('playing by hand on a terminal', () => {
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

describe.skipIf(!HAS_TMUX)('Ctrl-C at the prompt, for every ruleset', () => {
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
