/**
 * Marvel test helpers: play a script over in-memory sheets through the core's session driver (as the CLI
 * does), or drive a MarvelBattle step by step. Case folders run through the real CLI (marvel-cli.ts).
 */
import type { Files } from '../../src/core/files.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import { MarvelBattle } from '../../src/rulesets/marvel/battle.js';
import engine from '../../src/rulesets/marvel/engine.js';
import { MARVEL_META } from '../../src/rulesets/marvel/meta.js';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import { readAndLoad } from '../../src/core/run.js';

export interface CaseRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exit: number;
}

/** Loads the sheets through `files` and plays the lines through the core's session driver, as the CLI does. */
export function runScript(
  files: Files,
  sheets: readonly string[],
  lines: readonly string[],
  opts: { echo?: boolean; source?: string } = {},
): CaseRun {
  const loaded = readAndLoad(engine, { args: sheets, options: {}, files });
  if (!loaded.ok) return { stdout: joinLines(loaded.stdout), stderr: joinLines(loaded.stderr), exit: 2 };
  const battle = engine.start(loaded.setup, { rng: null, options: {}, files });
  const sink = new MemorySink();
  const exit = runLines(battle, lines, sink, {
    echo: opts.echo ?? true,
    source: opts.source ?? '<stdin>',
    ruleset: MARVEL_META.id,
    skipBlankAndComments: MARVEL_META.skipBlankAndComments,
  });
  return { stdout: sink.text(), stderr: joinLines(sink.stderr), exit };
}

/** In-memory files for tests. */
export function memFiles(entries: Record<string, string>): Files {
  return {
    base: '/mem',
    resolve: (p) => `/mem/${p}`,
    read: (p) => (Object.hasOwn(entries, p) ? { ok: true, value: entries[p]! } : { ok: false, reason: 'file not found' }),
    list: () => ({ ok: true, value: Object.keys(entries).sort() }),
    folders: () => ({ ok: true, value: [] }),
    kind: (p) => (Object.hasOwn(entries, p) ? 'file' : 'none'),
    write: () => ({ ok: false, reason: 'read-only' }),
    makeFolder: () => ({ ok: false, reason: 'read-only' }),
  };
}

function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

/** `arbiter marvel a.sheet ... < script`: stdout, stderr and the exit code. */
export function play(sheets: string | Record<string, string>, lines: readonly string[], source = '<stdin>'): CaseRun & { out: string[] } {
  const files = typeof sheets === 'string' ? { 'team.sheet': sheets } : sheets;
  const run = runScript(memFiles(files), Object.keys(files), lines, { source });
  return { ...run, out: run.stdout === '' ? [] : run.stdout.replace(/\n$/, '').split('\n') };
}

/** The lines a script prints after its echo of `from` (exclusive) up to the next INPUT (exclusive). */
export function after(out: readonly string[], input: string): string[] {
  const i = out.lastIndexOf(`INPUT: ${input}`);
  if (i < 0) throw new Error(`no INPUT: ${input}`);
  const rest = out.slice(i + 1);
  const j = rest.findIndex((l) => l.startsWith('INPUT: '));
  return j < 0 ? rest : rest.slice(0, j);
}

export function battleOf(sheet: string): MarvelBattle {
  const parsed = parseSheets([{ path: 'team.sheet', text: sheet }]);
  if (!parsed.ok) throw new Error(parsed.error);
  return new MarvelBattle(parsed.roster);
}

/** A character block with the four required stats and the given extra lines. */
export function char(id: string, extra: readonly string[] = [], stats = { VIT: 2000, PA: 6, REF: 3, VEL: 3 }): string {
  return [
    `character ${id}`,
    ...Object.entries(stats).map(([k, v]) => `  stat ${k} ${v}`),
    ...extra.map((l) => `  ${l}`),
    'end',
  ].join('\n');
}

/** The §14.1 sheet (cap-vs-skull.sheet). */
export const CAP_VS_SKULL = `character Cap
  stat VIT 2000
  stat PA 5
  stat REF 3
  stat VEL 4
  stat ARMA 400
  passive dmg +10%
  passive pdef 50/*
  skill Shield-Throw offensive cost=2 kinds=fis dmg=ARMA*2
  skill Shield-Block defence int cost=1 res=ARMA*1.5
  skill Side-Step evasion cost=1
end
character RedSkull
  stat VIT 1800
  stat PA 6
  stat REF 2
  stat VEL 3
  stat FUE 200
  stat EN 350
  passive red 20%/ene
  skill Cosmic-Blast offensive cost=3 kinds=ene+mis dmg=EN*2.5 pierce req-def=REF:4
  skill Barrier defence ext cost=2 res=EN*1.2
  skill Dust-Cut offensive cost=1 kinds=fis dmg=FUE*1 fx=dot:Veneno:FUE*0.5:2
end
`;
