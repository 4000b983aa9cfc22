/**
 * What a ruleset needs of the platform, so that no ruleset imports `node:` modules itself (its files come
 * through `Files`): path arithmetic, and packages loaded late because they are slow to start and rarely used.
 */
import { createRequire } from 'node:module';

export { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** A package required at first use (a dynamic import() would not survive the bundle's code cache). */
export function requireLate<T>(name: string): T {
  return createRequire(import.meta.url)(name) as T;
}
