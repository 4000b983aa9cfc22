#!/usr/bin/env node
/**
 * Arbiter's process entry (dist/entry/cli.cjs, which dist/cli.cjs, the package's bin, requires): the
 * code-cached bundle for the command line, or the modules (launch.cts says which, and why).
 */
import { writeSync } from 'node:fs';
import { launchPlan, loadBundle } from './launch.cjs';

const plan = launchPlan(process.argv.slice(2));
if (plan.notice !== null) writeSync(2, plan.notice + '\n');
const cli = plan.bundle === null ? import('../cli/main.js') : Promise.resolve(loadBundle(plan.bundle).cli);
void cli.then((loaded) => loaded.main());
