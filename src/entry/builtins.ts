/**
 * Node built-ins that only some commands use, loaded at their first use (docs/startup.md). Not with
 * import(): the CLI runs as a bundle through node:vm (launch.cts), where a dynamic import has no loader
 * and fails.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** verify --exec and fuzz start programs. */
export const childProcess = (): typeof import('node:child_process') => load('node:child_process');

/** A game typed on a terminal: the line editor. */
export const readline = (): typeof import('node:readline') => load('node:readline');

/** verify --jobs above 1. */
export const workerThreads = (): typeof import('node:worker_threads') => load('node:worker_threads');

/** Whether standard input is a terminal (node:tty loads node:net). */
export const tty = (): typeof import('node:tty') => load('node:tty');

/** verify's and fuzz's defaults: the CPUs, the scratch folder. */
export const os = (): typeof import('node:os') => load('node:os');
