/**
 * Running the compiled CLI (dist/cli.cjs) as a child process, the way a user or a grader does. stdin is
 * always a pipe (never a terminal), so echo defaults to on. in-process.ts runs the same program in-process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLI, REPO_ROOT } from './shared.js';

/**
 * True under mutation testing (vitest.mutate.config.ts sets ARBITER_MUTATING): the tests that run the
 * built CLI, or other programs through --exec, skip themselves there with `describe.skipIf(MUTATING)`.
 * dist/cli.cjs never holds a mutant, and each such test takes seconds, which made the run last hours.
 */
export const MUTATING = process.env['ARBITER_MUTATING'] === '1';

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  /** Text piped to stdin (default: empty, so stdin ends at once). */
  readonly stdin?: string;
  /** Working directory (default: the repository root). */
  readonly cwd?: string;
}

function requireBuild(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} not found: run \`npm run build\` before the CLI tests`);
}

function runSync(command: string, args: readonly string[], options: CliOptions): CliResult {
  requireBuild();
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    input: options.stdin ?? '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function runCli(args: readonly string[], options: CliOptions = {}): CliResult {
  return runSync(process.execPath, [CLI, ...args], options);
}

/** `runCli` without blocking, so independent runs can overlap (`describe.concurrent`). */
export function runCliAsync(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  requireBuild();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill(), 30_000);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    // The child may exit before reading all of stdin (the game ended); that is not an error here.
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin ?? '');
  });
}

/** Runs a shell command line with bash (for pipelines such as `| head -1`). */
export function runShell(command: string, options: CliOptions = {}): CliResult {
  return runSync('bash', ['-c', command], options);
}

/** Choice lines as a piped stdin text: one per line, each ended by `\n`. */
export function choices(lines: readonly string[], eol = '\n'): string {
  return lines.map((line) => line + eol).join('');
}

/** The lines of a log or transcript; a final newline does not add an empty line. */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The `INPUT:` values of a transcript, as echoed (trailing spaces kept). */
export function inputsOf(transcript: string): string[] {
  return linesOf(transcript)
    .filter((line) => line.startsWith('INPUT: '))
    .map((line) => line.slice('INPUT: '.length));
}

/** True when the text looks like a JavaScript stack trace. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at /m.test(text);
}
