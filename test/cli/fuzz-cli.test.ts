/**
 * Random bytes piped into the real CLI: whatever arrives (NUL, invalid UTF-8, CR, very long lines), the
 * exit code is 0, 1 or 2 and stderr never holds a stack trace.
 */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/shared.js';

describe('garbage bytes on stdin', () => {
  it('exit code 0, 1 or 2, no stack trace, every ERROR line after an INPUT echo', () => {
    const chunk = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
      fc.constantFrom('0\n', '1\n', '3\n', '6\n', '\n', '\r\n', '\uFEFF', 'x'.repeat(70_000) + '\n').map((s) => Buffer.from(s)),
    );
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 12 }), (chunks) => {
        const r = spawnSync(process.execPath, [CLI, 'smt', '--teams', 'data/smt/teams'], { cwd: REPO_ROOT, input: Buffer.concat(chunks), encoding: 'utf8' });
        expect([0, 1, 2]).toContain(r.status);
        expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
        const lines = r.stdout.split('\n');
        lines.forEach((line, i) => {
          if (/^ERROR E_(SYNTAX|RANGE): /.test(line)) expect(lines[i - 1]).toMatch(/^INPUT: /);
        });
      }),
      { numRuns: 8 },
    );
  });
});
