/**
 * Marauders test helpers: run a match from setup text and choice lines in memory (no disk), with the core's
 * session driver, exactly as the CLI would (SEED preamble, echo, skipped comment lines, E_EOF).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Files } from '../../src/core/files.js';
import { Prng } from '../../src/core/prng.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import { MaraudersBattle } from '../../src/rulesets/marauders/battle.js';
import engine from '../../src/rulesets/marauders/engine.js';
import { parseSetup } from '../../src/rulesets/marauders/parse-setup.js';
import { readAndLoad } from '../../src/core/run.js';
import type { Board } from '../../src/rulesets/marauders/board.js';
import type { El, Mark } from '../../src/rulesets/marauders/model.js';

export function memFiles(entries: Record<string, string>): Files {
  return {
    base: '/mem',
    resolve: (p) => `/mem/${p}`,
    read: (p) => (p in entries ? { ok: true, value: entries[p]! } : { ok: false, reason: 'file not found' }),
    list: () => ({ ok: true, value: Object.keys(entries).sort() }),
    folders: () => ({ ok: true, value: [] }),
    kind: (p) => (Object.hasOwn(entries, p) ? 'file' : 'none'),
    write: () => ({ ok: false, reason: 'read-only' }),
    makeFolder: () => ({ ok: false, reason: 'read-only' }),
  };
}

export interface MatchRun {
  readonly stdout: string;
  readonly lines: string[];
  readonly stderr: string[];
  readonly exit: number;
}

/** `arbiter marauders game.setup [--seed N] < commands`. */
export function runMatch(setup: string, commands: readonly string[], opts: { seed?: number; echo?: boolean; source?: string } = {}): MatchRun {
  const files = memFiles({ 'game.setup': setup });
  const loaded = readAndLoad(engine, { args: ['game.setup'], options: {}, files });
  if (!loaded.ok) return { stdout: '', lines: [], stderr: [...loaded.stderr], exit: 2 };
  const rng = Prng.seeded(opts.seed ?? loaded.seed ?? 0);
  const battle = engine.start(loaded.setup, { rng, options: {}, files });
  const sink = new MemorySink();
  const exit = runLines(battle, commands, sink, {
    echo: opts.echo ?? true,
    source: opts.source ?? '<stdin>',
    ruleset: 'marauders',
    skipBlankAndComments: true,
    preamble: [rng.seedLine],
  });
  return { stdout: sink.text(), lines: [...sink.stdout], stderr: [...sink.stderr], exit };
}

/** A battle object for step-by-step tests. */
export function startBattle(setup: string, seed?: number): MaraudersBattle {
  const parsed = parseSetup(setup, 'game.setup');
  if (!parsed.ok) throw new Error(parsed.error);
  return MaraudersBattle.start(parsed.doc, Prng.seeded(seed ?? parsed.doc.seed ?? 0));
}

/** The lines between the first line starting with `from` and the next line starting with `to` (exclusive). */
export function section(lines: readonly string[], from: string, to: string): string[] {
  const i = lines.findIndex((l) => l.startsWith(from));
  if (i < 0) return [];
  const j = lines.findIndex((l, k) => k > i && l.startsWith(to));
  return lines.slice(i, j < 0 ? undefined : j);
}

/** The rank-1 5x5 board with no line used by many tests (the corpus's cli-choice-errors board). */
export const BOARD5 = ['FWWGW', 'FWPFP', 'GSSWP', 'WSFFS', 'SPWPW'];

/**
 * Random valid setup files for the properties: any mode, a tier from `tiers`, every v1 option combination
 * (1D never static), a seed, a turn limit of 4..`maxLimit`, sometimes starting forces.
 */
/** non-matching choices for random setups: rank-1 element spells and the seven exclusive ones. */
const SPELL_CHOICES = ['S', 'F', 'G', 'W', 'P', 'free-swap', 'power-up', 'power-down', 'aligner', 'disperser', 'burglary', 'merger'] as const;

export function setupArbitrary(tiers: readonly string[], maxLimit: number, v2 = false): fc.Arbitrary<string> {
  return fc
    .record({
      mode: fc.constantFrom('2d', '2d', '1d'),
      tier: fc.constantFrom(...tiers),
      order: fc.constantFrom('', 'static', 'reverse'),
      hp: fc.constantFrom('', 'extended', 'long'),
      chain: fc.boolean(),
      gravity: fc.constantFrom('', 'gravity-in', 'gravity-out', 'gravity-fixed'),
      seed: fc.nat(),
      limit: fc.integer({ min: 4, max: maxLimit }),
      force: fc.option(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }))),
      // version 2 options (only when asked for): a line shape, single, pre-match, force-matchable, non-matching
      shape: fc.constantFrom('', 'adjacent', 'diagonal', 'adjacent,diagonal'),
      play: fc.constantFrom('', 'single', 'non-matching'),
      preMatch: fc.boolean(),
      forceMatchable: fc.boolean(),
      spells: fc.tuple(fc.constantFrom(...SPELL_CHOICES), fc.constantFrom(...SPELL_CHOICES)),
    })
    .map((s) => {
      const single = v2 && s.play === 'single';
      const order = (s.mode === '1d' && s.order === 'static') || single ? '' : s.order;
      const extra = v2 ? [s.shape, s.play, s.preMatch ? 'pre-match' : '', s.forceMatchable ? 'force-matchable' : ''] : [];
      const options = [order, s.hp, s.chain ? 'block-chain' : '', s.gravity, ...extra].filter((o) => o !== '');
      // a spell letter must be in play: every tier plays S, F, G, W and P except drawn ones, so those use exclusive spells
      const fixedTier = s.tier.startsWith('rank');
      const spell = (c: string) => (fixedTier || c.length > 1 ? c : 'free-swap');
      return [
        `mode ${s.mode}`,
        `tier ${s.tier}`,
        `options ${options.length === 0 ? 'none' : options.join(',')}`,
        `seed ${s.seed}`,
        `turn-limit ${s.limit}`,
        ...(s.force === null ? [] : [`force ${s.force[0]} ${s.force[1]}`]),
        ...(v2 && s.play === 'non-matching' ? [`spell P1 ${spell(s.spells[0])}`, `spell P2 ${spell(s.spells[1])}`] : []),
      ].join('\n') + '\n';
    });
}

/** The elements random boards are drawn over. */
export const BOARD_LETTERS: readonly El[] = ['S', 'F', 'G', 'W', 'I'];

/** Random boards of side 3 to `maxSide` over 2-5 elements (few elements make many runs), about one block in eight warped. */
export function randomBoardArb(maxSide: number): fc.Arbitrary<Board> {
  return fc.integer({ min: 3, max: maxSide }).chain((n) =>
    fc
      .tuple(
        fc.integer({ min: 2, max: BOARD_LETTERS.length }),
        fc.array(fc.nat(BOARD_LETTERS.length - 1), { minLength: n * n, maxLength: n * n }),
        fc.array(fc.nat(7), { minLength: n * n, maxLength: n * n }),
      )
      .map(([k, codes, warps]): Board => ({
        n,
        el: codes.map((code) => BOARD_LETTERS[code % k]!),
        mark: warps.map((w): Mark | null => (w === 0 ? { kind: 'warp' } : null)),
      })),
  );
}

/** Each of `wanted` (a line, or a pattern) appears in `lines`, in this order. */
export function inOrder(lines: readonly string[], wanted: readonly (string | RegExp)[]): void {
  let at = 0;
  for (const w of wanted) {
    const i = lines.findIndex((l, k) => k >= at && (typeof w === 'string' ? l === w : w.test(l)));
    expect(i, `missing ${String(w)} in\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
    at = i + 1;
  }
}
