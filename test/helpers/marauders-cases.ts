/**
 * An in-process runner for marauders case folders (CONVENTIONS' case layout), used until the generic CLI's
 * case runner exists: parses args.txt (setup file, --seed, --echo-input/--no-echo-input), loads and runs the
 * engine in a scratch copy of the folder, and returns stdout, stderr and the exit code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diskFiles, inScratchCopy } from '../../src/core/files.js';
import { splitLines } from '../../src/core/lines.js';
import { Prng } from '../../src/core/prng.js';
import { MemorySink, runLines } from '../../src/core/session.js';
import engine from '../../src/rulesets/marauders/engine.js';
import { MARAUDERS_META } from '../../src/rulesets/marauders/meta.js';

export interface CaseRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exit: number;
}

/** Runs `marauders <args>` with `--input commands.txt` from inside (a copy of) the folder. */
export function runCaseFolder(folder: string): CaseRun | { skipped: string } {
  const args = readFileSync(join(folder, 'args.txt'), 'utf8').trim().split(/\s+/);
  if (args[0] !== 'marauders') return { skipped: `args.txt names '${args[0]}'` };
  const positional: string[] = [];
  let seed: number | undefined;
  let echo = true;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--seed') {
      const v = args[++i] ?? '';
      if (!/^\d+$/.test(v) || Number(v) > 4294967295) return { stdout: '', stderr: `marauders: bad --seed '${v}'\n`, exit: 2 };
      seed = Number(v);
    } else if (a === '--echo-input') echo = true;
    else if (a === '--no-echo-input') echo = false;
    else if (a.startsWith('--')) return { skipped: `option ${a}` };
    else positional.push(a);
  }
  return inScratchCopy(folder, (copy) => runIn(copy, positional, seed, echo));
}

export function runIn(dir: string, positional: string[], seed: number | undefined, echo: boolean, input = 'commands.txt'): CaseRun {
  const files = diskFiles(dir);
  const loaded = engine.load({ args: positional, options: {}, files });
  if (!loaded.ok) {
    return { stdout: joinLines(loaded.stdout), stderr: joinLines(loaded.stderr), exit: 2 };
  }
  const rng = Prng.seeded(seed ?? loaded.seed ?? 0);
  const battle = engine.start(loaded.setup, { rng, options: {}, files });
  const sink = new MemorySink();
  const text = existsSync(join(dir, input)) ? readFileSync(join(dir, input), 'utf8') : '';
  const exit = runLines(battle, splitLines(text), sink, {
    echo,
    source: input,
    ruleset: MARAUDERS_META.id,
    skipBlankAndComments: MARAUDERS_META.skipBlankAndComments,
    preamble: [rng.seedLine],
  });
  return { stdout: sink.text(), stderr: joinLines(sink.stderr), exit };
}

function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}
