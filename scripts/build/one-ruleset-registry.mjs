// The registry of one ruleset for that ruleset's bundle (scripts/build/bundle.mjs, docs/startup.md), made
// from the compiled registry's data: which folder each entry's meta and engine come from.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What src/rulesets/registry.ts exports, and so what the generated registry must export too. */
export const REGISTRY_EXPORTS = ['RULESETS', 'rulesetById'];

const load = (path) => import(pathToFileURL(path).href);

/**
 * The compiled registry (`<dist>/rulesets/registry.js`) and where each of its entries lives. An entry's
 * place is the folder whose meta.js exports the entry's meta (the very object, not an equal one), with
 * that export's name, checked against the engine the entry loads, which must be that folder's engine.js
 * `engine`. `entries` replaces the registry's list (tests).
 */
export async function rulesetPlaces(dist, entries = undefined) {
  const registry = await load(join(dist, 'rulesets', 'registry.js'));
  const exported = Object.keys(registry).sort();
  if (exported.join() !== [...REGISTRY_EXPORTS].sort().join()) {
    throw new Error(`src/rulesets/registry.ts exports ${exported.join(', ')}; the one-ruleset registry (scripts/build/one-ruleset-registry.mjs) makes ${REGISTRY_EXPORTS.join(', ')}`);
  }
  const rulesets = join(dist, 'rulesets');
  const metaModules = await Promise.all(
    readdirSync(rulesets, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(rulesets, e.name, 'meta.js')))
      .map(async (e) => ({ folder: e.name, exports: await load(join(rulesets, e.name, 'meta.js')) })),
  );
  const places = [];
  for (const entry of entries ?? registry.RULESETS) {
    const found = metaModules.map(({ folder, exports }) => ({ folder, metaExport: Object.keys(exports).find((key) => exports[key] === entry.meta) })).find((p) => p.metaExport !== undefined);
    if (found === undefined) throw new Error(`no src/rulesets/<folder>/meta.ts exports the meta of registry entry '${entry.meta.id}'`);
    const own = (await load(join(rulesets, found.folder, 'engine.js'))).engine;
    if ((await entry.engine()) !== own) throw new Error(`the registry entry for '${entry.meta.id}' loads an engine other than src/rulesets/${found.folder}/engine.ts's`);
    places.push({ id: entry.meta.id, ...found });
  }
  return places;
}

/** The registry module of one ruleset, at its place: same exports and same lazy engine as the real one. */
export function oneRulesetRegistry({ folder, metaExport }) {
  return [
    `import { ${metaExport} as meta } from './${folder}/meta.js';`,
    `export const RULESETS = [{ meta, engine: async () => (await import('./${folder}/engine.js')).engine, view: async () => (await import('./${folder}/view.js')).view }];`,
    'export function rulesetById(id) { return RULESETS.find((r) => r.meta.id === id); }',
  ].join('\n');
}

/**
 * An esbuild plugin serving src/rulesets/registry.ts (found under `src`) as the registry of the ruleset
 * at `place`: the other rulesets' code stays out of its bundle.
 */
export const oneRulesetRegistryPlugin = (src, place) => ({
  name: `only-${place.id}`,
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]rulesets[\\/]registry\.ts$/ }, () => ({
      contents: oneRulesetRegistry(place),
      loader: 'js',
      resolveDir: join(src, 'rulesets'),
    }));
  },
});
