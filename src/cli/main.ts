/**
 * The whole CLI as one program: what `dist/cli.cjs` runs, from the code-cached bundle built from this file
 * (scripts/build/bundle.mjs) or from the modules themselves (src/entry/launch.cts says when).
 */
import { memoryIo, processIo } from './io.js';
import { runArgv } from './program.js';

// For the code-cache build (scripts/build/code-cache.mjs), which runs typical commands in-process.
export { memoryIo, runArgv };

/** Runs the process's command line; sets the exit code when it ends. */
export async function main(): Promise<void> {
  process.exitCode = await runArgv(process.argv.slice(2), processIo());
}
