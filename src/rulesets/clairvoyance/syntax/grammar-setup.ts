/**
 * The setup half of the encounter grammar (spec 2.2): the board, unit stat blocks and teams, shared as
 * rules with the AI half (grammar.ts), which completes the parser. Rules build the AST directly.
 */
import { EmbeddedActionsParser, EOF, type IToken } from 'chevrotain';
import type { AttackEntry, BoardDecl, Direction, IntRange, Layout, Located, Member, Obstacle, OutlineStep, PlayerStat, Pos, Stat, TeamDecl, UnitDecl } from './ast.js';
import { ALL_TOKENS, Dice, FullAttackName, KW, Mult, Name, Num, SYM, XName } from './tokens.js';

export const at = (token: IToken): Pos => ({ line: token.startLine ?? 0, column: token.startColumn ?? 0 });
export const located = <T>(value: T, token: IToken): Located<T> => ({ value, at: at(token) });

export abstract class SetupGrammar extends EmbeddedActionsParser {
  /**
   * `validate`: run chevrotain's grammar checks (ambiguities, left recursion). They cost a few ms at every
   * start and the grammar is fixed, so the shipped parser skips them and a test runs them.
   */
  constructor(validate: boolean) {
    // LL(4) separates `T:N count` from `T:N:i in range` in conditions; nothing needs more.
    super([...ALL_TOKENS, EOF], { maxLookahead: 4, recoveryEnabled: false, skipValidations: !validate });
  }

  protected nat = (): number => Number(this.CONSUME(Num).image);

  protected readonly board = this.RULE('board', (): BoardDecl => {
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

  protected readonly layout = this.RULE('layout', (): Layout =>
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

  protected readonly step = this.RULE('step', (): OutlineStep => {
    const n = this.CONSUME(Num);
    const d = this.OR([
      { ALT: () => this.CONSUME(KW.U) },
      { ALT: () => this.CONSUME(KW.R) },
      { ALT: () => this.CONSUME(KW.D) },
      { ALT: () => this.CONSUME(KW.L) },
    ]);
    return { count: located(Number(n.image), n), direction: d.image as Direction };
  });

  protected readonly obstacle = this.RULE('obstacle', (): Obstacle => {
    const open = this.CONSUME(SYM['(']);
    const columns = this.SUBRULE(this.intRange);
    this.CONSUME(SYM[',']);
    const rows = this.SUBRULE2(this.intRange);
    this.CONSUME(SYM[')']);
    return { at: at(open), columns, rows };
  });

  protected readonly intRange = this.RULE('intRange', (): IntRange => {
    const from = this.SUBRULE(this.int);
    let to: number | null = null;
    this.OPTION(() => {
      this.CONSUME(SYM['-']);
      to = this.SUBRULE2(this.int);
    });
    return to === null ? { from, to: from, single: true } : { from, to, single: false };
  });

  protected readonly int = this.RULE('int', (): number => {
    let sign = 1;
    this.OPTION(() => {
      this.CONSUME(SYM['-']);
      sign = -1;
    });
    // `+ 0` keeps -0 out of the AST (so a printed and re-parsed encounter compares equal).
    return sign * this.nat() + 0;
  });

  /** `+ n` or `- n`: the sign is mandatory. */
  protected readonly modifier = this.RULE('modifier', (): number => {
    const sign = this.OR([{ ALT: () => (this.CONSUME(SYM['+']), 1) }, { ALT: () => (this.CONSUME(SYM['-']), -1) }]);
    return sign * this.nat() + 0;
  });

  protected readonly unit = this.RULE('unit', (): UnitDecl =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(KW.PLAYER);
          const name = this.CONSUME(Name);
          this.CONSUME(SYM['{']);
          this.CONSUME(KW.Initiative);
          this.CONSUME(SYM[':']);
          const initiative = this.SUBRULE(this.modifier);
          const stats: PlayerStat[] = [];
          this.MANY(() => {
            this.CONSUME3(SYM[';']);
            stats.push(this.SUBRULE(this.playerStat));
          });
          this.CONSUME(SYM['}']);
          return { kind: 'player' as const, name: located(name.image, name), initiative, stats };
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

  /** (v2) `HP: n` or `AC: n` after a PLAYER's Initiative (D21). */
  protected readonly playerStat = this.RULE('playerStat', (): PlayerStat =>
    this.OR([
      { ALT: () => ({ kind: 'HP' as const, at: at(this.CONSUME(KW.HP)), value: (this.CONSUME1(SYM[':']), Number(this.CONSUME(Num).image)) }) },
      { ALT: () => ({ kind: 'AC' as const, at: at(this.CONSUME(KW.AC)), value: (this.CONSUME2(SYM[':']), this.SUBRULE(this.int)) }) },
    ]),
  );

  /** Each alternative uses its own occurrence index for ':' (chevrotain tells occurrences apart by it). */
  protected readonly stat = this.RULE('stat', (): Stat =>
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

  protected readonly attackList = this.RULE('attackList', (): AttackEntry[] => {
    const entries: AttackEntry[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: SYM[','], DEF: () => entries.push(this.SUBRULE(this.attack)) });
    return entries;
  });

  protected readonly attack = this.RULE('attack', (): AttackEntry => {
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

  protected readonly dice = this.RULE('dice', (): { count: number; faces: number } =>
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

  protected readonly team = this.RULE('team', (): TeamDecl => {
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

  protected readonly member = this.RULE('member', (): Member => {
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
  protected readonly multiplier = this.RULE('multiplier', (): Located<number> =>
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

  protected readonly coordinate = this.RULE('coordinate', (): Located<{ column: number; row: number }> => {
    const open = this.CONSUME(SYM['(']);
    const column = this.SUBRULE(this.int);
    this.CONSUME(SYM[',']);
    const row = this.SUBRULE2(this.int);
    this.CONSUME(SYM[')']);
    return located({ column, row }, open);
  });
}
