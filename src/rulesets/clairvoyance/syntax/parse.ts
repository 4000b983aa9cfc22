/**
 * parseEncounter: text → AST, or one positioned E_PARSE diagnostic (spec 2.4). The error is the first
 * token that cannot continue a viable prefix, and the list is every token that could come there; both
 * come from chevrotain's content assist over the grammar, so the parser's own LL(k) decision points
 * (which may fail a few tokens early) never decide what is reported.
 */
import { EOF, type IToken, type TokenType } from 'chevrotain';
import type { Encounter, Pos } from './ast.js';
import { encounterParser } from './grammar.js';
import { lexEncounter, MAX_NUMBER } from './lexer.js';
import { describeExpected, describeFound } from './tokens.js';

export interface ParseError {
  readonly at: Pos;
  /** The text after `E_PARSE: `. */
  readonly message: string;
}

export type ParseResult = { readonly ok: true; readonly encounter: Encounter } | { readonly ok: false; readonly error: ParseError };

export function parseEncounter(text: string): ParseResult {
  const lexed = lexEncounter(text);
  const parser = encounterParser();
  parser.input = lexed.tokens;
  const encounter = parser.encounter();
  if (lexed.stop === null && parser.errors.length === 0) return { ok: true, encounter };
  const tokens = lexed.tokens;
  const viable = firstNonViable(tokens, hintIndex(tokens, parser.errors[0]?.token));
  if (viable.index < tokens.length) {
    const token = tokens[viable.index]!;
    return failure({ line: token.startLine!, column: token.startColumn! }, describeFound(token.tokenType, token.image), viable.next);
  }
  const stop = lexed.stop;
  if (stop === null) return failure(lexed.end, describeFound(EOF, ''), viable.next);
  if (stop.kind === 'character') return failure(stop.at, `character '${showCharacter(stop.text)}'`, viable.next);
  const token = stop.token;
  return {
    ok: false,
    error: {
      at: { line: token.startLine!, column: token.startColumn! },
      message: `unexpected ${describeFound(token.tokenType, token.image)}; expected a number up to ${MAX_NUMBER}`,
    },
  };
}

function failure(at: Pos, what: string, next: readonly TokenType[]): ParseResult {
  return { ok: false, error: { at, message: `unexpected ${what}; expected ${expectedList(next)}` } };
}

/** The index of the token the parser stopped at (tokens.length for end of input), as a search hint. */
function hintIndex(tokens: readonly IToken[], token: IToken | undefined): number {
  if (token === undefined || Number.isNaN(token.startOffset)) return tokens.length;
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (tokens[mid]!.startOffset < token.startOffset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The longest viable prefix and the tokens that may follow it. Content assist returns nothing for a
 * prefix no derivation can consume; a viable prefix always has a follower, end of file included,
 * because the grammar ends by consuming EOF. Each content-assist call walks the whole prefix, so the
 * parser's own stopping point is tried first: what it consumed is viable, and an LL(4) decision fails
 * at most a few tokens before the true error. A binary search (a prefix of a viable prefix is viable)
 * covers anything else.
 */
function firstNonViable(tokens: readonly IToken[], hint: number): { index: number; next: TokenType[] } {
  const parser = encounterParser();
  const nextAfter = (n: number): TokenType[] => {
    const paths = parser.computeContentAssist('encounter', tokens.slice(0, n) as IToken[]);
    return paths.map((p) => p.nextTokenType);
  };
  const viable = (n: number) => n === 0 || nextAfter(n).length > 0;
  if (viable(hint)) {
    for (let n = hint; n <= Math.min(tokens.length, hint + 5); n++) {
      if (n === tokens.length || !viable(n + 1)) return { index: n, next: nextAfter(n) };
    }
  }
  let low = 0; // viable
  let high = tokens.length + 1; // first length known not to be viable (tokens.length + 1 never is)
  while (high - low > 1) {
    const mid = (low + high) >>> 1;
    if (nextAfter(mid).length > 0) low = mid;
    else high = mid;
  }
  return { index: low, next: nextAfter(low) };
}

/** 2.4: duplicates removed, in table order, joined by `, ` with ` or ` before the last. */
export function expectedList(types: readonly TokenType[]): string {
  const seen = new Map<string, number>();
  for (const type of types) {
    const { text, rank } = describeExpected(type);
    if (!seen.has(text)) seen.set(text, rank);
  }
  const items = [...seen].sort((a, b) => a[1] - b[1]).map(([text]) => text);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** A non-printable character (controls, format characters, separators other than space) as U+XXXX. */
function showCharacter(c: string): string {
  if (/^[\p{C}\p{Z}]$/u.test(c) && c !== ' ') return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return c;
}
