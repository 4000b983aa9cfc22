/**
 * The longest viable prefix of a token stream and the tokens that may follow it (spec 2.4), in one pass.
 *
 * chevrotain's `computeContentAssist` answers "what may follow this prefix" by walking the whole prefix
 * again on every call, copying its rule stacks as it goes: a 1 MB encounter took seconds per call and a
 * 20 MB one never finished. Here the grammar chevrotain recorded (its GAST) is run as a non-deterministic
 * pushdown recogniser: every live configuration is a position in a sequence of grammar nodes plus a
 * shared, immutable continuation, so a token costs a few small allocations per live configuration and
 * nothing is ever copied or recursed into. An LL(4) grammar keeps only a handful of configurations alive.
 * The language is chevrotain's own (the same GAST), so the answer is the one content assist gives.
 */
import {
  Alternation,
  Alternative,
  EOF,
  NonTerminal,
  Option,
  Repetition,
  RepetitionMandatory,
  RepetitionMandatoryWithSeparator,
  RepetitionWithSeparator,
  Terminal,
  tokenMatcher,
  type IProduction,
  type IToken,
  type Rule,
  type TokenType,
} from 'chevrotain';
import { InternalError } from '../../../core/battle.js';

/**
 * A grammar as plain data: each rule's productions, a token by its type's name. This is what the recogniser
 * runs, so that an E_PARSE search needs no chevrotain parser (building one records the grammar and
 * computes its lookahead: tens of milliseconds of a run whose encounter has an error). grammar-table.ts
 * holds the encounter grammar's table, made from chevrotain's recorded grammar by grammarTable below
 * (scripts/clairvoyance-grammar-table.mjs); a test holds the two equal.
 */
export type GrammarTable = Readonly<Record<string, readonly GrammarNode[]>>;

export type GrammarNode =
  | string
  | { readonly call: string }
  | { readonly opt: readonly GrammarNode[] }
  | { readonly many: readonly GrammarNode[]; readonly sep?: string }
  | { readonly some: readonly GrammarNode[]; readonly sep?: string }
  | { readonly alt: readonly (readonly GrammarNode[])[] };

/** chevrotain's recorded grammar (a parser's getGAstProductions()) as a table. */
export function grammarTable(rules: Record<string, Rule>): GrammarTable {
  const nodes = (defs: readonly IProduction[]): GrammarNode[] =>
    defs.map((p): GrammarNode => {
      const body = () => nodes((p as unknown as { definition: IProduction[] }).definition);
      if (p instanceof Terminal) return p.terminalType.name;
      if (p instanceof NonTerminal) return { call: p.nonTerminalName };
      if (p instanceof Option) return { opt: body() };
      if (p instanceof Repetition) return { many: body() };
      if (p instanceof RepetitionMandatory) return { some: body() };
      if (p instanceof RepetitionWithSeparator) return { many: body(), sep: p.separator.name };
      if (p instanceof RepetitionMandatoryWithSeparator) return { some: body(), sep: p.separator.name };
      if (p instanceof Alternation) return { alt: p.definition.map((a) => nodes((a as Alternative).definition)) };
      throw new InternalError(`unexpected grammar node ${p.constructor.name}`);
    });
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, nodes(rule.definition)]));
}

/** A grammar node: a token, a rule call, or a structure over sequences of nodes. */
type GNode =
  | { readonly kind: 'term'; readonly type: TokenType }
  | { readonly kind: 'call'; readonly rule: Seq }
  | { readonly kind: 'seq'; readonly body: Seq }
  | { readonly kind: 'opt'; readonly body: Seq }
  | { readonly kind: 'many'; readonly body: Seq }
  | { readonly kind: 'alt'; readonly alts: readonly Seq[] };

/** A sequence of nodes; `base + i` numbers its node i among all nodes of the grammar. */
interface Seq {
  readonly base: number;
  readonly nodes: GNode[];
}

/** "At node `i` of `seq`, then continue with `next`": a configuration, shared by all that continue alike. */
interface Frame {
  readonly seq: Seq;
  readonly i: number;
  readonly next: Frame | null;
}

export interface Viable {
  /** How many tokens form the longest viable prefix (tokens.length when they all do). */
  readonly index: number;
  /** The token types that may follow that prefix (end of file as chevrotain's EOF). */
  readonly next: TokenType[];
}

/** Bounds that an LL(4) grammar never comes near; reaching one is a bug, reported as an internal error. */
const MAX_CONFIGURATIONS = 1_000;

export class ViablePrefix {
  private readonly start: Seq;
  private readonly seqs: Seq[] = [];

  /** `tokens`: every token type the table names, by name (EOF included). */
  constructor(table: GrammarTable, startRule: string, tokens: ReadonlyMap<string, TokenType>) {
    const compiled = new Map<string, Seq>();
    const ruleSeq = (name: string): Seq => {
      let seq = compiled.get(name);
      if (seq === undefined) {
        const rule = table[name];
        if (rule === undefined) throw new InternalError(`no grammar rule ${name}`);
        seq = this.seq([]);
        compiled.set(name, seq);
        seq.nodes.push(...this.compile(rule, ruleSeq, tokens));
      }
      return seq;
    };
    this.start = ruleSeq(startRule);
    // Number every node position (the end of a sequence included) once the grammar is complete.
    let base = 0;
    for (const seq of this.seqs) {
      (seq as { base: number }).base = base;
      base += seq.nodes.length + 1;
    }
  }

  private seq(nodes: GNode[]): Seq {
    const seq = { base: 0, nodes };
    this.seqs.push(seq);
    return seq;
  }

  private compile(defs: readonly GrammarNode[], ruleSeq: (name: string) => Seq, tokens: ReadonlyMap<string, TokenType>): GNode[] {
    const term = (name: string): GNode => {
      const type = tokens.get(name);
      if (type === undefined) throw new InternalError(`grammar table: no token type ${name}`);
      return { kind: 'term', type };
    };
    const body = (defs: readonly GrammarNode[]) => this.seq(this.compile(defs, ruleSeq, tokens));
    return defs.map((p): GNode => {
      if (typeof p === 'string') return term(p);
      if ('call' in p) return { kind: 'call', rule: ruleSeq(p.call) };
      if ('opt' in p) return { kind: 'opt', body: body(p.opt) };
      if ('alt' in p) return { kind: 'alt', alts: p.alt.map(body) };
      const once = 'some' in p;
      const b = body(once ? p.some : p.many);
      if (p.sep === undefined) return once ? { kind: 'seq', body: this.seq([{ kind: 'seq', body: b }, { kind: 'many', body: b }]) } : { kind: 'many', body: b };
      const more: GNode = { kind: 'many', body: this.seq([term(p.sep), { kind: 'seq', body: b }]) };
      const first: GNode = { kind: 'seq', body: this.seq([{ kind: 'seq', body: b }, more]) };
      return once ? first : { kind: 'opt', body: this.seq([first]) };
    });
  }

  private frame(seq: Seq, i: number, next: Frame | null): Frame {
    return { seq, i, next };
  }

  /** What comes after node `i` of `seq`: a frame at `i + 1`, or straight `next` at the end of the sequence. */
  private after(seq: Seq, i: number, next: Frame | null): Frame | null {
    return i + 1 < seq.nodes.length ? this.frame(seq, i + 1, next) : next;
  }

  private readonly stack: (Frame | null)[] = [];
  /** The configurations expanded for the current token, as (position, continuation) pairs: a few dozen. */
  private readonly seenPosition: number[] = [];
  private readonly seenNext: (Frame | null)[] = [];
  private seenCount = 0;

  private firstVisit(position: number, next: Frame | null): boolean {
    for (let k = 0; k < this.seenCount; k++) if (this.seenPosition[k] === position && this.seenNext[k] === next) return false;
    if (this.seenCount === MAX_CONFIGURATIONS) throw new InternalError('viable prefix: too many grammar configurations');
    this.seenPosition[this.seenCount] = position;
    this.seenNext[this.seenCount++] = next;
    return true;
  }

  /**
   * Every configuration reachable from `from` without consuming a token whose next node is a token,
   * added to `out` (deduplicated by `seen`: same node, same continuation).
   */
  private expand(from: Frame | null, out: Frame[]): void {
    const { stack } = this;
    stack.push(from);
    while (stack.length > 0) {
      let top: Frame | null = stack.pop()!;
      while (top !== null && top.i >= top.seq.nodes.length) top = top.next;
      if (top === null) continue; // past the end of the start rule: only after its EOF, which nothing follows
      const f: Frame = top;
      if (!this.firstVisit(f.seq.base + f.i, f.next)) continue;
      const node = f.seq.nodes[f.i]!;
      switch (node.kind) {
        case 'term':
          out.push(f);
          break;
        case 'call':
          stack.push(this.frame(node.rule, 0, this.after(f.seq, f.i, f.next)));
          break;
        case 'seq':
          stack.push(this.frame(node.body, 0, this.after(f.seq, f.i, f.next)));
          break;
        case 'opt': {
          const rest = this.after(f.seq, f.i, f.next);
          stack.push(rest, this.frame(node.body, 0, rest));
          break;
        }
        case 'many':
          // After one more pass through the body, this same node again.
          stack.push(this.after(f.seq, f.i, f.next), this.frame(node.body, 0, f));
          break;
        case 'alt': {
          const rest = this.after(f.seq, f.i, f.next);
          for (const alt of node.alts) stack.push(this.frame(alt, 0, rest));
          break;
        }
      }
    }
  }

  /** The longest viable prefix of `tokens` (EOF implied after them) and what may follow it. */
  run(tokens: readonly IToken[]): Viable {
    let live: Frame[] = [];
    let next: Frame[] = [];
    this.seenCount = 0;
    this.expand(this.frame(this.start, 0, null), live);
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index]!;
      next.length = 0;
      this.seenCount = 0;
      for (const f of live) {
        const node = f.seq.nodes[f.i] as Extract<GNode, { kind: 'term' }>;
        if (tokenMatcher(token, node.type)) this.expand(this.after(f.seq, f.i, f.next), next);
      }
      if (next.length === 0) return { index, next: heads(live) };
      [live, next] = [next, live];
    }
    return { index: tokens.length, next: heads(live) };
  }
}

function heads(live: readonly Frame[]): TokenType[] {
  const out: TokenType[] = [];
  for (const f of live) {
    const type = (f.seq.nodes[f.i] as Extract<GNode, { kind: 'term' }>).type;
    if (!out.includes(type)) out.push(type);
  }
  return out;
}

export { EOF };
