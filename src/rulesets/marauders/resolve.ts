/**
 * Resolution of a bout (4.1): R0 ice strikes, R1 launch, R2 pre effects, R3 launch effects, R4 travel,
 * R5 merges, R6 hits, R7 end-of-resolution spells, R8 retag.
 */
import { InternalError } from '../../core/battle.js';
import type { Res } from './common.js';
import { NONE } from './effect-types.js';
import { ELEMENT_RULES } from './element-table.js';
import { clearShield, join, laneView } from './fields.js';
import { runHit } from './hit.js';
import { halve, other, type Axis, type Dir, type MirrorO, type PlayerId } from './model.js';
import { START_DIR } from './resolution-effects.js';
import { settleIf } from './settle.js';
import { extrasOf } from './spell-table.js';
import { lanes, player, type Ctx } from './state.js';
import { strike, type Attack } from './strike.js';

const STEP: Record<Dir, [number, number]> = { E: [0, 1], W: [0, -1], N: [-1, 0], S: [1, 0] };
const MIRROR: Record<Dir, Record<MirrorO, Dir | null>> = {
  E: { V: 'W', H: null, R: 'N', F: 'S' },
  W: { V: 'E', H: null, R: 'S', F: 'N' },
  N: { V: null, H: 'S', R: 'E', F: 'W' },
  S: { V: null, H: 'N', R: 'W', F: 'E' },
};
/** Sideways offset of a shifter: [row, column] (4.2). */
const SHIFT: Record<Dir, Record<'R' | 'F', [number, number]>> = {
  E: { R: [-1, 0], F: [1, 0] },
  W: { R: [1, 0], F: [-1, 0] },
  N: { R: [0, 1], F: [0, -1] },
  S: { R: [0, -1], F: [0, 1] },
};

export function resolve(ctx: Ctx, a: PlayerId, ax: Axis): void {
  const { st } = ctx;
  const d = other(a);
  const res: Res = { a, d, ax, launched: [], spent: [0, 0], broken: [] };
  ctx.ev.push({ k: 'resolve', a, d, ax });
  const ap = player(st, a);
  const dp = player(st, d);

  // R0 Ice: the defender's scheduled strikes fire first
  for (let k = 0; k < dp.iceStrikes; k++) {
    const own = lanes(st, d, ax);
    const cands = own.map((l, i) => (l.s > 0 && !l.lockD && !l.lockS ? i : -1)).filter((i) => i >= 0);
    const lane = ctx.draws.lane('random-shield', cands, d, ax);
    if (lane === null) break;
    const s = own[lane]!.s;
    clearShield(own[lane]!);
    strike(ctx, 'ice', d, { p: a, ax, lane }, s);
  }
  dp.iceStrikes = 0;

  // R1 Launch
  const attacks: Attack[] = [];
  const field = lanes(st, a, ax);
  field.forEach((l, lane) => {
    if (l.s <= 0 || l.lockD || l.lockS) return;
    attacks.push({ idx: attacks.length, owner: a, from: { p: a, ax, lane }, A: l.s, el: l.el!, fx: true, shifted: false, arrival: null });
    ctx.ev.push({ k: 'launch', p: a, ax, lane, el: l.el!, s: l.s });
    res.launched.push({ lane, s: l.s });
    clearShield(l);
  });
  for (const l of field) l.lockS = false;

  // R2 Pre: Wind and Metal shields act before the attack effects
  const dField = lanes(st, d, ax);
  for (const atk of attacks) {
    const T0 = dField[atk.from.lane]!;
    if (T0.s <= 0 || dp.breeze) continue;
    const pre = ELEMENT_RULES[T0.el!].shield.pre;
    if (pre !== NONE) pre(ctx, res, atk);
  }

  // R3 Launch effects, then the attacker's launch extras
  for (const atk of attacks) {
    if (!atk.fx || ap.breeze) continue;
    const launch = ELEMENT_RULES[atk.el].attack.launch;
    if (launch !== NONE) settleIf(ctx, launch(ctx, res, atk));
    const x = extrasOf(ap.extra, 'attack');
    if (x !== null && x.launch !== NONE) settleIf(ctx, x.launch(ctx, res, atk));
  }

  // R4 Travel, one attack after another (D50)
  for (const atk of attacks) travel(ctx, atk);

  // R5 Merge: arrivals at one lane merge if one of them was shifted
  const hits: Attack[] = [];
  const groups = new Map<string, Attack[]>();
  for (const atk of attacks) {
    if (atk.arrival === null) continue;
    const key = `${atk.arrival.at.p}${atk.arrival.at.ax}${atk.arrival.at.lane}`;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [atk]);
    else g.push(atk);
  }
  for (const group of groups.values()) {
    if (group.length < 2 || !group.some((x) => x.shifted)) {
      hits.push(...group);
      continue;
    }
    const lastShifted = group.filter((x) => x.shifted).pop()!;
    const s = group.reduce((sum, x) => sum + (x.shifted ? halve(x.A) : x.A), 0);
    const merged: Attack = { ...lastShifted, idx: group[0]!.idx, A: s, arrival: group[0]!.arrival };
    ctx.ev.push({ k: 'merge', at: { ...merged.arrival!.at }, el: merged.el, s });
    hits.push(merged);
  }
  hits.sort((x, y) => x.idx - y.idx);

  // R6 Hits
  for (const atk of hits) runHit(ctx, res, atk);

  // R7 End: the defender's defend-mode extras (Earthquake, Thunderstorm), then extras and breeze end
  const dx = extrasOf(dp.extra, 'defend');
  if (dx !== null && dx.end !== NONE && !dp.breeze) dx.end(ctx, res);
  for (const p of [1, 2] as const) {
    player(st, p).breeze = false;
    player(st, p).extra = null;
    player(st, p).disperser = false;
  }
  // R8 Retag: D only between a defence turn and its resolution
  for (const f of Object.values(st.fields)) for (const l of f) if (l.s > 0) l.tag = 'A';
  for (let i = 0; i < st.board.mark.length; i++) {
    const m = st.board.mark[i];
    if (m != null && 'fresh' in m) {
      const { fresh: _f, ...rest } = m;
      st.board.mark[i] = rest;
    }
  }
}

/** 4.2: an attack crosses the board from its field; returns with `arrival` set, or null when stopped. */
function travel(ctx: Ctx, atk: Attack): void {
  const { st } = ctx;
  const b = st.board;
  const n = b.n;
  let dir = START_DIR[`P${atk.from.p}.${atk.from.ax}`]!;
  let r = atk.from.ax === 'X' ? atk.from.lane : atk.from.p === 1 ? n - 1 : 0;
  let c = atk.from.ax === 'Y' ? atk.from.lane : atk.from.p === 1 ? 0 : n - 1;
  let redirected = false;
  for (let steps = 0; ; steps++) {
    if (steps > 4 * n + 4) throw new InternalError('marauders: an attack travelled more than 4N+4 cells (D52)');
    if (c >= n) return arrive(atk, { p: 2, ax: 'X', lane: r }, dir);
    if (c < 0) return arrive(atk, { p: 1, ax: 'X', lane: r }, dir);
    if (r < 0) return arrive(atk, { p: 2, ax: 'Y', lane: c }, dir);
    if (r >= n) return arrive(atk, { p: 1, ax: 'Y', lane: c }, dir);
    const i = r * n + c;
    const m = b.mark[i];
    if (m != null && m.fresh !== true) {
      if (m.kind === 'rose') {
        b.mark[i] = null;
        ctx.ev.push({ k: 'travel', from: atk.from, what: { t: 'rose', cell: i } });
        return;
      }
      if (m.kind === 'filter' && m.owner !== atk.owner) {
        const q = m.owner!;
        const fax: Axis = dir === 'E' || dir === 'W' ? 'X' : 'Y';
        const lane = fax === 'X' ? r : c;
        const l = lanes(st, q, fax)[lane]!;
        const g = halve(atk.A);
        if (g > 0) join(l, g, atk.el, 'D');
        ctx.ev.push({ k: 'travel', from: atk.from, what: { t: 'filter', cell: i, to: { p: q, ax: fax, lane }, g, token: laneView(l, lane) } });
        return;
      }
      if (m.kind === 'mirror' && !redirected) {
        const nd = MIRROR[dir][m.o!];
        if (nd !== null) {
          redirected = true;
          dir = nd;
          ctx.ev.push({ k: 'travel', from: atk.from, what: { t: 'mirror', cell: i, dir } });
        }
      }
      if (m.kind === 'shifter') {
        const [dr, dc] = SHIFT[dir][m.o as 'R' | 'F'];
        const nr = r + dr;
        const nc = c + dc;
        if (nr >= 0 && nr < n && nc >= 0 && nc < n) {
          r = nr;
          c = nc;
          atk.shifted = true;
          const lax: Axis = dir === 'E' || dir === 'W' ? 'X' : 'Y';
          ctx.ev.push({ k: 'travel', from: atk.from, what: { t: 'shifter', cell: i, ax: lax, lane: lax === 'X' ? r : c } });
        }
      }
    }
    r += STEP[dir][0];
    c += STEP[dir][1];
  }
}

function arrive(atk: Attack, at: { p: PlayerId; ax: Axis; lane: number }, dir: Dir): void {
  atk.arrival = { at, dir };
}
