/**
 * `probe`: a fixture ruleset for in-process tests of the generic CLI (test/cli/play, batch, record, ...).
 * Every feature of the plug-in contract is reachable from its setup file or its options, so a test can
 * aim at one CLI path without depending on a real ruleset's wording.
 *
 * Setup file (one directive a line, `#` comments): `rounds N` (the battle ends after N `go` lines; 0: it
 * has ended before the first read), `seed N`, `prompt` (a `> ` prompt), `silent` (no opening line),
 * `warn TEXT` (a load warning), `endcode N`, `fail` (the load fails, printing on stdout and stderr),
 * `throw-setup` (load throws SetupError), `throw` (load throws an Error), `crash-opening`.
 * Choices: `go` (prints `go <n> roll <d6>`, a die from the generator, 6 without one; an event per go),
 * `quiet` (accepted, prints nothing), `note` (accepted, a stderr note), `opt` (prints the options),
 * `crash` (throws an Error), `crash-string` (throws a string); anything else is E_SYNTAX.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { memoryIo, type Io } from '../../src/cli/io.js';
import { runArgv } from '../../src/cli/program.js';
import { choice, SetupError, type Battle, type Feed, type Pending } from '../../src/core/battle.js';
import type { Prng } from '../../src/core/prng.js';
import type { CaseLayout, LoadRequest, Loaded, RulesetEngine, RulesetEntry, RulesetMeta, RulesetOptions } from '../../src/core/ruleset.js';
import { splitLines } from '../../src/core/lines.js';

export interface ProbeSetup {
  readonly files: readonly string[];
  readonly rounds: number;
  readonly prompt: boolean;
  readonly silent: boolean;
  readonly endCode: number | undefined;
  readonly crashOpening: boolean;
}

export const PROBE_META: RulesetMeta = {
  id: 'probe',
  title: 'Probe (test fixture)',
  rulesVersion: '7',
  maturity: 'beta',
  setup: { kind: 'file', name: 'setup', optional: false },
  seeded: true,
  unseeded: (options) => options['fixed'] === true,
  writesFiles: false,
  skipBlankAndComments: true,
  events: true,
  options: [
    { flags: '--mode <m>', help: 'a choice option', choices: ['a', 'b'], excludes: ['seed'], on: ['play', 'record', 'verify'] },
    { flags: '--fixed', help: 'no dice: every roll is 6 and there is no SEED line' },
    { flags: '--verify-only <x>', help: 'offered by verify alone', on: ['verify'] },
  ],
  examples: {
    play: ['probe setup.txt --input go.txt', 'probe setup.txt --seed 2 --input go.txt'],
    record: ['probe record setup.txt --input go.txt --out log.txt'],
    verify: ['probe verify cases'],
  },
};

export function loadProbe({ args, texts }: LoadRequest): Loaded<ProbeSetup> {
  if (args.length === 0) return { ok: false, stdout: [], stderr: ['probe: E_USAGE: no setup file'] };
  let rounds = 1;
  let seed: number | undefined;
  let prompt = false;
  let silent = false;
  let endCode: number | undefined;
  let crashOpening = false;
  const warnings: string[] = [];
  for (const { path: file, text } of texts) {
    const lines = splitLines(text);
    for (let i = 0; i < lines.length; i++) {
      const [word, ...rest] = lines[i]!.trim().split(/\s+/);
      const value = rest.join(' ');
      switch (word) {
        case '':
        case '#':
          break;
        case 'rounds':
          rounds = Number(value);
          break;
        case 'seed':
          seed = Number(value);
          break;
        case 'prompt':
          prompt = true;
          break;
        case 'silent':
          silent = true;
          break;
        case 'warn':
          warnings.push(`${file}:${i + 1}: W_PROBE: ${value}`);
          break;
        case 'endcode':
          endCode = Number(value);
          break;
        case 'crash-opening':
          crashOpening = true;
          break;
        case 'fail':
          return { ok: false, stdout: ['ERROR: the setup says fail'], stderr: [`${file}:${i + 1}: E_SETUP: the setup says fail`] };
        case 'throw-setup':
          throw new SetupError(file, 'E_DATA', 'unusable data', i + 1);
        case 'throw':
          throw new Error('load exploded');
        default:
          if (!word!.startsWith('#')) return { ok: false, stdout: [], stderr: [`${file}:${i + 1}: E_SYNTAX: unknown directive '${word}'`] };
      }
    }
  }
  return { ok: true, setup: { files: args, rounds, prompt, silent, endCode, crashOpening }, warnings, ...(seed === undefined ? {} : { seed }) };
}

export class ProbeBattle implements Battle {
  private done = 0;

  constructor(
    private readonly setup: ProbeSetup,
    private readonly rng: Prng | null,
    private readonly options: RulesetOptions,
    private readonly onEvent: ((json: string) => void) | undefined,
  ) {
  }

  opening(): readonly string[] {
    if (this.setup.crashOpening) throw new Error('opening exploded');
    return this.setup.silent ? [] : [`PROBE ${this.setup.files.join(',')} rounds ${this.setup.rounds}`];
  }

  pending(): Pending {
    if (this.done >= this.setup.rounds) return { kind: 'ended', ...(this.setup.endCode === undefined ? {} : { exit: this.setup.endCode }) };
    return { kind: 'awaiting', expects: "'go'", choices: () => [choice('go')], ...(this.setup.prompt ? { prompt: '> ' } : {}) };
  }

  step(): string {
    return `round ${this.done + 1}`;
  }

  feed(line: string): Feed {
    switch (line.trim()) {
      case 'go': {
        this.done++;
        const roll = this.rng === null ? 6 : this.rng.int(1, 6);
        this.onEvent?.(JSON.stringify({ go: this.done, roll }));
        const lines = [`go ${this.done} roll ${roll}`];
        if (this.done >= this.setup.rounds) lines.push('DONE');
        return { ok: true, lines };
      }
      case 'quiet':
        return { ok: true, lines: [] };
      case 'note':
        return { ok: true, lines: [], notes: ['note: noted'] };
      case 'opt':
        return { ok: true, lines: [`options ${JSON.stringify(this.options)}`] };
      case 'crash':
        throw new Error('feed exploded');
      case 'crash-string':
        throw 'a string';
      default:
        return { ok: false, error: { code: 'E_SYNTAX', message: `expected 'go', got '${line}'` }, lines: [] };
    }
  }
}

export const PROBE_ENGINE: RulesetEngine<ProbeSetup> = {
  load: loadProbe,
  start: (setup, context) => new ProbeBattle(setup, context.rng, context.options, context.onEvent),
};

export const PROBE: RulesetEntry = { meta: PROBE_META, engine: async () => PROBE_ENGINE as RulesetEngine };

/** The probe with another meta (an option that play requires, another setup slot...). */
export function probeWith(meta: Partial<RulesetMeta>, engine: Partial<RulesetEngine> = {}): RulesetEntry {
  return { meta: { ...PROBE_META, ...meta }, engine: async () => ({ ...(PROBE_ENGINE as RulesetEngine), ...engine }) };
}

/**
 * An own case layout for verify: a `.own` file, or every `.own` file of a folder (listed in reverse order, so
 * the caller must sort), is a transcript of the probe on the `setup.txt` beside it (its INPUT lines the
 * choices). A file holding `unplayable` is a fatal problem (a usage error before anything runs).
 */
export const PROBE_LAYOUT: CaseLayout = {
  name: 'probe transcript',
  find(path, files) {
    const kind = files.kind(path);
    if (kind === 'file') return path.endsWith('.own') ? [path] : null;
    if (kind !== 'folder') return null;
    const listed = files.list(path);
    const own = (listed.ok ? listed.value : []).filter((n) => n.endsWith('.own'));
    return own.length === 0 ? null : own.reverse().map((n) => join(path, n));
  },
  read(path, _options, files) {
    const text = files.read(path);
    if (text.ok && text.value.includes('unplayable')) return { broken: `${path}: cannot be replayed`, fatal: true };
    return {
      path,
      folder: files.resolve(dirname(path)),
      args: ['setup.txt'],
      input: { kind: 'transcript' },
      expected: { stdout: { file: files.resolve(path) } },
      compare: 'lines',
      external: { args: ['setup.txt'], copy: false },
      recordTo: { stdout: files.resolve(path) },
    };
  },
};

export interface ProbeRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ProbeRunOptions {
  /** Standard input: a text (one chunk) or a stream; absent: stdin is empty (null). */
  readonly stdin?: string | NodeJS.ReadableStream;
  /** The rulesets the program is built over (default: the probe alone). */
  readonly rulesets?: readonly RulesetEntry[];
  /** Io fields to override (TTY flags, env). */
  readonly io?: Partial<Io>;
}

/** The whole CLI in-process (`runArgv`) in `cwd`, with captured streams. */
export async function runProbe(argv: readonly string[], cwd: string, options: ProbeRunOptions = {}): Promise<ProbeRun> {
  const base = memoryIo(cwd);
  const stdin = options.stdin === undefined ? null : typeof options.stdin === 'string' ? Readable.from([options.stdin]) : options.stdin;
  const io: Io = { ...base, stdin: stdin as Io['stdin'], ...options.io };
  const code = await runArgv(argv, io, options.rulesets ?? [PROBE]);
  return { code, stdout: base.stdout(), stderr: base.stderr() };
}

/** A fresh folder under `root` holding `files` (name → text; a name ending in `/` makes a folder). */
export function folderWith(root: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'w-'));
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    if (name.endsWith('/')) mkdirSync(path, { recursive: true });
    else writeFileSync(path, text);
  }
  return dir;
}

/**
 * The two-round probe setup (seed 1): `work` makes a fresh folder under `root` holding it and the files named
 * in `extra`; `twoGoes` is its log for `go`, `go` read from a file, what other ways of feeding must match.
 */
export function twoRoundProbe(root: string): { work: (extra?: Record<string, string>) => string; twoGoes: () => Promise<string> } {
  const work = (extra: Record<string, string> = {}) => folderWith(root, { 'setup.txt': 'rounds 2\nseed 1\n', ...extra });
  const twoGoes = async () => {
    const dir = work({ 'go.txt': 'go\ngo\n' });
    const r = await runProbe(['probe', 'setup.txt', '--input', 'go.txt'], dir);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    return r.stdout;
  };
  return { work, twoGoes };
}
