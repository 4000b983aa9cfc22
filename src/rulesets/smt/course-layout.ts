/**
 * The course's case layout: transcripts `<Suite>-Tests/NNN.txt` beside their team folder `<Suite>/`, the
 * catalogue beside the suites. A transcript is its own expected stdout and its `INPUT:` lines its choices;
 * another program gets the team folder as its one argument and those choices on stdin, as the course's
 * harness runs a student's program.
 */
import type { BrokenCase, CaseSpec } from '../../core/case.js';
import type { CaseLayout } from '../../core/ruleset.js';
import type { Files } from '../../core/files.js';
import { basename, dirname, join } from '../../core/platform.js';
import { catalogueFor } from './setup.js';

const SUFFIX = '-Tests';
const CATALOGUE_FILES = ['samurai.json', 'monsters.json', 'skills.json'] as const;

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

/** The team folder of a transcript in the course layout: the sibling `<Suite>/` of its `<Suite>-Tests/`. */
export function teamsFolderFor(transcript: string): string | BrokenCase {
  const folder = dirname(transcript);
  const name = basename(folder);
  if (!name.endsWith(SUFFIX)) {
    return { broken: `${transcript}: E_USAGE: cannot find its team folder: the transcript is not in a "-Tests" folder; pass --teams <folder>`, fatal: true };
  }
  return join(dirname(folder), name.slice(0, -SUFFIX.length));
}

export const courseLayout: CaseLayout = {
  name: 'course transcript',
  find(path, files) {
    const kind = files.kind(path);
    // A folder named like a transcript in a suite is one that cannot be read: a case, which fails saying why.
    if (kind === 'file' || (kind === 'folder' && isTranscriptName(path))) return [path];
    if (kind !== 'folder') return null;
    const transcripts = transcriptsBelow(path, files);
    return transcripts.length === 0 ? null : transcripts;
  },
  read(file, options, files): CaseSpec | BrokenCase {
    const teams = text(options['teams']) ?? teamsFolderFor(file);
    if (typeof teams !== 'string') return teams;
    const data = text(options['data']);
    return {
      path: file,
      folder: files.base,
      args: ['--teams', teams, ...(data === undefined ? [] : ['--data', data])],
      input: { kind: 'transcript' },
      expected: { stdout: { file: files.resolve(file) } },
      compare: 'lines',
      // The team folder as an absolute path: another program runs in the folder Arbiter was started from.
      external: { args: [files.resolve(teams)], copy: false },
      recordTo: { stdout: files.resolve(file) },
    };
  },
  // A generated game in the course layout: `<out>/games/` (the team folder's files), the catalogue beside it, `<out>/games-Tests/<name>.txt`.
  write(out, name, game, files) {
    const teams = text(game.options['teams'])!;
    const data = text(game.options['data']) ?? catalogueFor(teams, files);
    const suite = join(out, 'games');
    if (files.kind(suite) !== 'folder') {
      const copied = copyFiles(teams, suite, null, files) ?? copyFiles(data, out, CATALOGUE_FILES, files);
      if (copied !== null) return copied;
    }
    const tests = `${suite}${SUFFIX}`;
    const made = files.makeFolder(tests);
    if (!made.ok) return { broken: `${tests}: E_IO: cannot make the folder (${made.reason})` };
    const path = join(tests, `${name}.txt`);
    const saved = files.write(path, game.stdout);
    return saved.ok ? path : { broken: `${path}: E_IO: cannot write the transcript (${saved.reason})` };
  },
};

/** The transcripts of a `-Tests` folder, or of every one below a folder (the course's suites), sorted by path. */
function transcriptsBelow(path: string, files: Files): string[] {
  // Only a `-Tests` folder holds transcripts; its sibling team folder holds .txt files too.
  if (basename(path).endsWith(SUFFIX)) {
    // Folders too: a transcript that is a folder is reported as unreadable, not skipped in silence.
    const listed = files.list(path);
    const folders = files.folders(path);
    const names = [...(listed.ok ? listed.value : []), ...(folders.ok ? folders.value : [])].filter((f) => f.endsWith('.txt')).sort();
    return names.map((f) => join(path, f));
  }
  const folders = files.folders(path);
  return folders.ok ? folders.value.flatMap((name) => transcriptsBelow(join(path, name), files)) : [];
}

/** `<Suite>-Tests/<name>.txt`: where the course keeps a transcript. */
function isTranscriptName(path: string): boolean {
  return path.endsWith('.txt') && basename(dirname(path)).endsWith(SUFFIX);
}

/** Copies the plain files of `from` (or only `names`) into `to`; a failure as a broken case, else null. */
function copyFiles(from: string, to: string, names: readonly string[] | null, files: Files): BrokenCase | null {
  const listed = names === null ? files.list(from) : { ok: true as const, value: names };
  if (!listed.ok) return { broken: `${from}: E_IO: cannot list the files (${listed.reason})` };
  const made = files.makeFolder(to);
  if (!made.ok) return { broken: `${to}: E_IO: cannot make the folder (${made.reason})` };
  for (const name of listed.value) {
    const read = files.read(join(from, name));
    if (!read.ok) return { broken: `${join(from, name)}: E_IO: cannot read (${read.reason})` };
    const saved = files.write(join(to, name), read.value);
    if (!saved.ok) return { broken: `${join(to, name)}: E_IO: cannot write (${saved.reason})` };
  }
  return null;
}
