/**
 * Rooted file access (src/core/files.ts): reads, sorted listings and atomic writes on disk; one wording
 * for every I/O failure; files in memory; scratch copies that do not outlive their work.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskFiles, inScratchCopy, ioReason, makeScratchCopy, MAX_FILE_BYTES, memoryFiles, overlayFiles, removeScratchCopy, writeAtomically } from '../../src/core/files.js';
import { subfolder } from '../helpers/scratch.js';

const root = mkdtempSync(join(tmpdir(), 'arbiter-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const folder = (name: string) => subfolder(root, name);

const partials = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.partial')) : []);

describe('diskFiles', () => {
  it('reads a file relative to its base, or by an absolute path', () => {
    const dir = folder('read');
    writeFileSync(join(dir, 'a.txt'), 'héllo\n');
    const files = diskFiles(dir);
    expect(files.base).toBe(dir);
    expect(files.resolve('a.txt')).toBe(join(dir, 'a.txt'));
    expect(files.resolve(join(root, 'x'))).toBe(join(root, 'x'));
    expect(files.read('a.txt')).toEqual({ ok: true, value: 'héllo\n' });
    expect(files.read(join(dir, 'a.txt'))).toEqual({ ok: true, value: 'héllo\n' });
  });

  it('a missing file, a folder and a path through a file are values with a reason, not exceptions', () => {
    const dir = folder('read-bad');
    writeFileSync(join(dir, 'f'), 'x');
    mkdirSync(join(dir, 'sub'));
    const files = diskFiles(dir);
    expect(files.read('missing.txt')).toEqual({ ok: false, reason: 'file not found' });
    expect(files.read('sub')).toEqual({ ok: false, reason: 'is a folder' });
    expect(files.read('f/inside')).toEqual({ ok: false, reason: 'not a folder' });
  });

  // /dev/zero read whole grew memory until the process was killed; a FIFO with no writer blocked the read.
  it.runIf(process.platform === 'linux')('refuses what is not a regular file: a device, a FIFO', () => {
    const dir = folder('read-special');
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    const files = diskFiles(dir);
    expect(files.read('/dev/zero')).toEqual({ ok: false, reason: 'not a regular file' });
    expect(files.read('fifo')).toEqual({ ok: false, reason: 'not a regular file' });
    expect(overlayFiles(files).read('/dev/zero')).toEqual({ ok: false, reason: 'not a regular file' });
  });

  it('refuses a file past MAX_FILE_BYTES without reading it, and reads one at the limit', () => {
    const dir = folder('read-huge');
    // Sparse files: the size is set without writing the bytes.
    writeFileSync(join(dir, 'huge'), '');
    truncateSync(join(dir, 'huge'), MAX_FILE_BYTES + 1);
    writeFileSync(join(dir, 'edge'), '');
    truncateSync(join(dir, 'edge'), MAX_FILE_BYTES);
    const files = diskFiles(dir);
    expect(files.read('huge')).toEqual({ ok: false, reason: 'larger than the 64 MiB limit' });
    const edge = files.read('edge');
    expect(edge.ok && edge.value.length).toBe(MAX_FILE_BYTES);
  });

  it('lists the plain files of a folder, sorted, without subfolders', () => {
    const dir = folder('list');
    for (const name of ['b.txt', 'a.txt', 'C.txt', '10.txt', '9.txt']) writeFileSync(join(dir, name), '');
    mkdirSync(join(dir, 'aa-folder'));
    const files = diskFiles(dir);
    expect(files.list('.')).toEqual({ ok: true, value: ['10.txt', '9.txt', 'C.txt', 'a.txt', 'b.txt'] });
    expect(files.list('missing')).toEqual({ ok: false, reason: 'file not found' });
    expect(files.list('a.txt')).toEqual({ ok: false, reason: 'not a folder' });
  });

  it('writes through a temporary file: the text lands, and no .partial file is left', () => {
    const dir = folder('write');
    const files = diskFiles(dir);
    expect(files.write('out.txt', 'first\n')).toEqual({ ok: true, value: undefined });
    expect(files.write('out.txt', 'second\n')).toEqual({ ok: true, value: undefined });
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('second\n');
    expect(partials(dir)).toEqual([]);
  });

  it('a write into a missing folder fails with a reason and leaves nothing', () => {
    const dir = folder('write-missing');
    const files = diskFiles(dir);
    expect(files.write('no/such/out.txt', 'x')).toEqual({ ok: false, reason: 'file not found' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a write whose rename fails (the target is a folder) removes its .partial file', () => {
    const dir = folder('write-onto-folder');
    mkdirSync(join(dir, 'taken'));
    writeFileSync(join(dir, 'taken', 'keep'), 'k');
    const result = diskFiles(dir).write('taken', 'x');
    expect(result.ok).toBe(false);
    expect(partials(dir)).toEqual([]);
    // The folder that was in the way is untouched.
    expect(readFileSync(join(dir, 'taken', 'keep'), 'utf8')).toBe('k');
  });

  // A folder named like the temporary file: the failure is a value, never an exception (it was exit 3 once).
  it('a failed write returns a reason and leaves an existing file as it was (a folder in the way of the temporary file)', () => {
    const dir = folder('write-keep');
    writeFileSync(join(dir, 'log.txt'), 'old\n');
    mkdirSync(join(dir, 'log.txt.partial'));
    let result: unknown;
    try {
      result = writeAtomically(join(dir, 'log.txt'), 'new\n');
    } finally {
      expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toBe('old\n');
    }
    expect(result).toEqual({ ok: false, reason: 'is a folder' });
  });

  it.runIf(process.getuid?.() !== 0)('a read-only folder gives "permission denied"', () => {
    const dir = folder('read-only');
    chmodSync(dir, 0o500);
    try {
      expect(diskFiles(dir).write('x.txt', 'x')).toEqual({ ok: false, reason: 'permission denied' });
      expect(partials(dir)).toEqual([]);
    } finally {
      chmodSync(dir, 0o700);
    }
  });
});

describe('ioReason', () => {
  const coded = (code: string) => Object.assign(new Error(`${code}: something`), { code });
  it.each([
    ['ENOENT', 'file not found'],
    ['ENOTDIR', 'not a folder'],
    ['EISDIR', 'is a folder'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'permission denied'],
    ['ENOSPC', 'no space left on device'],
    ['EXDEV', 'EXDEV'],
  ])('%s -> %s', (code, reason) => {
    expect(ioReason(coded(code))).toBe(reason);
  });

  it('an error without a code gives its message; anything else "error"', () => {
    expect(ioReason(new Error('disk on fire'))).toBe('disk on fire');
    expect(ioReason('a string')).toBe('error');
    expect(ioReason(undefined)).toBe('error');
  });

  it('never includes a path or a stack', () => {
    for (const code of ['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'ENOSPC']) {
      expect(ioReason(Object.assign(new Error(`${code}: open '/secret/path'`), { code }))).not.toContain('/');
    }
  });
});

describe('memoryFiles', () => {
  const files = () =>
    memoryFiles([
      ['game.setup', 'target 3'],
      ['maps/a.map', 'A'],
      ['maps/b.map', 'B'],
      ['maps/deep/c.map', 'C'],
    ]);

  it('reads what it holds; a missing file is "file not found"', () => {
    const f = files();
    expect(f.base).toBe('.');
    expect(f.read('game.setup')).toEqual({ ok: true, value: 'target 3' });
    expect(f.read('maps/a.map')).toEqual({ ok: true, value: 'A' });
    expect(f.read('nope')).toEqual({ ok: false, reason: 'file not found' });
  });

  it('lists the files directly in a folder, sorted', () => {
    const f = files();
    expect(f.list('.')).toEqual({ ok: true, value: ['game.setup'] });
    expect(f.list('')).toEqual({ ok: true, value: ['game.setup'] });
    expect(f.list('maps')).toEqual({ ok: true, value: ['a.map', 'b.map'] });
    expect(f.list('maps/')).toEqual({ ok: true, value: ['a.map', 'b.map'] });
    expect(f.list('maps/deep')).toEqual({ ok: true, value: ['c.map'] });
    expect(f.list('none')).toEqual({ ok: false, reason: 'folder not found' });
  });

  it('write stores into the same map', () => {
    const f = files();
    expect(f.write('maps/z.map', 'Z')).toEqual({ ok: true, value: undefined });
    expect(f.read('maps/z.map')).toEqual({ ok: true, value: 'Z' });
    expect(f.list('maps')).toEqual({ ok: true, value: ['a.map', 'b.map', 'z.map'] });
    expect(memoryFiles([], '/virtual').base).toBe('/virtual');
  });
});

describe('overlayFiles', () => {
  /** A tree with a file, a subfolder, and folders where a write's target or its temporary file would go. */
  function tree(): string {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-overlay-'));
    writeFileSync(join(dir, 'a.txt'), 'A');
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'b.txt'), 'B');
    mkdirSync(join(dir, 'x.map'));
    mkdirSync(join(dir, 'y.map.partial'));
    return dir;
  }
  const targets = ['new.txt', 'a.txt', 'sub/new.txt', 'sub/b.txt', 'nosuch/new.txt', 'a.txt/new.txt', 'x.map', 'y.map', 'sub'];

  it('a write succeeds or fails exactly where writing to the disk would, with the same reason', () => {
    const overlaid = tree();
    const real = tree();
    try {
      const overlay = overlayFiles(diskFiles(overlaid));
      const disk = diskFiles(real);
      for (const target of targets) expect(overlay.write(target, 'T'), target).toEqual(disk.write(target, 'T'));
    } finally {
      rmSync(overlaid, { recursive: true, force: true });
      rmSync(real, { recursive: true, force: true });
    }
  });

  it('what is written is read and listed by the run, and never reaches the folder', () => {
    const dir = tree();
    try {
      const files = overlayFiles(diskFiles(dir));
      expect(files.write('new.txt', 'N').ok).toBe(true);
      expect(files.write('a.txt', 'A2').ok).toBe(true);
      expect(files.write('sub/c.txt', 'C').ok).toBe(true);
      expect(files.read('new.txt')).toEqual({ ok: true, value: 'N' });
      expect(files.read('a.txt')).toEqual({ ok: true, value: 'A2' });
      expect(files.read(join(dir, 'sub', 'c.txt'))).toEqual({ ok: true, value: 'C' });
      expect(files.read('sub/b.txt')).toEqual({ ok: true, value: 'B' });
      expect(files.list('.')).toEqual({ ok: true, value: ['a.txt', 'new.txt'] });
      expect(files.list('sub')).toEqual({ ok: true, value: ['b.txt', 'c.txt'] });
      expect(files.read('missing.txt')).toEqual({ ok: false, reason: 'file not found' });
      expect(readdirSync(dir).sort()).toEqual(['a.txt', 'sub', 'x.map', 'y.map.partial']);
      expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('A');
      expect(readdirSync(join(dir, 'sub'))).toEqual(['b.txt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scratch copies', () => {
  function source(): string {
    const dir = folder(`case-${Math.random().toString(36).slice(2)}`);
    writeFileSync(join(dir, 'args.txt'), 'coin coin.setup\n');
    mkdirSync(join(dir, 'maps'));
    writeFileSync(join(dir, 'maps', 'a.map'), 'A');
    return dir;
  }

  it('inScratchCopy works on a full copy, returns the result and removes the copy', () => {
    const dir = source();
    let seen = '';
    const result = inScratchCopy(dir, (copy) => {
      seen = copy;
      expect(copy).not.toBe(dir);
      expect(readFileSync(join(copy, 'maps', 'a.map'), 'utf8')).toBe('A');
      writeFileSync(join(copy, 'args.txt'), 'changed');
      writeFileSync(join(copy, 'new.txt'), 'new');
      return 42;
    });
    expect(result).toBe(42);
    expect(existsSync(seen)).toBe(false);
    // The original folder did not change.
    expect(readFileSync(join(dir, 'args.txt'), 'utf8')).toBe('coin coin.setup\n');
    expect(existsSync(join(dir, 'new.txt'))).toBe(false);
  });

  it('the copy is removed when the work throws', () => {
    const dir = source();
    let seen = '';
    expect(() =>
      inScratchCopy(dir, (copy) => {
        seen = copy;
        throw new Error('work failed');
      }),
    ).toThrow('work failed');
    expect(seen).not.toBe('');
    expect(existsSync(seen)).toBe(false);
  });

  it('makeScratchCopy / removeScratchCopy: a fresh folder each time', () => {
    const dir = source();
    const a = makeScratchCopy(dir);
    const b = makeScratchCopy(dir);
    expect(a).not.toBe(b);
    expect(readdirSync(a).sort()).toEqual(['args.txt', 'maps']);
    removeScratchCopy(a);
    removeScratchCopy(b);
    expect(existsSync(a) || existsSync(b)).toBe(false);
    // Removing twice is harmless.
    expect(() => removeScratchCopy(a)).not.toThrow();
  });
});

describe('memoryFiles: listing order and resolve', () => {
  it('lists names sorted, not in the order they were stored', () => {
    const f = memoryFiles([
      ['z.map', 'Z'],
      ['b.map', 'B'],
      ['maps/y', 'Y'],
      ['a.map', 'A'],
      ['maps/x', 'X'],
    ]);
    expect(f.list('.')).toEqual({ ok: true, value: ['a.map', 'b.map', 'z.map'] });
    expect(f.list('maps')).toEqual({ ok: true, value: ['x', 'y'] });
    f.write('maps/a', 'new');
    expect(f.list('maps')).toEqual({ ok: true, value: ['a', 'x', 'y'] });
  });

  it('resolve returns the path as given', () => {
    const f = memoryFiles([], '/virtual');
    expect(f.resolve('maps/a.map')).toBe('maps/a.map');
    expect(f.resolve('/abs/b')).toBe('/abs/b');
  });
});
