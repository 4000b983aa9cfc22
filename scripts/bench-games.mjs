// Long valid games for the benchmark's scaling rows: every choice is drawn from the pending prompt's own
// options (so none is rejected), preferring those that keep a game going, until the log holds `target`
// lines or the game ends. The benchmark checks the resulting runs (no ERROR line but the final E_EOF).
import { diskFiles } from '../dist/core/files.js';
import { Prng } from '../dist/core/prng.js';
import { prepareRun } from '../dist/core/run.js';
import { RULESETS } from '../dist/rulesets/registry.js';

/**
 * @param {{ id: string, args: string[], cwd: string, target: number, prefer: RegExp, avoid?: RegExp, mix?: number, inject?: { line: string, every: number }, prelude?: string[], seed?: number }} request
 * `prelude`: lines fed first, each of which must be accepted (Marvel's `ref place` of every character).
 * `mix`: the percentage of choices drawn from all options (but the avoided ones) rather than the preferred ones.
 * `inject`: a line offered every `every` choices, kept where the battle accepts it (a referee's command that
 * the prompt does not list); a rejected offer changes nothing (a rejected line never does) and is dropped.
 * @returns {Promise<{ input: string[], lines: number, ended: boolean }>}
 */
export async function longGame({ id, args, cwd, target, prefer, avoid = /^$/, mix = 10, inject, prelude = [], seed = 1 }) {
  const entry = RULESETS.find((r) => r.meta.id === id);
  if (entry === undefined) throw new Error(`no ruleset ${id}`);
  const prepared = prepareRun(entry.meta, await entry.engine(), { args, options: {}, files: diskFiles(cwd) });
  if (!prepared.ok) throw new Error(`${id} ${args.join(' ')}: the setup does not load: ${prepared.stderr.join('; ')}`);
  const { battle, preamble } = prepared.run.begin();
  let lines = preamble.length + battle.opening().length;
  const rng = Prng.seeded(seed);
  const input = [];
  for (const line of prelude) {
    const fed = battle.feed(line);
    if (!fed.ok) throw new Error(`${id}: the prelude's '${line}' was rejected: ${fed.error.message}`);
    input.push(line);
    lines += 1 + fed.lines.length;
  }
  while (battle.pending().kind === 'awaiting' && lines < target) {
    if (inject !== undefined && input.length % inject.every === inject.every - 1) {
      const fed = battle.feed(inject.line);
      if (fed.ok) {
        input.push(inject.line);
        lines += 1 + fed.lines.length;
        continue;
      }
    }
    const pending = battle.pending();
    // Tagged choices (cancel, undo, surrender, quit) rewind or end a game: left out while there are others.
    const all = pending.choices().filter((c) => !avoid.test(c.line));
    const plain = all.filter((c) => c.tag === undefined).map((c) => c.line);
    const options = plain.length > 0 ? plain : all.map((c) => c.line);
    if (options.length === 0) break;
    const preferred = options.filter((o) => prefer.test(o));
    // Mostly the preferred choices, sometimes any, so the game is not one move repeated.
    const pool = preferred.length > 0 && rng.int(0, 99) >= mix ? preferred : options;
    const line = pool[rng.int(0, pool.length - 1)];
    const fed = battle.feed(line);
    if (!fed.ok) throw new Error(`${id}: the prompt's own choice '${line}' was rejected: ${fed.error.message}`);
    input.push(line);
    lines += 1 + fed.lines.length;
  }
  return { input, lines, ended: battle.pending().kind === 'ended' };
}
