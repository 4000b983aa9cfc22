/**
 * The encounter lexer (spec 2.1). Hand-written rather than chevrotain's own lexer because 2.1's rule is
 * "longest match; on equal length the earlier row wins", while chevrotain's lexer takes the first
 * pattern that matches; here every row is tried at each position and the rule is applied literally.
 * Positions are 1-based lines and columns counted in code points (TAB = 1), as E_PARSE reports them.
 */
import { createTokenInstance, type IToken, type TokenType } from 'chevrotain';
import { ALL_TOKENS, Dice, KEYWORDS, KW, Mult, nameType, Num, SYM, SYMBOLS, type SymbolText } from './tokens.js';

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

/** lexEncounter's result with the tokens in a TokenTable. */
export interface TableLexResult {
  readonly table: TokenTable;
  readonly stop: LexStop | null;
  readonly end: Position;
}

/** What a parser reads tokens from: an array of chevrotain tokens, or a TokenTable. */
export interface TokenSource {
  readonly length: number;
  /** The type of token `i`, or undefined past the end. */
  type(i: number): TokenType | undefined;
  /** Token `i` as a chevrotain token, or undefined past the end. */
  token(i: number): IToken | undefined;
}

/** An array of chevrotain tokens as a TokenSource. */
export function arraySource(tokens: readonly IToken[]): TokenSource {
  return { length: tokens.length, type: (i) => tokens[i]?.tokenType, token: (i) => tokens[i] };
}

const TYPE_INDEX = new Map(ALL_TOKENS.map((type, i) => [type, i]));

/**
 * The tokens of a file in columns (type, offset, length, line, column), a chevrotain token made only when
 * asked: a 20 MB encounter has about 7 million tokens, and an object each took 1.4 GB (issue 21 item 14).
 * Tokens are one line of BMP characters each, so a token's end is its start plus its length.
 */
export class TokenTable implements TokenSource {
  length = 0;
  private types = new Uint8Array(1024);
  private offsets = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private lines = new Int32Array(1024);
  private columns = new Int32Array(1024);

  constructor(private readonly text: string) {}

  push(type: TokenType, offset: number, length: number, line: number, column: number): void {
    if (this.length === this.types.length) this.grow();
    const n = this.length++;
    const index = TYPE_INDEX.get(type);
    // A token type missing from ALL_TOKENS would be stored as another one.
    if (index === undefined) throw new Error(`lexer: token type ${type.name} is not in ALL_TOKENS`);
    this.types[n] = index;
    this.offsets[n] = offset;
    this.lengths[n] = length;
    this.lines[n] = line;
    this.columns[n] = column;
  }

  type(i: number): TokenType | undefined {
    return i < this.length ? ALL_TOKENS[this.types[i]!] : undefined;
  }

  token(i: number): IToken | undefined {
    if (i >= this.length) return undefined;
    const offset = this.offsets[i]!;
    const length = this.lengths[i]!;
    const line = this.lines[i]!;
    const column = this.columns[i]!;
    return createTokenInstance(ALL_TOKENS[this.types[i]!]!, this.text.slice(offset, offset + length), offset, offset + length - 1, line, line, column, column + length - 1);
  }

  /** Every token as a chevrotain token (for chevrotain's parser and the error search). */
  tokens(): IToken[] {
    return Array.from({ length: this.length }, (_, i) => this.token(i)!);
  }

  private grow(): void {
    const bigger = <T extends Uint8Array | Int32Array>(a: T): T => {
      // By half again, not double: at 7 million tokens the spare room is the larger part of the table.
      const b = new (a.constructor as new (n: number) => T)(Math.ceil(a.length * 1.5));
      b.set(a);
      return b;
    };
    this.types = bigger(this.types);
    this.offsets = bigger(this.offsets);
    this.lengths = bigger(this.lengths);
    this.lines = bigger(this.lines);
    this.columns = bigger(this.columns);
  }
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
  const { table, stop, end } = lexTable(source);
  return { tokens: table.tokens(), stop, end };
}

export function lexTable(source: string): TableLexResult {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const tokens = new TokenTable(text);
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
      return { table: tokens, stop: { kind: 'character', text: String.fromCodePoint(codePoint), at: { line, column } }, end: endOf(text) };
    }
    if (match.numeric) {
      const image = text.slice(i, i + match.length);
      if (tooLarge(image)) {
        const token = createTokenInstance(match.type, image, i, i + match.length - 1, line, line, column, column + match.length - 1);
        return { table: tokens, stop: { kind: 'too-large', token }, end: endOf(text) };
      }
    }
    tokens.push(match.type, i, match.length, line, column);
    // A token is one line of BMP characters: each counts one column.
    i += match.length;
    column += match.length;
  }
  return { table: tokens, stop: null, end: { line, column } };
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
