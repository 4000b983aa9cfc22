/**
 * The setup half of the hand-written encounter parser (fast-parse.ts): the tokens, and the rules of
 * grammar-setup.ts (board, units, teams) in the same order, building the same AST. At the first token that
 * does not fit it throws MISMATCH and chevrotain's parser takes over.
 */
import { EOF, type IToken, type TokenType } from 'chevrotain';
import type { AttackEntry, BoardDecl, Direction, IntRange, Layout, Located, Member, Obstacle, OutlineStep, PlayerStat, Stat, TeamDecl, UnitDecl } from './ast.js';
import { at, located } from './grammar-setup.js';
import type { TokenSource } from './lexer.js';
import { Dice, FullAttackName, KW, Mult, NAME_TYPES, Num, SYM, XName } from './tokens.js';

/** The tokens do not fit the grammar here: chevrotain takes over. */
class Mismatch extends Error {}
export const MISMATCH = new Mismatch();

/** `Name` is a category: the lexer's `x` and `FullAttack` are names too. */
export const isName = (type: TokenType) => NAME_TYPES.has(type);

const STAT_STARTS = new Set<TokenType>([KW.HP, KW.Initiative, KW.Speed, KW.AC, KW.Attack, KW['Full Attack'], FullAttackName]);

export abstract class FastSetupParser {
  protected i = 0;

  constructor(protected readonly tokens: TokenSource) {}

  // ---- tokens ----

  protected type(ahead = 0): TokenType {
    return this.tokens.type(this.i + ahead) ?? EOF;
  }

  protected is(type: TokenType, ahead = 0): boolean {
    return this.type(ahead) === type;
  }

  /** The current token, made from the table (a chevrotain token), and the position moved past it. */
  protected next(): IToken {
    return this.tokens.token(this.i++)!;
  }

  protected consume(type: TokenType): IToken {
    if (this.type() !== type) throw MISMATCH;
    return this.next();
  }

  protected name(): IToken {
    if (!isName(this.type())) throw MISMATCH;
    return this.next();
  }

  protected nat(): number {
    return Number(this.consume(Num).image);
  }

  protected board(): BoardDecl {
    this.consume(KW.MAP);
    this.consume(SYM['{']);
    this.consume(KW.Layout);
    this.consume(SYM[':']);
    const layout = this.layout();
    this.consume(SYM[';']);
    this.consume(KW.Obstacles);
    this.consume(SYM[':']);
    const obstacles: Obstacle[] = [];
    if (this.is(SYM['('])) {
      obstacles.push(this.obstacle());
      while (this.is(SYM[','])) {
        this.i++;
        obstacles.push(this.obstacle());
      }
    }
    this.consume(SYM[';']);
    this.consume(SYM['}']);
    return { layout, obstacles };
  }

  private layout(): Layout {
    if (this.is(KW.Rectangle)) {
      this.i++;
      const w = this.consume(Num);
      this.consume(SYM[',']);
      const h = this.consume(Num);
      return { kind: 'rectangle', width: located(Number(w.image), w), height: located(Number(h.image), h) };
    }
    const outline = this.consume(KW.Outline);
    const steps: OutlineStep[] = [this.step()];
    while (this.is(SYM['-']) || this.is(Num)) {
      if (this.is(SYM['-'])) this.i++;
      steps.push(this.step());
    }
    return { kind: 'outline', at: at(outline), steps };
  }

  private step(): OutlineStep {
    const n = this.consume(Num);
    const type = this.type();
    if (type !== KW.U && type !== KW.R && type !== KW.D && type !== KW.L) throw MISMATCH;
    const d = this.next();
    return { count: located(Number(n.image), n), direction: d.image as Direction };
  }

  private obstacle(): Obstacle {
    const open = this.consume(SYM['(']);
    const columns = this.intRange();
    this.consume(SYM[',']);
    const rows = this.intRange();
    this.consume(SYM[')']);
    return { at: at(open), columns, rows };
  }

  private intRange(): IntRange {
    const from = this.int();
    if (!this.is(SYM['-'])) return { from, to: from, single: true };
    this.i++;
    return { from, to: this.int(), single: false };
  }

  protected int(): number {
    let sign = 1;
    if (this.is(SYM['-'])) {
      this.i++;
      sign = -1;
    }
    // `+ 0` keeps -0 out of the AST, as the grammar does.
    return sign * this.nat() + 0;
  }

  private modifier(): number {
    let sign: number;
    if (this.is(SYM['+'])) sign = 1;
    else if (this.is(SYM['-'])) sign = -1;
    else throw MISMATCH;
    this.i++;
    return sign * this.nat() + 0;
  }

  protected unit(): UnitDecl {
    if (this.is(KW.PLAYER)) {
      this.i++;
      const name = this.name();
      this.consume(SYM['{']);
      this.consume(KW.Initiative);
      this.consume(SYM[':']);
      const initiative = this.modifier();
      const stats: PlayerStat[] = [];
      while (this.is(SYM[';'])) {
        this.i++;
        const type = this.type();
        if (type !== KW.HP && type !== KW.AC) throw MISMATCH;
        const label = this.next();
        this.consume(SYM[':']);
        stats.push(label.tokenType === KW.HP ? { kind: 'HP', at: at(label), value: this.nat() } : { kind: 'AC', at: at(label), value: this.int() });
      }
      this.consume(SYM['}']);
      return { kind: 'player', name: located(name.image, name), initiative, stats };
    }
    this.consume(KW.UNIT);
    const name = this.name();
    this.consume(SYM['{']);
    const stats: Stat[] = [];
    do {
      stats.push(this.stat());
      this.consume(SYM[';']);
    } while (STAT_STARTS.has(this.type()));
    this.consume(SYM['}']);
    // Copied to their length: a pushed-to array keeps room for 17, and 160,000 units of them are 40 MB.
    return { kind: 'mob', name: located(name.image, name), stats: stats.slice() };
  }

  private stat(): Stat {
    const type = this.type();
    if (!STAT_STARTS.has(type)) throw MISMATCH;
    const label = this.next();
    this.consume(SYM[':']);
    switch (type) {
      case KW.HP:
        return { kind: 'HP', at: at(label), value: this.nat() };
      case KW.Initiative:
        return { kind: 'Initiative', at: at(label), value: this.modifier() };
      case KW.Speed:
        return { kind: 'Speed', at: at(label), value: this.nat() };
      case KW.AC:
        return { kind: 'AC', at: at(label), value: this.int() };
      case KW.Attack:
        return { kind: 'Attack', at: at(label), entries: this.attackList() };
      default:
        return { kind: 'Full Attack', at: at(label), entries: this.attackList() };
    }
  }

  private attackList(): AttackEntry[] {
    const entries = [this.attack()];
    while (this.is(SYM[','])) {
      this.i++;
      entries.push(this.attack());
    }
    return entries.slice();
  }

  private attack(): AttackEntry {
    let ranged: number | null = null;
    if (this.is(KW.Melee)) this.i++;
    else {
      this.consume(KW.Ranged);
      this.consume(SYM['(']);
      ranged = this.nat();
      this.consume(SYM[')']);
    }
    let modifier = 0;
    let damageModifier = 0;
    if (this.is(SYM['+']) || this.is(SYM['-'])) modifier = this.modifier();
    const dice = this.dice();
    if (this.is(SYM['+']) || this.is(SYM['-'])) damageModifier = this.modifier();
    return { ranged, modifier, count: dice.count, faces: dice.faces, damageModifier };
  }

  private dice(): { count: number; faces: number } {
    if (this.is(Dice)) {
      const image = this.next().image;
      const d = image.indexOf('d');
      return { count: Number(image.slice(0, d)), faces: Number(image.slice(d + 1)) };
    }
    const count = this.nat();
    this.consume(SYM.d);
    return { count, faces: this.nat() };
  }

  protected team(): TeamDecl {
    this.consume(KW.TEAM);
    const name = this.name();
    this.consume(SYM['{']);
    const members: Member[] = [];
    do {
      members.push(this.member());
      this.consume(SYM[';']);
    } while (isName(this.type()));
    this.consume(SYM['}']);
    return { name: located(name.image, name), members };
  }

  private member(): Member {
    const unit = this.name();
    let ai: IToken | null = null;
    if (this.is(SYM[','])) {
      this.i++;
      ai = this.name();
    }
    const count = this.multiplier();
    this.consume(SYM[':']);
    const coordinates: Member['coordinates'][number][] = [this.coordinate()];
    while (this.is(SYM[','])) {
      this.i++;
      coordinates.push(this.coordinate());
    }
    return { unit: located(unit.image, unit), ai: ai === null ? null : located(ai.image, ai), count, coordinates };
  }

  private multiplier(): Located<number> {
    if (this.is(Mult)) {
      const m = this.next();
      return located(Number(m.image.slice(1)), m);
    }
    if (!this.is(SYM['×']) && !this.is(XName)) throw MISMATCH;
    const sign = this.next();
    return located(this.nat(), sign);
  }

  private coordinate(): Located<{ column: number; row: number }> {
    const open = this.consume(SYM['(']);
    const column = this.int();
    this.consume(SYM[',']);
    const row = this.int();
    this.consume(SYM[')']);
    return located({ column, row }, open);
  }
}
