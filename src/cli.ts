#!/usr/bin/env node
/** Arbiter's process entry: the command line of `src/cli/program.ts` on the real process streams. */
import { processIo } from './cli/io.js';
import { handleStreamErrors } from './cli/output.js';
import { runArgv } from './cli/program.js';

handleStreamErrors();
process.exitCode = await runArgv(process.argv.slice(2), processIo());
