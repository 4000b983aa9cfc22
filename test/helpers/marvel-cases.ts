/**
 * An in-process runner for marvel case folders (CONVENTIONS' case layout), used while the generic CLI does
 * not list marvel: parses args.txt (sheet files in order, --echo-input/--no-echo-input; --seed is a usage
 * error by D35), loads and runs the engine in a scratch copy of the folder, and returns stdout, stderr and
 * the exit code, exactly as `arbiter $(cat args.txt) --input commands.txt` would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diskFiles, inScratchCopy, type Files } from '../../src/core/files.js';
import { splitLines } from '../../src/core/lines.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import engine from '../../src/rulesets/marvel/engine.js';
import { MARVEL_META } from '../../src/rulesets/marvel/meta.js';

export interface CaseRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exit: number;
}

/** Runs `marvel <args>` with `--input commands.txt` from inside (a copy of) the folder. */
export function runCaseFolder(folder: string): CaseRun | { skipped: string } {
  const args = readFileSync(join(folder, 'args.txt'), 'utf8').trim().split(/\s+/);
  if (args[0] !== 'marvel') return { skipped: `args.txt names '${args[0]}'` };
  const positional: string[] = [];
  let echo = true;
  for (const a of args.slice(1)) {
    if (a === '--echo-input') echo = true;
    else if (a === '--no-echo-input') echo = false;
    else if (a.startsWith('--')) return { stdout: '', stderr: `marvel: unknown option '${a}'\n`, exit: 2 };
    else positional.push(a);
  }
  return inScratchCopy(folder, (copy) => {
    const text = existsSync(join(copy, 'commands.txt')) ? readFileSync(join(copy, 'commands.txt'), 'utf8') : '';
    return runScript(diskFiles(copy), positional, splitLines(text), { echo, source: 'commands.txt' });
  });
}

/** Loads the sheets through `files` and plays the lines, as the CLI does. */
export function runScript(
  files: Files,
  sheets: readonly string[],
  lines: readonly string[],
  opts: { echo?: boolean; source?: string } = {},
): CaseRun {
  const loaded = engine.load({ args: sheets, options: {}, files });
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
    write: () => ({ ok: false, reason: 'read-only' }),
  };
}

function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}
