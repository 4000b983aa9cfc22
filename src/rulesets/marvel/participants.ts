/** Joining the combat (§6.1 start, §6.5 joins and slots). */
import type { Ctx } from './ctx.js';
import { sheetOf, total } from './ctx.js';
import { hasFlag } from './model.js';
import type { Fighter, Side } from './state.js';

/** A new participant with a full pool for the current round. */
export function enter(c: Ctx, id: string, side: Side): Fighter {
  const f: Fighter = {
    id,
    side,
    entry: c.s.fighters.length + 1,
    joinedRound: c.s.phase === 'PREP' || c.s.phase === 'SETUP' ? 0 : c.s.round,
    state: 'active',
    vit: 0,
    paLeft: 0,
    paMax: 0,
    freeUsed: 0,
    uses: {},
    blocked: [],
    cooldown: {},
    mods: [],
    dots: [],
    statuses: [],
    hurt: {},
  };
  f.vit = total(c, f, 'VIT');
  f.paMax = total(c, f, 'PA');
  f.paLeft = f.paMax;
  c.s.fighters.push(f);
  return f;
}

function isNoslot(c: Ctx, id: string): boolean {
  return sheetOf(c, id).passives.some((p) => p.kind === 'noslot');
}

/** Used slots and cap of a side (§6.5): every participant ever, but the side's first noslot member. */
export function slots(c: Ctx, side: Side): { used: number; cap: number } {
  const members = c.s.fighters.filter((f) => f.side === side);
  const freeOne = members.some((f) => isNoslot(c, f.id)) ? 1 : 0;
  let cap = 3;
  for (const f of members) for (const p of sheetOf(c, f.id).passives) if (p.kind === 'slots') cap += p.n;
  return { used: members.length - freeOne, cap };
}

/** Whether X would take a slot on joining the side (not if it is the side's first noslot member). */
export function takesSlot(c: Ctx, id: string, side: Side): boolean {
  if (!isNoslot(c, id)) return true;
  return c.s.fighters.some((f) => f.side === side && isNoslot(c, f.id));
}

export function joinSkillIsNow(c: Ctx, id: string, skill: string): boolean {
  const s = sheetOf(c, id).skills.find((k) => k.name === skill);
  return s !== undefined && hasFlag(s, 'now');
}
