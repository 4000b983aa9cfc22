/**
 * The encounter grammar (spec 2.2) as a chevrotain parser that builds the AST directly. chevrotain was
 * chosen over peggy because its tokens come from our own exact lexer and because `computeContentAssist`
 * walks the grammar itself to list every token that may follow a prefix: that is exactly the "viable next
 * tokens" 2.4 requires, for alias forms and alternatives alike, where a PEG's `expected` set depends on
 * the order the alternatives happen to be tried in.
 *
 * Left recursion is rewritten with the same language: `or` < `and` < `not`, both right-associative;
 * `+` < `*`, both left-associative.
 */
import { EmbeddedActionsParser, EOF, type IToken } from 'chevrotain';
import type {
  Action, AiDecl, AttackEntry, BoardDecl, Comparator, Comparison, Condition, Description, Direction, Encounter, IntRange,
  Layout, Located, Member, Obstacle, OutlineStep, Pos, RangeExpr, Stat, TeamDecl, Target, TurnAction, TurnDesc, UnitDecl,
} from './ast.js';
import { ALL_TOKENS, Dice, FullAttackName, KW, Mult, Name, Num, SYM, XName } from './tokens.js';

const at = (token: IToken): Pos => ({ line: token.startLine ?? 0, column: token.startColumn ?? 0 });
const located = <T>(value: T, token: IToken): Located<T> => ({ value, at: at(token) });

export class EncounterParser extends EmbeddedActionsParser {
  constructor() {
    // LL(4) separates `T:N count` from `T:N:i in range` in conditions; nothing needs more.
    super([...ALL_TOKENS, EOF], { maxLookahead: 4, recoveryEnabled: false });
    this.performSelfAnalysis();
  }

  private nat = (): number => Number(this.CONSUME(Num).image);

  readonly encounter = this.RULE('encounter', (): Encounter => {
    const board = this.SUBRULE(this.board);
    const units: UnitDecl[] = [];
    const ais: AiDecl[] = [];
    const teams: TeamDecl[] = [];
    this.AT_LEAST_ONE(() => units.push(this.SUBRULE(this.unit)));
    this.AT_LEAST_ONE2(() => ais.push(this.SUBRULE(this.ai)));
    this.AT_LEAST_ONE3(() => teams.push(this.SUBRULE(this.team)));
    this.CONSUME(EOF);
    return { board, units, ais, teams };
  });

  private readonly board = this.RULE('board', (): BoardDecl => {
    this.CONSUME(KW.MAP);
    this.CONSUME(SYM['{']);
    this.CONSUME(KW.Layout);
    this.CONSUME(SYM[':']);
    const layout = this.SUBRULE(this.layout);
    this.CONSUME(SYM[';']);
    this.CONSUME(KW.Obstacles);
    this.CONSUME2(SYM[':']);
    const obstacles: Obstacle[] = [];
    this.OPTION(() => {
      obstacles.push(this.SUBRULE(this.obstacle));
      this.MANY(() => {
        this.CONSUME(SYM[',']);
        obstacles.push(this.SUBRULE2(this.obstacle));
      });
    });
    this.CONSUME2(SYM[';']);
    this.CONSUME(SYM['}']);
    return { layout, obstacles };
  });

  private readonly layout = this.RULE('layout', (): Layout =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(KW.Rectangle);
          const w = this.CONSUME(Num);
          this.CONSUME(SYM[',']);
          const h = this.CONSUME2(Num);
          return { kind: 'rectangle' as const, width: located(Number(w.image), w), height: located(Number(h.image), h) };
        },
      },
      {
        ALT: () => {
          const outline = this.CONSUME(KW.Outline);
          const steps: OutlineStep[] = [this.SUBRULE(this.step)];
          this.MANY(() => {
            this.OPTION(() => this.CONSUME(SYM['-']));
            steps.push(this.SUBRULE2(this.step));
          });
          return { kind: 'outline' as const, at: at(outline), steps };
        },
      },
    ]),
  );

  private readonly step = this.RULE('step', (): OutlineStep => {
    const n = this.CONSUME(Num);
    const d = this.OR([
      { ALT: () => this.CONSUME(KW.U) },
      { ALT: () => this.CONSUME(KW.R) },
      { ALT: () => this.CONSUME(KW.D) },
      { ALT: () => this.CONSUME(KW.L) },
    ]);
    return { count: located(Number(n.image), n), direction: d.image as Direction };
  });

  private readonly obstacle = this.RULE('obstacle', (): Obstacle => {
    const open = this.CONSUME(SYM['(']);
    const columns = this.SUBRULE(this.intRange);
    this.CONSUME(SYM[',']);
    const rows = this.SUBRULE2(this.intRange);
    this.CONSUME(SYM[')']);
    return { at: at(open), columns, rows };
  });

  private readonly intRange = this.RULE('intRange', (): IntRange => {
    const from = this.SUBRULE(this.int);
    let to: number | null = null;
    this.OPTION(() => {
      this.CONSUME(SYM['-']);
      to = this.SUBRULE2(this.int);
    });
    return to === null ? { from, to: from, single: true } : { from, to, single: false };
  });

  private readonly int = this.RULE('int', (): number => {
    let sign = 1;
    this.OPTION(() => {
      this.CONSUME(SYM['-']);
      sign = -1;
    });
    // `+ 0` keeps -0 out of the AST (so a printed and re-parsed encounter compares equal).
    return sign * this.nat() + 0;
  });

  /** `+ n` or `- n`: the sign is mandatory. */
  private readonly modifier = this.RULE('modifier', (): number => {
    const sign = this.OR([{ ALT: () => (this.CONSUME(SYM['+']), 1) }, { ALT: () => (this.CONSUME(SYM['-']), -1) }]);
    return sign * this.nat() + 0;
  });

  private readonly unit = this.RULE('unit', (): UnitDecl =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(KW.PLAYER);
          const name = this.CONSUME(Name);
          this.CONSUME(SYM['{']);
          this.CONSUME(KW.Initiative);
          this.CONSUME(SYM[':']);
          const initiative = this.SUBRULE(this.modifier);
          this.CONSUME(SYM['}']);
          return { kind: 'player' as const, name: located(name.image, name), initiative };
        },
      },
      {
        ALT: () => {
          this.CONSUME(KW.UNIT);
          const name = this.CONSUME2(Name);
          this.CONSUME2(SYM['{']);
          const stats: Stat[] = [];
          this.AT_LEAST_ONE(() => {
            stats.push(this.SUBRULE(this.stat));
            this.CONSUME(SYM[';']);
          });
          this.CONSUME2(SYM['}']);
          return { kind: 'mob' as const, name: located(name.image, name), stats };
        },
      },
    ]),
  );

  /** Each alternative uses its own occurrence index for ':' (chevrotain tells occurrences apart by it). */
  private readonly stat = this.RULE('stat', (): Stat =>
    this.OR([
      { ALT: () => ({ kind: 'HP' as const, at: at(this.CONSUME(KW.HP)), value: (this.CONSUME1(SYM[':']), Number(this.CONSUME(Num).image)) }) },
      { ALT: () => ({ kind: 'Initiative' as const, at: at(this.CONSUME(KW.Initiative)), value: (this.CONSUME2(SYM[':']), this.SUBRULE(this.modifier)) }) },
      { ALT: () => ({ kind: 'Speed' as const, at: at(this.CONSUME(KW.Speed)), value: (this.CONSUME3(SYM[':']), Number(this.CONSUME2(Num).image)) }) },
      { ALT: () => ({ kind: 'AC' as const, at: at(this.CONSUME(KW.AC)), value: (this.CONSUME4(SYM[':']), this.SUBRULE(this.int)) }) },
      { ALT: () => ({ kind: 'Attack' as const, at: at(this.CONSUME(KW.Attack)), entries: (this.CONSUME5(SYM[':']), this.SUBRULE(this.attackList)) }) },
      { ALT: () => ({ kind: 'Full Attack' as const, at: at(this.CONSUME(KW['Full Attack'])), entries: (this.CONSUME6(SYM[':']), this.SUBRULE2(this.attackList)) }) },
      { ALT: () => ({ kind: 'Full Attack' as const, at: at(this.CONSUME(FullAttackName)), entries: (this.CONSUME7(SYM[':']), this.SUBRULE3(this.attackList)) }) },
    ]),
  );

  private readonly attackList = this.RULE('attackList', (): AttackEntry[] => {
    const entries: AttackEntry[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: SYM[','], DEF: () => entries.push(this.SUBRULE(this.attack)) });
    return entries;
  });

  private readonly attack = this.RULE('attack', (): AttackEntry => {
    const ranged = this.OR([
      { ALT: () => (this.CONSUME(KW.Melee), null) },
      {
        ALT: () => {
          this.CONSUME(KW.Ranged);
          this.CONSUME(SYM['(']);
          const n = this.nat();
          this.CONSUME(SYM[')']);
          return n;
        },
      },
    ]);
    let modifier = 0;
    let damageModifier = 0;
    this.OPTION(() => (modifier = this.SUBRULE(this.modifier)));
    const dice = this.SUBRULE(this.dice);
    this.OPTION2(() => (damageModifier = this.SUBRULE2(this.modifier)));
    return { ranged, modifier, count: dice.count, faces: dice.faces, damageModifier };
  });

  private readonly dice = this.RULE('dice', (): { count: number; faces: number } =>
    this.OR([
      {
        ALT: () => {
          const image = this.CONSUME(Dice).image;
          const d = image.indexOf('d');
          return { count: Number(image.slice(0, d)), faces: Number(image.slice(d + 1)) };
        },
      },
      {
        ALT: () => {
          const count = this.nat();
          this.CONSUME(SYM.d);
          return { count, faces: Number(this.CONSUME2(Num).image) };
        },
      },
    ]),
  );

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
    ]),
  );

  /** `T:N:i` */
  private readonly triple = this.RULE('triple', (): { team: Located<string>; name: Located<string>; id: Located<number> } => {
    const team = this.CONSUME(Name);
    this.CONSUME(SYM[':']);
    const name = this.CONSUME2(Name);
    this.CONSUME2(SYM[':']);
    const id = this.CONSUME(Num);
    return { team: located(team.image, team), name: located(name.image, name), id: located(Number(id.image), id) };
  });

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

  private readonly condition = this.RULE('condition', (): Condition => {
    const left = this.SUBRULE(this.conjunction);
    let right: Condition | null = null;
    this.OPTION(() => {
      this.CONSUME(KW.or);
      right = this.SUBRULE(this.condition);
    });
    return right === null ? left : { kind: 'or', left, right };
  });

  private readonly conjunction = this.RULE('conjunction', (): Condition => {
    const left = this.SUBRULE(this.negation);
    let right: Condition | null = null;
    this.OPTION(() => {
      this.CONSUME(KW.and);
      right = this.SUBRULE(this.conjunction);
    });
    return right === null ? left : { kind: 'and', left, right };
  });

  private readonly negation = this.RULE('negation', (): Condition =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(KW.not);
          return { kind: 'not' as const, operand: this.SUBRULE(this.negation) };
        },
      },
      { ALT: () => this.SUBRULE(this.atom) },
    ]),
  );

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
          const t = this.SUBRULE(this.triple);
          const range = this.SUBRULE(this.inRange);
          return { kind: 'unit-in-range' as const, team: t.team, name: t.name, id: t.id, range };
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

  private readonly comparison = this.RULE('comparison', (): Comparison => {
    const op = this.OR([
      { ALT: () => (this.CONSUME(SYM['>']), this.OPTION(() => this.CONSUME(SYM['='])) === undefined ? '>' : '>=') },
      { ALT: () => (this.CONSUME(SYM['<']), this.OPTION2(() => this.CONSUME2(SYM['='])) === undefined ? '<' : '<=') },
      { ALT: () => (this.CONSUME3(SYM['=']), '=') },
      { ALT: () => (this.CONSUME(SYM['!']), this.CONSUME4(SYM['=']), '!=') },
    ]) as Comparator;
    return { op, value: this.SUBRULE(this.int) };
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

  private readonly team = this.RULE('team', (): TeamDecl => {
    this.CONSUME(KW.TEAM);
    const name = this.CONSUME(Name);
    this.CONSUME(SYM['{']);
    const members: Member[] = [];
    this.AT_LEAST_ONE(() => {
      members.push(this.SUBRULE(this.member));
      this.CONSUME(SYM[';']);
    });
    this.CONSUME(SYM['}']);
    return { name: located(name.image, name), members };
  });

  private readonly member = this.RULE('member', (): Member => {
    const unit = this.CONSUME(Name);
    let ai: IToken | null = null;
    this.OPTION(() => {
      this.CONSUME(SYM[',']);
      ai = this.CONSUME2(Name);
    });
    const count = this.SUBRULE(this.multiplier);
    this.CONSUME(SYM[':']);
    const coordinates: Member['coordinates'][number][] = [];
    this.AT_LEAST_ONE_SEP({ SEP: SYM[','], DEF: () => coordinates.push(this.SUBRULE(this.coordinate)) });
    return { unit: located(unit.image, unit), ai: ai === null ? null : located((ai as IToken).image, ai), count, coordinates };
  });

  /** `x3`, or the seed's `× 3` and `x 3` (D16). */
  private readonly multiplier = this.RULE('multiplier', (): Located<number> =>
    this.OR([
      {
        ALT: () => {
          const m = this.CONSUME(Mult);
          return located(Number(m.image.slice(1)), m);
        },
      },
      {
        ALT: () => {
          const sign = this.OR2([{ ALT: () => this.CONSUME(SYM['×']) }, { ALT: () => this.CONSUME(XName) }]);
          return located(this.nat(), sign);
        },
      },
    ]),
  );

  private readonly coordinate = this.RULE('coordinate', (): Located<{ column: number; row: number }> => {
    const open = this.CONSUME(SYM['(']);
    const column = this.SUBRULE(this.int);
    this.CONSUME(SYM[',']);
    const row = this.SUBRULE2(this.int);
    this.CONSUME(SYM[')']);
    return located({ column, row }, open);
  });
}

let shared: EncounterParser | null = null;

/** One parser per process: building it (grammar analysis) is the costly part; parsing resets it. */
export function encounterParser(): EncounterParser {
  shared ??= new EncounterParser();
  return shared;
}
