/**
 * What one action works with while it resolves: the acting unit, both teams, the result events in print
 * order, and the turn class reached so far.
 */
import type { ActionEvent } from '../events.js';
import { opponentOf, type SmtState, type Team, type Unit } from '../model.js';
import { strongerClass, type TurnClass } from '../press-turn.js';

export type OffensiveClass = Exclude<TurnClass, 'pass'>;

export class ActionContext {
  readonly own: Team;
  readonly foe: Team;
  readonly events: ActionEvent[] = [];
  cls: OffensiveClass = 'simple';
  /** Blinking Turns granted on top of the turn cost (Defender's Gaze). */
  bonusBlinking = 0;
  /**
   * Phys/Gun damage each defending unit took from this action's Neutral/Weak/Resist hits, in the order
   * first hit; counters answer it (smt-extensions 1.6). Only filled for attacks on the rival.
   */
  readonly physicalDamage = new Map<Unit, number>();

  constructor(
    readonly state: SmtState,
    readonly user: Unit,
  ) {
    this.own = state.teams[user.player];
    this.foe = state.teams[opponentOf(user.player)];
  }

  raise(cls: OffensiveClass): void {
    this.cls = strongerClass(this.cls, cls);
  }

  push(...events: ActionEvent[]): void {
    this.events.push(...events);
  }
}
