/**
 * The encounter grammar of grammar.ts and grammar-setup.ts, hand-written for encounters that parse: the
 * same rules in the same order, building the same AST (the setup half is fast-parse-setup.ts). chevrotain
 * builds its parser at every start by recording the grammar and computing its lookahead (about 7 ms, a
 * third of the Clairvoyance start); this needs none of that. At the first token that does not fit, it
 * gives up and parse.ts hands the tokens to chevrotain, which parses or locates the error exactly as
 * before. test/clairvoyance/fast-parse.test.ts checks that the two agree on generated encounters (whole,
 * cut and altered) and on every encounter file of the repository and the corpus.
 */
import type { IToken } from 'chevrotain';
import type { Action, AiDecl, Comparator, Comparison, Condition, Description, Encounter, HpTest, Located, OutcomeRule, RangeExpr, Target, TeamDecl, TurnAction, TurnDesc, UnitDecl } from './ast.js';
import { FastSetupParser, isName, MISMATCH } from './fast-parse-setup.js';
import { located } from './grammar-setup.js';
import { arraySource, type TokenSource } from './lexer.js';
import { KW, Num, SYM, WORD } from './tokens.js';

/** The AST of an encounter that parses, or null at the first token that does not fit. */
export function fastParse(tokens: TokenSource | readonly IToken[]): Encounter | null {
  try {
    return new FastParser(Array.isArray(tokens) ? arraySource(tokens) : (tokens as TokenSource)).encounter();
  } catch (error) {
    if (error === MISMATCH) return null;
    throw error;
  }
}

const TURN_STARTS = new Set([KW.Pass, KW.Approach, KW.Disengage, WORD.Retreat, KW.Attack, KW['Full Attack']]);

class FastParser extends FastSetupParser {
  encounter(): Encounter {
    const board = this.board();
    const units: UnitDecl[] = [this.unit()];
    while (this.is(KW.PLAYER) || this.is(KW.UNIT)) units.push(this.unit());
    const ais: AiDecl[] = [this.ai()];
    while (this.is(KW.AI)) ais.push(this.ai());
    const teams: TeamDecl[] = [this.team()];
    while (this.is(KW.TEAM)) teams.push(this.team());
    const outcome = this.is(WORD.OUTCOME) ? this.outcome() : [];
    if (this.i !== this.tokens.length) throw MISMATCH;
    return { board, units, ais, teams, outcome };
  }

  private outcome(): OutcomeRule[] {
    this.consume(WORD.OUTCOME);
    this.consume(SYM['{']);
    const rules: OutcomeRule[] = [];
    do {
      const kind = this.is(WORD.win) ? 'win' : this.is(WORD.lose) ? 'lose' : null;
      if (kind === null) throw MISMATCH;
      this.i++;
      const team = this.name();
      this.consume(WORD.when);
      const condition = this.gcondition();
      this.consume(SYM[';']);
      rules.push({ kind, team: located(team.image, team), condition });
    } while (!this.is(SYM['}']));
    this.consume(SYM['}']);
    return rules;
  }

  /** An OUTCOME rule's condition: the same connectives as the AI's, over OUTCOME's atoms. */
  private gcondition(): Condition {
    return this.connected(() => this.gatom());
  }

  private gatom(): Condition {
    if (this.is(SYM['('])) {
      this.i++;
      const inner = this.gcondition();
      this.consume(SYM[')']);
      return inner;
    }
    if (this.is(KW.total)) {
      this.i++;
      this.consume(KW.turn);
      this.consume(KW.count);
      return { kind: 'turn-count', comparison: this.comparison() };
    }
    if (isName(this.type()) && this.is(SYM[':'], 1) && isName(this.type(2)) && this.is(SYM[':'], 3)) {
      const t = this.triple();
      this.consume(WORD.hp);
      return { kind: 'hp', unit: t, test: this.hpTest() };
    }
    const team = this.name();
    const t = located(team.image, team);
    let description: Description = { kind: 'team', team: t };
    if (this.is(SYM[':'])) {
      this.i++;
      const name = this.name();
      description = { kind: 'team-unit', team: t, name: located(name.image, name) };
    }
    this.consume(KW.count);
    return { kind: 'count', description, comparison: this.comparison() };
  }

  private hpTest(): HpTest {
    const above = this.is(WORD.above);
    if (!above && !this.is(WORD.below)) throw MISMATCH;
    this.i++;
    const value = this.nat();
    const percent = this.is(SYM['%']);
    if (percent) this.i++;
    return { above, value, percent };
  }

  // ---- AI half (grammar.ts) ----

  private ai(): AiDecl {
    this.consume(KW.AI);
    const name = this.name();
    const body = this.block();
    return { name: located(name.image, name), body };
  }

  private block(): Action[] {
    this.consume(SYM['{']);
    const actions: Action[] = [this.action()];
    while (TURN_STARTS.has(this.type()) || this.is(KW.if) || this.is(KW.while)) actions.push(this.action());
    this.consume(SYM['}']);
    return actions;
  }

  private action(): Action {
    if (this.is(KW.if)) {
      this.i++;
      const condition = this.condition();
      this.consume(KW.then);
      const then = this.block();
      this.consume(KW.else);
      const otherwise = this.block();
      return { kind: 'if', condition, then, otherwise };
    }
    if (this.is(KW.while)) {
      this.i++;
      const condition = this.condition();
      const body = this.block();
      return { kind: 'while', condition, body };
    }
    const turn = this.turn();
    this.consume(SYM[';']);
    return { kind: 'turn', turn };
  }

  private turn(): TurnDesc {
    const type = this.type();
    if (type === KW.Pass) {
      this.i++;
      return [];
    }
    if (type === KW['Full Attack']) {
      this.i++;
      return [{ kind: 'full-attack', target: this.target() }];
    }
    if (type === KW.Approach || type === KW.Disengage || type === WORD.Retreat) {
      const first = this.move();
      if (!this.is(SYM['-'])) return [first];
      this.i++;
      return [first, this.is(KW.Attack) ? this.standard() : this.move()];
    }
    const first = this.standard();
    if (!this.is(SYM['-'])) return [first];
    this.i++;
    return [first, this.move()];
  }

  private move(): TurnAction {
    if (this.is(KW.Disengage)) {
      this.i++;
      return { kind: 'disengage' };
    }
    if (this.is(WORD.Retreat)) {
      this.i++;
      return { kind: 'retreat' };
    }
    this.consume(KW.Approach);
    return { kind: 'approach', target: this.target() };
  }

  private standard(): TurnAction {
    this.consume(KW.Attack);
    return { kind: 'attack', target: this.target() };
  }

  private target(): Target {
    const type = this.type();
    if (type === KW.self) {
      this.i++;
      return { kind: 'self' };
    }
    if (type === KW.closest || type === KW.furthest || type === KW.last) {
      const adjective = this.next();
      return { kind: adjective.image as 'closest' | 'furthest' | 'last', description: this.description() };
    }
    // (v2) A word followed by ':' is a team of that name (the triple form).
    if (!this.is(SYM[':'], 1)) {
      if (type === WORD.most || type === WORD.least) {
        this.i++;
        this.consume(WORD.injured);
        return { kind: type === WORD.most ? 'most-injured' : 'least-injured', description: this.description() };
      }
      if (type === WORD.random) {
        this.i++;
        return { kind: 'random', description: this.description() };
      }
    }
    const t = this.triple();
    return { kind: 'unit', team: t.team, name: t.name, id: t.id };
  }

  private triple(): { team: Located<string>; name: Located<string>; id: Located<number> } {
    const team = this.name();
    this.consume(SYM[':']);
    const name = this.name();
    this.consume(SYM[':']);
    const id = this.consume(Num);
    return { team: located(team.image, team), name: located(name.image, name), id: located(Number(id.image), id) };
  }

  private description(): Description {
    if (this.is(KW.ally)) {
      this.i++;
      return { kind: 'ally' };
    }
    if (this.is(KW.enemy)) {
      this.i++;
      return { kind: 'enemy' };
    }
    const team = this.name();
    const t = located(team.image, team);
    if (!this.is(SYM[':'])) return { kind: 'team', team: t };
    this.i++;
    const name = this.name();
    return { kind: 'team-unit', team: t, name: located(name.image, name) };
  }

  private condition(): Condition {
    return this.connected(() => this.atom());
  }

  /** `or` over `and` over runs of `not`, over `atom` (the AI's conditions and OUTCOME's share it). */
  private connected(atom: () => Condition): Condition {
    const negation = (): Condition => {
      let nots = 0;
      while (this.is(KW.not)) {
        this.i++;
        nots++;
      }
      let condition = atom();
      for (let k = 0; k < nots; k++) condition = { kind: 'not', operand: condition };
      return condition;
    };
    const conjunction = (): Condition => {
      const operands = [negation()];
      while (this.is(KW.and)) {
        this.i++;
        operands.push(negation());
      }
      return foldRight(operands, 'and');
    };
    const operands = [conjunction()];
    while (this.is(KW.or)) {
      this.i++;
      operands.push(conjunction());
    }
    return foldRight(operands, 'or');
  }

  private atom(): Condition {
    if (this.is(SYM['('])) {
      this.i++;
      const inner = this.condition();
      this.consume(SYM[')']);
      return inner;
    }
    if (this.is(KW.total)) {
      this.i++;
      this.consume(KW.turn);
      this.consume(KW.count);
      return { kind: 'turn-count', comparison: this.comparison() };
    }
    // `T:N:i` (a unit) against `T:N` (a description): told apart by the fourth token, as LL(4) does.
    if (this.is(KW.self)) {
      this.i++;
      this.consume(WORD.hp);
      return { kind: 'hp', unit: null, test: this.hpTest() };
    }
    if (isName(this.type()) && this.is(SYM[':'], 1) && isName(this.type(2)) && this.is(SYM[':'], 3)) {
      const t = this.triple();
      if (this.is(WORD.hp)) {
        this.i++;
        return { kind: 'hp', unit: t, test: this.hpTest() };
      }
      return { kind: 'unit-in-range', team: t.team, name: t.name, id: t.id, range: this.inRange() };
    }
    const description = this.description();
    if (this.is(KW.in)) return { kind: 'in-range', description, range: this.inRange() };
    this.consume(KW.count);
    if (this.is(KW.in)) {
      const range = this.inRange();
      return { kind: 'count-in-range', description, range, comparison: this.comparison() };
    }
    return { kind: 'count', description, comparison: this.comparison() };
  }

  private inRange(): RangeExpr {
    this.consume(KW.in);
    this.consume(KW.range);
    this.consume(SYM['(']);
    const range = this.range();
    this.consume(SYM[')']);
    return range;
  }

  private comparison(): Comparison {
    let op: Comparator;
    if (this.is(SYM['>']) || this.is(SYM['<'])) {
      const less = this.is(SYM['<']);
      this.i++;
      const orEqual = this.is(SYM['=']);
      if (orEqual) this.i++;
      op = less ? (orEqual ? '<=' : '<') : orEqual ? '>=' : '>';
    } else if (this.is(SYM['='])) {
      this.i++;
      op = '=';
    } else {
      this.consume(SYM['!']);
      this.consume(SYM['=']);
      op = '!=';
    }
    return { op, value: this.int() };
  }

  private range(): RangeExpr {
    let left = this.rangeTerm();
    while (this.is(SYM['+'])) {
      this.i++;
      const right = this.rangeTerm();
      left = { kind: 'add', left, right };
    }
    return left;
  }

  private rangeTerm(): RangeExpr {
    let left = this.rangeAtom();
    while (this.is(SYM['*'])) {
      this.i++;
      const factor = this.nat();
      left = { kind: 'multiply', left, factor };
    }
    return left;
  }

  private rangeAtom(): RangeExpr {
    const type = this.type();
    if (type === Num) return { kind: 'number', value: this.nat() };
    if (type === SYM['(']) {
      this.i++;
      const inner = this.range();
      this.consume(SYM[')']);
      return inner;
    }
    this.i++;
    if (type === KW.Melee) return { kind: 'Melee' };
    if (type === KW.Attack) return { kind: 'Attack' };
    if (type === KW['Full Attack']) return { kind: 'Full Attack' };
    if (type === KW.Speed) return { kind: 'Speed' };
    throw MISMATCH;
  }
}

/** `a op b op c` as `a op (b op c)` (grammar.ts folds with it too). */
export function foldRight(operands: readonly Condition[], kind: 'and' | 'or'): Condition {
  let condition = operands[operands.length - 1]!;
  for (let k = operands.length - 2; k >= 0; k--) condition = { kind, left: operands[k]!, right: condition };
  return condition;
}
