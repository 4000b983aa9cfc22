/**
 * SMT's state in the events stream (docs/events.md), step by step over random games: each step's hits are
 * its log's attack lines (attacker, target, element by the verb, affinity by the line after it), each hit's
 * turn class follows its affinity (rules document 4.2), and the last action's cost is its step's
 * "Se han consumido / Se han obtenido" lines, with a turn class that gives that cost (press-turn.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawGame } from '../../src/cli/games.js';
import { diskFiles } from '../../src/core/files.js';
import { Prng } from '../../src/core/prng.js';
import { runInMemory } from '../../src/core/run.js';
import { rulesetById } from '../../src/rulesets/registry.js';
import type { SmtViewState } from '../../src/rulesets/smt/view-state.js';
import { linesOf, stateDocs, type Doc } from '../helpers/events.js';
import { REPO_ROOT } from '../helpers/shared.js';

const VERBS: Readonly<Record<string, string>> = {
  'ataca a': 'Phys', 'dispara a': 'Gun', 'lanza fuego a': 'Fire', 'lanza hielo a': 'Ice', 'lanza electricidad a': 'Elec',
  'lanza viento a': 'Force', 'lanza un ataque todo poderoso a': 'Almighty', 'ataca con luz a': 'Light', 'ataca con oscuridad a': 'Dark',
};
const CLASS: Readonly<Record<string, string>> = { neutral: 'simple', resist: 'simple', weak: 'weak', miss: 'miss', block: 'null', repel: 'all', absorb: 'all' };

describe('smt: each step\'s hits and turns are its log lines', () => {
  it('over random games', async () => {
    const entry = rulesetById('smt')!;
    const engine = await entry.engine();
    let hits = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 0x7fffffff }), async (seed) => {
        const setup = { meta: entry.meta, engine, args: [], options: { teams: 'data/smt/teams' }, cwd: REPO_ROOT };
        const game = drawGame(setup, Prng.seeded(seed), 300);
        const documents: string[] = [];
        const run = runInMemory(entry.meta, engine, { args: [], options: setup.options, files: diskFiles(REPO_ROOT), lines: game.lines, onDocument: (d) => void documents.push(d) });
        // `hits` and `turns` are the last fed line's: the steps of input lines (E_EOF's repeats the last one's).
        for (const doc of stateDocs<SmtViewState>(documents.map((d) => JSON.parse(d) as Doc)).filter((d) => d.at === 'input')) {
          const text = linesOf(run.stdout, doc.lines);
          const s = doc.state!;
          const strikes = text.flatMap((l, i) => {
            for (const [verb, element] of Object.entries(VERBS)) {
              const m = new RegExp(`^(.+) ${verb} (.+)$`).exec(l);
              if (m !== null && s.teams?.some((t) => [...t.board, ...t.reserve].some((u) => u?.name === m[1]))) return [{ attacker: m[1], target: m[2], element, next: text[i + 1] ?? '' }];
            }
            return [];
          });
          expect(s.hits.map((h) => [h.attacker, h.target, h.element])).toEqual(strikes.map((x) => [x.attacker, x.target, x.element]));
          s.hits.forEach((h, k) => {
            hits++;
            const next = strikes[k]!.next;
            const said = next.includes(' es débil ') ? 'weak' : next.includes(' es resistente ') ? 'resist' : next.includes(' bloquea ') ? 'block' : next.includes(' devuelve ') ? 'repel' : next.includes(' absorbe ') ? 'absorb' : next.endsWith(' ha fallado el ataque') ? 'miss' : 'neutral';
            expect(h.affinity).toBe(said);
            expect(h.turnClass).toBe(CLASS[h.affinity]);
          });
          const used = text.map((l) => /^Se han consumido (\d+) Full Turn\(s\) y (\d+) Blinking Turn\(s\)$/.exec(l)).filter((m) => m !== null);
          const gained = text.map((l) => /^Se han obtenido (\d+) Blinking Turn\(s\)$/.exec(l)).filter((m) => m !== null);
          const last = used[used.length - 1];
          expect(s.turns === null ? null : [s.turns.full, s.turns.blinking, s.turns.gained]).toEqual(last === undefined ? null : [Number(last[1]), Number(last[2]), Number(gained[gained.length - 1]![1])]);
          // The class of an action with hits is the strongest of theirs (all > null > miss > weak > simple).
          if (s.turns !== null && s.hits.length > 0 && used.length === 1) {
            const order = ['simple', 'weak', 'miss', 'null', 'all'];
            const strongest = s.hits.map((h) => h.turnClass).reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a));
            expect(s.turns.turnClass).toBe(strongest);
          }
        }
      }),
      { numRuns: 40 },
    );
    expect(hits).toBeGreaterThan(20);
  });
});
