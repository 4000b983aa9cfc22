/**
 * Positions and reach (§6.6, version 2): who stands where, vertical reach, the reach checks of uses, starts and
 * reactions, computed shape membership, and evasion movement. Everything here runs only in a combat with
 * positions (D62): callers check the state's `grid` first.
 */
import { type Ctx, sheetOf } from './ctx.js';
import { type Point, type ShapeCells, distance, inShape, isCardinal, ring } from './grid.js';
import { type Skill, flightOf, hasFlag } from './model.js';
import { type Fighter, type Place, fighter, topFrame } from './state.js';

export function placeOf(c: Ctx, id: string): Place | undefined {
  return Object.hasOwn(c.s.cells, id) ? c.s.cells[id] : undefined;
}

/**
 * A placed character takes its cell unless it is a participant out of the fight (D63): fallen, fled, yielded or
 * defeated participants keep their cell in STATUS but block nothing and are in no shape.
 */
function takes(c: Ctx, id: string): boolean {
  const f = fighter(c.s, id);
  return f === undefined || f.state === 'active';
}

/** Who takes the cell (x, y), other than `except`; characters in load order. */
export function takenBy(c: Ctx, x: number, y: number, except: string): string | undefined {
  for (const id of c.roster.keys()) {
    const p = placeOf(c, id);
    if (id !== except && p !== undefined && p.x === x && p.y === y && takes(c, id)) return id;
  }
  return undefined;
}

/** U reaches T vertically iff up(T) ≤ up(U) + flight N of U (D73); downwards always. */
export function reachesUp(c: Ctx, user: string, target: string): boolean {
  return placeOf(c, target)!.up <= placeOf(c, user)!.up + flightOf(sheetOf(c, user));
}

/** The shape of a use: an area around the user or a named centre, or a cone or line along the user's facing. */
export function shapeOfUse(c: Ctx, user: string, skill: Skill, centre: string | undefined): ShapeCells | undefined {
  const u = placeOf(c, user)!;
  if (skill.area !== undefined) {
    const at = centre === undefined ? u : placeOf(c, centre)!;
    return { kind: 'area', centre: { x: at.x, y: at.y }, n: skill.area, aroundUser: centre === undefined };
  }
  if (skill.cone !== undefined) return { kind: 'cone', origin: { x: u.x, y: u.y }, facing: u.facing, n: skill.cone };
  if (skill.line !== undefined) return { kind: 'line', origin: { x: u.x, y: u.y }, facing: u.facing, n: skill.line };
  return undefined;
}

/** Whether the user stands on the cell and facing its current frame opened with (R9.8, D74). */
function keptFrameStart(c: Ctx, user: string): boolean {
  const frame = topFrame(c.s);
  const p = placeOf(c, user);
  const start = frame?.actor === user ? frame.start : null;
  return start != null && p !== undefined && p.x === start.x && p.y === start.y && p.facing === start.facing;
}

/** Whether participant `id` is a member of the user's shape now (§6.6.3, D73, D74). */
export function isMember(c: Ctx, user: Fighter, skill: Skill, shape: ShapeCells, id: string): boolean {
  const f = fighter(c.s, id);
  const p = placeOf(c, id);
  if (f === undefined || f.state !== 'active' || id === user.id || p === undefined || !inShape(shape, p)) return false;
  if (f.side === user.side && hasFlag(skill, 'noallies')) return false;
  if (placeOf(c, user.id) === undefined || !reachesUp(c, user.id, id)) return false;
  if (p.hidden && f.side !== user.side) {
    const fromUser = shape.kind !== 'area' || shape.aroundUser;
    return fromUser && keptFrameStart(c, user.id);
  }
  return true;
}

/** The members of a shape at a hit's launch, in entry order (D67). */
export function shapeMembers(c: Ctx, user: Fighter, skill: Skill, shape: ShapeCells): string[] {
  return c.s.fighters.filter((f) => isMember(c, user, skill, shape, f.id)).map((f) => f.id);
}

/** Step 11a of §7.1 for a use (the message after `<S>: `), or null when every named target is in reach. */
export function useReach(c: Ctx, user: Fighter, skill: Skill, named: readonly string[]): string | null {
  const u = placeOf(c, user.id);
  if (u === undefined) return `${user.id} has no cell`;
  if (skill.cone !== undefined && !isCardinal(u.facing)) return `a cone cannot be used facing ${u.facing}`;
  for (const id of named) {
    const bad = targetReach(c, user, id);
    if (bad !== null) return bad;
    if (skill.cone === undefined && skill.line === undefined) {
      const d = distance(u, placeOf(c, id)!);
      if (skill.range !== undefined && d > skill.range) return `${id} is out of range (${d} > ${skill.range})`;
    }
  }
  return null;
}

/** A named target's cell, hiding and vertical reach (§7.1 step 11a, D68). */
function targetReach(c: Ctx, user: Fighter, id: string): string | null {
  const p = placeOf(c, id);
  if (p === undefined) return `${id} has no cell`;
  const t = fighter(c.s, id);
  if (p.hidden && (t === undefined || t.side !== user.side)) return `${id} is hidden`;
  if (!reachesUp(c, user.id, id)) return `${id} is out of reach at height ${p.up}`;
  return null;
}

/**
 * An attack start's reach (D68): the attacker's cell, a cone's facing, then each typed target (cell, hiding,
 * vertical reach, then range for a direct skill, the centre's range and T2 within N of T1 for an area, inside the
 * shape for a cone or line). Checked before the participants exist, so sides come from the command.
 */
export function startReach(c: Ctx, attacker: string, skill: Skill, targets: readonly string[]): string | null {
  const u = placeOf(c, attacker);
  if (u === undefined) return `${attacker} has no cell`;
  if (skill.cone !== undefined && !isCardinal(u.facing)) return `a cone cannot be used facing ${u.facing}`;
  const shape = openerShape(c, attacker, skill, targets);
  for (const [i, id] of targets.entries()) {
    const p = placeOf(c, id);
    if (p === undefined) return `${id} has no cell`;
    if (p.hidden) return `${id} is hidden`;
    if (!reachesUp(c, attacker, id)) return `${id} is out of reach at height ${p.up}`;
    if (shape === undefined || (skill.area !== undefined && i === 0)) {
      const d = distance(u, p);
      if (skill.range !== undefined && d > skill.range) return `${id} is out of range (${d} > ${skill.range})`;
    } else if (!inShape(shape, p)) {
      return `${id} is outside the ${shape.kind}`;
    }
  }
  return null;
}

/** The shape an attack start's opener fixes: an area around T1, or a cone or line from the attacker (D68). */
export function openerShape(c: Ctx, attacker: string, skill: Skill, targets: readonly string[]): ShapeCells | undefined {
  if (skill.area !== undefined && targets[0] !== undefined && placeOf(c, targets[0]) !== undefined) {
    const p = placeOf(c, targets[0])!;
    return { kind: 'area', centre: { x: p.x, y: p.y }, n: skill.area, aroundUser: false };
  }
  if (skill.area !== undefined) return undefined;
  return shapeOfUse(c, attacker, skill, undefined);
}

/**
 * The reach of an anticipation or a melee annulment (§8.2 step 3, D72): R and the source A need cells, R reaches A
 * vertically, and A is within the anticipation's range= (unlimited without) or 1 for a melee annulment.
 */
export function cancelReach(c: Ctx, r: string, a: string, limit: number | undefined): string | null {
  const pr = placeOf(c, r);
  const pa = placeOf(c, a);
  if (pr === undefined) return `${r} has no cell`;
  if (pa === undefined) return `${a} has no cell`;
  if (!reachesUp(c, r, a)) return `${a} is out of reach at height ${pa.up}`;
  const d = distance(pr, pa);
  return limit !== undefined && d > limit ? `${a} is out of range (${d} > ${limit})` : null;
}

/** Whether a counter's excess reaches the attacker X (§8.5, D71): cells, vertical reach, range (melee 1). */
export function counterReaches(c: Ctx, r: string, x: string, skill: Skill): boolean {
  const pr = placeOf(c, r);
  const px = placeOf(c, x);
  if (pr === undefined || px === undefined || !reachesUp(c, r, x)) return false;
  const limit = skill.range ?? (hasFlag(skill, 'ranged') ? undefined : 1);
  return limit === undefined || distance(pr, px) <= limit;
}

export type EvasionFault = { code: 'E_CELL'; who: string } | { code: 'E_RANGE'; reason: string };

/**
 * An evasion's destination (§8.2 step 4, D70): free, outside the attack's cells (named after the hit's skill), not
 * frontal unless no other cell is legal, and exactly the fewest steps to a legal cell. `source` is the hit's user;
 * when it has no cell no move is frontal.
 */
export function evasionFault(
  c: Ctx,
  r: string,
  dest: Point,
  attack: { readonly skill: string; readonly contains: (p: Point) => boolean },
  source: string,
): EvasionFault | null {
  const from = placeOf(c, r)!;
  const a = placeOf(c, source);
  const frontal = (p: Point) => a !== undefined && distance(p, a) < distance(from, a);
  const open = (p: Point) => takenBy(c, p.x, p.y, r) === undefined && !attack.contains(p);
  const who = takenBy(c, dest.x, dest.y, r);
  if (who !== undefined) return { code: 'E_CELL', who };
  if (attack.contains(dest)) return { code: 'E_RANGE', reason: `${dest.x},${dest.y} is inside the reach of ${attack.skill}` };
  // a frontal move is legal only when no free, non-frontal cell outside the attack exists (the "room limits" exception)
  const sideways = fewestSteps(from, (p) => open(p) && !frontal(p));
  if (frontal(dest) && sideways !== undefined) return { code: 'E_RANGE', reason: `${dest.x},${dest.y} moves towards ${source}` };
  const needed = sideways ?? fewestSteps(from, open);
  const k = distance(from, dest);
  if (needed !== undefined && k !== needed) return { code: 'E_RANGE', reason: `${dest.x},${dest.y} is ${k} steps away, ${needed} needed` };
  return null;
}

/** The fewest king's moves from p to an in-grid cell that passes `legal`, searched up to 99 steps (D70). */
function fewestSteps(p: Point, legal: (q: Point) => boolean): number | undefined {
  for (let k = 1; k <= 99; k++) if (ring(p, k).some(legal)) return k;
  return undefined;
}
