/**
 * The `smt` engine: a team folder and a catalogue in, battles out; and the course's verify layout
 * (`<Suite>-Tests/*.txt` transcripts beside their `<Suite>/` team folder).
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { SetupError } from '../../core/battle.js';
import { ioReason, writeAtomically } from '../../core/files.js';
import type { CaseOutcome, ExternalCase, RulesetEngine } from '../../core/ruleset.js';
import { playLines, prepareRun, runInMemory } from '../../core/run.js';
import { ComparingSink, lineSource } from '../../core/compare.js';
import { INPUT_PREFIX, parseTranscript, transcriptInputs } from '../../core/transcript.js';
import { diskFiles } from '../../core/files.js';
import { SmtBattle, type SmtSetup } from './battle.js';
import { catalogueFor, smtSetup, teamsFolderFor } from './index.js';
import { SMT_META } from './meta.js';

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

export const engine: RulesetEngine<SmtSetup> = {
  // SMT's paths are used as given: its transcripts never run from a scratch copy, and diagnostics name them.
  load({ options }) {
    const teams = text(options['teams']);
    if (teams === undefined) return { ok: false, stdout: [], stderr: ["error: required option '--teams <folder>' not specified"] };
    const data = text(options['data']);
    try {
      return { ok: true, setup: smtSetup(teams, data), warnings: [] };
    } catch (error) {
      if (error instanceof SetupError) return { ok: false, stdout: [], stderr: [error.message] };
      throw error;
    }
  },
  start: (setup) => new SmtBattle(setup),
  ownCases: {
    list(path) {
      let isFolder: boolean;
      try {
        isFolder = statSync(path).isDirectory();
      } catch {
        return null;
      }
      if (!isFolder) return [path];
      // Only a `-Tests` folder holds transcripts; its sibling team folder holds .txt files too.
      if (!basename(path).endsWith('-Tests')) return null;
      const files = readdirSync(path).filter((f) => f.endsWith('.txt')).sort();
      return files.length === 0 ? null : files.map((f) => join(path, f));
    },
    preflight(file, options) {
      if (text(options['teams']) !== undefined) return null;
      try {
        teamsFolderFor(file);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },
    // A course transcript is its own expected stdout.
    expectedFiles: (file) => ({ stdout: file }),
    // The course layout: `<out>/games/` (a copy of the team folder), its catalogue beside it, `<out>/games-Tests/<name>.txt`.
    writeGame(out, name, game) {
      const teams = text(game.options['teams'])!;
      const data = text(game.options['data']) ?? catalogueFor(teams);
      const suite = join(out, 'games');
      if (!existsSync(suite)) {
        cpSync(teams, suite, { recursive: true });
        for (const f of ['samurai.json', 'monsters.json', 'skills.json']) copyFileSync(join(data, f), join(out, f));
      }
      mkdirSync(`${suite}-Tests`, { recursive: true });
      const path = join(`${suite}-Tests`, `${name}.txt`);
      const saved = writeAtomically(path, game.stdout);
      if (!saved.ok) throw new SetupError(path, 'E_IO', `cannot write the transcript (${saved.reason})`);
      return path;
    },
    // As the course harness runs a program: the team folder as its argument, the choices on stdin.
    external(file, options): ExternalCase {
      const expected = readTranscript(file);
      const teams = text(options['teams']) ?? teamsFolderFor(file);
      const inputs = transcriptInputs(expected);
      return { args: [resolve(teams)], folder: process.cwd(), copy: false, stdin: inputs.map((l) => l + '\n').join(''), expected: { stdout: expected }, compare: 'lines' };
    },
    output(file, options) {
      const teams = text(options['teams']) ?? teamsFolderFor(file);
      const run = runInMemory(SMT_META, engine, { args: [], options: { ...options, teams }, files: diskFiles(), lines: readInputs(file).inputs, source: file });
      return { stdout: run.stdout, stderr: run.stderr };
    },
    // Compared while replaying: a long transcript is read twice in chunks and never held whole; a short
    // one is read once for its inputs and its expected lines.
    replay(file, options): CaseOutcome {
      const { inputs, lines } = readInputs(file);
      const teams = text(options['teams']) ?? teamsFolderFor(file);
      const prepared = prepareRun(SMT_META, engine, { args: [], options: { ...options, teams }, files: diskFiles() });
      if (!prepared.ok) throw new SetupError(file, 'E_SETUP', prepared.stderr.join('; '));
      const sink = new ComparingSink(lines());
      playLines(prepared.run, inputs, sink, file, true, () => sink.settled);
      return { stdout: sink.result() };
    },
  },
};

export default engine;

/** The INPUT values of a transcript, read in one pass, and its lines to read again. */
function readInputs(file: string): { inputs: string[]; lines: () => Iterator<string> } {
  try {
    const inputs: string[] = [];
    const source = lineSource(file);
    const lines = source();
    for (let r = lines.next(); r.done !== true; r = lines.next()) if (r.value.startsWith(INPUT_PREFIX)) inputs.push(r.value.slice(INPUT_PREFIX.length));
    return { inputs, lines: source };
  } catch (error) {
    throw new SetupError(file, 'E_IO', `cannot read transcript (${ioReason(error)})`);
  }
}

function readTranscript(file: string): string[] {
  try {
    return parseTranscript(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SetupError(file, 'E_IO', `cannot read transcript (${ioReason(error)})`);
  }
}
