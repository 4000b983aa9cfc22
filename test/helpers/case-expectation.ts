/** What a case folder fixes: its expected stdout, and stderr and exit code where it has them. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CaseExpectation {
  readonly stdout: string;
  readonly stderr?: string;
  readonly exit?: number;
}

export function expectationOf(dir: string): CaseExpectation {
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : undefined);
  const stderr = read('expected.stderr');
  const exit = read('expected.exit');
  return { stdout: read('expected.txt') ?? '', ...(stderr === undefined ? {} : { stderr }), ...(exit === undefined ? {} : { exit: Number(exit.trim()) }) };
}
