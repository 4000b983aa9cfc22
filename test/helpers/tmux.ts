/**
 * A real pseudo-terminal for tests, through tmux: each test file gets its own tmux server (files run in
 * parallel, and a shared server can exit under another file's start), kept up by one idle session (a
 * server that exits as its last session is killed races with the next test's new-session).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, afterEach } from 'vitest';
import { CLI, REPO_ROOT } from './shared.js';

export const HAS_TMUX = spawnSync('tmux', ['-V']).status === 0;

/** `node dist/cli.cjs`, quoted for a shell. */
export const ARBITER = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`;

export interface Tmux {
  tmux(...args: string[]): string;
  /**
   * Runs a shell command line in a fresh session (`width` x 50, default 150) from the repository root, with
   * `env` exported; the shell prints EXIT:<code> (of a pipeline's first command) when it ends.
   */
  start(commandLine: string, options?: { env?: Readonly<Record<string, string>>; width?: number }): string;
  /** The screen (and scroll-back) once it matches `pattern`; `escapes`: with the colour escape sequences. */
  waitFor(name: string, pattern: RegExp, options?: { timeoutMs?: number; escapes?: boolean }): Promise<string>;
  /** Types each line, then Enter. */
  type(name: string, lines: readonly string[]): void;
}

/** The harness for one test file; `tag` names its server. Registers its own cleanup hooks. */
export function tmuxHarness(tag: string): Tmux {
  const socket = `arbiter-${process.pid}-${tag}`;
  if (HAS_TMUX) spawnSync('tmux', ['-L', socket, 'new-session', '-d', '-s', 'keeper', 'sleep 900']);
  afterAll(() => {
    spawnSync('tmux', ['-L', socket, 'kill-server']);
  });
  const sessions: string[] = [];
  afterEach(() => {
    while (sessions.length > 0) spawnSync('tmux', ['-L', socket, 'kill-session', '-t', sessions.pop()!]);
  });
  let counter = 0;
  const tmux = (...args: string[]): string => {
    const r = spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  return {
    tmux,
    start(commandLine, { env = {}, width = 150 } = {}) {
      const name = `arbiter-${tag}-${process.pid}-${++counter}`;
      sessions.push(name);
      const exports = Object.entries(env).map(([k, v]) => `export ${k}=${JSON.stringify(v)}; `).join('');
      tmux('new-session', '-d', '-s', name, '-x', String(width), '-y', '50', 'bash', '-c', `cd ${JSON.stringify(REPO_ROOT)} && ${exports}${commandLine}; echo "EXIT:\${PIPESTATUS[0]}"; sleep 30`);
      return name;
    },
    async waitFor(name, pattern, { timeoutMs = 15_000, escapes = false } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-S', '-3000', '-t', name);
        if (pattern.test(text)) return text;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; screen:\n${text}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    type(name, lines) {
      for (const line of lines) {
        tmux('send-keys', '-t', name, '-l', line);
        tmux('send-keys', '-t', name, 'Enter');
      }
    },
  };
}
