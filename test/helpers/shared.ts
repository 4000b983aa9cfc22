/**
 * Reference data lives in ../shared beside the checkout (CI has it; a developer may not). Tests that need
 * it skip with one visible line when it is absent.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SHARED = join(REPO_ROOT, '..', 'shared');
export const COURSE = join(SHARED, 'smt', 'course');
export const HAS_COURSE = existsSync(join(COURSE, 'skills.json'));
export const DATA_SMT = join(REPO_ROOT, 'data', 'smt');
export const CLI = join(REPO_ROOT, 'dist', 'cli.cjs');

let announced = false;
/** Prints, once per file, that the course data is missing and its tests are skipped. */
export function announceMissingCourse(): void {
  if (!HAS_COURSE && !announced) {
    announced = true;
    console.warn(`SKIPPED: ${COURSE} not found; course-suite tests are skipped (CI has ../shared beside the checkout)`);
  }
}
