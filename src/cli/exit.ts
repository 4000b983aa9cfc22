/**
 * What a failed command prints and the exit code it ends with (CONVENTIONS, exit codes): one place, used by
 * the program (runArgv) and by the case runner, which parses a case's command line without the program.
 */
import { CommanderError } from 'commander';
import { SetupError } from '../core/battle.js';
import { EXIT_INTERNAL, EXIT_SETUP } from '../core/session.js';
import { OutputError, UsageError, type Io } from './io.js';

export function exitCodeFor(error: unknown, io: Io): number {
  if (error instanceof CommanderError) {
    // --help and --version exit 0; every parse failure is a usage error (commander already printed it).
    return error.exitCode === 0 ? 0 : EXIT_SETUP;
  }
  if (error instanceof SetupError) {
    io.err(`${error.message}\n`);
    return EXIT_SETUP;
  }
  if (error instanceof OutputError) {
    if (/\(broken pipe\)|EPIPE/.test(error.message)) return outcomeOfClosedPipe();
    try {
      io.err(`arbiter: ${error.message}\n`);
    } catch {
      // stderr is gone too: the exit code is all that is left.
    }
    return EXIT_SETUP;
  }
  if (error instanceof UsageError) {
    io.err(`error: ${error.message}\n`);
    return EXIT_SETUP;
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  io.err(`internal error: arbiter: ${detail}\n`);
  return EXIT_INTERNAL;
}

/** A reader that went away (`| head -1`) is not an error: the run ends quietly with the code it had. */
function outcomeOfClosedPipe(): number {
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}

/** commander's parse errors and help go to the Io, and throw instead of exiting the process. */
export function routeToIo(cmd: import('commander').Command, io: Io): void {
  cmd.exitOverride().configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  for (const sub of cmd.commands) routeToIo(sub, io);
}
