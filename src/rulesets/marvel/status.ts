/** The STATUS block (§14, D57): participants by side then entry, with what each holds. */
import { type Ctx, sheetOf, vitMax } from './ctx.js';
import type { Event, StatusRow } from './events.js';
import { placeOf } from './positions.js';
import { topFrame } from './state.js';

function placeRow(c: Ctx, id: string): NonNullable<StatusRow['place']> {
  const p = placeOf(c, id);
  return p === undefined ? { cell: null, up: 0, hidden: false } : { cell: { x: p.x, y: p.y, facing: p.facing }, up: p.up, hidden: p.hidden };
}

export function statusEvent(c: Ctx): Event {
  const s = c.s;
  const rows: StatusRow[] = [...s.fighters]
    .sort((a, b) => (a.side === b.side ? a.entry - b.entry : a.side === 'A' ? -1 : 1))
    .map((f) => ({
      side: f.side,
      id: f.id,
      vit: f.vit,
      vitMax: vitMax(c, f),
      paLeft: f.paLeft,
      paMax: f.paMax,
      freeUsed: f.freeUsed,
      state: f.state,
      dots: f.dots.map((d) => ({ type: d.type, amount: d.amount, left: d.left })),
      mods: [...f.mods]
        .sort((a, b) => a.id - b.id)
        .map((m) => ({ id: m.id, chan: m.chan, value: m.value, dur: m.dur, left: m.left, ...(m.stat === undefined ? {} : { stat: m.stat }) })),
      cooldowns: sheetOf(c, f.id)
        .skills.filter((k) => (f.cooldown[k.name] ?? 0) > 0)
        .map((k) => ({ skill: k.name, left: f.cooldown[k.name]! })),
      statuses: f.statuses.map((l) => ({ name: l.name, dur: l.dur, left: l.left })),
      ...(s.grid ? { place: placeRow(c, f.id) } : {}),
    }));
  const inTurn = s.phase === 'TURN' || s.phase === 'WINDOW' || s.phase === 'SUB';
  return { t: 'status', phase: s.phase, round: s.round, actor: inTurn ? (topFrame(s)?.actor ?? null) : null, quiet: s.quiet, rows };
}
