/**
 * The grid drawn for a referee at a terminal (issue 23): every placed character by side (A, B, `o` for one not in
 * the combat, `x` for one out of it) with a number, its facing as an arrow and a mark when flying (`^`) or hidden
 * (`~`, `*` for both); the cells of the last area, cone or line as `:`. Only ever shown on a terminal, never in a
 * log (the spec fixes the log's bytes), after `status` and for the `map` query.
 */
import type { Ctx } from './ctx.js';
import { type Facing, type Point, GRID_SIZE, inShape } from './grid.js';
import type { Paint } from './paint.js';
import { placeOf } from './positions.js';
import { fighter } from './state.js';

const ARROWS: Record<Facing, string> = { N: '↑', NE: '↗', E: '→', SE: '↘', S: '↓', SW: '↙', W: '←', NW: '↖' };
const LABELS = '123456789abcdefghijklmnopqrstuvwxyz';
/** How far the view reaches around what it shows, and at most how many cells a side it draws. */
const MARGIN = 1;
const MAX_SPAN = 40;

interface Mark {
  id: string;
  at: Point;
  text: string;
  legend: string;
  side: 'A' | 'B' | null;
}

function marks(c: Ctx): Mark[] {
  const out: Mark[] = [];
  for (const id of c.roster.keys()) {
    const p = placeOf(c, id);
    if (p === undefined) continue;
    const f = fighter(c.s, id);
    const who = f === undefined ? 'o' : f.state === 'active' ? f.side : 'x';
    const label = LABELS[out.length % LABELS.length]!;
    const flag = p.up > 0 && p.hidden ? '*' : p.up > 0 ? '^' : p.hidden ? '~' : ' ';
    const notes = [`${p.x},${p.y}`, `facing=${p.facing}`, ...(p.up > 0 ? [`up=${p.up}`] : []), ...(p.hidden ? ['hidden'] : [])];
    const state = f === undefined ? ' (not in the combat)' : f.state === 'active' ? '' : ` (${f.state})`;
    out.push({ id, at: p, text: `${who}${label}${ARROWS[p.facing]}${flag}`, legend: `${who}${label} ${id} ${notes.join(' ')}${state}`, side: f?.side ?? null });
  }
  return out;
}

/** The map lines, or one line saying why there is none. */
export function mapLines(c: Ctx, paint: Paint): string[] {
  if (!c.s.grid) return ['no positions: place characters with ref place <X> <x> <y> [<facing>]'];
  const placed = marks(c);
  const shape = c.s.lastShape ?? null;
  const points = placed.map((m) => m.at);
  if (shape !== null) points.push(shape.kind === 'area' ? shape.centre : shape.origin);
  const span = shape === null ? 0 : shape.n;
  const clamp = (v: number) => Math.max(0, Math.min(GRID_SIZE - 1, v));
  const lo = (axis: 'x' | 'y') => clamp(Math.min(...points.map((p) => p[axis])) - MARGIN - span);
  const hi = (axis: 'x' | 'y', from: number) => Math.min(clamp(Math.max(...points.map((p) => p[axis])) + MARGIN + span), from + MAX_SPAN - 1);
  const x0 = lo('x');
  const y0 = lo('y');
  const x1 = hi('x', x0);
  const y1 = hi('y', y0);
  const lines = [`      ${Array.from({ length: x1 - x0 + 1 }, (_, i) => String(x0 + i).padEnd(4)).join('')}`.trimEnd()];
  for (let y = y0; y <= y1; y++) {
    let row = `${String(y).padStart(3)}  `;
    for (let x = x0; x <= x1; x++) {
      const m = placed.find((k) => k.at.x === x && k.at.y === y && k.text[0] !== 'x') ?? placed.find((k) => k.at.x === x && k.at.y === y);
      if (m !== undefined) row += m.side === null ? m.text : paint.side(m.side, m.text);
      else row += shape !== null && inShape(shape, { x, y }) ? ' :  ' : ' .  ';
    }
    lines.push(row.trimEnd());
  }
  return [...lines, ...placed.map((m) => `  ${m.legend}`)];
}
