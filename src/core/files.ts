/**
 * File access for rulesets, rooted at one folder: the current directory when run from the command line,
 * a case's scratch copy under verify (so a case that saves files never changes the corpus, and worker
 * threads, which cannot chdir, still resolve relative paths). Every failure is a value with a short
 * reason, never an exception, so loaders can report it as a positioned E_IO.
 */
import { closeSync, constants, fstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { requireLate } from './platform.js';

export type IoResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

export interface Files {
  /** The folder relative paths are resolved against. */
  readonly base: string;
  resolve(path: string): string;
  read(path: string): IoResult<string>;
  /** The names of the plain files in a folder, sorted. */
  list(dir: string): IoResult<readonly string[]>;
  /** The names of the folders in a folder, sorted (case layouts walk suites with it). */
  folders(dir: string): IoResult<readonly string[]>;
  /** What is at a path: a file, a folder, or nothing readable. */
  kind(path: string): PathKind;
  /** Writes through a temporary file and a rename, so a reader never sees half a file. */
  write(path: string, text: string): IoResult<void>;
  /** Creates a folder (its parents too); a folder already there is fine. */
  makeFolder(path: string): IoResult<void>;
}

export type PathKind = 'file' | 'folder' | 'none';

/** One wording for every I/O failure: "file not found", "not a folder", "permission denied", or the code. */
export function ioReason(error: unknown): string {
  if (error instanceof RefusedFile) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'file not found';
    case 'ENOTDIR':
      return 'not a folder';
    case 'EISDIR':
      return 'is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on device';
    default:
      return code ?? (error instanceof Error ? error.message : 'error');
  }
}

/**
 * The largest file any input reads (setup, sheet, `--input`, a file a setup names): far above any real
 * setup or choices file, and low enough that a mistaken path (a disk image, a log) is refused at once
 * instead of filling memory. Stated in the rulesets' Limits.
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Why a file is not read: not a plain file (a device, a pipe, a socket), or past MAX_FILE_BYTES. */
class RefusedFile extends Error {
  // A code, as fs errors have, so callers that tell I/O errors from bugs by `code` treat it as one.
  readonly code = 'EREFUSED';
}

/**
 * The size of a file that is read in chunks rather than whole (an expected transcript may be longer than
 * MAX_FILE_BYTES): a folder or anything but a regular file (`/dev/zero`, a FIFO) is refused.
 */
export function regularFileSize(path: string): number {
  const stat = statSync(path);
  if (stat.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
  if (!stat.isFile()) throw new RefusedFile('not a regular file');
  return stat.size;
}

/**
 * A whole text file, refusing what is not a regular file (`/dev/zero` would fill memory, a FIFO would
 * block) and what is larger than MAX_FILE_BYTES. Opened without blocking, so a FIFO is refused rather
 * than waited on; the check is on the open descriptor, so what is checked is what is read.
 */
export function readTextFile(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    if (!stat.isFile()) throw new RefusedFile('not a regular file');
    if (stat.size > MAX_FILE_BYTES) throw new RefusedFile(`larger than the ${MAX_FILE_BYTES / 1024 / 1024} MiB limit`);
    const text = readFileSync(fd, 'utf8');
    // A file that grew between the check and the read (or a /proc file that reports size 0).
    if (text.length > MAX_FILE_BYTES) throw new RefusedFile(`larger than the ${MAX_FILE_BYTES / 1024 / 1024} MiB limit`);
    return text;
  } finally {
    closeSync(fd);
  }
}

function attempt<T>(work: () => T): IoResult<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    return { ok: false, reason: ioReason(error) };
  }
}

/** Writes `text` to `path` through `<path>.partial`; the partial file never survives a failure. */
export function writeAtomically(path: string, text: string): IoResult<void> {
  const temporary = `${path}.partial`;
  const result = attempt(() => {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  });
  if (!result.ok) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // A folder named like the temporary file: nothing of ours to remove, and the write already failed.
    }
  }
  return result;
}

export function diskFiles(base: string = process.cwd()): Files {
  const at = (path: string) => (isAbsolute(path) ? path : resolve(base, path));
  return {
    base,
    resolve: at,
    read: (path) =>
      // One open, then checks on the descriptor (readTextFile): no stat of the path first.
      attempt(() => readTextFile(at(path))),
    list: (dir) =>
      attempt(() =>
        readdirSync(at(dir), { withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
          .sort(),
      ),
    folders: (dir) =>
      attempt(() =>
        readdirSync(at(dir), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
          .sort(),
      ),
    kind: (path) => kind(at(path)),
    write: (path, text) => writeAtomically(at(path), text),
    makeFolder: (path) =>
      attempt(() => {
        mkdirSync(at(path), { recursive: true });
      }),
  };
}

/** A fresh copy of `folder` in the temporary directory; remove it with `removeScratchCopy`. */
export function makeScratchCopy(folder: string): string {
  const copy = mkdtempSync(join(requireLate<typeof import('node:os')>('node:os').tmpdir(), 'arbiter-case-'));
  cpSync(folder, copy, { recursive: true });
  return copy;
}

export function removeScratchCopy(copy: string): void {
  rmSync(copy, { recursive: true, force: true });
}

/** Runs `work` on a fresh copy of `folder`, removed afterwards. */
export function inScratchCopy<T>(folder: string, work: (copy: string) => T): T {
  const copy = makeScratchCopy(folder);
  try {
    return work(copy);
  } finally {
    removeScratchCopy(copy);
  }
}

/** `files` for a ruleset that declares it writes nothing: a write is a broken contract, an internal error. */
export function withoutWrites(files: Files, rulesetId: string): Files {
  return {
    ...files,
    write: (path) => {
      throw new Error(`${rulesetId} declares writesFiles: false, but wrote ${path}`);
    },
    makeFolder: (path) => {
      throw new Error(`${rulesetId} declares writesFiles: false, but made the folder ${path}`);
    },
  };
}

/**
 * `base` for reading, with writes kept in memory: a case folder runs in place, and what the run saves
 * (Tactics' `map save`) is there for the run itself but never reaches the folder. A write fails where
 * writing to the disk would (no such folder, a folder in the way), with the same reasons.
 */
export function overlayFiles(base: Files): Files {
  const written = new Map<string, string>();
  const failed = (reason: string) => ({ ok: false, reason }) as const;
  return {
    base: base.base,
    resolve: base.resolve,
    read: (path) => {
      const text = written.get(base.resolve(path));
      return text === undefined ? base.read(path) : { ok: true, value: text };
    },
    list: (dir) => {
      const folder = base.resolve(dir);
      const saved = [...written.keys()].filter((k) => dirname(k) === folder).map((k) => basename(k));
      const listed = base.list(dir);
      if (saved.length === 0) return listed;
      return { ok: true, value: [...new Set([...(listed.ok ? listed.value : []), ...saved])].sort() };
    },
    folders: base.folders,
    kind: (path) => (written.has(base.resolve(path)) ? 'file' : base.kind(path)),
    // Folders are not kept in memory: a case that makes one is run from a scratch copy instead.
    makeFolder: (path) => failed(`cannot make folders in place (${path})`),
    write: (path, text) => {
      const full = base.resolve(path);
      const folder = kind(dirname(full));
      if (folder === 'none') return failed('file not found');
      if (folder === 'file') return failed('not a folder');
      if (!written.has(full) && (kind(full) === 'folder' || kind(`${full}.partial`) === 'folder')) return failed('is a folder');
      written.set(full, text);
      return { ok: true, value: undefined };
    },
  };
}

/** What is at a path on the disk. */
function kind(path: string): PathKind {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'none';
  }
}

/** Files held in memory (tests, generated setups): `write` stores into the same map. */
export function memoryFiles(entries: Iterable<readonly [string, string]>, base = '.'): Files {
  const store = new Map<string, string>(entries);
  const missing = { ok: false, reason: 'file not found' } as const;
  return {
    base,
    resolve: (path) => path,
    read: (path) => {
      const text = store.get(path);
      return text === undefined ? missing : { ok: true, value: text };
    },
    list: (dir) => {
      const prefix = dir === '.' || dir === '' ? '' : `${dir.replace(/\/$/, '')}/`;
      const names = [...store.keys()].filter((k) => k.startsWith(prefix) && !k.slice(prefix.length).includes('/')).map((k) => k.slice(prefix.length));
      return names.length === 0 ? { ok: false, reason: 'folder not found' } : { ok: true, value: names.sort() };
    },
    folders: (dir) => {
      const prefix = dir === '.' || dir === '' ? '' : `${dir.replace(/\/$/, '')}/`;
      const below = [...store.keys()].filter((k) => k.startsWith(prefix) && k.slice(prefix.length).includes('/'));
      return { ok: true, value: [...new Set(below.map((k) => k.slice(prefix.length).split('/')[0]!))].sort() };
    },
    kind: (path) => (store.has(path) ? 'file' : [...store.keys()].some((k) => k.startsWith(`${path.replace(/\/$/, '')}/`)) ? 'folder' : 'none'),
    write: (path, text) => {
      store.set(path, text);
      return { ok: true, value: undefined };
    },
    makeFolder: () => ({ ok: true, value: undefined }),
  };
}
