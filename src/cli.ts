#!/usr/bin/env node
/** Arbiter's process entry: the code-cached CLI bundle (launch.ts), or the modules where none was built. */
import { hasBundle, loadBundle } from './launch.js';

const cli = hasBundle() ? loadBundle().cli : await import('./cli/main.js');
await cli.main();
