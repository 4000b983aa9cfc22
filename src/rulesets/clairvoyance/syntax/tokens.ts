/**
 * The token classes of an encounter file (spec 2.1), as chevrotain token types, with the words the
 * E_PARSE message uses for each (spec 2.4). Table order matters twice: the lexer breaks equal-length
 * matches by it, and expected-token lists are sorted by it.
 */
import { createToken, EOF, Lexer, type TokenType } from 'chevrotain';

/** Row 1 of table 2.1, in its order. `Full Attack` is one token with exactly one space. */
export const KEYWORDS = [
  'MAP', 'Layout', 'Rectangle', 'Outline', 'Obstacles', 'U', 'R', 'D', 'L', 'PLAYER', 'UNIT', 'HP', 'Initiative',
  'Speed', 'AC', 'Attack', 'Full Attack', 'Melee', 'Ranged', 'TEAM', 'AI', 'Pass', 'if', 'then', 'else', 'while',
  'not', 'and', 'or', 'Approach', 'Disengage', 'ally', 'enemy', 'self', 'closest', 'furthest', 'last', 'count', 'in',
  'range', 'total', 'turn',
] as const;

/** Row 5 of table 2.1, in its order (`×` is U+00D7, the seed's multiplier sign; `%` is version 2). */
export const SYMBOLS = ['d', '+', '-', ',', ';', ':', '{', '}', '(', ')', '*', '<', '>', '=', '!', '×', '%'] as const;

/**
 * Version 2's words (D22), in their display order: names the grammar matches by their text in fixed
 * places only, so a team called `random` or a unit called `hp` keeps its version 1 meaning elsewhere.
 */
export const WORDS = ['OUTCOME', 'win', 'lose', 'when', 'most', 'least', 'injured', 'random', 'Retreat', 'hp', 'below', 'above'] as const;

export type Word = (typeof WORDS)[number];

export type Keyword = (typeof KEYWORDS)[number];
export type SymbolText = (typeof SYMBOLS)[number];

/** Every token is built by our own lexer (lexer.ts), so no type carries a chevrotain pattern. */
function token(name: string, extra: { categories?: TokenType[] } = {}): TokenType {
  return createToken({ name, pattern: Lexer.NA, ...extra });
}

const keywordName = (k: string) => `Kw_${k.replace(' ', '')}`;
const SYMBOL_NAMES: Record<SymbolText, string> = {
  d: 'D_', '+': 'Plus', '-': 'Minus', ',': 'Comma', ';': 'Semi', ':': 'Colon', '{': 'LBrace', '}': 'RBrace',
  '(': 'LParen', ')': 'RParen', '*': 'Star', '<': 'Less', '>': 'Greater', '=': 'Equals', '!': 'Bang', '×': 'Times', '%': 'Percent',
};

export const KW = Object.fromEntries(KEYWORDS.map((k) => [k, token(keywordName(k))])) as Record<Keyword, TokenType>;
export const SYM = Object.fromEntries(SYMBOLS.map((s) => [s, token(SYMBOL_NAMES[s])])) as Record<SymbolText, TokenType>;
export const Num = token('Number');
export const Dice = token('Dice');
export const Mult = token('Multiplier');
export const Name = token('Name');
/**
 * Names that are alias spellings in one place only (D16): `x` before a count in a team member, and
 * `FullAttack` as a stat label. They are names everywhere (the category), and the grammar asks for
 * them by their own type where the alias is allowed.
 */
export const XName = token('NameX', { categories: [Name] });
export const FullAttackName = token('NameFullAttack', { categories: [Name] });
/** The v2 words: names (the category) that the grammar asks for by their own type where it reads them. */
export const WORD = Object.fromEntries(WORDS.map((w) => [w, token(`Word_${w}`, { categories: [Name] })])) as Record<Word, TokenType>;
const WORD_TYPES = new Map<TokenType, number>(WORDS.map((w, i) => [WORD[w], i]));
// A Map, not WORD[image]: a name such as `toString` would find Object.prototype's.
const WORD_BY_IMAGE = new Map<string, TokenType>(WORDS.map((w) => [w, WORD[w]]));

/** The lexer's type for a name: a word, an alias spelling, or a plain name. */
export function nameType(image: string): TokenType {
  if (image === 'x') return XName;
  if (image === 'FullAttack') return FullAttackName;
  return WORD_BY_IMAGE.get(image) ?? Name;
}

/** Every token type that is a name (the `Name` category and its members). */
export const NAME_TYPES: ReadonlySet<TokenType> = new Set([Name, XName, FullAttackName, ...Object.values(WORD)]);

export const ALL_TOKENS: TokenType[] = [...Object.values(KW), ...Object.values(SYM), Num, Dice, Mult, XName, FullAttackName, ...Object.values(WORD), Name];

/** How an expected token is listed (2.4), and its rank in the list. */
export function describeExpected(type: TokenType): { text: string; rank: number } {
  const keyword = KEYWORDS.findIndex((k) => KW[k] === type);
  if (keyword >= 0) return { text: `'${KEYWORDS[keyword]}'`, rank: keyword };
  if (type === FullAttackName) return { text: "'Full Attack'", rank: KEYWORDS.indexOf('Full Attack') };
  const word = WORD_TYPES.get(type);
  if (word !== undefined) return { text: `'${WORDS[word]}'`, rank: KEYWORDS.length + word };
  const base = KEYWORDS.length + WORDS.length;
  if (type === SYM['×'] || type === XName || type === Mult) return { text: 'a multiplier (xN)', rank: base + SYMBOLS.length + 3 };
  const symbol = SYMBOLS.findIndex((s) => SYM[s] === type);
  if (symbol >= 0) return { text: `'${SYMBOLS[symbol]}'`, rank: base + symbol };
  if (type === Name) return { text: 'a name', rank: base + SYMBOLS.length };
  if (type === Num) return { text: 'a number', rank: base + SYMBOLS.length + 1 };
  if (type === Dice) return { text: 'dice (NdS)', rank: base + SYMBOLS.length + 2 };
  if (type === EOF) return { text: 'end of file', rank: base + SYMBOLS.length + 4 };
  return { text: type.name, rank: Number.MAX_SAFE_INTEGER };
}

/** How the offending token is named (2.4 `<what>`). */
export function describeFound(type: TokenType, image: string): string {
  if (NAME_TYPES.has(type)) return `name '${image}'`;
  if (type === Num) return `number '${image}'`;
  if (type === Dice) return `dice '${image}'`;
  if (type === Mult) return `multiplier '${image}'`;
  if (type === EOF) return 'end of file';
  return `'${image}'`;
}

export function isWord(type: TokenType): boolean {
  return WORD_TYPES.has(type);
}
