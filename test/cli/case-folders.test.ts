/**
 * Where a case folder runs (CONVENTIONS "Cases, verify and record"): in place, with what its ruleset saves
 * kept in memory (overlayFiles), so the corpus never changes; a case whose arguments write output of play's
 * own (--out-dir, --events) runs from a scratch copy that is removed afterwards.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaseFolder, type RunArgv } from '../../src/cli/cases.js';
import { memoryIo } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import type { RulesetMeta } from '../../src/core/ruleset.js';
import { CLAIRVOYANCE_META } from '../../src/rulesets/clairvoyance/meta.js';
import { MARAUDERS_META } from '../../src/rulesets/marauders/meta.js';
import { MARVEL_META } from '../../src/rulesets/marvel/meta.js';
import { TACTICS_META } from '../../src/rulesets/tactics/meta.js';
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

/** A runArgv that records the folder each run was given, then does nothing. */
function recorder(): { runArgv: RunArgv; folders: string[] } {
  const seen: string[] = [];
  return {
    folders: seen,
    runArgv: async (_argv, io) => {
      seen.push(io.cwd);
      return 0;
    },
  };
}

const meta = (id: string, writesFiles: boolean): RulesetMeta => ({ ...MARVEL_META, id, writesFiles });

describe('runCaseFolder', () => {
  it('a case runs in its own folder, whatever its ruleset declares; what the ruleset saves stays in memory', async () => {
    for (const writesFiles of [false, true]) {
      const dir = caseFolder({ 'args.txt': 'tactics game.setup\n', 'commands.txt': 'x\n', 'game.setup': 'map m 2 2\n' });
      const seen: string[] = [];
      const saved: boolean[] = [];
      await runCaseFolder(dir, meta('tactics', writesFiles), async (_argv, io) => {
        seen.push(io.cwd);
        // The run writes and reads back through its files; the folder does not change.
        expect(io.files!.write('saved.map', 'map m 1 1\n')).toEqual({ ok: true, value: undefined });
        saved.push(io.files!.read('saved.map').ok);
        return 0;
      });
      expect(seen).toEqual([dir]);
      expect(saved).toEqual([true]);
      expect(readdirSync(dir).sort()).toEqual(['args.txt', 'commands.txt', 'game.setup']);
    }
  });

  for (const args of ['marvel a.sheet --events ev.jsonl', 'marvel a.sheet --events=ev.jsonl', 'marvel a.sheet --out-dir logs']) {
    it(`a case whose arguments write output (${args.split(' ').slice(2).join(' ')}) runs from a copy, even for a ruleset that writes nothing`, async () => {
      const dir = caseFolder({ 'args.txt': `${args}\n`, 'commands.txt': 'x\n' });
      const r = recorder();
      await runCaseFolder(dir, meta('marvel', false), r.runArgv);
      expect(r.folders).toHaveLength(1);
      expect(r.folders[0]).not.toBe(dir);
    });
  }
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
