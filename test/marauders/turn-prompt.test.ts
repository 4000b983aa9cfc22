/**
 * Issue 21 item 8: at a terminal, a line before each prompt says whose turn it is (`P2 to play: turn 2,
 * DEFEND X, 6 moves left; P2 swap <cell> <cell> | P2 cast | P2 pass`), after the opening, after each
 * accepted command and after a rejected one; the log (no terminal) never gets it, and nothing else changes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.js';
import type { RunContext } from '../../src/core/ruleset.js';
import { readAndLoad } from '../../src/core/run.js';
import engine from '../../src/rulesets/marauders/engine.js';
import { memFiles } from '../helpers/marauders.js';
import { REPO_ROOT } from '../helpers/shared.js';

const SETUP = readFileSync(join(REPO_ROOT, 'data/marauders/demo.setup'), 'utf8');
const COMMANDS = readFileSync(join(REPO_ROOT, 'data/marauders/demo-commands.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));
const TURN_LINE = /^(P\d) to play: turn (\d+), (ATTACK|DEFEND) ([XY]), (\d+) moves? left; \1 swap <cell> <cell> \| \1 cast \| \1 pass$/;

function battle(view: Pick<RunContext, 'terminal'>) {
  const files = memFiles({ 'demo.setup': SETUP });
  const loaded = readAndLoad(engine, { args: ['demo.setup'], options: {}, files });
  if (!loaded.ok) throw new Error(loaded.stderr.join('\n'));
  return engine.start(loaded.setup, { rng: Prng.seeded(loaded.seed ?? 0), options: {}, files, ...view });
}

/** The last `TURN <t> P<n> <role> <axis>` line of the log so far, as the turn line would say it. */
function lastTurn(log: readonly string[]): string {
  const turn = [...log].reverse().find((l) => /^TURN \d+ P\d /.test(l))!;
  const [, t, p, role, axis] = /^TURN (\d+) (P\d) (ATTACK|DEFEND) ([XY])/.exec(turn)!;
  return `${p} ${t} ${role} ${axis}`;
}

describe('marauders: whose turn it is, at a terminal', () => {
  it('the opening and every command end with the turn line of the turn the log last opened; the log has none', () => {
    const term = battle({ terminal: true });
    const log = battle({});
    const logLines = [...log.opening()];
    const opening = term.opening();
    expect(opening.slice(0, -1)).toEqual(logLines);
    const check = (line: string | undefined) => {
      const m = TURN_LINE.exec(line ?? '');
      expect(m, line).not.toBeNull();
      expect(`${m![1]} ${m![2]} ${m![3]} ${m![4]}`).toBe(lastTurn(logLines));
    };
    check(opening.at(-1));
    for (const c of COMMANDS) {
      const a = log.feed(c);
      const b = term.feed(c);
      logLines.push(...a.lines);
      expect(a.lines.join('\n')).not.toContain(' to play: ');
      if (log.pending().kind === 'ended') {
        expect(b.lines).toEqual(a.lines);
        break;
      }
      expect(b.lines.slice(0, -1)).toEqual(a.lines);
      check(b.lines.at(-1));
    }
    expect(log.pending().kind).toBe('ended');
  });

  it('a rejected line changes nothing and shows the turn line again', () => {
    const term = battle({ terminal: true });
    const before = term.opening().at(-1)!;
    const fed = term.feed('P9 dance');
    expect(fed.ok).toBe(false);
    expect(fed.lines).toEqual([before]);
  });
});
