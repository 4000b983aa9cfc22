/**
 * The fixed tables of spec sections 1 and 6: elements (canonical order, letters, from-rank), tiers, spells,
 * mark tokens and option ids, plus the small value types every other module shares.
 */

/** An element letter (1.1, D7): unique and upper case. */
export type El =
  | 'S' | 'F' | 'G' | 'W' | 'I' | 'A' | 'P' | 'E' | 'U' | 'L' | 'M'
  | 'D' | 'V' | 'N' | 'H' | 'T' | 'C' | 'Z' | 'K' | 'X' | 'O';

interface ElementRow {
  readonly letter: El;
  readonly name: string;
  readonly fromRank: number;
  readonly spell: string;
}

/** Canonical order = the source's element list (1.1); spells from section 6. */
export const ELEMENTS: readonly ElementRow[] = [
  { letter: 'S', name: 'Star', fromRank: 1, spell: 'Shine' },
  { letter: 'F', name: 'Fire', fromRank: 1, spell: 'Inferno' },
  { letter: 'G', name: 'Wood', fromRank: 1, spell: 'Supply' },
  { letter: 'W', name: 'Water', fromRank: 1, spell: 'Rain' },
  { letter: 'I', name: 'Ice', fromRank: 2, spell: 'Freeze' },
  { letter: 'A', name: 'Wind', fromRank: 2, spell: 'Breeze' },
  { letter: 'P', name: 'Poison', fromRank: 1, spell: 'Poisoning' },
  { letter: 'E', name: 'Earth', fromRank: 3, spell: 'Earthquake' },
  { letter: 'U', name: 'Sun', fromRank: 3, spell: 'Shine' },
  { letter: 'L', name: 'Light', fromRank: 4, spell: 'Luminate' },
  { letter: 'M', name: 'Moon', fromRank: 4, spell: 'Blanket' },
  { letter: 'D', name: 'Dark', fromRank: 5, spell: 'Shockwave' },
  { letter: 'V', name: 'Sound', fromRank: 5, spell: 'Pulse' },
  { letter: 'N', name: 'Neutral', fromRank: 6, spell: 'Spike' },
  { letter: 'H', name: 'Steam', fromRank: 6, spell: 'Emission' },
  { letter: 'T', name: 'Metal', fromRank: 7, spell: 'Rotator' },
  { letter: 'C', name: 'Crystal', fromRank: 7, spell: 'Bling' },
  { letter: 'Z', name: 'Thunder', fromRank: 8, spell: 'Thunderstorm' },
  { letter: 'K', name: 'Cosmo', fromRank: 8, spell: 'Phase' },
  { letter: 'X', name: 'Dimension', fromRank: 9, spell: 'Wormhole' },
  { letter: 'O', name: 'Oracle', fromRank: 9, spell: 'Yin Yang' },
];

export const ALL_LETTERS: readonly El[] = ELEMENTS.map((e) => e.letter);
const BY_LETTER = new Map<string, ElementRow>(ELEMENTS.map((e) => [e.letter, e]));

export function isEl(text: string): text is El {
  return BY_LETTER.has(text);
}
export function elName(el: El): string {
  return BY_LETTER.get(el)!.name;
}
export function spellName(el: El): string {
  return BY_LETTER.get(el)!.spell;
}
/** Sorts letters into canonical order (a copy). */
export function canonical(letters: readonly El[]): El[] {
  return [...letters].sort((a, b) => ALL_LETTERS.indexOf(a) - ALL_LETTERS.indexOf(b));
}

export type Mode = '2d' | '1d';
export type Axis = 'X' | 'Y';
export type PlayerId = 1 | 2;
export type Role = 'ATTACK' | 'DEFEND';
export type Dir = 'E' | 'W' | 'N' | 'S';

export function other(p: PlayerId): PlayerId {
  return p === 1 ? 2 : 1;
}
export function otherAxis(ax: Axis): Axis {
  return ax === 'X' ? 'Y' : 'X';
}

/** 1.2 */
export const STANDARD_LEVELS = ['easy', 'medium', 'intermediate', 'advanced', 'expert', 'ultimate'] as const;
export const CASUAL_LEVELS = ['first', 'learner', 'novice', 'amateur', 'semi-pro', 'professional'] as const;

export type Tier =
  | { readonly kind: 'rank'; readonly rank: number }
  | { readonly kind: 'standard'; readonly level: (typeof STANDARD_LEVELS)[number] }
  | { readonly kind: 'casual'; readonly level: (typeof CASUAL_LEVELS)[number] };

export const DEFAULT_TIER: Tier = { kind: 'rank', rank: 9 };

/** How many elements a tier plays with. */
export function tierCount(tier: Tier): number {
  switch (tier.kind) {
    case 'rank':
      return ELEMENTS.filter((e) => e.fromRank <= tier.rank).length;
    case 'standard':
      return 5 + STANDARD_LEVELS.indexOf(tier.level);
    case 'casual':
      return 4 + CASUAL_LEVELS.indexOf(tier.level);
  }
}
export function tierSize(tier: Tier): number {
  return tier.kind === 'casual' ? tierCount(tier) + 1 : tierCount(tier);
}
/** The fixed elements of a rank tier; null when they are drawn. */
export function tierFixedElements(tier: Tier): El[] | null {
  return tier.kind === 'rank' ? ELEMENTS.filter((e) => e.fromRank <= tier.rank).map((e) => e.letter) : null;
}
export function tierText(tier: Tier): string {
  return tier.kind === 'rank' ? `rank-${tier.rank}` : `${tier.kind}-${tier.level}`;
}

/** Option ids of section 7. */
export const V1_OPTIONS = ['static', 'reverse', 'extended', 'long', 'block-chain', 'gravity-in', 'gravity-out', 'gravity-fixed'] as const;
export const V2_OPTIONS = ['adjacent', 'diagonal', 'single', 'pre-match', 'force-matchable', 'non-matching'] as const;
/** Still "Later" in version 2: refused with the v1 text (D67). */
export const LATER_OPTIONS = ['bonus-variant', 'quad', 'tag-assault', 'tag-defense', 'tag-break'] as const;
export type OptionId = (typeof V1_OPTIONS)[number] | (typeof V2_OPTIONS)[number];
/**
 * Options that exclude each other (7, D71, D77), in the order a conflict is reported (D90): each group is
 * [anchor, ...others] (the anchor with the first of the others written) or, with no anchor, any two of it.
 */
export const EXCLUSIVE: readonly { readonly anchor: OptionId | null; readonly with: readonly OptionId[] }[] = [
  { anchor: 'single', with: ['static', 'reverse'] },
  { anchor: 'single', with: ['non-matching'] },
  { anchor: null, with: ['extended', 'long'] },
  { anchor: null, with: ['gravity-in', 'gravity-out', 'gravity-fixed'] },
];

/** The exclusive spells of `non-matching` (6.1): setup id and printed name (D79). */
export const EXCLUSIVE_SPELLS = [
  { id: 'free-swap', name: 'Free Swap' },
  { id: 'power-up', name: 'Power Up' },
  { id: 'power-down', name: 'Power Down' },
  { id: 'aligner', name: 'Aligner' },
  { id: 'disperser', name: 'Disperser' },
  { id: 'burglary', name: 'Burglary' },
  { id: 'merger', name: 'Merger' },
] as const;
export type ExclusiveId = (typeof EXCLUSIVE_SPELLS)[number]['id'];
/** A `non-matching` spell choice: an element's spell or an exclusive one. */
export type SpellChoice = El | ExclusiveId;

export function isExclusiveId(text: string): text is ExclusiveId {
  return EXCLUSIVE_SPELLS.some((x) => x.id === text);
}
export function exclusiveName(id: ExclusiveId): string {
  return EXCLUSIVE_SPELLS.find((x) => x.id === id)!.name;
}
/** `<Element> <Spell>` or `Exclusive <Spell>`, as CAST and SPELL print a choice (D79). */
export function spellLabel(choice: SpellChoice): string {
  return isEl(choice) ? `${elName(choice)} ${spellName(choice)}` : `Exclusive ${exclusiveName(choice)}`;
}
/** The `pending-<...>` name: the element's name, or the exclusive spell's with spaces as `-` (D79). */
export function pendingName(choice: SpellChoice): string {
  return isEl(choice) ? elName(choice) : exclusiveName(choice).replace(/ /g, '-');
}

/** A block mark (1.3). Filters have an owner, mirrors and shifters an orientation. */
export type MarkKind = 'cover' | 'rose' | 'mirror' | 'filter' | 'shifter' | 'warp';
export type MirrorO = 'V' | 'R' | 'H' | 'F';
export interface Mark {
  readonly kind: MarkKind;
  /** mirrors: V R H F; shifters: R F. */
  readonly o?: MirrorO;
  readonly owner?: PlayerId;
  /** Placed during the running resolution: it does not act in it (D20). */
  readonly fresh?: boolean;
}

export const MARK_TOKENS = [
  'cover', 'rose', 'mirrorV', 'mirrorR', 'mirrorH', 'mirrorF', 'filter1', 'filter2', 'shifterR', 'shifterF', 'warp',
] as const;

export function markFromToken(token: string): Mark | null {
  switch (token) {
    case 'cover':
    case 'rose':
    case 'warp':
      return { kind: token };
    case 'mirrorV':
    case 'mirrorR':
    case 'mirrorH':
    case 'mirrorF':
      return { kind: 'mirror', o: token.slice(6) as MirrorO };
    case 'filter1':
    case 'filter2':
      return { kind: 'filter', owner: token === 'filter1' ? 1 : 2 };
    case 'shifterR':
    case 'shifterF':
      return { kind: 'shifter', o: token.slice(7) as MirrorO };
    default:
      return null;
  }
}

/** The element a mark may not sit on (1.3, D8). */
export const MARK_EXCLUDES: Readonly<Record<MarkKind, El>> = {
  cover: 'W',
  rose: 'H',
  mirror: 'C',
  filter: 'V',
  shifter: 'K',
  warp: 'X',
};

/** Maximum hp by option (1.5). */
export function maxHpFor(options: readonly OptionId[]): number {
  return options.includes('extended') ? 50 : options.includes('long') ? 100 : 25;
}

export const MOVES_PER_TURN = 6;
export const SPELL_COST = 10;
export const DEFAULT_TURN_LIMIT = 500;

export function halve(x: number): number {
  return Math.floor(x / 2);
}
export function quarter(x: number): number {
  return Math.floor(x / 4);
}
