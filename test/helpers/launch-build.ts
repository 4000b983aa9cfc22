/**
 * What the launch tests share (launch.test.ts, launch.stress.test.ts): copies of the built package to
 * change freely, the demos of every ruleset, and a runner of the built CLI without ARBITER_BUNDLE.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { RULESETS } from '../../src/rulesets/registry.js';
import { scratchDir } from './scratch.js';
import { REPO_ROOT } from './shared.js';

export const DIST = join(REPO_ROOT, 'dist');
const scratch = scratchDir('launch-build');

/** Each ruleset's first --help example (a demo game on data/), as arguments with absolute paths. */
export const demos = RULESETS.map(({ meta }) => {
  const words = meta.examples.play[0]!.split(' ');
  const at = words.indexOf('--input');
  return { id: meta.id, args: words.map((w) => (/^data\//.test(w) ? join(REPO_ROOT, w) : w)), input: at < 0 ? null : words[at + 1] };
});

/** The environment without the switch, whatever the developer's shell has set. */
export const ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'ARBITER_BUNDLE'));

export const run = (entry: string[], args: readonly string[], env: NodeJS.ProcessEnv = ENV) => spawnSync(process.execPath, [...entry, ...args], { cwd: REPO_ROOT, encoding: 'utf8', env });

/**
 * A copy of the built package in the scratch folder (dist with its files' times kept, package.json,
 * tsconfig.json and src/ when `withSource`), data and node_modules linked: a test may change it freely.
 */
let copies = 0;
export function copyOfBuild(withSource = false): string {
  const root = join(scratch, `build-${++copies}`);
  cpSync(DIST, join(root, 'dist'), { recursive: true, preserveTimestamps: true });
  for (const f of ['package.json', 'tsconfig.json']) copyFileSync(join(REPO_ROOT, f), join(root, f));
  if (withSource) cpSync(join(REPO_ROOT, 'src'), join(root, 'src'), { recursive: true, preserveTimestamps: true });
  symlinkSync(join(REPO_ROOT, 'data'), join(root, 'data'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

export const DESCRIPTION = 'Deterministic combat-rules engine: reads setup files and choices';
export const CHANGED = 'Changed after the bundle was built';
/** Help's text is wrapped to the terminal width: the description's words, on one line. */
export const helpText = (stdout: string) => stdout.replace(/\s+/g, ' ');

export const STALE_NOTICE = 'arbiter: the bundle is older than the compiled modules; running the modules (npm run build refreshes it)';
