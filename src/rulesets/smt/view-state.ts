/**
 * SMT's state for the `--events` stream and the viewer (docs/events.md): both boards and reserves, the
 * Full and Blinking turns, the order list, HP/MP of every unit, and what the last choice did (each hit with
 * its affinity, and the turns it used). Plain JSON, built from the live state without changing it.
 */
import type { AttackElement } from './catalogue.js';
import type { SmtEvent } from './events.js';
import type { Prompt } from './menus.js';
import type { SmtState, Team, Unit } from './model.js';
import type { TurnClass } from './press-turn.js';

export interface SmtUnitView {
  readonly name: string;
  readonly samurai: boolean;
  readonly hp: number;
  readonly maxHp: number;
  readonly mp: number;
  readonly maxMp: number;
  readonly ailment: string | null;
  /** Attack and defence grades (-n..+n). */
  readonly atk: number;
  readonly def: number;
}

export interface SmtTeamView {
  readonly player: string;
  readonly samurai: string;
  /** Slots A–D; null: empty. */
  readonly board: readonly (SmtUnitView | null)[];
  /** Monsters off the board, in roster order (dead ones included). */
  readonly reserve: readonly SmtUnitView[];
}

/** How a hit landed: its affinity as the log words it, `miss`, or `neutral`. */
export type Affinity = 'neutral' | 'weak' | 'resist' | 'block' | 'repel' | 'absorb' | 'miss';

export interface SmtHit {
  readonly attacker: string;
  readonly target: string;
  readonly element: AttackElement;
  readonly affinity: Affinity;
  /** The turn class this hit alone would give its action (press-turn.ts: all > null > miss > weak > simple). */
  readonly turnClass: Exclude<TurnClass, 'pass'>;
  /** Damage dealt (repelled or absorbed for those affinities); null when the log names none. */
  readonly amount: number | null;
  /** The hit left its target at 0 HP. */
  readonly killed: boolean;
}

export interface SmtViewState {
  /** files: the team-file menu; battle: a game under way; ended: a winner, or an invalid team file. */
  readonly phase: 'files' | 'battle' | 'ended';
  /** The team-file menu's files. */
  readonly files: readonly string[];
  /** [J1, J2]; null before a team file loads. */
  readonly teams: readonly SmtTeamView[] | null;
  /** The player whose round it is (J1, J2). */
  readonly active: string | null;
  readonly full: number;
  readonly blinking: number;
  /** The active player's action order, next to act first. */
  readonly order: readonly string[];
  readonly winner: string | null;
  /** The pending menu (`action`, `skill`, ...) and whose it is. */
  readonly menu: { readonly kind: string; readonly unit: string | null } | null;
  /** The last choice's hits, in log order. */
  readonly hits: readonly SmtHit[];
  /** The last action's cost (Full and Blinking turns used, Blinking gained) and its turn class, when the choice ended an action. */
  readonly turns: { readonly full: number; readonly blinking: number; readonly gained: number; readonly turnClass: TurnClass } | null;
}

const unitView = (u: Unit): SmtUnitView => ({
  name: u.name, samurai: u.isSamurai, hp: u.hp, maxHp: u.maxHp, mp: u.mp, maxMp: u.maxMp, ailment: u.ailment, atk: u.atkGrade, def: u.defGrade,
});

const teamView = (t: Team): SmtTeamView => ({
  player: t.label,
  samurai: t.samurai.name,
  board: t.board.map((u) => (u === null ? null : unitView(u))),
  reserve: t.reserve().map(unitView),
});

/** A hit's turn class by its affinity (rules document 4.2: Repel/Drain all, Block null, weak, miss, the rest simple). */
const CLASS: Readonly<Record<Affinity, Exclude<TurnClass, 'pass'>>> = { neutral: 'simple', resist: 'simple', weak: 'weak', miss: 'miss', block: 'null', repel: 'all', absorb: 'all' };

/** The hits of a choice's events: a `strike` opens one, the lines after it say how it landed. */
export function hitsOf(events: readonly SmtEvent[]): SmtHit[] {
  return hitsWithout(events).map((h) => ({ ...h, turnClass: CLASS[h.affinity] }));
}

function hitsWithout(events: readonly SmtEvent[]): Omit<SmtHit, 'turnClass'>[] {
  const hits: { -readonly [K in keyof Omit<SmtHit, 'turnClass'>]: SmtHit[K] }[] = [];
  for (const e of events) {
    const last = hits[hits.length - 1];
    switch (e.kind) {
      case 'strike':
        hits.push({ attacker: e.attacker, target: e.target, element: e.element, affinity: 'neutral', amount: null, killed: false });
        break;
      case 'weak':
      case 'resist':
      case 'block':
        if (last !== undefined) last.affinity = e.kind;
        break;
      case 'repel':
      case 'absorb':
        if (last !== undefined) {
          last.affinity = e.kind;
          last.amount = e.amount;
        }
        break;
      case 'missed':
        if (last !== undefined) last.affinity = 'miss';
        break;
      case 'damage':
        if (last !== undefined && last.amount === null) last.amount = e.amount;
        break;
      case 'killed':
        if (last !== undefined) last.killed = true;
        break;
      case 'repelKill':
        // Repelled, and the attacker (not the target) dies of it.
        if (last !== undefined) last.affinity = 'repel';
        break;
      case 'hpAfter':
        // The course log names no kill when a hit leaves 0 HP: the HP line says it.
        if (last !== undefined && e.unit === last.target && e.hp === 0) last.killed = true;
        break;
      default:
        break;
    }
  }
  return hits;
}

export function smtViewState(files: readonly string[], state: SmtState | null, prompt: Prompt, events: readonly SmtEvent[]): SmtViewState {
  const used = [...events].reverse().find((e) => e.kind === 'turnsUsed');
  const phase = prompt.kind === 'file' ? 'files' : prompt.kind === 'ended' ? 'ended' : 'battle';
  return {
    phase,
    files,
    teams: state === null ? null : state.teams.map(teamView),
    active: state === null ? null : state.teams[state.active].label,
    full: state?.full ?? 0,
    blinking: state?.blinking ?? 0,
    order: state === null || phase !== 'battle' ? [] : state.order.map((u) => u.name),
    winner: state === null || state.winner === null ? null : state.teams[state.winner].label,
    menu: prompt.kind === 'ended' ? null : { kind: prompt.kind, unit: 'unit' in prompt ? prompt.unit.name : null },
    hits: hitsOf(events),
    turns: used === undefined || used.kind !== 'turnsUsed' ? null : { full: used.full, blinking: used.blinking, gained: used.gained, turnClass: used.turnClass },
  };
}
