/**
 * Running definition commands: one command against a Config (the setup phase of the input stream), or a
 * whole file (setup, map or units file) in a fresh context. `load` runs a file this way and replaces the map
 * or the type table only when the whole file is valid (3.4). Also the parse side of the file pairs:
 * parseMapFile / parseUnitsFile (canonical.ts has the make side).
 */
import type { Files } from '../../core/files.js';
import { isSkippableChoiceLine, splitLines } from '../../core/lines.js';
import { isAbsolute, join, relative } from '../../core/platform.js';
import { makeMapFile, makeUnitsFile } from './canonical.js';
import { allowedInFile, parseCommand, type Command, type FileKind } from './commands.js';
import { applySetting, checkGridRows, defineAction, defineMap, defineTerrain, defineUnit, makeAction, makeUnit, setCell, type Result } from './defs.js';
import { defMsg, err, type TacticsError } from './errors.js';
import type { TacticsEvent } from './events.js';
import { byCode, normalize } from './lexer.js';
import { EMPTY_CONFIG, type Config, type GameMap, type UnitType } from './model.js';

/** Where a source's paths resolve: `dir` relative to the files' root ('' for the input stream). */
export interface Host {
  readonly files: Files;
  readonly dir: string;
  /** `--allow-outside-paths`: a path may be absolute or leave the folder (else E_IO, issue 21 item 12). */
  readonly allowOutside?: boolean;
}

/** A relative path that does not climb out of the folder it is relative to. */
const inside = (path: string): boolean => !isAbsolute(path) && path !== '..' && !path.startsWith('../');

/**
 * Whether a file command may reach `path`: a setup or command file must not read or write anywhere on the
 * machine (`map load /etc/passwd`). The folder is the one Arbiter runs in (a case's folder under verify), or
 * the setup file's own folder when the setup is outside it; `..` within it stays allowed (corpus cases load
 * `../lib/guards.units` from a subfolder). The check is on the text of the path, not through links.
 */
export function mayReach(host: Host, path: string): boolean {
  if (host.allowOutside === true) return true;
  if (isAbsolute(path)) return false;
  // join normalizes: 'a/../b' is 'b', '' is '.'.
  const dir = join(host.dir);
  const target = join(dir, path);
  return inside(dir) ? inside(target) : inside(relative(dir, target));
}

const outside = (verb: 'read' | 'write', path: string): TacticsError => ({
  code: 'E_IO',
  message: `cannot ${verb} ${path} (outside the setup's folder; --allow-outside-paths allows it)`,
});

export type Applied = Result<{ readonly config: Config; readonly events: readonly TacticsEvent[] }>;

export function resolvePath(dir: string, path: string): string {
  return dir === '' || isAbsolute(path) ? path : join(dir, path);
}

const failed = (error: TacticsError): Applied => ({ ok: false, error });

/** One definition, setting or file command (not `grid`, whose rows the caller collects). */
export function applyDefinition(config: Config, command: Command, host: Host | null): Applied {
  const done = (next: Config, events: readonly TacticsEvent[] = []): Applied => ({ ok: true, value: { config: next, events } });
  const withMap = (r: Result<GameMap>): Applied => (r.ok ? done({ ...config, map: r.value }) : r);
  const withTypes = (r: Result<UnitType[]>): Applied => (r.ok ? done({ ...config, types: r.value }) : r);
  switch (command.kind) {
    case 'map':
      return withMap(defineMap(command));
    case 'terrain':
      return withMap(defineTerrain(config.map, command));
    case 'cell':
      return withMap(setCell(config.map, command));
    case 'unit':
      return withTypes(defineUnit(config.types, command));
    case 'action':
      return withTypes(defineAction(config.types, command));
    case 'players':
    case 'limit':
    case 'seed':
    case 'rounds':
    case 'movecost':
    case 'army': {
      const r = applySetting(config.settings, command);
      return r.ok ? done({ ...config, settings: r.value }) : r;
    }
    case 'map-file':
    case 'units-file':
      if (host === null) return failed(err.def('file commands need a host'));
      return command.op === 'save' ? save(config, command.kind, command.path, host) : load(config, command.kind, command.path, host);
    default:
      return failed(err.def(`'${command.kind}' is not a definition`));
  }
}

function save(config: Config, kind: 'map-file' | 'units-file', path: string, host: Host): Applied {
  let text: string;
  if (kind === 'map-file') {
    if (config.map === null) return failed(err.def(defMsg.noMap()));
    if (config.map.grid === null) return failed(err.def(defMsg.noGrid()));
    text = makeMapFile(config.map);
  } else {
    if (config.types.length === 0) return failed(err.def(defMsg.noTypes()));
    text = makeUnitsFile(config.types);
  }
  if (!mayReach(host, path)) return failed(outside('write', path));
  const written = host.files.write(resolvePath(host.dir, path), text);
  if (!written.ok) return failed(err.cannotWrite(path));
  return { ok: true, value: { config, events: [{ t: 'saved', what: kind === 'map-file' ? 'map' : 'units', path }] } };
}

function load(config: Config, kind: 'map-file' | 'units-file', path: string, host: Host): Applied {
  if (!mayReach(host, path)) return failed(outside('read', path));
  const read = host.files.read(resolvePath(host.dir, path));
  if (!read.ok) return failed(err.cannotRead(path));
  const lines = splitLines(read.value);
  const run = runScript(kind === 'map-file' ? 'map' : 'units', lines, null);
  if (!run.ok) return failed(fileError(path, kind === 'map-file' ? 'map' : 'units', lines, run.failure));
  if (kind === 'map-file') {
    const map = run.config.map!;
    return { ok: true, value: { config: { ...config, map }, events: [{ t: 'loaded-map', map, path }] } };
  }
  const event: TacticsEvent = { t: 'loaded-units', count: run.config.types.length, path };
  return { ok: true, value: { config: { ...config, types: run.config.types }, events: [event] } };
}

/**
 * A loaded file's error at its line; but a file whose first command is no command at all is not a map or
 * units file (a log, /etc/passwd), and its text is not quoted back.
 */
function fileError(path: string, kind: 'map' | 'units', lines: readonly string[], failure: ScriptFailure): TacticsError {
  const first = lines.findIndex((l) => !isSkippableChoiceLine(l)) + 1;
  if (failure.line === first && failure.error.code === 'E_COMMAND') return err.file(path, failure.line, `not a ${kind} file`);
  return err.file(path, failure.line, failure.error.message);
}

export interface ScriptFailure {
  readonly line: number;
  readonly error: TacticsError;
}

export type ScriptResult =
  | { readonly ok: true; readonly config: Config; readonly events: readonly TacticsEvent[]; readonly lineCount: number }
  | { readonly ok: false; readonly failure: ScriptFailure };

/**
 * Runs a file's lines in a fresh context: blank and `#` lines are skipped everywhere (D24), a command the
 * file does not allow fails after E_SYNTAX (D32), and the first error stops the file. A grid block is
 * checked when its last row is read and reported at the line of its first bad row (D37).
 */
export function runScript(kind: FileKind, lines: readonly string[], host: Host | null, initial: Config = EMPTY_CONFIG): ScriptResult {
  let config = initial;
  const events: TacticsEvent[] = [];
  let block: { rows: string[]; lines: number[] } | null = null;
  const stop = (line: number, error: TacticsError): ScriptResult => ({ ok: false, failure: { line, error } });
  // A run of `unit` and `action` lines builds the type table by name and sorts it once when the run ends:
  // a sorted copy per line made a units file of n types quadratic (20,000 types: 34 s).
  let table: Map<string, UnitType> | null = null;
  const settle = () => {
    if (table === null) return;
    config = { ...config, types: [...table.values()].sort((a, b) => byCode(a.name, b.name)) };
    table = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const lineNo = i + 1;
    if (isSkippableChoiceLine(raw)) continue;
    if (block !== null) {
      block.rows.push(normalize(raw));
      block.lines.push(lineNo);
      const map = config.map!;
      if (block.rows.length === map.height) {
        const bad = checkGridRows(map, block.rows);
        if (bad !== null) return stop(block.lines[bad.row]!, err.def(bad.message));
        config = { ...config, map: { ...map, grid: block.rows } };
        block = null;
      }
      continue;
    }
    const parsed = parseCommand(raw);
    if (!parsed.ok) return stop(lineNo, parsed.error);
    const { word, command } = parsed.parsed;
    if (!allowedInFile(command, kind)) {
      return stop(lineNo, kind === 'setup' ? err.notInSetupFile(word) : { code: 'E_FILE', message: `'${word}' not allowed in a ${kind} file` });
    }
    if (command.kind === 'unit' || command.kind === 'action') {
      table ??= new Map(config.types.map((t) => [t.name, t]));
      const made = command.kind === 'unit' ? makeUnit(table.get(command.type), command) : makeAction(table.get(command.type), command);
      if (!made.ok) return stop(lineNo, made.error);
      table.set(made.value.name, made.value);
      continue;
    }
    settle();
    if (command.kind === 'grid') {
      if (config.map === null) return stop(lineNo, err.def(defMsg.noMap()));
      block = { rows: [], lines: [] };
      continue;
    }
    const applied = applyDefinition(config, command, host);
    if (!applied.ok) return stop(lineNo, applied.error);
    config = applied.value.config;
    events.push(...applied.value.events);
  }
  settle();
  const after = lines.length + 1;
  if (block !== null) {
    if (kind === 'setup') return stop(after, err.def(defMsg.gridEnded(block.rows.length, config.map!.height)));
    return stop(after, { code: 'E_FILE', message: 'incomplete map' });
  }
  if (kind === 'map' && (config.map === null || config.map.grid === null)) return stop(after, { code: 'E_FILE', message: 'incomplete map' });
  return { ok: true, config, events, lineCount: lines.length };
}

export type FileParse<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly line: number; readonly message: string };

function parseMapLines(lines: readonly string[]): FileParse<{ readonly map: GameMap }> {
  const run = runScript('map', lines, null);
  return run.ok ? { ok: true, map: run.config.map! } : { ok: false, line: run.failure.line, message: run.failure.error.message };
}

function parseUnitsLines(lines: readonly string[]): FileParse<{ readonly types: readonly UnitType[] }> {
  const run = runScript('units', lines, null);
  return run.ok ? { ok: true, types: run.config.types } : { ok: false, line: run.failure.line, message: run.failure.error.message };
}

/** A map file's text to its map (the inverse of makeMapFile on canonical text). */
export function parseMapFile(text: string): FileParse<{ readonly map: GameMap }> {
  return parseMapLines(splitLines(text));
}

/** A units file's text to its type table (the inverse of makeUnitsFile on canonical text). */
export function parseUnitsFile(text: string): FileParse<{ readonly types: readonly UnitType[] }> {
  return parseUnitsLines(splitLines(text));
}
