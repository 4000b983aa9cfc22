/**
 * `verify --exec "<command>"`: the cases run through another program (a student's implementation, a
 * port) instead of Arbiter's engine. Each case starts `<command> <case arguments>` through the shell in its
 * own process group, writes the case's input to stdin, and compares what comes back exactly as verify
 * compares Arbiter's own output. A hung program is killed with its group and reported as a timeout; a
 * crash is reported with its exit code and the last lines of its stderr; a flood of output is cut.
 */
import { quote } from 'shell-quote';
import { makeScratchCopy, removeScratchCopy } from '../core/files.js';
import { childProcess } from '../entry/builtins.js';
import type { CaseSpec } from '../core/case.js';
import { expectedLines } from '../core/compare.js';
import type { CaseOutcome } from '../core/ruleset.js';
import { INPUT_PREFIX, transcriptInputs } from '../core/transcript.js';
import { exactLines } from './cases.js';
import { MAX_DIAGNOSTIC, safeDiagnostic, splitLines } from '../core/lines.js';
import { msSince, nowMs } from './clock.js';

export interface ExecOptions {
  /** A shell command line; the case's arguments are appended, quoted. */
  readonly command: string;
  readonly timeoutMs: number;
  /** Drop `INPUT:` lines from both sides (for programs that do not echo their input). */
  readonly stripInputs: boolean;
  /** Bytes of stdout (and of stderr) kept per case; a program that writes more is killed. */
  readonly maxOutput: number;
}

export interface ExternalRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly flooded: boolean;
}

/** Runs the program on one case. Never throws for anything the program does. */
export function runExternal(spec: CaseSpec, options: ExecOptions): Promise<ExternalRun> {
  // Loaded at first use: verify loads this module, and most runs of it never start a program.
  const { spawn } = childProcess();
  const external = spec.external;
  const stdin = external.stdin ?? choicesOf(spec);
  const folder = external.copy ? makeScratchCopy(spec.folder) : spec.folder;
  const line = external.args.length === 0 ? options.command : `${options.command} ${quote([...external.args])}`;
  return new Promise<ExternalRun>((resolve) => {
    const child = spawn(line, { shell: true, cwd: folder, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let timedOut = false;
    let flooded = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const keep = (chunks: Buffer[], chunk: Buffer, size: number): number => {
      if (size + chunk.length > options.maxOutput) {
        chunks.push(chunk.subarray(0, Math.max(0, options.maxOutput - size)));
        flooded = true;
        killGroup();
        return options.maxOutput;
      }
      chunks.push(chunk);
      return size + chunk.length;
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (!flooded) outBytes = keep(out, chunk, outBytes);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (!flooded) errBytes = keep(err, chunk, errBytes);
    });
    // A program that exits early or never reads its input closes the pipe: not an error here.
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
    child.on('error', () => {
      // Spawning the shell itself failed; 'close' follows with no exit code.
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      if (external.copy) removeScratchCopy(folder);
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        exitCode,
        signal,
        timedOut,
        flooded,
      });
    });
  });
}

/** The program's failure to run to an end, as one line; null when it ran and exited normally. */
export function processProblem(run: ExternalRun, options: ExecOptions, expectedExit: number | undefined): string | null {
  if (run.timedOut) return `timeout: still running after ${options.timeoutMs / 1000} s; killed with its process group`;
  if (run.flooded) return `output over ${options.maxOutput} bytes; killed (first bytes kept for the report)`;
  const crashed = run.signal !== null || (run.exitCode !== null && run.exitCode > 3 && run.exitCode !== expectedExit);
  if (!crashed) return null;
  const how = run.signal !== null ? `killed by ${run.signal}` : run.exitCode === 127 ? 'exit 127 (command not found?)' : `exit ${run.exitCode}`;
  const tail = stderrTail(run);
  return `crashed: ${how}${tail === null ? '' : `; ${tail}`}`;
}

/**
 * What the program said about itself, for the report of a case it failed: its exit code where it is not
 * the one the case fixes (where it fixes none, as a course transcript, any code but 0, with no claim of what
 * was expected: a game may end on E_EOF) and the end of its stderr.
 * An uncaught exception ends a Node, Python or Java program with exit 1, which is no crash by its code
 * alone: without this the report showed only the stdout that stopped short. Null when there is nothing to tell.
 */
export function programNote(run: ExternalRun, expectedExit: number | undefined): string | null {
  const parts: string[] = [];
  if (run.exitCode !== null && run.exitCode !== (expectedExit ?? 0)) parts.push(expectedExit === undefined ? `exit ${run.exitCode}` : `exit ${run.exitCode} (expected ${expectedExit})`);
  const tail = stderrTail(run);
  if (tail !== null) parts.push(tail);
  return parts.length === 0 ? null : parts.join('; ');
}

/** Characters kept of each stderr line quoted: three of them and the exit code fit in one diagnostic line. */
const TAIL_LINE = Math.floor(MAX_DIAGNOSTIC / 5);

/** The last lines of the program's stderr, each escaped and cut as a diagnostic is: they came from an untrusted program. */
function stderrTail(run: ExternalRun): string | null {
  const tail = splitLines(run.stderr)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .slice(-3)
    .map((l) => (l.length > TAIL_LINE ? `${safeDiagnostic(l.slice(0, TAIL_LINE))}... (${l.length - TAIL_LINE} more characters)` : safeDiagnostic(l)));
  return tail.length === 0 ? null : `stderr ends: ${tail.join(' | ')}`;
}

/** An outcome of another program: what verify compares, and what the program said about itself (programNote). */
export type ExternalOutcome = CaseOutcome & { readonly program?: string };

/** What the program printed beside what the case expects, as verify compares it. */
export function externalOutcome(spec: CaseSpec, run: ExternalRun, options: ExecOptions): ExternalOutcome {
  const lines = (text: string) => (spec.compare === 'exact' ? exactLines(text) : splitLines(text));
  const strip = (ls: readonly string[]) => (options.stripInputs ? ls.filter((l) => !l.startsWith(INPUT_PREFIX)) : ls);
  const { expected } = spec;
  const stdout = 'text' in expected.stdout ? lines(expected.stdout.text) : [...expectedLines(expected.stdout)];
  const program = programNote(run, expected.exit);
  const note = program === null ? {} : { program };
  return {
    stdout: { expected: strip(stdout), actual: strip(lines(run.stdout)) },
    ...(expected.stderr === undefined ? {} : { stderr: { expected: lines(expected.stderr), actual: lines(run.stderr) } }),
    ...(expected.exit === undefined ? {} : { exit: { expected: expected.exit, actual: run.exitCode ?? -1 } }),
    ...note,
  };
}

/** A case's choices as a program reads them on stdin: a line each. */
function choicesOf(spec: CaseSpec): string {
  const { input } = spec;
  if (input.kind === 'lines') return input.lines.map((l) => `${l}\n`).join('');
  if (input.kind === 'args') return '';
  return transcriptInputs(expectedLines(spec.expected.stdout))
    .map((l) => `${l}\n`)
    .join('');
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = nowMs();
  const value = await work();
  return { value, ms: msSince(started) };
}
