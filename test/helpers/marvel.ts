/**
 * Marvel test helpers: play a script over in-memory sheets through the core's session driver (as the CLI
 * does), or drive a MarvelBattle step by step.
 */
import { MarvelBattle } from '../../src/rulesets/marvel/battle.js';
import { parseSheets } from '../../src/rulesets/marvel/sheet.js';
import { type CaseRun, memFiles, runScript } from './marvel-cases.js';

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
