/**
 * launch.test.ts's slowest check, in npm run test:stress: tsc itself run again after a build (about 12 s),
 * so the bundle is older than the modules it was built from: the modules run, with one line on stderr.
 * launch.test.ts keeps the same check with the build info rewritten by hand.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGED, copyOfBuild, demos, DESCRIPTION, ENV, helpText, run, STALE_NOTICE } from '../helpers/launch-build.js';
import { CLI, REPO_ROOT } from '../helpers/shared.js';

describe('a bundle older than the modules is not run', () => {
  it('tsc run again after the build (a changed description): the modules run, one line on stderr says so', () => {
    const root = copyOfBuild(true);
    const program = join(root, 'src', 'cli', 'program.ts');
    const text = readFileSync(program, 'utf8');
    expect(text).toContain(DESCRIPTION);
    writeFileSync(program, text.replace(DESCRIPTION, CHANGED));
    const before = run([join(root, 'dist', 'cli.cjs')], ['--help']);
    expect(helpText(before.stdout)).toContain(DESCRIPTION);
    expect(before.stderr).toBe('');
    // tsc alone, as `tsc -w` or an editor's build would run it.
    const tsc = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    const after = run([join(root, 'dist', 'cli.cjs')], ['--help']);
    expect(helpText(after.stdout)).toContain(CHANGED);
    expect(after.stderr).toBe(`${STALE_NOTICE}\n`);
    expect(after.status).toBe(0);
    // A ruleset's bundle is as old as the common one.
    const game = run([join(root, 'dist', 'cli.cjs')], demos[0]!.args);
    expect(game.stderr).toBe(`${STALE_NOTICE}\n`);
    expect(game.stdout).toBe(run([CLI], demos[0]!.args).stdout);
    // The switch runs the same modules without the notice.
    const forced = run([join(root, 'dist', 'cli.cjs')], ['--help'], { ...ENV, ARBITER_BUNDLE: '0' });
    expect(helpText(forced.stdout)).toContain(CHANGED);
    expect(forced.stderr).toBe('');
  }, 240_000);

});
