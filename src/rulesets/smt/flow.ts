/**
 * The game once a team file has loaded: rounds, turns and actions (rules document 4; course 3). Each
 * choice either opens the next menu or completes an action; a completed action reports its results and
 * its turn cost, updates the Press Turn counters and the action order, then checks for the end of the
 * game and starts the next turn. Rules live in the effect modules and menus.ts; this module emits events
 * and never words them.
 */
import { InternalError, StepGuard } from '../../core/battle.js';
import type { SkillDef } from './catalogue.js';
import { ActionContext } from './effects/context.js';
import { resolveAutomaticTurn, resolveEndOfAction } from './effects/ailment-turns.js';
import { basicAttack, resolveDamage } from './effects/offense.js';
import { resolveSkill } from './effects/skills.js';
import { resolveSummon } from './effects/summon.js';
import type { MenuEvent, SmtEvent, TeamStatus, UnitStats } from './events.js';
import { actionPrompt, menuEvent, nextAfter, unitStats, type ActionPrompt, type Intent, type Next, type SummonIntent } from './menus.js';
import { opponentOf, type PlayerIndex, type SmtState, type Team, type Unit } from './model.js';
import { payTurns, turnCost, type TurnClass } from './press-turn.js';
import { kindOf } from './skill-kinds.js';
import { roundOrder } from './targeting.js';

/** Automatic turns (lost or panicked turns) in a row before the guard calls it a loop. */
const AUTOMATIC_TURN_LIMIT = 10_000;

/** What an action leaves next: another turn of the same round, a new round, or the end of the game. */
type AfterAction = 'turn' | 'round' | 'ended';

export class GameFlow {
  /** The pending action prompt, or null once the game has ended. */
  prompt: ActionPrompt | null = null;
  /** The pending prompt's menu as it was shown, for reprinting after a rejected line. */
  menu: MenuEvent | null = null;
  private readonly guard = new StepGuard(AUTOMATIC_TURN_LIMIT, 'smt');
  /** The events of the choice being carried out. */
  private events: SmtEvent[] = [];

  constructor(readonly state: SmtState) {}

  /** J1's first round, up to the first menu. */
  begin(): SmtEvent[] {
    return this.collect(() => {
      this.startRound(0);
      this.beginTurn(true);
    });
  }

  /** Carries out choice `value` (in range) of the pending prompt: its events, or a refusal that changes nothing. */
  choose(value: number): { readonly ok: true; readonly events: SmtEvent[] } | { readonly ok: false; readonly reason: string } {
    if (this.prompt === null) throw new InternalError('a choice was fed after the end of the game');
    const next = nextAfter(this.state, this.prompt, value);
    if (next.kind === 'refuse') return { ok: false, reason: next.reason };
    return { ok: true, events: this.collect(() => this.carryOut(next)) };
  }

  private collect(run: () => void): SmtEvent[] {
    this.events = [];
    run();
    return this.events;
  }

  private emit(event: SmtEvent): void {
    this.events.push(event);
  }

  private carryOut(next: Exclude<Next, { kind: 'refuse' }>): void {
    switch (next.kind) {
      case 'open':
        return this.open(next.prompt);
      case 'cancel':
        return this.open(actionPrompt(next.unit));
      case 'act':
        return this.act(next.unit, next.intent, next.target);
      case 'summon':
        return this.summon(next.unit, next.intent, next.monster, next.slot);
      case 'pass':
        return this.complete(new ActionContext(this.state, next.unit), 'pass');
      case 'surrender':
        return this.surrender(this.state.teams[next.unit.player]);
    }
  }

  private open(prompt: ActionPrompt): void {
    const menu = menuEvent(this.state, prompt);
    this.prompt = prompt;
    this.menu = menu;
    this.emit(menu);
  }

  // ---- Turn flow ----

  /** A new round for `player`: karns of its board units expire, Full Turns = living board units. */
  private startRound(player: PlayerIndex): void {
    const state = this.state;
    const team = state.teams[player];
    for (const u of team.board) {
      if (u !== null) {
        u.tetrakarn = false;
        u.makarakarn = false;
      }
    }
    state.active = player;
    state.order = roundOrder(team);
    state.full = state.order.length;
    state.blinking = 0;
  }

  private beginTurn(newRound: boolean): void {
    const state = this.state;
    for (;;) {
      const team = state.teams[state.active];
      if (newRound) this.emit({ kind: 'round', samurai: team.samurai.name, player: team.label });
      this.emitStatus();
      const actor = state.order[0];
      if (actor === undefined) throw new InternalError(`${team.label} has turns left but no unit to act`);
      const automatic = resolveAutomaticTurn(state, actor);
      if (automatic === null) break;
      this.guard.tick(`automatic turn of ${actor.name}`);
      const next = this.finishAction(automatic, automatic.cls);
      if (next === 'ended') return;
      newRound = next === 'round';
    }
    this.guard.reset();
    this.open(actionPrompt(state.order[0]!));
  }

  private emitStatus(): void {
    const state = this.state;
    const teams: TeamStatus[] = [];
    for (const t of state.teams) {
      const board: (UnitStats | null)[] = [];
      for (const u of t.board) board.push(u === null ? null : unitStats(u));
      teams.push({ samurai: t.samurai.name, player: t.label, board });
    }
    const order: string[] = [];
    for (const u of state.order) order.push(u.name);
    this.emit({ kind: 'status', teams, full: state.full, blinking: state.blinking, order });
  }

  private summon(unit: Unit, intent: SummonIntent, monster: Unit, slot: number): void {
    const ctx = new ActionContext(this.state, unit);
    if (intent.kind === 'invoke') {
      resolveSummon(ctx, monster, slot, null);
      this.complete(ctx, 'pass');
      return;
    }
    if (intent.kind !== 'skill') throw new InternalError(`a summon cannot come from ${intent.kind}`);
    const skill = intent.skill;
    useSkill(ctx, skill, () => resolveSummon(ctx, monster, slot, kindOf(skill).kind === 'invitation' ? skill.power : null));
    this.complete(ctx, ctx.cls);
  }

  private act(unit: Unit, intent: Intent, target: Unit | null): void {
    const ctx = new ActionContext(this.state, unit);
    if (intent.kind === 'skill') {
      const skill = intent.skill;
      useSkill(ctx, skill, () => resolveSkill(ctx, skill, target));
    } else {
      if (target === null) throw new InternalError(`${intent.kind} needs a target`);
      resolveDamage(ctx, basicAttack(unit, intent.kind), [target]);
    }
    this.complete(ctx, ctx.cls);
  }

  private complete(ctx: ActionContext, cls: TurnClass): void {
    resolveEndOfAction(ctx);
    const next = this.finishAction(ctx, cls);
    if (next !== 'ended') this.beginTurn(next === 'round');
  }

  /**
   * The end of every action: results, turn cost, action order, removal of dead monsters, end of game,
   * next round. Returns what comes next for the automatic-turn loop.
   */
  private finishAction(ctx: ActionContext, cls: TurnClass): AfterAction {
    const state = this.state;
    for (const event of ctx.events) this.emit(event);
    const cost = turnCost(state, cls);
    const paid = { full: cost.full, blinking: cost.blinking, gained: cost.gained + ctx.bonusBlinking };
    this.emit({ kind: 'turnsUsed', full: paid.full, blinking: paid.blinking, gained: paid.gained, turnClass: cls });
    const left = payTurns(state, paid);
    state.full = left.full;
    state.blinking = left.blinking;

    // The head of the order (the actor, or whoever took its slot) goes to the end; the dead leave.
    const head = state.order.shift();
    if (head !== undefined) state.order.push(head);
    for (const team of state.teams) {
      for (const u of team.board) if (u !== null && !u.isSamurai && !u.alive) team.vacate(u);
    }
    state.order = state.order.filter((u) => u.alive && u.onBoard);

    const wiped0 = !state.teams[0].hasLivingOnBoard();
    const wiped1 = !state.teams[1].hasLivingOnBoard();
    if (wiped0 || wiped1) {
      // Both wiped by one action: the acting player loses (smt-extensions 4.1).
      const loser: PlayerIndex = wiped0 && wiped1 ? ctx.user.player : wiped0 ? 0 : 1;
      this.declareWinner(opponentOf(loser));
      return 'ended';
    }
    const roundOver = state.full + state.blinking === 0 || state.order.length === 0;
    if (roundOver) this.startRound(opponentOf(state.active));
    return roundOver ? 'round' : 'turn';
  }

  private surrender(team: Team): void {
    this.emit({ kind: 'surrendered', samurai: team.samurai.name, player: team.label });
    this.declareWinner(opponentOf(team.index));
  }

  private declareWinner(player: PlayerIndex): void {
    const state = this.state;
    state.winner = player;
    const team = state.teams[player];
    this.emit({ kind: 'winner', samurai: team.samurai.name, player: team.label });
    this.prompt = null;
    this.menu = null;
  }
}

/**
 * A skill in use: its MP is paid before its effects (course: also when the user then leaves the board),
 * and the player's K goes up by one after them (rules document 7.1).
 */
function useSkill(ctx: ActionContext, skill: SkillDef, effects: () => void): void {
  ctx.user.mp -= skill.cost;
  effects();
  ctx.own.k++;
}
