/** Round order (§6.2): the attack start's fixed first round, else speed order interleaved by side (D8). */
import { type Ctx, total } from './ctx.js';
import type { Fighter } from './state.js';

export function roundOrder(c: Ctx, round: number): string[] {
  const eligible = c.s.fighters.filter((f) => f.state === 'active' && f.joinedRound < round);
  const opener = c.s.opener;
  if (round === 1 && c.s.startMode === 'attack' && opener !== null) {
    const head = [opener.actor, ...opener.targets].filter((id) => eligible.some((f) => f.id === id));
    return [...head, ...eligible.filter((f) => !head.includes(f.id)).map((f) => f.id)];
  }
  const speed = new Map(eligible.map((f) => [f.id, total(c, f, 'VEL')]));
  const bySpeed = (a: Fighter, b: Fighter) => speed.get(b.id)! - speed.get(a.id)! || a.entry - b.entry;
  const sides = {
    A: eligible.filter((f) => f.side === 'A').sort(bySpeed),
    B: eligible.filter((f) => f.side === 'B').sort(bySpeed),
  };
  const first = [...eligible].sort(bySpeed)[0];
  if (first === undefined) return [];
  const order: string[] = [];
  let side = first.side;
  while (sides.A.length > 0 || sides.B.length > 0) {
    const queue = sides[side].length > 0 ? sides[side] : sides[side === 'A' ? 'B' : 'A'];
    order.push(queue.shift()!.id);
    side = side === 'A' ? 'B' : 'A';
  }
  return order;
}
