/**
 * The `smt` ruleset: Shin Megami Tensei IV "Press Turn" as the course IIC2113 plays it, plus the decided
 * extensions. Entry points for the CLI and the tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SetupError } from '../../core/battle.js';
import { packageRoot } from '../../core/package-root.js';
import { cachedCatalogue } from './catalogue.js';
import { SmtBattle, type SmtSetup } from './battle.js';

/** The project's own catalogue, used when `--data` is not given. */
export function defaultDataDir(): string {
  return join(packageRoot(), 'data', 'smt');
}

const listings = new Map<string, string[]>();

/** The file menu of a team folder: every file in it, sorted by name (course). */
export function listTeamFiles(teamsDir: string): string[] {
  let files = listings.get(teamsDir);
  if (files === undefined) {
    try {
      files = readdirSync(teamsDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'folder not found' : code === 'ENOTDIR' ? 'not a folder' : `${code ?? 'error'}`;
      throw new SetupError(teamsDir, 'E_IO', `cannot list team files (${reason})`);
    }
    if (files.length === 0) throw new SetupError(teamsDir, 'E_IO', 'the team folder has no files');
    listings.set(teamsDir, files);
  }
  return files;
}

const CATALOGUE_FILES = ['samurai.json', 'monsters.json', 'skills.json'] as const;

/**
 * The catalogue for a team folder when `--data` is not given: the folder that holds the team folder, if it
 * has the three catalogue files (the course's layout: catalogue beside its suites), else the project's
 * own data/smt.
 */
export function catalogueFor(teamsDir: string): string {
  const parent = dirname(teamsDir);
  return CATALOGUE_FILES.every((f) => existsSync(join(parent, f))) ? parent : defaultDataDir();
}

export function smtSetup(teamsDir: string, dataDir: string = catalogueFor(teamsDir)): SmtSetup {
  return {
    files: listTeamFiles(teamsDir),
    readTeamFile: (name) => readFileSync(join(teamsDir, name), 'utf8'),
    describe: (name) => join(teamsDir, name),
    catalogue: cachedCatalogue(dataDir),
  };
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

/** The course layout: transcripts in `<Suite>-Tests/`, team files in the sibling `<Suite>/`. */
export function teamsFolderFor(transcriptPath: string): string {
  const folder = dirname(transcriptPath);
  const name = basename(folder);
  if (!name.endsWith('-Tests')) {
    throw new SetupError(transcriptPath, 'E_USAGE', 'cannot find its team folder: the transcript is not in a "-Tests" folder; pass --teams <folder>');
  }
  return join(dirname(folder), name.slice(0, -'-Tests'.length));
}
