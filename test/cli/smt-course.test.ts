/**
 * The course transcripts through the compiled CLI, the three ways the SMT guide gives
 * (src/rulesets/smt/README.md "Course suites"): piping the INPUT values, batch mode, and `verify` (also on
 * a corrupted copy). Needs ../shared/smt/course.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choices, hasStackTrace, inputsOf, linesOf, runCli, runCliAsync } from '../helpers/cli.js';
import { COURSE, HAS_COURSE, announceMissingCourse } from '../helpers/shared.js';

announceMissingCourse();

const E1 = 'E1-BasicCombat';

describe.skipIf(!HAS_COURSE).concurrent('course transcripts through the CLI (../shared/smt/course)', () => {
  let tmp: string;

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'arbiter-cli-course-'));
  });

  afterAll(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  const transcript = (suite: string, file: string) => readFileSync(join(COURSE, `${suite}-Tests`, file), 'utf8');

  it.each([
    [E1, '001.txt'],
    ['E2-HealAndSabbatma', '002.txt'],
  ])('piping the INPUT values of %s-Tests/%s reproduces it line for line', async (suite, file) => {
    const expected = transcript(suite, file);
    const run = await runCliAsync(['smt', '--teams', join(COURSE, suite), '--data', COURSE], { stdin: choices(inputsOf(expected)) });
    expect(linesOf(run.stdout)).toEqual(linesOf(expected));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it(`batch mode over the whole ${E1} suite reproduces every transcript`, async () => {
    const dir = join(tmp, 'batch');
    mkdirSync(dir);
    const files = readdirSync(join(COURSE, `${E1}-Tests`)).filter((f) => f.endsWith('.txt')).sort();
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) writeFileSync(join(dir, f), choices(inputsOf(transcript(E1, f))));
    const run = await runCliAsync(['smt', '--teams', join(COURSE, E1), '--data', COURSE, ...files.flatMap((f) => ['--input', f]), '--out-dir', 'out'], { cwd: dir });
    expect(linesOf(run.stderr)).toEqual([`smt: ${files.length} battle(s) written to out; all succeeded`]);
    expect(run.status).toBe(0);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(files);
    for (const f of files) {
      expect(linesOf(readFileSync(join(dir, 'out', f), 'utf8')), f).toEqual(linesOf(transcript(E1, f)));
    }
  });

  it(`verify ${E1}-Tests exits 0 and prints 11/11 identical`, async () => {
    const run = await runCliAsync(['smt', 'verify', join(COURSE, `${E1}-Tests`), '--data', COURSE]);
    expect(hasStackTrace(run.stderr)).toBe(false);
    expect(run.stdout).not.toContain('FAIL');
    expect(linesOf(run.stdout).pop()).toBe('11/11 identical');
    expect(run.status).toBe(0);
  });

  it('verify of a corrupted copy exits 1 and names the first differing line', async () => {
    // Copy the team folder and two transcripts; change one menu line of 001.txt.
    const root = join(tmp, 'corrupted');
    cpSync(join(COURSE, E1), join(root, E1), { recursive: true });
    mkdirSync(join(root, `${E1}-Tests`));
    for (const f of ['001.txt', '002.txt']) writeFileSync(join(root, `${E1}-Tests`, f), transcript(E1, f));
    const lines = linesOf(transcript(E1, '001.txt'));
    const index = lines.indexOf('6: Rendirse');
    expect(index).toBeGreaterThan(0);
    lines[index] = '6: Rendirse!!';
    const corrupted = join(root, `${E1}-Tests`, '001.txt');
    writeFileSync(corrupted, lines.join('\n') + '\n');

    const run = await runCliAsync(['smt', 'verify', join(root, `${E1}-Tests`), '--data', COURSE]);
    const fails = linesOf(run.stdout).filter((l) => l.startsWith('FAIL '));
    expect(fails).toEqual([`FAIL ${corrupted} [stdout L${index + 1}] expected: 6: Rendirse!! / actual: 6: Rendirse`]);
    expect(linesOf(run.stdout).pop()).toBe('1/2 identical');
    expect(run.status).toBe(1);
  });
});

if (!HAS_COURSE) it.skip('CLI course tests skipped: ../shared/smt/course is not beside the checkout', () => {});

describe.skipIf(!HAS_COURSE)('the catalogue beside the team folder is the default (course layout)', () => {
  it('verify of a course suite without --data uses ../shared/smt/course/*.json and passes', () => {
    const run = runCli(['smt', 'verify', join(COURSE, 'E1-BasicCombat-Tests'), '--jobs', '1']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^11\/11 identical$/m);
  });

  it('playing a course team folder without --data reproduces its transcript', () => {
    const transcript = readFileSync(join(COURSE, 'E2-HealAndSabbatma-Tests', '001.txt'), 'utf8');
    const run = runCli(['smt', '--teams', join(COURSE, 'E2-HealAndSabbatma')], { stdin: choices(inputsOf(transcript)) });
    expect(run.status).toBe(0);
    expect(linesOf(run.stdout)).toEqual(linesOf(transcript));
  });
});
