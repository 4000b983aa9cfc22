/**
 * parseEncounter: text → AST, or one positioned E_PARSE diagnostic (spec 2.4). The error is the first
 * token that cannot continue a viable prefix, and the list is every token that could come there; both
 * come from running the grammar itself over the tokens (viable.ts), so the parser's own LL(k) decision
 * points (which may fail a few tokens early) never decide what is reported.
 */
import { EOF, type IToken, type TokenType } from 'chevrotain';
import { parseMsg } from '../errors.js';
import type { Encounter, Pos } from './ast.js';
import { fastParse } from './fast-parse.js';
import { encounterParser } from './grammar.js';
import { encounterGrammarTable } from './grammar-table.js';
import { lexTable, MAX_NUMBER, type TokenSource } from './lexer.js';
import { ALL_TOKENS, describeExpected, describeFound, isWord, Name, SYM } from './tokens.js';
import { ViablePrefix, type Viable } from './viable.js';

export interface ParseError {
  readonly at: Pos;
  /** The text after `E_PARSE: `. */
  readonly message: string;
}

export type ParseResult = { readonly ok: true; readonly encounter: Encounter } | { readonly ok: false; readonly error: ParseError };

/**
 * How deep `(` and `{` may nest (the ruleset's README.md, "Limits"): the parser recurses once per bracket, and a thousand
 * levels overflowed its stack. Hand-written encounters nest a few levels.
 */
export const MAX_NESTING = 100;

export function parseEncounter(text: string): ParseResult {
  const lexed = lexTable(text);
  const deep = tooDeep(lexed.table);
  // The hand-written parser reads the table; chevrotain's and the error search need token objects.
  if (deep < 0 && lexed.stop === null) {
    const fast = fastParse(lexed.table);
    if (fast !== null) return { ok: true, encounter: fast };
  }
  const tokens = lexed.table.tokens();
  const viable = firstNonViable(tokens);
  // chevrotain's parser is built (tens of ms) only for an encounter that is in the grammar's language to
  // its end and that the hand-written parser still gave up on; it accepts nothing outside that language.
  if (deep < 0 && lexed.stop === null && viable.index === tokens.length && viable.next.includes(EOF)) {
    const encounter = chevrotainParse(tokens);
    if (encounter !== null) return { ok: true, encounter };
  }
  // The first problem in file order: the first token no viable prefix takes, or a bracket too deep in one.
  if (deep >= 0 && deep < viable.index) {
    const token = tokens[deep]!;
    return {
      ok: false,
      error: { at: at(token), message: parseMsg.tooDeep(describeFound(token.tokenType, token.image), MAX_NESTING) },
    };
  }
  if (viable.index < tokens.length) {
    const token = tokens[viable.index]!;
    return failure(at(token), describeFound(token.tokenType, token.image), viable.next);
  }
  const stop = lexed.stop;
  if (stop === null) return failure(lexed.end, describeFound(EOF, ''), viable.next);
  if (stop.kind === 'character') return failure(stop.at, `character '${showCharacter(stop.text)}'`, viable.next);
  const token = stop.token;
  return { ok: false, error: { at: at(token), message: parseMsg.numberTooLarge(describeFound(token.tokenType, token.image), MAX_NUMBER) } };
}

const at = (token: IToken): Pos => ({ line: token.startLine!, column: token.startColumn! });

/**
 * The AST, or null when the parser stops (the error is then located by firstNonViable): chevrotain's
 * parser, built on first use, for what the hand-written one gave up on.
 */
function chevrotainParse(tokens: IToken[]): Encounter | null {
  const parser = encounterParser();
  parser.input = tokens;
  const encounter = parser.encounter();
  const ok = parser.errors.length === 0;
  parser.input = [];
  return ok ? encounter : null;
}

/** The index of the first `(` or `{` that opens level MAX_NESTING + 1, or -1. */
function tooDeep(tokens: TokenSource): number {
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const type = tokens.type(i);
    if (type === SYM['('] || type === SYM['{']) {
      if (++depth > MAX_NESTING) return i;
    } else if ((type === SYM[')'] || type === SYM['}']) && depth > 0) {
      depth--;
    }
  }
  return -1;
}

function failure(at: Pos, what: string, next: readonly TokenType[]): ParseResult {
  return { ok: false, error: { at, message: parseMsg.unexpected(what, expectedList(next)) } };
}

let viablePrefix: ViablePrefix | null = null;

/** The E_PARSE search over the encounter grammar's table, built on first use. */
export function encounterViablePrefix(): ViablePrefix {
  viablePrefix ??= new ViablePrefix(encounterGrammarTable(), 'encounter', new Map([...ALL_TOKENS, EOF].map((type) => [type.name, type])));
  return viablePrefix;
}

/** The longest viable prefix and the tokens that may follow it (viable.ts: one pass over the tokens). */
function firstNonViable(tokens: readonly IToken[]): Viable {
  return encounterViablePrefix().run(tokens);
}

/** 2.4: duplicates removed, in table order, joined by `, ` with ` or ` before the last. */
export function expectedList(types: readonly TokenType[]): string {
  const seen = new Map<string, number>();
  // A v2 word is listed only where no name is viable: where one is, `a name` covers it (2.4).
  const nameViable = types.includes(Name);
  for (const type of types) {
    if (nameViable && isWord(type)) continue;
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
