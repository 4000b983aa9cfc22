/**
 * The layout promises of the plug-in design, checked on the source: no import cycle in src/, the core
 * imports no CLI or ruleset code, the view layer (pages) neither, a ruleset imports only the core, the view
 * layer and its own folder, and no file is far
 * over 400 lines. Every ruleset folder follows one template (the same file names mean the same things),
 * its engine only loads and starts (a case layout of its own is a module beside it), colour lives in
 * paint.ts, and no ruleset imports Node: it reaches files only through the core's `Files`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.js';

const SRC = join(REPO_ROOT, 'src');
const MAX_LINES = 420;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.c?ts$/.test(e.name) ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/gm;

/** The relative imports of a file, as source paths; type-only imports are included (they still couple modules). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = (m[1] ?? m[2])!;
    out.push(resolve(dirname(file), spec).replace(/\.js$/, '.ts').replace(/\.cjs$/, '.cts'));
  }
  return out;
}

const files = sources(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f: string) => relative(SRC, f);

/** The first cycle found by depth-first search, as a list of files, or null. */
function findCycle(staticOnly: boolean): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const edges = (f: string) => (staticOnly ? staticImports(f) : graph.get(f) ?? []);
  const visit = (f: string): string[] | null => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of edges(f)) {
      if (state.get(g) === 'open') return [...stack.slice(stack.indexOf(g)), g];
      if (!state.has(g) && graph.has(g)) {
        const cycle = visit(g);
        if (cycle !== null) return cycle;
      }
    }
    stack.pop();
    state.set(f, 'done');
    return null;
  };
  for (const f of files) {
    if (state.has(f)) continue;
    const cycle = visit(f);
    if (cycle !== null) return cycle;
  }
  return null;
}

function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)) out.push(resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts').replace(/\.cjs$/, '.cts'));
  return out;
}

describe('source layout', () => {
  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(graph.get(join(SRC, 'entry', 'cli.cts'))).toEqual(expect.arrayContaining([join(SRC, 'entry', 'launch.cts'), join(SRC, 'cli', 'main.ts')]));
    expect(graph.get(join(SRC, 'cli', 'main.ts'))).toContain(join(SRC, 'cli', 'program.ts'));
  });

  it('has no import cycle (static or dynamic imports)', () => {
    const cycle = findCycle(false);
    expect(cycle?.map(rel) ?? null).toBeNull();
  });

  it('the core imports nothing from cli/ or rulesets/', () => {
    for (const f of files.filter((f) => rel(f).startsWith('core/'))) {
      for (const g of graph.get(f)!) expect(rel(g), `${rel(f)} imports ${rel(g)}`).toMatch(/^core\//);
    }
  });

  it('the view layer imports nothing from cli/ or rulesets/ (only the core and itself)', () => {
    const viewFiles = files.filter((f) => rel(f).startsWith('view/'));
    expect(viewFiles.length).toBeGreaterThan(0);
    for (const f of viewFiles) {
      for (const g of graph.get(f)!) expect(rel(g), `${rel(f)} imports ${rel(g)}`).toMatch(/^(core|view)\//);
    }
  });

  it('a ruleset imports only the core, the view layer and its own folder', () => {
    for (const f of files.filter((f) => /^rulesets\/[^/]+\//.test(rel(f)))) {
      const own = rel(f).split('/').slice(0, 2).join('/') + '/';
      for (const g of graph.get(f)!) {
        const target = rel(g);
        expect(target.startsWith(own) || target.startsWith('core/') || target.startsWith('view/'), `${rel(f)} imports ${target}`).toBe(true);
      }
    }
  });

  it(`no file is over ${MAX_LINES} lines`, () => {
    const long = files.map((f) => [rel(f), readFileSync(f, 'utf8').split('\n').length] as const).filter(([, n]) => n > MAX_LINES);
    expect(long).toEqual([]);
  });
});

/** Each ruleset folder's rooms: what a newcomer looks for, under the same name in every ruleset. */
const TEMPLATE = [
  'meta.ts', // the static description, read for --help
  'engine.ts', // load and start, nothing else
  'battle.ts', // the Battle
  'events.ts', // what the rules report, as data
  'presenter.ts', // events -> log lines
  'model.ts', // the checked setup
  'commands.ts', // choice-line parsing
  'errors.ts', // every error code and message
  'README.md', // the ruleset's guide
];

const RULESETS = join(SRC, 'rulesets');
const rulesetFolders = readdirSync(RULESETS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** Every module a file names: static and dynamic imports, re-exports, side-effect imports, require. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
    out.push((m[1] ?? m[2] ?? m[3])!);
  }
  return out;
}

const isNodeModule = (spec: string) => spec.startsWith('node:') || builtinModules.includes(spec) || builtinModules.includes(spec.split('/')[0]!);

describe('every ruleset folder on one template', () => {
  it('finds the rulesets', () => {
    expect(rulesetFolders).toEqual(expect.arrayContaining(['clairvoyance', 'marauders', 'marvel', 'smt', 'tactics']));
  });

  it.each(rulesetFolders)('%s has the template files', (id) => {
    expect(TEMPLATE.filter((name) => !existsSync(join(RULESETS, id, name)))).toEqual([]);
  });

  it.each(rulesetFolders)('%s: engine.ts only loads and starts (and names its case layouts)', async (id) => {
    const { engine } = (await import(join(RULESETS, id, 'engine.ts'))) as { engine: object };
    expect(Object.keys(engine).filter((key) => !['load', 'start', 'layouts'].includes(key))).toEqual([]);
  });

  it('colour lives in paint.ts: no other ruleset file writes terminal escapes', () => {
    const sgr = join(SRC, 'core', 'sgr.ts');
    const colouring = files.filter((f) => rel(f).startsWith('rulesets/') && (graph.get(f) ?? []).includes(sgr)).map(rel);
    expect(colouring).toContain('rulesets/tactics/paint.ts'); // the check sees the imports it looks for
    expect(colouring.filter((f) => !f.endsWith('/paint.ts'))).toEqual([]);
    const escapes = files.filter((f) => rel(f).startsWith('rulesets/') && !f.endsWith('/paint.ts') && /\\x1b|\\u001b|\\033/.test(readFileSync(f, 'utf8')));
    expect(escapes.map(rel)).toEqual([]);
  });

  it('no file under src/rulesets imports a Node module (node:fs, path, ...)', () => {
    const offenders = files
      .filter((f) => rel(f).startsWith('rulesets/'))
      .flatMap((f) => specifiersOf(f).filter(isNodeModule).map((spec) => `${rel(f)} imports ${spec}`));
    expect(offenders).toEqual([]);
  });
});
