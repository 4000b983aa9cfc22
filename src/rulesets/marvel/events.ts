/**
 * What the rules report, in past tense (spec §14): one event per log line. Rules build these; the
 * presenter alone turns them into text.
 */
import type { Facing, Point } from './grid.js';
import type { Kind } from './kinds.js';
import type { Chan, Dur, ModValue } from './model.js';
import type { CoverKind, LifeState, Phase, Result, Side } from './state.js';

export type FxOutcome = 'applied' | 'renewed' | 'replaced' | 'rejected' | 'blocked';

export interface StatusRow {
  side: Side;
  id: string;
  vit: number;
  vitMax: number;
  paLeft: number;
  paMax: number;
  freeUsed: number;
  state: LifeState;
  dots: { type: string; amount: number; left: number }[];
  mods: { id: number; chan: Chan; stat?: string; value: ModValue; dur: Dur; left: number }[];
  cooldowns: { skill: string; left: number }[];
  statuses: { name: string; dur: Dur; left: number }[];
  /** v2, in a combat with positions only: the cell (null when unplaced), height and hiding. */
  place?: { cell: { x: number; y: number; facing: Facing } | null; up: number; hidden: boolean };
}

export type Event =
  | { t: 'sheet'; id: string; vit: number; pa: number; ref: number; vel: number; skills: number }
  | { t: 'start'; mode: 'challenge' | 'attack'; a: string[]; b: string[] }
  | { t: 'prep'; what: 'open' | 'close' }
  | { t: 'equip'; id: string; text: string }
  | { t: 'join'; id: string; side: Side; via: string; cost: number; paLeft: number; paMax: number; used: number; cap: number; now: boolean }
  | { t: 'round'; n: number; order: string[] }
  | { t: 'turn'; id: string; round: number; paLeft: number; paMax: number }
  | { t: 'iturn' | 'iaction'; id: string; via: string }
  | { t: 'resume'; id: string }
  | { t: 'skip'; id: string; reason: LifeState }
  | { t: 'use'; id: string; skill: string; cost: number; paLeft: number; paMax: number; free: number | null }
  | {
      t: 'hit';
      attacker: string;
      skill: string;
      no: number;
      of: number;
      kinds: Kind[];
      flag: 'ignore' | 'pierce' | null;
      base: number | null;
      pct: number | null;
      flat: number | null;
      on: string[];
    }
  | { t: 'await'; ids: string[]; sub: boolean }
  | { t: 'drop'; id: string; skill: string; code: string }
  | { t: 'react'; id: string; skill: string; kind: CoverKind | 'anticipation' | 'annulment'; for: string[]; cost: number; surcharge: number; paLeft: number; paMax: number; r: number | null }
  | { t: 'take'; id: string }
  | { t: 'evade'; id: string; attacker: string; skill: string; no: number }
  | {
      t: 'dmg';
      id: string;
      attacker: string;
      skill: string;
      no: number;
      d: number;
      d4: number;
      d5: number;
      d6: number;
      d7: number;
      vit: number;
      vitMax: number;
    }
  | { t: 'cancel'; attacker: string; skill: string; by: string; bySkill: string; refund: number }
  | { t: 'fx-dot'; id: string; type: string; amount: number; ticks: number; kinds: Kind[]; outcome: FxOutcome }
  | { t: 'fx-mod'; id: string; modId: number | null; chan: Chan; stat?: string; value: ModValue; dur: Dur; outcome: FxOutcome }
  | { t: 'fx-status'; id: string; name: string; dur: Dur; outcome: FxOutcome }
  | { t: 'fx-heal'; id: string; amount: number; kinds: Kind[]; healed: number; blocked: number; vit: number; vitMax: number }
  | { t: 'tick'; id: string; type: string; amount: number; d6: number; d7: number; left: number; vit: number; vitMax: number }
  | { t: 'expire'; id: string; what: 'dot' | 'mod' | 'status'; name: string }
  | { t: 'fall' | 'flee' | 'yield' | 'defeat'; id: string }
  | { t: 'endturn'; id: string; actions: number; reason: string }
  | { t: 'endround'; n: number; quiet: number }
  | { t: 'end'; result: Result; defeatedA: number; defeatedB: number }
  | { t: 'postcombat'; ids: string[] }
  | { t: 'place'; id: string; x: number; y: number; facing: Facing }
  | { t: 'fly'; id: string; up: number }
  | { t: 'hide' | 'reveal'; id: string }
  | { t: 'move'; id: string; from: Point; to: Point }
  | { t: 'ref'; args: string }
  | { t: 'undo'; text: string }
  | { t: 'note'; text: string }
  | { t: 'status'; phase: Phase; round: number; actor: string | null; quiet: number; rows: StatusRow[] };
