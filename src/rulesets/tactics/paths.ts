/**
 * Paths inside a setup file (`map load`, `units save`) resolve against the file's folder. A ruleset imports
 * no Node module (it runs wherever the core gives it `Files`), so these are the POSIX rules of
 * `node:path`'s dirname and join, written out; test/tactics/paths.test.ts holds them to Node's.
 */

/** The folder of a file path, as `path.posix.dirname`: `.` for a bare name, `/` for a file at the root. */
export function folderOf(path: string): string {
  if (path.length === 0) return '.';
  const rooted = path[0] === '/';
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; --i) {
    if (path[i] === '/') {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else {
      matchedSlash = false;
    }
  }
  if (end === -1) return rooted ? '/' : '.';
  if (rooted && end === 1) return '//';
  return path.slice(0, end);
}

/** `path.posix.join(dir, path)`: the two joined by `/`, with `.`, `..` and repeated slashes resolved. */
export function joinPath(dir: string, path: string): string {
  const joined = [dir, path].filter((p) => p.length > 0).join('/');
  return joined.length === 0 ? '.' : normalize(joined);
}

/** `path.posix.normalize`. */
function normalize(path: string): string {
  const rooted = path[0] === '/';
  const trailing = path[path.length - 1] === '/';
  const kept: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (kept.length > 0 && kept[kept.length - 1] !== '..') kept.pop();
      else if (!rooted) kept.push('..');
    } else {
      kept.push(part);
    }
  }
  let out = kept.join('/');
  if (out.length === 0 && !rooted) out = '.';
  if (out.length > 0 && trailing) out += '/';
  return rooted ? `/${out}` : out;
}
