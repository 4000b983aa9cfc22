/**
 * The `--events FILE` lines (JSON, one per line): every draw of section 8 with its purpose, and a few
 * structural events that place it (setup, each input line, TURN, RESOLVE, SPELL, REFILL, RESET, the end).
 * A draw is written just before the rule event that followed it, so a REFILL's draws come before its
 * `refill` line and a turn's draws after its `turn` line. Events are off the log: they never change stdout.
 */
import type { DrawRecord } from './draws.js';
import type { MEvent } from './events.js';
import { cellAt, fieldLaneName } from './setup-doc.js';

export type EventSink = (json: string) => void;

/** `{"t":"draw","purpose":...,["cell"],"n","value",[what it chose]}`: keys in this order. */
export function drawJson(n: number, d: DrawRecord): string {
  const o: Record<string, string | number> = { t: 'draw', purpose: d.purpose };
  if (d.cell >= 0) o['cell'] = cellAt(n, d.cell);
  o['n'] = d.n;
  o['value'] = d.value;
  const c = d.chose;
  if (c === null) return JSON.stringify(o);
  if ('el' in c) o['el'] = c.el;
  else if ('cell' in c) o['cell'] = cellAt(n, c.cell);
  else if ('with' in c) o['with'] = cellAt(n, c.with);
  else if ('lane' in c) o['lane'] = fieldLaneName(c.lane);
  else if ('side' in c) o['side'] = c.side;
  else o['o'] = c.o;
  return JSON.stringify(o);
}

/** The structural event of a rule event, or null for the rule events that are not written. */
function ruleJson(e: MEvent): string | null {
  switch (e.k) {
    case 'turn':
      return JSON.stringify({ t: 'turn', turn: e.t, p: e.p, role: e.role, axis: e.ax });
    case 'resolve':
      return JSON.stringify({ t: 'resolve', a: e.a, d: e.d, axis: e.ax });
    case 'spell':
      return JSON.stringify({ t: 'spell', p: e.p, el: e.el, mode: e.mode });
    case 'refill':
      return JSON.stringify({ t: 'refill', cells: e.cells.length });
    case 'reset':
      return JSON.stringify({ t: 'reset', forces: e.forces === null ? 'kept' : 'zeroed' });
    case 'winner':
      return JSON.stringify({ t: 'end', winner: `P${e.p}` });
    case 'draw':
      return JSON.stringify({ t: 'end', winner: null });
    default:
      return null;
  }
}

export function setupJson(seed: number): string {
  return JSON.stringify({ t: 'setup', seed });
}

/** An input line fed to the battle; a rejected one carries its error code (and draws nothing). */
export function stepJson(input: string, error?: string): string {
  return JSON.stringify(error === undefined ? { t: 'step', input } : { t: 'step', input, error });
}

/** Writes a step's draws among its rule events (`ev` of its Ctx; [] for the setup draws). */
export function writeStep(sink: EventSink, n: number, ev: readonly MEvent[], draws: readonly DrawRecord[]): void {
  let k = 0;
  for (let i = 0; i <= ev.length; i++) {
    while (k < draws.length && draws[k]!.after <= i) sink(drawJson(n, draws[k++]!));
    const e = ev[i];
    if (e === undefined) continue;
    const json = ruleJson(e);
    if (json !== null) sink(json);
  }
}
