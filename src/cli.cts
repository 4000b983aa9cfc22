#!/usr/bin/env node
/** Arbiter's process entry: the code-cached bundle for the command line (launch.cts), or the modules where none was built. */
import { bundleFor, loadBundle } from './launch.cjs';

const bundle = bundleFor(process.argv.slice(2));
const cli = bundle === null ? import('./cli/main.js') : Promise.resolve(loadBundle(bundle).cli);
void cli.then((loaded) => loaded.main());
