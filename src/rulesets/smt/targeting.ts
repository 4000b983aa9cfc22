/**
 * Who a skill reaches (rules document 7.1–7.2, with the course's corrections): hit counts from the
 * per-player counter K, the Multi walk, and the target lists of Party, All and Universal skills.
 */
import type { SkillDef } from './catalogue.js';
import type { Team, Unit } from './model.js';

/** 7.1: `hits = A + K mod (B - A + 1)` for a range [A, B]; a fixed count is a range of one. */
export function hitCount(skill: Pick<SkillDef, 'hits'>, k: number): number {
  const { min, max } = skill.hits;
  return min + (k % (max - min + 1));
}

/**
 * 7.2, Multi: start at `R[K mod |R|]` and make `hits - 1` moves with wrap-around. The course moves towards
 * higher indices when `K mod |R|` is even and towards lower ones when it is odd (the opposite of the
 * document's wording; its own worked example cannot tell the two apart).
 */
export function multiWalk<T>(r: readonly T[], k: number, hits: number): T[] {
  const a = r.length;
  if (a === 0) return [];
  let i = k % a;
  const step = i % 2 === 0 ? 1 : -1;
  const out: T[] = [r[i]!];
  for (let n = 1; n < hits; n++) {
    i = (i + step + a) % a;
    out.push(r[i]!);
  }
  return out;
}

/** Party: own living board units in board order, the user last (course). */
export function partyTargets(team: Team, user: Unit): Unit[] {
  const out = team.livingOnBoard().filter((u) => u !== user);
  if (user.alive && user.onBoard) out.push(user);
  return out;
}

/**
 * Universal (Silent Prayer): own board units but the user, then the opponent's board units (dead samurai
 * included on both sides), then the user; then grouped by name, keeping first appearances in order
 * (course, E4-Random 435 with two Demi-Fiends).
 */
export function universalTargets(own: Team, other: Team, user: Unit): Unit[] {
  const onBoard = (t: Team) => t.board.filter((u): u is Unit => u !== null);
  const list = [...onBoard(own).filter((u) => u !== user), ...onBoard(other), user];
  const groups = new Map<string, Unit[]>();
  for (const u of list) {
    const group = groups.get(u.name);
    if (group) group.push(u);
    else groups.set(u.name, [u]);
  }
  return [...groups.values()].flat();
}

/** Ally heals that revive: dead samurai first, then dead reserve monsters in roster order (course). */
export function deadAllies(team: Team): Unit[] {
  const out: Unit[] = [];
  if (!team.samurai.alive) out.push(team.samurai);
  for (const m of team.reserve()) if (!m.alive) out.push(m);
  return out;
}

/** Rules document 5.1: living board units by Spd, highest first; ties go to the leftmost slot. */
export function roundOrder(team: Team): Unit[] {
  return team.livingOnBoard().sort((a, b) => b.spd - a.spd || a.slot! - b.slot!);
}
