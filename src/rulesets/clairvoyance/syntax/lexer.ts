/**
 * The encounter lexer (spec 2.1). Hand-written rather than chevrotain's own lexer because 2.1's rule is
 * "longest match; on equal length the earlier row wins", while chevrotain's lexer takes the first
 * pattern that matches; here every row is tried at each position and the rule is applied literally.
 * Positions are 1-based lines and columns counted in code points (TAB = 1), as E_PARSE reports them.
 */
import { createTokenInstance, type IToken, type TokenType } from 'chevrotain';
import { Dice, KEYWORDS, KW, Mult, nameType, Num, SYM, SYMBOLS, type SymbolText } from './tokens.js';

/** D19: every number in the file must fit a 32-bit signed integer. */
export const MAX_NUMBER = 2147483647;

export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Why the token stream stopped before the end of the file. */
export type LexStop =
  | { readonly kind: 'character'; readonly text: string; readonly at: Position }
  | { readonly kind: 'too-large'; readonly token: IToken };

export interface LexResult {
  /** Tokens up to the first lexical problem (all of them when there is none). */
  readonly tokens: IToken[];
  readonly stop: LexStop | null;
  /** Just after the last character: where "end of file" is reported. */
  readonly end: Position;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined) => c !== undefined && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
const isNameChar = (c: string | undefined) => isLetter(c) || isDigit(c) || c === '_' || c === '\u2019';

/** Candidate rows, in table order (lower rank = earlier row). */
const RANK_KEYWORD = 1;
const RANK_NUMBER = 2;
const RANK_DICE = 3;
const RANK_MULT = 4;
const RANK_SYMBOL = 5;
const RANK_NAME = 6;

export function lexEncounter(source: string): LexResult {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const tokens: IToken[] = [];
  let i = 0;
  let line = 1;
  let column = 1;
  const advance = (to: number) => {
    while (i < to) {
      const code = text.charCodeAt(i);
      if (code === 10) {
        line++;
        column = 1;
      } else if (!(code >= 0xdc00 && code <= 0xdfff && i > 0 && isHigh(text.charCodeAt(i - 1)))) {
        column++;
      }
      i++;
    }
  };
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      line++;
      column = 1;
      i++;
      continue;
    }
    if (code === 32 || code === 9 || code === 13 || code === 12 || code === 11) {
      column++;
      i++;
      continue;
    }
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const eol = text.indexOf('\n', i);
      advance(eol < 0 ? text.length : eol);
      continue;
    }
    const match = longestMatch(text, i);
    if (match === null) {
      const codePoint = text.codePointAt(i)!;
      return { tokens, stop: { kind: 'character', text: String.fromCodePoint(codePoint), at: { line, column } }, end: endOf(text) };
    }
    const image = text.slice(i, i + match.length);
    const tok = createTokenInstance(match.type, image, i, i + match.length - 1, line, line, column, column + match.length - 1);
    if (match.numeric && tooLarge(image)) return { tokens, stop: { kind: 'too-large', token: tok }, end: endOf(text) };
    tokens.push(tok);
    // A token is one line of BMP characters: each counts one column.
    i += match.length;
    column += match.length;
  }
  return { tokens, stop: null, end: { line, column } };
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function endOf(text: string): Position {
  let line = 1;
  let column = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      line++;
      column = 1;
    } else if (!(code >= 0xdc00 && code <= 0xdfff && i > 0 && isHigh(text.charCodeAt(i - 1)))) column++;
  }
  return { line, column };
}

/** Keywords by their first character, in table order (only these can match at a position). */
const KEYWORDS_BY_FIRST = new Map<string, (typeof KEYWORDS)[number][]>();
for (const keyword of KEYWORDS) {
  const list = KEYWORDS_BY_FIRST.get(keyword[0]!) ?? [];
  list.push(keyword);
  KEYWORDS_BY_FIRST.set(keyword[0]!, list);
}

interface Match {
  readonly type: TokenType;
  readonly length: number;
  readonly numeric: boolean;
}

/** Tries every row of table 2.1 at `i`; the longest wins, then the earliest row (then keyword order). */
function longestMatch(text: string, i: number): Match | null {
  let best: (Match & { rank: number }) | null = null;
  const offer = (type: TokenType, length: number, rank: number, numeric = false) => {
    if (length > 0 && (best === null || length > best.length || (length === best.length && rank < best.rank))) {
      best = { type, length, rank, numeric };
    }
  };
  for (const keyword of KEYWORDS_BY_FIRST.get(text[i]!) ?? []) {
    if (text.startsWith(keyword, i)) offer(KW[keyword], keyword.length, RANK_KEYWORD);
  }
  let digits = 0;
  while (isDigit(text[i + digits])) digits++;
  if (digits > 0) {
    offer(Num, digits, RANK_NUMBER, true);
    if (text[i + digits] === 'd') {
      let faces = 0;
      while (isDigit(text[i + digits + 1 + faces])) faces++;
      if (faces > 0) offer(Dice, digits + 1 + faces, RANK_DICE, true);
    }
  }
  if (text[i] === 'x') {
    let n = 0;
    while (isDigit(text[i + 1 + n])) n++;
    if (n > 0) offer(Mult, 1 + n, RANK_MULT, true);
  }
  const symbol = SYMBOLS.indexOf(text[i] as SymbolText);
  if (symbol >= 0) offer(SYM[SYMBOLS[symbol]!], 1, RANK_SYMBOL);
  if (isLetter(text[i])) {
    let n = 1;
    while (isNameChar(text[i + n])) n++;
    const image = text.slice(i, i + n);
    offer(nameType(image), n, RANK_NAME);
  }
  return best;
}

/** Any digit run in a number, dice or multiplier token above 2147483647 (D19). */
function tooLarge(image: string): boolean {
  for (const run of image.match(/[0-9]+/g) ?? []) {
    if (Number(run.replace(/^0+(?=\d)/, '')) > MAX_NUMBER || run.replace(/^0+/, '').length > 10) return true;
  }
  return false;
}

/** The numeric value of a NAT-like image (already checked against MAX_NUMBER by the lexer). */
export function natValue(image: string): number {
  return Number(image);
}
