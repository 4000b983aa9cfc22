/**
 * The viewer's game (view-command.ts): a case, a log or an events file turned into the stream's documents
 * and the log, then into the page (src/view/stepper.ts) with the ruleset's drawings.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { CaseSpec } from '../core/case.js';
import { isBroken } from '../core/case.js';
import type { StateDocument } from '../core/event-stream.js';
import { ioReason, readTextFile, writeAtomically } from '../core/files.js';
import { splitLines } from '../core/lines.js';
import type { RulesetEngine, RulesetEntry, RulesetOptions, RulesetView } from '../core/ruleset.js';
import { viewerPage, type ViewerStep } from '../view/stepper.js';
import { streamCase } from './case-run.js';
import { gameArgs } from './games.js';
import { UsageError, type Io } from './io.js';
import { collectItems } from './verify.js';

export interface ViewFlags {
  out?: string;
  log?: string;
  seed?: number;
}

/** Writes the page of `game` to `flags.out`; returns the exit code. */
export async function writeViewer(entry: RulesetEntry, io: Io, game: string, setup: readonly string[], options: RulesetOptions, flags: ViewFlags & { out: string }): Promise<number> {
  const { meta } = entry;
  if (entry.view === undefined) throw new UsageError(`${meta.id} has no viewer`);
  const [engine, view] = await Promise.all([entry.engine(), entry.view()]);
  const { documents, log } = await gameOf(entry, engine, io, game, setup, options, flags);
  const html = viewerPage({ title: `${meta.id} · ${basename(game)}`, subtitle: meta.title, log, steps: stepsOf(meta.id, documents, view), css: view.css });
  const saved = writeAtomically(resolve(io.cwd, flags.out), html);
  if (!saved.ok) throw new UsageError(`--out ${flags.out}: cannot write the file (${saved.reason})`);
  return 0;
}

/** The events documents of the game and its log lines. */
async function gameOf(
  entry: RulesetEntry,
  engine: RulesetEngine,
  io: Io,
  game: string,
  setup: readonly string[],
  options: RulesetOptions,
  flags: ViewFlags,
): Promise<{ documents: readonly string[]; log: readonly string[] }> {
  const path = resolve(io.cwd, game);
  if (!existsSync(path)) throw new UsageError(`${game}: not found`);
  const isFile = statSync(path).isFile();
  const text = isFile ? readText(game, path) : null;
  if (text !== null && isEventsFile(text)) {
    const documents = splitLines(text).filter((l) => l.trim() !== '');
    if (flags.log !== undefined) return { documents, log: splitLines(readText(flags.log, resolve(io.cwd, flags.log))) };
    // Without the log, each line is shown by its number only: the stream holds states, not text.
    const last = documents.reduce((n, d) => Math.max(n, (JSON.parse(d) as { lines?: [number, number] | null }).lines?.[1] ?? 0), 0);
    return { documents, log: Array.from({ length: last }, (_, i) => `(line ${i + 1}: give --log for its text)`) };
  }
  if (flags.log !== undefined) throw new UsageError('--log goes with an --events file');
  let spec: CaseSpec;
  let items: ReturnType<typeof collectItems> = [];
  try {
    items = collectItems(entry, engine, [game], options, io.cwd);
  } catch (error) {
    if (!(error instanceof UsageError) || !isFile) throw error;
  }
  if (items.length > 1) throw new UsageError(`${game}: holds ${items.length} cases; view takes one`);
  const found = items[0]?.spec;
  if (found !== undefined) {
    if (isBroken(found)) throw new UsageError(found.broken);
    spec = found;
  } else spec = logCase(entry, game, path, text!, setup, options, flags.seed, io.cwd);
  const { run, documents } = await streamCase(entry, engine, spec);
  // No stream: nothing was played (the setup did not load, or the case's command line is a usage error).
  if (documents.length === 0) throw new UsageError(`${game}: the game does not play (exit ${run.exitCode}${run.stderrLines.length === 0 ? '' : `: ${run.stderrLines.join('; ')}`})`);
  return { documents, log: run.stdoutLines };
}

function readText(shown: string, path: string): string {
  try {
    return readTextFile(path);
  } catch (error) {
    throw new UsageError(`${shown}: cannot read the file (${ioReason(error)})`);
  }
}

/** An events file starts with the stream's header document. */
function isEventsFile(text: string): boolean {
  const first = text.slice(0, text.indexOf('\n') < 0 ? undefined : text.indexOf('\n'));
  try {
    const doc = JSON.parse(first) as { t?: unknown; v?: unknown };
    return doc.t === 'stream' && doc.v !== undefined;
  } catch {
    return false;
  }
}

/** A bare log as a transcript case: its INPUT lines replayed on the setup and options given (its SEED line's seed). */
function logCase(entry: RulesetEntry, game: string, path: string, text: string, setup: readonly string[], options: RulesetOptions, seed: number | undefined, cwd: string): CaseSpec {
  const logSeed = /^SEED xoroshiro128plus:(\d+)$/m.exec(text.slice(0, 200))?.[1];
  const given = seed ?? (logSeed === undefined ? undefined : Number(logSeed));
  const args = gameArgs({ meta: entry.meta, args: setup, options }, { seed: entry.meta.seeded ? given : undefined });
  return {
    path: game,
    folder: resolve(cwd),
    args,
    input: { kind: 'transcript' },
    expected: { stdout: { file: path } },
    compare: 'lines',
    external: { args, copy: false },
    recordTo: { stdout: resolve(dirname(path), `${basename(path)}.new`) },
  };
}

/** The stream's state documents as viewer steps (the header checked: this ruleset, version 1). */
export function stepsOf(id: string, documents: readonly string[], view: RulesetView): ViewerStep[] {
  const parsed = documents.map((d) => JSON.parse(d) as { t?: string; v?: number; ruleset?: string });
  const header = parsed[0];
  if (header?.t !== 'stream' || header.v !== 1) throw new UsageError('not an events stream of version 1 (its first line is not {"v":1,...,"t":"stream"})');
  if (header.ruleset !== id) throw new UsageError(`the events are of ${header.ruleset}, not ${id}`);
  return parsed
    .filter((d): d is StateDocument => d.t === 'state')
    .map((d) => ({
      lines: d.lines,
      input: d.input,
      ...(d.error === undefined ? {} : { error: d.error }),
      html: d.state === null ? '<p>No state: the battle broke here (the log says why).</p>' : view.render(d.state),
    }));
}
