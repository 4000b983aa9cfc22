/**
 * Press Turn economy (rules document 4.2, Cuadro 2, as the course transcripts settle it). An action's
 * turn class is the highest-priority outcome over all its hits: all (Repel/Drain) > null > miss > weak >
 * simple (Neutral/Resist and every non-offensive skill). `pass` is Pasar Turno and Invocar.
 */
export type TurnClass = 'all' | 'null' | 'miss' | 'weak' | 'simple' | 'pass';

const PRIORITY: Record<Exclude<TurnClass, 'pass'>, number> = { simple: 0, weak: 1, miss: 2, null: 3, all: 4 };

/** The class with the higher priority of two offensive outcomes. */
export function strongerClass(a: Exclude<TurnClass, 'pass'>, b: Exclude<TurnClass, 'pass'>): Exclude<TurnClass, 'pass'> {
  return PRIORITY[b] > PRIORITY[a] ? b : a;
}

export interface Turns {
  readonly full: number;
  readonly blinking: number;
}

/** What an action costs: Full and Blinking Turns consumed, Blinking Turns gained. */
export interface TurnCost {
  readonly full: number;
  readonly blinking: number;
  readonly gained: number;
}

export function turnCost(turns: Turns, cls: TurnClass): TurnCost {
  const { full, blinking } = turns;
  switch (cls) {
    case 'all':
      return { full, blinking, gained: 0 };
    case 'null': {
      const b = Math.min(2, blinking);
      return { full: Math.min(2 - b, full), blinking: b, gained: 0 };
    }
    case 'miss':
    case 'simple':
      return blinking > 0 ? { full: 0, blinking: 1, gained: 0 } : { full: Math.min(1, full), blinking: 0, gained: 0 };
    case 'weak':
      return full > 0 ? { full: 1, blinking: 0, gained: 1 } : { full: 0, blinking: Math.min(1, blinking), gained: 0 };
    case 'pass':
      return blinking > 0 ? { full: 0, blinking: 1, gained: 0 } : { full: Math.min(1, full), blinking: 0, gained: full > 0 ? 1 : 0 };
  }
}

/** Turns left after paying `cost`. */
export function payTurns(turns: Turns, cost: TurnCost): Turns {
  return { full: turns.full - cost.full, blinking: turns.blinking - cost.blinking + cost.gained };
}
