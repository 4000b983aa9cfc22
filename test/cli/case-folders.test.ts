/**
 * Where a case folder runs (CONVENTIONS "Cases, verify and record"): in place, with what its ruleset saves
 * kept in memory (overlayFiles), so the corpus never changes; a case whose arguments write output of play's
 * own (--out-dir, --events) runs from a scratch copy that is removed afterwards.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import type { Files } from '../../src/core/files.js';
import type { RulesetEngine, RulesetEntry } from '../../src/core/ruleset.js';
import { CLAIRVOYANCE_META } from '../../src/rulesets/clairvoyance/meta.js';
import { MARAUDERS_META } from '../../src/rulesets/marauders/meta.js';
import { MARVEL_META } from '../../src/rulesets/marvel/meta.js';
import { TACTICS_META } from '../../src/rulesets/tactics/meta.js';
import { runCaseFolder } from '../helpers/case-folder.js';
import { REPO_ROOT } from '../helpers/shared.js';

const scratch = mkdtempSync(join(tmpdir(), 'arbiter-case-folders-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
/** A case folder of `files`; returns its path. */
function caseFolder(files: Record<string, string>): string {
  const dir = join(scratch, `case-${++folders}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/**
 * An entry whose load records the folder its files are rooted at and the command line's folder (the Io's
 * cwd is not visible to a ruleset: its Files are), and writes and reads back through them; it then fails
 * the load, so nothing is played.
 */
function recorder(id: string, writesFiles: boolean): { entry: RulesetEntry; folders: string[]; saved: boolean[] } {
  const folders: string[] = [];
  const saved: boolean[] = [];
  const engine: RulesetEngine = {
    load: ({ files }) => {
      folders.push(files.base);
      if (writesFiles) {
        // The run writes and reads back through its files; the folder does not change.
        expect(files.write('saved.map', 'map m 1 1\n')).toEqual({ ok: true, value: undefined });
        saved.push(files.read('saved.map').ok);
      }
      return { ok: false, stdout: [], stderr: ['stop'] };
    },
    start: () => {
      throw new Error('not played');
    },
  };
  const entry: RulesetEntry = { meta: { ...MARVEL_META, id, writesFiles }, engine: async () => engine };
  return { entry, folders, saved };
}

describe('a case folder run (case-run.ts)', () => {
  it('a case runs in its own folder, whatever its ruleset declares; what the ruleset saves stays in memory', async () => {
    for (const writesFiles of [false, true]) {
      const dir = caseFolder({ 'args.txt': 'tactics game.setup\n', 'commands.txt': 'x\n', 'game.setup': 'map m 2 2\n' });
      const r = recorder('tactics', writesFiles);
      await runCaseFolder(dir, r.entry);
      expect(r.folders).toEqual([dir]);
      expect(r.saved).toEqual(writesFiles ? [true] : []);
      expect(readdirSync(dir).sort()).toEqual(['args.txt', 'commands.txt', 'game.setup']);
    }
  });

  for (const args of ['marvel a.sheet --events ev.jsonl', 'marvel a.sheet --events=ev.jsonl', 'marvel a.sheet --out-dir logs']) {
    it(`a case whose arguments write output (${args.split(' ').slice(2).join(' ')}) runs from a copy, even for a ruleset that writes nothing`, async () => {
      const dir = caseFolder({ 'args.txt': `${args}\n`, 'commands.txt': 'x\n', 'a.sheet': '' });
      const r = recorder('marvel', false);
      await runCaseFolder(dir, { ...r.entry, meta: { ...r.entry.meta, events: true } });
      expect(r.folders).toHaveLength(1);
      expect(r.folders[0]).not.toBe(dir);
    });
  }

  it("a case's args.txt is parsed by the play command: its usage error is the case's output", async () => {
    const dir = caseFolder({ 'args.txt': 'marvel a.sheet --no-such-option\n', 'commands.txt': 'x\n' });
    const r = recorder('marvel', false);
    const run = await runCaseFolder(dir, r.entry);
    expect(run).toMatchObject({ stdout: '', exitCode: 2 });
    expect(run.stderr).toBe("error: unknown option '--no-such-option'\n");
    expect(r.folders).toEqual([]);
  });
});

describe('an SMT case folder', () => {
  it('verifies from any folder: its --teams is the case\'s own folder', async () => {
    const dir = join(scratch, 'smt-case');
    mkdirSync(dir);
    cpSync(join(REPO_ROOT, 'data', 'smt', 'teams'), join(dir, 'teams'), { recursive: true });
    writeFileSync(join(dir, 'args.txt'), 'smt --teams teams\n');
    cpSync(join(REPO_ROOT, 'data', 'smt', 'demo-choices.txt'), join(dir, 'commands.txt'));
    expect(await runArgv(['smt', 'record', dir], memoryIo(REPO_ROOT))).toBe(0);
    expect(readFileSync(join(dir, 'expected.txt'), 'utf8')).toMatch(/^Elige un archivo para cargar los equipos\n0: /);
    for (const cwd of [REPO_ROOT, dir, tmpdir()]) {
      const io = memoryIo(cwd);
      expect(await runArgv(['smt', 'verify', dir], io), cwd).toBe(0);
      expect(io.stdout()).toMatch(/^1\/1 identical$/m);
    }
  });
});

describe('verify and record never change the corpus', () => {
  it('a Tactics case that saves its map and loads it back: verify passes and the case folder holds exactly what it held', async () => {
    const source = join(REPO_ROOT, 'test-cases', 'tactics', 'files', 'roundtrip');
    expect(readFileSync(join(source, 'commands.txt'), 'utf8')).toMatch(/\bsave\b/);
    const dir = join(scratch, 'roundtrip');
    cpSync(source, dir, { recursive: true });
    const before = readdirSync(dir, { recursive: true }).map(String).sort();
    const io = memoryIo(REPO_ROOT);
    expect(await runArgv(['tactics', 'verify', dir], io)).toBe(0);
    expect(io.stdout()).toMatch(/^1\/1 identical$/m);
    expect(readdirSync(dir, { recursive: true }).map(String).sort()).toEqual(before);
  });

  it('a Clairvoyance case with --events in args.txt: the events file is written in the copy, not in the case', async () => {
    const source = join(REPO_ROOT, 'data', 'clairvoyance');
    const dir = caseFolder({
      'args.txt': 'clairvoyance skirmish.clv --seed 7 --events ev.jsonl\n',
      'commands.txt': readFileSync(join(source, 'demo-commands.txt'), 'utf8'),
      'skirmish.clv': readFileSync(join(source, 'skirmish.clv'), 'utf8'),
    });
    expect(await runArgv(['clairvoyance', 'record', dir], memoryIo(REPO_ROOT))).toBe(0);
    expect(readFileSync(join(dir, 'expected.txt'), 'utf8')).toMatch(/^SEED xoroshiro128plus:7$/m);
    expect(existsSync(join(dir, 'ev.jsonl'))).toBe(false);
    const io = memoryIo(REPO_ROOT);
    expect(await runArgv(['clairvoyance', 'verify', dir], io)).toBe(0);
    expect(existsSync(join(dir, 'ev.jsonl'))).toBe(false);
  });

  it('the shipped metas: only Tactics writes files', () => {
    expect(TACTICS_META.writesFiles).toBe(true);
    expect(MARVEL_META.writesFiles).toBe(false);
    expect(MARAUDERS_META.writesFiles).toBe(false);
    expect(CLAIRVOYANCE_META.writesFiles).toBe(false);
  });
});

describe('a setup the case does not expect to fail', () => {
  it('is reported with its own line, not as a stdout that ended at line 1', async () => {
    const io = memoryIo(REPO_ROOT);
    expect(await runArgv(['smt', 'verify', 'test-cases/smt/edge-cases-Tests/001.txt', '--teams', 'nosuch'], io)).toBe(1);
    expect(io.stdout()).toContain('001.txt: the setup failed: nosuch: E_IO: cannot list team files (folder not found)');
    expect(io.stdout()).not.toContain('<end of log>');
  });
});

describe('args.txt read by shell rules (issue 21 items 20, 22)', () => {
  const verify = async (args: string, expected = '') => {
    const dir = caseFolder({ 'args.txt': args, 'expected.txt': expected });
    const io = memoryIo(REPO_ROOT);
    return { dir, code: await runArgv(['tactics', 'verify', dir], io), stdout: io.stdout(), stderr: io.stderr() };
  };

  it.each([
    ['a double quote', 'tactics "game.setup\n'],
    ['a single quote', "tactics 'game.setup\n"],
    ['a quote opened after a word', 'tactics game.setup --seed "7\n'],
  ])('an unbalanced %s is a broken case: a usage error naming args.txt, exit 2', async (_, args) => {
    const r = await verify(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(join(r.dir, 'args.txt'));
    expect(r.stderr).toMatch(/unbalanced quote/);
    expect(r.stdout).toBe('');
  });

  it('a 10 MB word is read as one word (no internal error): the case runs and fails on its own terms', async () => {
    // No such setup file: the run fails its setup, so an expected line makes a failing case.
    const r = await verify(`tactics ${'w'.repeat(10_000_000)}.setup\n`, 'a line\n');
    expect(r.stderr).not.toMatch(/internal error|RangeError/);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/the setup failed/);
    expect(r.stdout).toMatch(/^0\/1 identical$/m);
  });

  it('quotes, escapes and spaces are read as a shell reads them', async () => {
    const { caseArgs } = await import('../../src/cli/cases.js');
    const dir = caseFolder({ 'args.txt': `tactics 'a b' "c \\"d\\" \\x" e\\ f ''\n  --seed\t7\n` });
    expect(caseArgs(dir, 'tactics')).toEqual(['a b', 'c "d" \\x', 'e f', '', '--seed', '7']);
  });

  it.each(['tactics a | b', 'tactics a > out', 'tactics $HOME', 'tactics "$HOME"', 'tactics `ls`', 'tactics *.setup', 'tactics # a comment'])(
    'shell operators, variables and patterns are refused (%s)',
    async (args) => {
      const { caseArgs } = await import('../../src/cli/cases.js');
      const dir = caseFolder({ 'args.txt': args });
      expect(caseArgs(dir, 'tactics')).toMatchObject({ fatal: true, broken: expect.stringMatching(/only words and quotes/) });
    },
  );
});

describe('a case folder that cannot be read (issue 21 item 21)', () => {
  /** Disk files where `locked` answers as a folder without read or search permission does for a user who is not its owner. */
  const lockedFiles = async (base: string, locked: string): Promise<Files> => {
    const { diskFiles } = await import('../../src/core/files.js');
    const disk = diskFiles(base);
    const denied = { ok: false as const, reason: 'permission denied' };
    const inside = (p: string) => p === locked || p.startsWith(`${locked}/`);
    return {
      ...disk,
      read: (p) => (inside(p) ? denied : disk.read(p)),
      list: (p) => (inside(p) ? denied : disk.list(p)),
      folders: (p) => (inside(p) ? denied : disk.folders(p)),
      kind: (p) => (inside(p) && p !== locked ? 'none' : disk.kind(p)),
    };
  };

  const suite = () => {
    const root = join(scratch, `locked-suite-${++folders}`);
    for (const name of ['a', 'b']) {
      mkdirSync(join(root, name), { recursive: true });
      writeFileSync(join(root, name, 'args.txt'), 'tactics game.setup\n');
    }
    return root;
  };

  it('is found as a case of its own, beside the readable ones', async () => {
    const { findCases } = await import('../../src/cli/cases.js');
    const root = suite();
    expect(findCases(root, await lockedFiles(root, join(root, 'b')))).toEqual([join(root, 'a'), join(root, 'b')]);
  });

  it('a folder given on the command line that cannot be listed is a case too; a path that is not there holds none', async () => {
    const { findCases } = await import('../../src/cli/cases.js');
    const root = suite();
    expect(findCases(root, await lockedFiles(root, root))).toEqual([root]);
    expect(findCases(join(root, 'nothere'))).toEqual([]);
  });

  it('reads as a failing case (not a usage error) that names the folder and says why', async () => {
    const { caseFolderLayout } = await import('../../src/cli/cases.js');
    const root = suite();
    const spec = caseFolderLayout('tactics').read(join(root, 'b'), {}, await lockedFiles(root, join(root, 'b')));
    expect(spec).toMatchObject({ broken: expect.stringContaining(join(root, 'b')) });
    expect(spec).toMatchObject({ broken: expect.stringContaining('permission denied') });
    expect('fatal' in spec && spec.fatal).toBeFalsy();
  });

  it.skipIf(process.getuid?.() === 0)('verify of a suite with a folder chmod 000: that case fails with its reason, exit 1', async () => {
    const root = suite();
    chmodSync(join(root, 'b'), 0);
    try {
      const io = memoryIo(REPO_ROOT);
      expect(await runArgv(['tactics', 'verify', root], io)).toBe(1);
      expect(io.stdout()).toMatch(new RegExp(`^FAIL ${join(root, 'b')} .*permission denied`, 'm'));
    } finally {
      chmodSync(join(root, 'b'), 0o755);
    }
  });
});

describe('an SMT transcript that cannot be read (issue 21 item 15)', () => {
  /** A copy of an SMT suite and its team folder; returns the `-Tests` folder. */
  const smtSuite = () => {
    const dir = join(scratch, `smt-unreadable-${++folders}`);
    cpSync(join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases'), join(dir, 'edge-cases'), { recursive: true });
    cpSync(join(REPO_ROOT, 'test-cases', 'smt', 'edge-cases-Tests'), join(dir, 'edge-cases-Tests'), { recursive: true });
    return join(dir, 'edge-cases-Tests');
  };
  /** The transcript `001.txt` replaced by a folder of that name, as a transcript a read cannot open. */
  const withFolderTranscript = () => {
    const tests = smtSuite();
    rmSync(join(tests, '001.txt'));
    mkdirSync(join(tests, '001.txt'));
    return tests;
  };

  it('a folder in place of a transcript in a suite: that case fails saying why, the others still pass (exit 1)', async () => {
    const tests = withFolderTranscript();
    const others = readdirSync(tests).filter((n) => n.endsWith('.txt')).length - 1;
    const io = memoryIo(REPO_ROOT);
    expect(await runArgv(['smt', 'verify', tests], io)).toBe(1);
    expect(io.stdout()).toMatch(new RegExp(`^FAIL ${join(tests, '001.txt')} .*is a folder`, 'm'));
    expect(io.stdout()).toMatch(new RegExp(`^${others}/${others + 1} identical$`, 'm'));
  });

  it('the same transcript given by its path: a failed case saying why, not "no cases found"', async () => {
    const tests = withFolderTranscript();
    const io = memoryIo(REPO_ROOT);
    expect(await runArgv(['smt', 'verify', join(tests, '001.txt')], io)).toBe(1);
    expect(io.stdout()).toMatch(/^FAIL .*001\.txt.*is a folder/m);
  });

  it('--exec: the same case fails saying why', async () => {
    const tests = withFolderTranscript();
    const io = memoryIo(REPO_ROOT);
    expect(await runArgv(['smt', 'verify', join(tests, '001.txt'), '--exec', 'cat'], io)).toBe(1);
    expect(io.stdout()).toMatch(/^FAIL .*001\.txt.*is a folder/m);
  });

  it.skipIf(process.getuid?.() === 0)('a transcript chmod 000: that case fails with "permission denied"', async () => {
    const tests = smtSuite();
    chmodSync(join(tests, '001.txt'), 0);
    const io = memoryIo(REPO_ROOT);
    expect(await runArgv(['smt', 'verify', tests], io)).toBe(1);
    expect(io.stdout()).toMatch(new RegExp(`^FAIL ${join(tests, '001.txt')} .*permission denied`, 'm'));
  });
});
