/**
 * The command language (spec 8.1), as upstream: tokens by longest match (earlier row on ties) — keywords,
 * directions, numbers, symbols, names — then a tiny grammar. Anything else is a syntax error. `help` and
 * `quit` (D18) are whole trimmed lines, checked before this.
 */

export type UnitRef = { readonly kind: 'index'; readonly index: number } | { readonly kind: 'triple'; readonly team: string; readonly name: string; readonly id: number };

export type Step = 'U' | 'D' | 'L' | 'R' | 'UR' | 'UL' | 'DR' | 'DL';

export type Command =
  | { readonly kind: 'next' }
  | { readonly kind: 'show-board' }
  | { readonly kind: 'show'; readonly unit: UnitRef }
  | { readonly kind: 'move-to'; readonly unit: UnitRef; readonly column: number; readonly row: number }
  | { readonly kind: 'move-path'; readonly unit: UnitRef; readonly steps: readonly Step[] }
  | { readonly kind: 'attack'; readonly unit: UnitRef; readonly roll: number; readonly damage: number }
  | { readonly kind: 'kill'; readonly unit: UnitRef }
  | { readonly kind: 'help' }
  | { readonly kind: 'quit' }
  // (v2) The DM's state commands and `round` (8.1, 8.2).
  | { readonly kind: 'hp'; readonly unit: UnitRef; readonly op: '+' | '-' | '='; readonly amount: number }
  | { readonly kind: 'add'; readonly team: string; readonly block: string; readonly ai: string | null; readonly column: number; readonly row: number }
  | { readonly kind: 'remove'; readonly unit: UnitRef }
  | { readonly kind: 'undo' }
  | { readonly kind: 'round' };

/** (v2) `--user-coords`: command coordinates may be negative (`'-' NAT`, D36). */
export interface CommandOptions {
  readonly userCoords?: boolean;
}

type Token =
  | { readonly kind: 'keyword' | 'symbol' | 'name'; readonly text: string }
  | { readonly kind: 'direction'; readonly step: Step }
  | { readonly kind: 'number'; readonly value: number };

const KEYWORDS = ['next', 'show', 'board', 'move', 'attack', 'kill'];
/** Every spelling of the eight steps; `RU` is `UR` and so on. */
const DIRECTIONS: Record<string, Step> = { U: 'U', UR: 'UR', RU: 'UR', R: 'R', DR: 'DR', RD: 'DR', D: 'D', DL: 'DL', LD: 'DL', L: 'L', UL: 'UL', LU: 'UL' };
const SYMBOLS = ':-(),+=';
/** (v2) Command words: names read as a command only as a line's first token (D22). */
const WORDS = new Set(['hp', 'add', 'remove', 'undo', 'round']);
const MAX_NUMBER = 2147483647;

/** null: not a command (syntax error); `syntaxDetail` says why. */
export function parseCommand(line: string, options: CommandOptions = {}): Command | null {
  const trimmed = line.trim();
  if (trimmed === 'help') return { kind: 'help' };
  if (trimmed === 'quit') return { kind: 'quit' };
  // What the lexer and parser make of it, without them: most lines of a long battle are `next`.
  if (trimmed === 'next') return { kind: 'next' };
  const tokens = lex(trimmed);
  if (tokens === null) return null;
  return new CommandParser(tokens, [], options).command();
}

/**
 * Why a line that `parseCommand` rejects is not a command, for the stderr copy of the rejection (stdout
 * keeps upstream's fixed text): the character or number the lexer refuses, or what the command's grammar
 * expected and what came instead. null when the first word is not a command at all: the corpus fixes that
 * stderr line as the bare text.
 */
export function syntaxDetail(line: string, options: CommandOptions = {}): string | null {
  const trimmed = line.trim();
  const lexed = lexTexts(trimmed);
  if ('fault' in lexed) return lexed.fault;
  const parser = new CommandParser(lexed.tokens, lexed.texts, options);
  return parser.command() === null ? parser.why : null;
}

function lex(text: string): Token[] | null {
  const lexed = lexTexts(text);
  return 'fault' in lexed ? null : lexed.tokens;
}

function lexTexts(text: string): { tokens: Token[]; texts: string[] } | { fault: string } {
  const tokens: Token[] = [];
  const texts: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (' \t\n\r\f\v'.includes(c)) {
      i++;
      continue;
    }
    let best: { token: Token; length: number; row: number } | null = null;
    const offer = (token: Token, length: number, row: number) => {
      if (best === null || length > best.length || (length === best.length && row < best.row)) best = { token, length, row };
    };
    for (const k of KEYWORDS) if (text.startsWith(k, i)) offer({ kind: 'keyword', text: k }, k.length, 1);
    for (const [spelling, step] of Object.entries(DIRECTIONS)) if (text.startsWith(spelling, i)) offer({ kind: 'direction', step }, spelling.length, 2);
    let n = 0;
    while (i + n < text.length && text[i + n]! >= '0' && text[i + n]! <= '9') n++;
    if (n > 0) {
      const all = text.slice(i, i + n);
      // D19: a number above 2147483647 is a syntax error.
      if (Number(all) > MAX_NUMBER) return { fault: `the number ${all} is above ${MAX_NUMBER}` };
      offer({ kind: 'number', value: Number(all) }, n, 3);
    }
    if (SYMBOLS.includes(c)) offer({ kind: 'symbol', text: c }, 1, 4);
    const name = /^[A-Za-z][A-Za-z0-9_\u2019]*/.exec(text.slice(i))?.[0];
    if (name !== undefined) offer({ kind: 'name', text: name }, name.length, 5);
    if (best === null) return { fault: `unexpected character ${JSON.stringify(c)}` };
    const chosen: { token: Token; length: number } = best;
    tokens.push(chosen.token);
    texts.push(text.slice(i, i + chosen.length));
    i += chosen.length;
  }
  return { tokens, texts };
}

class CommandParser {
  private i = 0;
  /** After a failed `command()` on a line that starts with a command word: what was expected, and what came. */
  why: string | null = null;
  /** (v2) Set by a version 2 command word: its rejections keep the bare text, as the v2 corpus fixes them. */
  private bare = false;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly texts: readonly string[] = [],
    private readonly options: CommandOptions = {},
  ) {}

  command(): Command | null {
    const c = this.body();
    if (c !== null && this.i < this.tokens.length) return this.fail('the end of the line');
    return c;
  }

  /** Records what was expected at the current token (the first failure wins); always null. */
  private fail(expected: string): null {
    if (this.why === null && !this.bare) {
      const found = this.i < this.tokens.length ? `'${this.texts[this.i] ?? '?'}'` : 'the end of the line';
      const after = this.texts.slice(0, this.i).join(' ');
      this.why = `after '${after}': expected ${expected}, found ${found}`;
    }
    return null;
  }

  private body(): Command | null {
    const first = this.tokens[this.i++];
    if (first?.kind === 'name' && WORDS.has(first.text)) {
      this.bare = true;
      return this.v2(first.text);
    }
    if (first?.kind !== 'keyword') return null;
    switch (first.text) {
      case 'next':
        return { kind: 'next' };
      case 'show': {
        if (this.keyword('board')) return { kind: 'show-board' };
        const unit = this.unit("'board' or a unit (a number or TEAM:UNIT:ID)");
        return unit === null ? null : { kind: 'show', unit };
      }
      case 'move': {
        const unit = this.unit();
        if (unit === null) return null;
        if (this.symbol('(')) {
          const column = this.coordinate();
          if (column === null) return this.fail('a column number');
          if (!this.symbol(',')) return this.fail("','");
          const row = this.coordinate();
          if (row === null) return this.fail('a row number');
          if (!this.symbol(')')) return this.fail("')'");
          return { kind: 'move-to', unit, column, row };
        }
        const steps: Step[] = [];
        const firstStep = this.direction();
        if (firstStep === null) return this.fail("'(' and a coordinate, or a path of steps (U, D, L, R, UR, UL, DR, DL joined by '-')");
        steps.push(firstStep);
        while (this.symbol('-')) {
          const s = this.direction();
          if (s === null) return this.fail('a step (U, D, L, R, UR, UL, DR or DL)');
          steps.push(s);
        }
        return { kind: 'move-path', unit, steps };
      }
      case 'attack': {
        const unit = this.unit();
        if (unit === null) return null;
        const roll = this.number();
        if (roll === null) return this.fail('the attack roll (a number)');
        const damage = this.number();
        if (damage === null) return this.fail('the damage (a number)');
        return { kind: 'attack', unit, roll, damage };
      }
      case 'kill': {
        const unit = this.unit();
        return unit === null ? null : { kind: 'kill', unit };
      }
      default:
        return this.fail("'next', 'show', 'move', 'attack' or 'kill'");
    }
  }

  /** (v2) `hp T ±=n`, `add Team Unit[, AI] (c,r)`, `remove T`, `undo`, `round`. */
  private v2(word: string): Command | null {
    switch (word) {
      case 'hp': {
        const unit = this.unit();
        if (unit === null) return null;
        const t = this.peek();
        if (t?.kind !== 'symbol' || (t.text !== '+' && t.text !== '-' && t.text !== '=')) return null;
        this.i++;
        const amount = this.number();
        return amount === null ? null : { kind: 'hp', unit, op: t.text, amount };
      }
      case 'add': {
        const team = this.name();
        const block = team === null ? null : this.name();
        if (block === null) return null;
        let ai: string | null = null;
        if (this.symbol(',')) {
          ai = this.name();
          if (ai === null) return null;
        }
        if (!this.symbol('(')) return null;
        const column = this.coordinate();
        if (column === null || !this.symbol(',')) return null;
        const row = this.coordinate();
        if (row === null || !this.symbol(')')) return null;
        return { kind: 'add', team: team!, block, ai, column, row };
      }
      case 'remove': {
        const unit = this.unit();
        return unit === null ? null : { kind: 'remove', unit };
      }
      case 'undo':
        return { kind: 'undo' };
      default:
        return { kind: 'round' };
    }
  }

  /** C = NAT | '-' NAT, the latter (v2) only with `--user-coords`. */
  private coordinate(): number | null {
    if (this.options.userCoords === true && this.symbol('-')) {
      const n = this.number();
      return n === null ? null : -n;
    }
    return this.number();
  }

  /** T = NAT | NAME ':' NAME ':' NAT */
  private unit(what = 'a unit (a number or TEAM:UNIT:ID)'): UnitRef | null {
    const n = this.number();
    if (n !== null) return { kind: 'index', index: n };
    const team = this.name();
    if (team === null) return this.fail(what);
    if (!this.symbol(':')) return this.fail("':' after the team name");
    const name = this.name();
    if (name === null) return this.fail('a unit name');
    if (!this.symbol(':')) return this.fail("':' after the unit name");
    const id = this.number();
    return id === null ? this.fail('the unit id (a number)') : { kind: 'triple', team, name, id };
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private keyword(text: string): boolean {
    const t = this.peek();
    if (t?.kind === 'keyword' && t.text === text) return (this.i++, true);
    return false;
  }

  private symbol(text: string): boolean {
    const t = this.peek();
    if (t?.kind === 'symbol' && t.text === text) return (this.i++, true);
    return false;
  }

  private number(): number | null {
    const t = this.peek();
    if (t?.kind === 'number') return (this.i++, t.value);
    return null;
  }

  private name(): string | null {
    const t = this.peek();
    if (t?.kind === 'name') return (this.i++, t.text);
    return null;
  }

  private direction(): Step | null {
    const t = this.peek();
    if (t?.kind === 'direction') return (this.i++, t.step);
    return null;
  }
}
