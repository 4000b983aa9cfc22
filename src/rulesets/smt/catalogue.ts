/**
 * The SMT catalogue: `samurai.json`, `monsters.json` and `skills.json` in the course schema. Parse (with
 * positions), validate against the schema, then cross-check names; the battle only ever sees a checked
 * `Catalogue`. Every error names the file, its line and column, and the JSON path.
 */
import type * as Jsonc from 'jsonc-parser';
import * as v from 'valibot';
import { SetupError } from '../../core/battle.js';
import { diskFiles, type Files } from '../../core/files.js';
import { join, requireLate } from '../../core/platform.js';
import { checkFor } from './schema-check.js';

export const ELEMENTS = ['Phys', 'Gun', 'Fire', 'Ice', 'Elec', 'Force', 'Light', 'Dark'] as const;
export const AILMENTS = ['Bind', 'Sleep', 'Sick', 'Panic', 'Poison'] as const;
export const SKILL_TYPES = [...ELEMENTS, 'Almighty', 'Ailment', 'Heal', 'Support', 'Special', 'Passive'] as const;
export const SKILL_TARGETS = ['Single', 'All', 'Multi', 'Ally', 'Party', 'Self', 'Universal'] as const;
const AFFINITY_CODES = ['-', 'Wk', 'Rs', 'Nu', 'Rp', 'Dr'] as const;

export type Element = (typeof ELEMENTS)[number];
export type AilmentKind = (typeof AILMENTS)[number];
/** What an attack carries: an element, or Almighty (Neutral for everyone). */
export type AttackElement = Element | 'Almighty';
export type SkillType = (typeof SKILL_TYPES)[number];
export type SkillTarget = (typeof SKILL_TARGETS)[number];
export type Affinity = 'Neutral' | 'Weak' | 'Resist' | 'Null' | 'Repel' | 'Drain';

const AFFINITY_BY_CODE: Record<(typeof AFFINITY_CODES)[number], Affinity> = {
  '-': 'Neutral',
  Wk: 'Weak',
  Rs: 'Resist',
  Nu: 'Null',
  Rp: 'Repel',
  Dr: 'Drain',
};

export interface Stats {
  readonly hp: number;
  readonly mp: number;
  readonly str: number;
  readonly skl: number;
  readonly mag: number;
  readonly spd: number;
  readonly lck: number;
}

export interface SkillDef {
  readonly name: string;
  readonly type: SkillType;
  /** Catalogue cost; a negative cost is read as 0 (smt-extensions 4.3). */
  readonly cost: number;
  readonly power: number;
  readonly target: SkillTarget;
  /** Hit range `[min, max]`; `1-1` for a plain "1", and also for the passives' "-". */
  readonly hits: { readonly min: number; readonly max: number };
  readonly effect: string;
}

export interface UnitDef {
  readonly name: string;
  readonly isSamurai: boolean;
  readonly stats: Stats;
  readonly affinity: Readonly<Record<Element | AilmentKind, Affinity>>;
  /** Monsters' fixed skill list, in catalogue order; empty for samurai (they get theirs from the team file). */
  readonly skills: readonly SkillDef[];
}

export interface Catalogue {
  readonly dir: string;
  readonly samurai: ReadonlyMap<string, UnitDef>;
  readonly monsters: ReadonlyMap<string, UnitDef>;
  readonly skills: ReadonlyMap<string, SkillDef>;
}

/** jsonc-parser keeps positions but is slow to start; it is loaded only when there is an error to locate. */
function positionalParser(): typeof Jsonc {
  return requireLate<typeof Jsonc>('jsonc-parser');
}

/**
 * Limits on what a catalogue may hold (this folder's README.md, "Limits"). The course's largest values are HP 1317, Str 999,
 * power 675, cost 255, 15 hits and 4 levels of nesting; past these limits the damage and heal formulas
 * would stop giving exact whole numbers (1e308 gives Infinity), a hit loop would never end, and a deep
 * file would overflow the parser's stack.
 */
export const MAX_STAT = 99_999;
export const MAX_POWER = 99_999;
export const MAX_COST = 99_999;
export const MAX_HITS = 99;
export const MAX_JSON_DEPTH = 64;

const atMost = (max: number) => v.maxValue<number, number, string>(max, `expected a number of at most ${max}`);
const wholeNumber = v.pipe(v.number(), v.integer('expected a whole number'));
const stat = (min: number) => v.pipe(wholeNumber, v.minValue(min, `expected a number of at least ${min}`), atMost(MAX_STAT));
const StatsSchema = v.strictObject({
  HP: stat(1),
  MP: stat(0),
  Str: stat(0),
  Skl: stat(0),
  Mag: stat(0),
  Spd: stat(0),
  Lck: stat(0),
});
const code = v.picklist(AFFINITY_CODES, `expected an affinity code (${AFFINITY_CODES.join(', ')})`);
const AffinitySchema = v.strictObject(
  Object.fromEntries([...ELEMENTS, ...AILMENTS].map((k) => [k, code])) as Record<Element | AilmentKind, typeof code>,
);
const name = v.pipe(v.string(), v.check((s) => s.trim().length > 0, 'expected a non-empty name'));
export const SamuraiSchema = v.array(v.strictObject({ name, stats: StatsSchema, affinity: AffinitySchema }));
export const MonstersSchema = v.array(
  v.strictObject({ name, stats: StatsSchema, affinity: AffinitySchema, skills: v.array(name) }),
);
export const SkillsSchema = v.array(
  v.strictObject({
    name,
    type: v.picklist(SKILL_TYPES, `expected a skill type (${SKILL_TYPES.join(', ')})`),
    cost: v.pipe(wholeNumber, v.minValue(-MAX_COST, `expected a number of at least ${-MAX_COST}`), atMost(MAX_COST)),
    power: v.pipe(v.number(), v.minValue(0, 'expected a number of at least 0'), atMost(MAX_POWER)),
    target: v.picklist(SKILL_TARGETS, `expected a skill target (${SKILL_TARGETS.join(', ')})`),
    hits: v.pipe(v.string(), v.regex(/^(?:-|[1-9]\d*|[1-9]\d*-[1-9]\d*)$/, 'expected hits as "N", "A-B" or "-"')),
    effect: v.string(),
  }),
);

type JsonPath = (string | number)[];

/** jsonc-parser held to plain JSON, as JSON.parse reads it. */
const STRICT_JSON: Jsonc.ParseOptions = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/**
 * A parsed JSON file that can turn a JSON path back into a line and column. The fast path is JSON.parse;
 * jsonc-parser (which keeps positions) only runs when there is an error to locate.
 */
class JsonFile {
  readonly value: unknown;
  /** The text with a BOM blanked out (the same length, so offsets stay the file's). */
  private readonly body: string;

  constructor(readonly path: string, readonly text: string) {
    const body = text.startsWith('\uFEFF') ? ' ' + text.slice(1) : text;
    this.body = body;
    // JSON.parse is iterative and fast. A file it accepts is checked for depth only when its schema check
    // fails (refuseTooDeep), since locating that error runs the positional parser, which recurses once per
    // level; a file the schema accepts is a few levels deep.
    try {
      this.value = JSON.parse(body);
      return;
    } catch {
      this.refuseTooDeep();
    }
    const jsonc = positionalParser();
    const errors: Jsonc.ParseError[] = [];
    const tree = jsonc.parseTree(body, errors, STRICT_JSON);
    throw this.malformed(body, errors[0], tree === undefined);
  }

  /**
   * A file nested deeper than the limit is refused before the positional parser sees it, unless a syntax
   * error comes first (the prefix up to the deep bracket is shallow).
   */
  refuseTooDeep(): void {
    const deep = tooDeep(this.body);
    if (deep < 0) return;
    const prefix = this.body.slice(0, deep + 1);
    const errors: Jsonc.ParseError[] = [];
    positionalParser().parseTree(prefix, errors, STRICT_JSON);
    const first = errors.find((e) => e.offset < deep);
    if (first !== undefined) throw this.malformed(prefix, first);
    throw this.error('E_JSON', `arrays and objects nested more than ${MAX_JSON_DEPTH} deep; the limit is ${MAX_JSON_DEPTH}`, deep);
  }

  private malformed(body: string, first: Jsonc.ParseError | undefined, empty = false): SetupError {
    const jsonc = positionalParser();
    const offset = first?.offset ?? this.text.length;
    const what = first === undefined ? (empty ? 'empty file' : 'unexpected content') : jsonc.printParseErrorCode(first.error);
    const where = formatJsonPath(jsonc.getLocation(body, offset).path.filter((k) => k !== ''));
    return this.error('E_JSON', `at ${where}: malformed JSON: ${describeParseError(what)}`, offset);
  }

  error(codeName: string, detail: string, offset: number): SetupError {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < this.text.length; i++) {
      if (this.text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return new SetupError(this.path, codeName, detail, line, offset - lineStart + 1);
  }

  errorAt(jsonPath: JsonPath, codeName: string, detail: string): SetupError {
    const jsonc = positionalParser();
    const tree = jsonc.parseTree(this.body);
    // The node may be missing (a missing key): point at the nearest existing ancestor.
    let node: Jsonc.Node | undefined;
    for (let n = jsonPath.length; n >= 0 && node === undefined; n--) {
      node = tree && jsonc.findNodeAtLocation(tree, jsonPath.slice(0, n));
    }
    return this.error(codeName, `at ${formatJsonPath(jsonPath)}: ${detail}`, node?.offset ?? 0);
  }
}

/**
 * The offset of the first `[` or `{` that opens level MAX_JSON_DEPTH + 1 (strings skipped), or -1. One pass,
 * no recursion; a stray closing bracket never takes the depth below 0 (the parser reports it).
 */
function tooDeep(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote (an unterminated one runs to the end).
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return -1;
}

function describeParseError(code: string): string {
  // jsonc's names are CamelCase identifiers; "CloseBraceExpected" reads better as "close brace expected".
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export function formatJsonPath(path: JsonPath): string {
  let out = '$';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : /^[A-Za-z_]\w*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  return out;
}

function validate<S extends v.GenericSchema>(file: JsonFile, schema: S): v.InferOutput<S> {
  // The compiled check accepts exactly what valibot accepts, and valibot's output is then the input itself
  // (these schemas transform nothing): valibot runs only to describe a failure.
  if (checkFor(schema)(file.value)) return file.value as v.InferOutput<S>;
  const result = v.safeParse(schema, file.value, { abortEarly: true });
  if (result.success) return result.output;
  file.refuseTooDeep();
  const issue = result.issues[0];
  const path: JsonPath = (issue.path ?? []).map((item) => item.key as string | number);
  throw file.errorAt(path, 'E_SCHEMA', describeIssue(issue));
}

/** One readable sentence per valibot issue: what was expected, and what the file has. */
function describeIssue(issue: v.BaseIssue<unknown>): string {
  // JSON.stringify writes Infinity (a file's 1e999) as null.
  const shown = typeof issue.input === 'number' && !Number.isFinite(issue.input) ? String(issue.input) : JSON.stringify(issue.input);
  const got = issue.input === undefined ? 'nothing' : (shown ?? String(issue.input)).slice(0, 60);
  const key = String(issue.path?.[issue.path.length - 1]?.key ?? '');
  if (issue.type === 'strict_object') {
    return issue.expected === 'never' ? `unknown key ${JSON.stringify(key)}` : `missing key ${JSON.stringify(key)}`;
  }
  // Our schemas give their own messages where a bare type name would say too little.
  if (!issue.message.startsWith('Invalid ')) return `${issue.message}, got ${got}`;
  return `expected ${article(issue.expected ?? issue.type)}, got ${got}`;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** The catalogue is a folder of three files: name what is wrong with the folder itself first. */
function checkFolder(dir: string, files: Files): void {
  const listed = files.folders(dir);
  if (!listed.ok) throw new SetupError(dir, 'E_IO', `cannot read the catalogue folder (${listed.reason})`);
}

function readJson(dir: string, fileName: string, files: Files): JsonFile {
  const path = join(dir, fileName);
  const text = files.read(path);
  if (!text.ok) throw new SetupError(path, 'E_IO', `cannot read catalogue file (${text.reason})`);
  return new JsonFile(path, text.value);
}

function toStats(s: v.InferOutput<typeof StatsSchema>): Stats {
  return { hp: s.HP, mp: s.MP, str: s.Str, skl: s.Skl, mag: s.Mag, spd: s.Spd, lck: s.Lck };
}

function toAffinity(a: Record<string, (typeof AFFINITY_CODES)[number]>): Record<Element | AilmentKind, Affinity> {
  const out = {} as Record<Element | AilmentKind, Affinity>;
  for (const key of [...ELEMENTS, ...AILMENTS]) out[key] = AFFINITY_BY_CODE[a[key]!];
  return out;
}

function toHits(text: string): { min: number; max: number } {
  if (text === '-') return { min: 1, max: 1 };
  const [a, b] = text.split('-').map(Number) as [number, number | undefined];
  return { min: a, max: b ?? a };
}

/** Loads and checks a catalogue folder. Throws `SetupError` naming the file, line and JSON path. */
export function loadCatalogue(dir: string, files: Files = diskFiles()): Catalogue {
  const skillsFile = readJson(dir, 'skills.json', files);
  const skills = new Map<string, SkillDef>();
  validate(skillsFile, SkillsSchema).forEach((raw, i) => {
    if (skills.has(raw.name)) throw skillsFile.errorAt([i, 'name'], 'E_SCHEMA', `duplicate skill name "${raw.name}"`);
    const hits = toHits(raw.hits);
    if (Math.max(hits.min, hits.max) > MAX_HITS) {
      throw skillsFile.errorAt([i, 'hits'], 'E_SCHEMA', `expected hits of at most ${MAX_HITS}, got "${raw.hits.slice(0, 60)}"`);
    }
    if (hits.max < hits.min) throw skillsFile.errorAt([i, 'hits'], 'E_SCHEMA', `hit range "${raw.hits}" ends below its start`);
    skills.set(raw.name, { ...raw, cost: Math.max(0, raw.cost), hits });
  });

  const samuraiFile = readJson(dir, 'samurai.json', files);
  const samurai = new Map<string, UnitDef>();
  validate(samuraiFile, SamuraiSchema).forEach((raw, i) => {
    if (samurai.has(raw.name)) throw samuraiFile.errorAt([i, 'name'], 'E_SCHEMA', `duplicate samurai name "${raw.name}"`);
    samurai.set(raw.name, { name: raw.name, isSamurai: true, stats: toStats(raw.stats), affinity: toAffinity(raw.affinity), skills: [] });
  });

  const monstersFile = readJson(dir, 'monsters.json', files);
  const monsters = new Map<string, UnitDef>();
  validate(monstersFile, MonstersSchema).forEach((raw, i) => {
    if (monsters.has(raw.name)) throw monstersFile.errorAt([i, 'name'], 'E_SCHEMA', `duplicate monster name "${raw.name}"`);
    const own = raw.skills.map((skillName, j) => {
      const skill = skills.get(skillName);
      if (skill === undefined) throw monstersFile.errorAt([i, 'skills', j], 'E_UNKNOWN_SKILL', `unknown skill "${skillName}" (not in skills.json)`);
      return skill;
    });
    monsters.set(raw.name, { name: raw.name, isSamurai: false, stats: toStats(raw.stats), affinity: toAffinity(raw.affinity), skills: own });
  });

  return { dir, samurai, monsters, skills };
}

const cache = new Map<string, Catalogue>();

/**
 * `loadCatalogue`, remembered per folder: verify and batch runs load a catalogue once. Keyed by the folder
 * as `files` resolves it, so two cases naming `catalogue` relative to different folders get their own.
 */
export function cachedCatalogue(dir: string, files: Files = diskFiles()): Catalogue {
  const key = files.resolve(dir);
  let catalogue = cache.get(key);
  if (catalogue === undefined) {
    checkFolder(dir, files);
    catalogue = loadCatalogue(dir, files);
    cache.set(key, catalogue);
  }
  return catalogue;
}
