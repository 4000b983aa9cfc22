#!/usr/bin/env node
/** Arbiter's process entry: the code-cached CLI bundle (launch.ts), or the modules where none was built. */
import { codeCacheFor, hasBundle, loadBundle } from './launch.js';

const cli = hasBundle() ? loadBundle(codeCacheFor(process.argv.slice(2))).cli : await import('./cli/main.js');
await cli.main();
