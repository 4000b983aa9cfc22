/**
 * The checked sheet model (spec §3): characters, passives, skills and fx items, as the sheet parser
 * produces them and the rules read them. Keywords are stored in lower case, names as written.
 */
import type { Kind, KindSet } from './kinds.js';

/** `<STAT>*<factor>` (factor in thousandths) or a plain integer. */
export type Expr = { readonly stat: string; readonly factor: number } | { readonly value: number };

/** A percentage (basis points) or a flat amount. */
export interface PctOrFlat {
  readonly op: 'pct' | 'flat';
  readonly value: number;
}

export type Passive =
  | { readonly kind: 'stat'; readonly stat: string; readonly num: PctOrFlat }
  | { readonly kind: 'dmg' | 'def' | 'dmgdef'; readonly num: PctOrFlat }
  | { readonly kind: 'pdef'; readonly value: number; readonly kinds: KindSet }
  | { readonly kind: 'red'; readonly value: number; readonly kinds: KindSet }
  | { readonly kind: 'imm'; readonly value: 50 | 100; readonly kinds: KindSet }
  | { readonly kind: 'noslot' }
  | { readonly kind: 'slots'; readonly n: number }
  /** v2: flies or levitates; reaches up to n steps of height above its own (§6.6.5). */
  | { readonly kind: 'flight'; readonly n: number };

export type Chan = 'stat' | 'dmg' | 'def' | 'dmgdef' | 'pdef' | 'red' | 'imm' | 'cost';

/**
 * A modifier's value: `pct`/`flat` for stat, dmg, def, dmgdef and cost (flat); pdef is a flat with kinds,
 * red a pct with kinds, imm a level (50 partial, 100 total) with kinds.
 */
export interface ModValue {
  readonly op: 'pct' | 'flat' | 'level';
  readonly value: number;
  readonly kinds?: KindSet;
}

export type Dur =
  | { readonly t: 'perm' }
  | { readonly t: 'r'; readonly n: number }
  | { readonly t: 'a'; readonly n: number }
  | { readonly t: 'next' };

export type FxItem =
  | { readonly t: 'dot'; readonly type: string; readonly amount: Expr; readonly ticks: number; readonly kinds?: readonly Kind[] }
  | { readonly t: 'mod'; readonly chan: Chan; readonly stat?: string; readonly value: ModValue; readonly dur: Dur; readonly self: boolean }
  | { readonly t: 'status'; readonly name: string; readonly dur: Dur; readonly self: boolean }
  /** v2, supplementary skills only: heals up to `amount` VIT by a method of these kinds (§10.5). */
  | { readonly t: 'heal'; readonly amount: Expr; readonly kinds?: readonly Kind[] };

export type SkillClass =
  | 'offensive'
  | 'defence'
  | 'evasion'
  | 'counter'
  | 'anticipation'
  | 'annulment'
  | 'supplementary'
  | 'join'
  | 'interference';

export const SKILL_CLASSES: readonly SkillClass[] = [
  'offensive',
  'defence',
  'evasion',
  'counter',
  'anticipation',
  'annulment',
  'supplementary',
  'join',
  'interference',
];

export const REACTION_CLASSES: readonly SkillClass[] = ['defence', 'evasion', 'counter', 'anticipation', 'annulment'];

/** One requirement part: the reactor's REF or VEL total must reach `need` (§8.2, R5.14). */
export interface ReqPart {
  readonly stat: 'REF' | 'VEL';
  readonly need: number;
}

/** The bare flags a skill line may carry (§3). */
export const FLAGS = [
  'prep',
  'basic',
  'ignore',
  'pierce',
  'noproj',
  'no-evade',
  'no-int',
  'no-ext',
  'no-anticipate',
  'no-annul',
  'no-counter',
  'fx-nodmg',
  'int',
  'ext',
  'allies',
  'zone',
  'omni',
  'melee',
  'ranged',
  'now',
  'noallies',
] as const;
export type Flag = (typeof FLAGS)[number];

/**
 * A skill as written: its class, the properties given (valued keys parsed), and its flags. Absent
 * properties are undefined; `props` keeps the keys in written order for printing the sheet back.
 */
export interface Skill {
  readonly name: string;
  readonly cls: SkillClass;
  readonly cost: number;
  /** Per-round uses; '*' for unlimited. */
  readonly uses: number | '*';
  readonly cd: number;
  readonly flags: readonly Flag[];
  readonly dmg?: Expr;
  readonly hits?: readonly Expr[];
  readonly res?: Expr;
  readonly kinds: readonly Kind[];
  readonly vs: readonly Kind[];
  readonly targets?: number | '*';
  readonly area?: number;
  readonly cone?: number;
  /** v2: a line of N cells ahead (§6.6.3). */
  readonly line?: number;
  /** v2: the largest distance to a direct target or an area's centre (§6.6.2); counters and anticipations: their reach. */
  readonly range?: number;
  readonly maxarea?: number;
  readonly mode?: 'turn' | 'action';
  readonly reqReact?: readonly ReqPart[];
  readonly reqEvade?: readonly ReqPart[];
  readonly reqDef?: readonly ReqPart[];
  readonly fx: readonly FxItem[];
  /** The keys in the order written (for makeSheet). */
  readonly order: readonly string[];
}

export type FueTier = 'III' | 'II' | 'I' | '0';

export interface Character {
  readonly id: string;
  /** Declared stats in written order. */
  readonly stats: readonly { readonly name: string; readonly value: number }[];
  readonly fuetier?: { readonly tier: FueTier; readonly scale: number };
  readonly passives: readonly Passive[];
  readonly skills: readonly Skill[];
}

export function hasFlag(skill: Skill, flag: Flag): boolean {
  return skill.flags.includes(flag);
}

export function statBase(character: Character, name: string): number {
  return character.stats.find((s) => s.name === name)?.value ?? 0;
}

export function findSkill(character: Character, name: string): Skill | undefined {
  return character.skills.find((s) => s.name === name);
}

/** The number of hits of an offensive skill: hits entries, else 1 (dmg or effect-only). */
export function hitCount(skill: Skill): number {
  return skill.hits?.length ?? 1;
}

/** An area or cone size, for maxarea (a line is not an area there, D77). */
export function areaSize(skill: Skill): number | undefined {
  return skill.area ?? skill.cone;
}

/** An area, cone or line: a shape for the start's two-target limit, allies as targets and instant joiners (D77). */
export function isShape(skill: Skill): boolean {
  return skill.area !== undefined || skill.cone !== undefined || skill.line !== undefined;
}

/** The `passive flight N` of a character, 0 without one (§6.6.5). */
export function flightOf(character: Character): number {
  for (const p of character.passives) if (p.kind === 'flight') return p.n;
  return 0;
}

export function dealsDamage(skill: Skill): boolean {
  return skill.dmg !== undefined || skill.hits !== undefined;
}
