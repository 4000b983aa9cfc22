/**
 * The whole program in-process: runArgv, what dist/cli.cjs runs, over an in-memory Io. Fast, and what
 * mutation testing can reach; helpers/cli.ts runs the built CLI as a child process instead.
 */
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { REPO_ROOT } from './shared.js';

/** One command line in `cwd` (the repository root by default): its exit code, stdout and stderr. */
export async function runInProcess(argv: readonly string[], cwd = REPO_ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIo(cwd);
  const code = await runArgv(argv, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}
