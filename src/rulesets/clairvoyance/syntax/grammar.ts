/**
 * The encounter grammar (spec 2.2), AI half and the whole encounter (the setup half is grammar-setup.ts),
 * as a chevrotain parser that builds the AST directly. chevrotain was
 * chosen over peggy because its tokens come from our own exact lexer and because `computeContentAssist`
 * walks the grammar itself to list every token that may follow a prefix: that is exactly the "viable next
 * tokens" 2.4 requires, for alias forms and alternatives alike, where a PEG's `expected` set depends on
 * the order the alternatives happen to be tried in.
 *
 * Left recursion is rewritten with the same language: `or` < `and` < `not`, both right-associative;
 * `+` < `*`, both left-associative.
 */
import { EOF, type IToken } from 'chevrotain';
import type { Action, AiDecl, Condition, Description, Encounter, OutcomeRule, RangeExpr, TeamDecl, Target, TurnAction, TurnDesc, UnitDecl } from './ast.js';
import { foldRight } from './fast-parse.js';
import { located } from './grammar-setup.js';
import { OutcomeGrammar } from './grammar-outcome.js';
import { KW, Name, SYM, WORD } from './tokens.js';

export class EncounterParser extends OutcomeGrammar {
  constructor(validate = false) {
    super(validate);
    this.performSelfAnalysis();
  }

  readonly encounter = this.RULE('encounter', (): Encounter => {
    const board = this.SUBRULE(this.board);
    const units: UnitDecl[] = [];
    const ais: AiDecl[] = [];
    const teams: TeamDecl[] = [];
    this.AT_LEAST_ONE(() => units.push(this.SUBRULE(this.unit)));
    this.AT_LEAST_ONE2(() => ais.push(this.SUBRULE(this.ai)));
    this.AT_LEAST_ONE3(() => teams.push(this.SUBRULE(this.team)));
    let outcome: OutcomeRule[] = [];
    this.OPTION(() => (outcome = this.SUBRULE(this.outcome)));
    this.CONSUME(EOF);
    return { board, units, ais, teams, outcome };
  });

  private readonly ai = this.RULE('ai', (): AiDecl => {
    this.CONSUME(KW.AI);
    const name = this.CONSUME(Name);
    const body = this.SUBRULE(this.block);
    return { name: located(name.image, name), body };
  });

  /** `{ Action {Action} }` */
  private readonly block = this.RULE('block', (): Action[] => {
    const actions: Action[] = [];
    this.CONSUME(SYM['{']);
    this.AT_LEAST_ONE(() => actions.push(this.SUBRULE(this.action)));
    this.CONSUME(SYM['}']);
    return actions;
  });

  private readonly action = this.RULE('action', (): Action =>
    this.OR([
      {
        ALT: () => {
          const turn = this.SUBRULE(this.turn);
          this.CONSUME(SYM[';']);
          return { kind: 'turn' as const, turn };
        },
      },
      {
        ALT: () => {
          this.CONSUME(KW.if);
          const condition = this.SUBRULE(this.condition);
          this.CONSUME(KW.then);
          const then = this.SUBRULE(this.block);
          this.CONSUME(KW.else);
          const otherwise = this.SUBRULE2(this.block);
          return { kind: 'if' as const, condition, then, otherwise };
        },
      },
      {
        ALT: () => {
          this.CONSUME(KW.while);
          const condition = this.SUBRULE2(this.condition);
          const body = this.SUBRULE3(this.block);
          return { kind: 'while' as const, condition, body };
        },
      },
    ]),
  );

  /** Pass | Move ['-' (Move | Std)] | Std ['-' Move] | Full: the same language as 2.2's seven forms. */
  private readonly turn = this.RULE('turn', (): TurnDesc =>
    this.OR([
      { ALT: () => (this.CONSUME(KW.Pass), [] as TurnAction[]) },
      {
        ALT: () => {
          const first = this.SUBRULE(this.move);
          let second: TurnAction | null = null;
          this.OPTION(() => {
            this.CONSUME(SYM['-']);
            second = this.OR2([{ ALT: () => this.SUBRULE2(this.move) }, { ALT: () => this.SUBRULE(this.standard) }]);
          });
          return second === null ? [first] : [first, second];
        },
      },
      {
        ALT: () => {
          const first = this.SUBRULE2(this.standard);
          let second: TurnAction | null = null;
          this.OPTION2(() => {
            this.CONSUME2(SYM['-']);
            second = this.SUBRULE3(this.move);
          });
          return second === null ? [first] : [first, second];
        },
      },
      {
        ALT: () => {
          this.CONSUME(KW['Full Attack']);
          return [{ kind: 'full-attack' as const, target: this.SUBRULE(this.target) }];
        },
      },
    ]),
  );

  private readonly move = this.RULE('move', (): TurnAction =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(KW.Approach);
          return { kind: 'approach' as const, target: this.SUBRULE(this.target) };
        },
      },
      { ALT: () => (this.CONSUME(KW.Disengage), { kind: 'disengage' as const }) },
      { ALT: () => (this.CONSUME(WORD.Retreat), { kind: 'retreat' as const }) },
    ]),
  );

  private readonly standard = this.RULE('standard', (): TurnAction => {
    this.CONSUME(KW.Attack);
    return { kind: 'attack' as const, target: this.SUBRULE(this.target) };
  });

  private readonly target = this.RULE('target', (): Target =>
    this.OR([
      { ALT: () => (this.CONSUME(KW.self), { kind: 'self' as const }) },
      {
        ALT: () => {
          const t = this.SUBRULE(this.triple);
          return { kind: 'unit' as const, team: t.team, name: t.name, id: t.id };
        },
      },
      {
        ALT: () => {
          const adjective = this.OR2([
            { ALT: () => this.CONSUME(KW.closest) },
            { ALT: () => this.CONSUME(KW.furthest) },
            { ALT: () => this.CONSUME(KW.last) },
          ]);
          const description = this.SUBRULE(this.description);
          return { kind: adjective.image as 'closest' | 'furthest' | 'last', description };
        },
      },
      {
        ALT: () => {
          const kind = this.OR3([
            { ALT: () => (this.CONSUME(WORD.most), this.CONSUME(WORD.injured), 'most-injured' as const) },
            { ALT: () => (this.CONSUME(WORD.least), this.CONSUME2(WORD.injured), 'least-injured' as const) },
            { ALT: () => (this.CONSUME(WORD.random), 'random' as const) },
          ]);
          return { kind, description: this.SUBRULE2(this.description) };
        },
      },
    ]),
  );

  private readonly description = this.RULE('description', (): Description =>
    this.OR([
      { ALT: () => (this.CONSUME(KW.ally), { kind: 'ally' as const }) },
      { ALT: () => (this.CONSUME(KW.enemy), { kind: 'enemy' as const }) },
      {
        ALT: () => {
          const team = this.CONSUME(Name);
          let name: IToken | null = null;
          this.OPTION(() => {
            this.CONSUME(SYM[':']);
            name = this.CONSUME2(Name);
          });
          const t = located(team.image, team);
          return name === null ? { kind: 'team' as const, team: t } : { kind: 'team-unit' as const, team: t, name: located((name as IToken).image, name) };
        },
      },
    ]),
  );

  // `or` and `and` chains and runs of `not` are loops, not recursion, so only brackets nest the parser
  // (parse.ts bounds them); the trees are built the same: right-associative, `not` binding tightest.
  private readonly condition = this.RULE('condition', (): Condition => {
    const operands = [this.SUBRULE(this.conjunction)];
    this.MANY(() => {
      this.CONSUME(KW.or);
      operands.push(this.SUBRULE2(this.conjunction));
    });
    return this.ACTION(() => foldRight(operands, 'or'));
  });

  private readonly conjunction = this.RULE('conjunction', (): Condition => {
    const operands = [this.SUBRULE(this.negation)];
    this.MANY(() => {
      this.CONSUME(KW.and);
      operands.push(this.SUBRULE2(this.negation));
    });
    return this.ACTION(() => foldRight(operands, 'and'));
  });

  private readonly negation = this.RULE('negation', (): Condition => {
    let nots = 0;
    this.MANY(() => {
      this.CONSUME(KW.not);
      nots++;
    });
    let condition = this.SUBRULE(this.atom);
    for (let k = 0; k < nots; k++) condition = { kind: 'not', operand: condition };
    return condition;
  });

  private readonly atom = this.RULE('atom', (): Condition =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(SYM['(']);
          const inner = this.SUBRULE(this.condition);
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
          this.CONSUME(KW.self);
          this.CONSUME(WORD.hp);
          return { kind: 'hp' as const, unit: null, test: this.SUBRULE(this.hpTest) };
        },
      },
      {
        ALT: () => {
          const t = this.SUBRULE(this.triple);
          // `T:N:i in range` and (v2) `T:N:i hp`: one alternative, so LL(4) never has to see past the triple.
          return this.OR4([
            { ALT: (): Condition => ({ kind: 'unit-in-range' as const, team: t.team, name: t.name, id: t.id, range: this.SUBRULE(this.inRange) }) },
            { ALT: (): Condition => (this.CONSUME2(WORD.hp), { kind: 'hp' as const, unit: t, test: this.SUBRULE2(this.hpTest) }) },
          ]);
        },
      },
      {
        ALT: () => {
          const description = this.SUBRULE(this.description);
          return this.OR2([
            { ALT: () => ({ kind: 'in-range' as const, description, range: this.SUBRULE2(this.inRange) }) },
            {
              ALT: () => {
                this.CONSUME2(KW.count);
                return this.OR3([
                  { ALT: () => ({ kind: 'count' as const, description, comparison: this.SUBRULE2(this.comparison) }) },
                  {
                    ALT: () => {
                      const range = this.SUBRULE3(this.inRange);
                      return { kind: 'count-in-range' as const, description, range, comparison: this.SUBRULE3(this.comparison) };
                    },
                  },
                ]);
              },
            },
          ]);
        },
      },
    ]),
  );

  /** `in range ( Range )` */
  private readonly inRange = this.RULE('inRange', (): RangeExpr => {
    this.CONSUME(KW.in);
    this.CONSUME(KW.range);
    this.CONSUME(SYM['(']);
    const range = this.SUBRULE(this.range);
    this.CONSUME(SYM[')']);
    return range;
  });

  private readonly range = this.RULE('range', (): RangeExpr => {
    let left = this.SUBRULE(this.rangeTerm);
    this.MANY(() => {
      this.CONSUME(SYM['+']);
      const right = this.SUBRULE2(this.rangeTerm);
      left = this.ACTION(() => ({ kind: 'add' as const, left, right }));
    });
    return left;
  });

  private readonly rangeTerm = this.RULE('rangeTerm', (): RangeExpr => {
    let left = this.SUBRULE(this.rangeAtom);
    this.MANY(() => {
      this.CONSUME(SYM['*']);
      const factor = this.nat();
      left = this.ACTION(() => ({ kind: 'multiply' as const, left, factor }));
    });
    return left;
  });

  private readonly rangeAtom = this.RULE('rangeAtom', (): RangeExpr =>
    this.OR([
      { ALT: () => ({ kind: 'number' as const, value: this.nat() }) },
      { ALT: () => (this.CONSUME(KW.Melee), { kind: 'Melee' as const }) },
      { ALT: () => (this.CONSUME(KW.Attack), { kind: 'Attack' as const }) },
      { ALT: () => (this.CONSUME(KW['Full Attack']), { kind: 'Full Attack' as const }) },
      { ALT: () => (this.CONSUME(KW.Speed), { kind: 'Speed' as const }) },
      {
        ALT: () => {
          this.CONSUME(SYM['(']);
          const inner = this.SUBRULE(this.range);
          this.CONSUME(SYM[')']);
          return inner;
        },
      },
    ]),
  );
}

let shared: EncounterParser | null = null;

/** One parser per process: building it (grammar analysis) is the costly part; parsing resets it. */
export function encounterParser(): EncounterParser {
  shared ??= new EncounterParser();
  return shared;
}
