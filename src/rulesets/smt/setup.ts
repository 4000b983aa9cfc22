/**
 * An SMT setup: the team folder's file menu and the catalogue, read through `Files` (so a case folder's
 * `--teams teams` is its own folder's, from wherever verify runs). Failures are values: the one-line
 * diagnostics load prints.
 */
import { SetupError } from '../../core/battle.js';
import { diskFiles, type Files } from '../../core/files.js';
import { packageRoot } from '../../core/package-root.js';
import { dirname, join } from '../../core/platform.js';
import { cachedCatalogue } from './catalogue.js';
import { SmtBattle, type SmtSetup } from './battle.js';

/** The project's own catalogue, used when `--data` is not given and the team folder has none beside it. */
export function defaultDataDir(): string {
  return join(packageRoot(), 'data', 'smt');
}

const CATALOGUE_FILES = ['samurai.json', 'monsters.json', 'skills.json'] as const;

/**
 * The catalogue for a team folder when `--data` is not given: the folder that holds the team folder, if it
 * has the three catalogue files (the course's layout: catalogue beside its suites), else the project's
 * own data/smt.
 */
export function catalogueFor(teamsDir: string, files: Files = diskFiles()): string {
  const parent = dirname(teamsDir);
  return CATALOGUE_FILES.every((f) => files.kind(join(parent, f)) === 'file') ? parent : defaultDataDir();
}

export type SetupResult = { readonly ok: true; readonly setup: SmtSetup } | { readonly ok: false; readonly message: string };

/**
 * Team folder listings, remembered per folder as `files` resolves it: a verify of a course suite loads the
 * same folder for each of its transcripts. (SMT writes no files, so a listing cannot change under a run.)
 */
const listings = new Map<string, ReturnType<Files['list']>>();

function listTeamFiles(teamsDir: string, files: Files): ReturnType<Files['list']> {
  const key = files.resolve(teamsDir);
  let listed = listings.get(key);
  if (listed === undefined) {
    listed = files.list(teamsDir);
    if (listed.ok) listings.set(key, listed);
  }
  return listed;
}

/** The setup of `--teams` and `--data`, read through `files`. */
export function loadSetup(teamsDir: string, dataDir: string | undefined, files: Files): SetupResult {
  const listed = listTeamFiles(teamsDir, files);
  if (!listed.ok) {
    // A team folder is a folder: "file not found" would name the wrong thing.
    const reason = listed.reason === 'file not found' ? 'folder not found' : listed.reason;
    return { ok: false, message: `${teamsDir}: E_IO: cannot list team files (${reason})` };
  }
  if (listed.value.length === 0) return { ok: false, message: `${teamsDir}: E_IO: the team folder has no files` };
  try {
    const catalogue = cachedCatalogue(dataDir ?? catalogueFor(teamsDir, files), files);
    return {
      ok: true,
      setup: {
        files: listed.value,
        readTeamFile: (name) => {
          const text = files.read(join(teamsDir, name));
          if (!text.ok) throw Object.assign(new Error(text.reason), { code: text.reason });
          return text.value;
        },
        describe: (name) => join(teamsDir, name),
        catalogue,
      },
    };
  } catch (error) {
    // The catalogue's checks throw with the file, line and JSON path; here they become a value.
    if (error instanceof SetupError) return { ok: false, message: error.message };
    throw error;
  }
}

/** A setup whose team files live in memory (tests, property runs, generated suites). */
export function smtSetupFromTexts(teams: ReadonlyMap<string, string>, dataDir: string = defaultDataDir()): SmtSetup {
  const files = [...teams.keys()].sort();
  return {
    files,
    readTeamFile: (name) => {
      const text = teams.get(name);
      if (text === undefined) throw Object.assign(new Error(`no team file ${name}`), { code: 'ENOENT' });
      return text;
    },
    describe: (name) => name,
    catalogue: cachedCatalogue(dataDir),
  };
}

export function createSmtBattle(setup: SmtSetup): SmtBattle {
  return new SmtBattle(setup);
}
