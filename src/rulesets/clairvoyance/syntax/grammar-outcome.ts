/**
 * (v2) The encounter grammar's OUTCOME block (spec 2.2) and the pieces it shares with the AI half
 * (grammar.ts): unit triples, comparisons and `hp` tests. GCond is Cond without an acting unit, with the
 * same precedence and associativity; it has rules of its own so that `ally`, `enemy`, `self` and
 * `in range` are never viable in it (the E_PARSE lists of 2.4 follow from the rules).
 */
import { type IToken } from 'chevrotain';
import type { Comparator, Comparison, Condition, Description, HpTest, Located, OutcomeRule } from './ast.js';
import { foldRight } from './fast-parse.js';
import { located, SetupGrammar } from './grammar-setup.js';
import { KW, Name, Num, SYM, WORD } from './tokens.js';

export abstract class OutcomeGrammar extends SetupGrammar {
  /** (v2) `OUTCOME { Rule {Rule} }` */
  protected readonly outcome = this.RULE('outcome', (): OutcomeRule[] => {
    const rules: OutcomeRule[] = [];
    this.CONSUME(WORD.OUTCOME);
    this.CONSUME(SYM['{']);
    this.AT_LEAST_ONE(() => rules.push(this.SUBRULE(this.outcomeRule)));
    this.CONSUME(SYM['}']);
    return rules;
  });

  /** (v2) `win|lose T when GCond ;` */
  protected readonly outcomeRule = this.RULE('outcomeRule', (): OutcomeRule => {
    const kind = this.OR([{ ALT: () => (this.CONSUME(WORD.win), 'win' as const) }, { ALT: () => (this.CONSUME(WORD.lose), 'lose' as const) }]);
    const team = this.CONSUME(Name);
    this.CONSUME(WORD.when);
    const condition = this.SUBRULE(this.gcondition);
    this.CONSUME(SYM[';']);
    return { kind, team: located(team.image, team), condition };
  });

  /** `T:N:i` */
  protected readonly triple = this.RULE('triple', (): { team: Located<string>; name: Located<string>; id: Located<number> } => {
    const team = this.CONSUME(Name);
    this.CONSUME(SYM[':']);
    const name = this.CONSUME2(Name);
    this.CONSUME2(SYM[':']);
    const id = this.CONSUME(Num);
    return { team: located(team.image, team), name: located(name.image, name), id: located(Number(id.image), id) };
  });

  /** (v2) `below|above NAT ['%']` */
  protected readonly hpTest = this.RULE('hpTest', (): HpTest => {
    const above = this.OR([{ ALT: () => (this.CONSUME(WORD.below), false) }, { ALT: () => (this.CONSUME(WORD.above), true) }]);
    const value = this.nat();
    let percent = false;
    this.OPTION(() => (this.CONSUME(SYM['%']), (percent = true)));
    return { above, value, percent };
  });

  // (v2) GCond: Cond without an actor (no ally/enemy/self/in range), same precedence and associativity.
  protected readonly gcondition = this.RULE('gcondition', (): Condition => {
    const operands = [this.SUBRULE(this.gconjunction)];
    this.MANY(() => {
      this.CONSUME(KW.or);
      operands.push(this.SUBRULE2(this.gconjunction));
    });
    return this.ACTION(() => foldRight(operands, 'or'));
  });

  protected readonly gconjunction = this.RULE('gconjunction', (): Condition => {
    const operands = [this.SUBRULE(this.gnegation)];
    this.MANY(() => {
      this.CONSUME(KW.and);
      operands.push(this.SUBRULE2(this.gnegation));
    });
    return this.ACTION(() => foldRight(operands, 'and'));
  });

  protected readonly gnegation = this.RULE('gnegation', (): Condition => {
    let nots = 0;
    this.MANY(() => {
      this.CONSUME(KW.not);
      nots++;
    });
    let condition = this.SUBRULE(this.gatom);
    for (let k = 0; k < nots; k++) condition = { kind: 'not', operand: condition };
    return condition;
  });

  protected readonly gatom = this.RULE('gatom', (): Condition =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(SYM['(']);
          const inner = this.SUBRULE(this.gcondition);
          this.CONSUME(SYM[')']);
          return inner;
        },
      },
      {
        ALT: () => {
          this.CONSUME(KW.total);
          this.CONSUME(KW.turn);
          this.CONSUME(KW.count);
          return { kind: 'turn-count' as const, comparison: this.SUBRULE(this.comparison) };
        },
      },
      {
        ALT: () => {
          const t = this.SUBRULE(this.triple);
          this.CONSUME(WORD.hp);
          return { kind: 'hp' as const, unit: t, test: this.SUBRULE(this.hpTest) };
        },
      },
      {
        ALT: () => {
          const team = this.CONSUME(Name);
          let name: IToken | null = null;
          this.OPTION(() => {
            this.CONSUME(SYM[':']);
            name = this.CONSUME2(Name);
          });
          this.CONSUME2(KW.count);
          const t = located(team.image, team);
          const description: Description = name === null ? { kind: 'team', team: t } : { kind: 'team-unit', team: t, name: located((name as IToken).image, name) };
          return { kind: 'count' as const, description, comparison: this.SUBRULE2(this.comparison) };
        },
      },
    ]),
  );

  protected readonly comparison = this.RULE('comparison', (): Comparison => {
    const op = this.OR([
      { ALT: () => (this.CONSUME(SYM['>']), this.OPTION(() => this.CONSUME(SYM['='])) === undefined ? '>' : '>=') },
      { ALT: () => (this.CONSUME(SYM['<']), this.OPTION2(() => this.CONSUME2(SYM['='])) === undefined ? '<' : '<=') },
      { ALT: () => (this.CONSUME3(SYM['=']), '=') },
      { ALT: () => (this.CONSUME(SYM['!']), this.CONSUME4(SYM['=']), '!=') },
    ]) as Comparator;
    return { op, value: this.SUBRULE(this.int) };
  });
}
