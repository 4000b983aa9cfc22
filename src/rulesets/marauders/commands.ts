/**
 * Choice lines (9.3) and their checks in the order of 9.4. Checking never changes the state; the first
 * failure wins. `legalCommands` lists what the prompt accepts (every legal matching swap, cast, pass).
 */
import type { Rejection } from '../../core/battle.js';
import { isWarped, legalSwaps, shapeOf, swapAdjacent, swapMakesLine } from './board.js';
import { castRefusalMsg, rejections as E } from './errors.js';
import { type PlayerId, SPELL_COST } from './model.js';
import { turnInfo } from './schedule.js';
import { parseCell } from './setup-checks.js';
import { cellAt, cellName } from './setup-doc.js';
import { player, spellView, type MState } from './state.js';

export type Command =
  | { readonly kind: 'swap'; readonly p: PlayerId; readonly c1: number; readonly c2: number }
  | { readonly kind: 'cast'; readonly p: PlayerId }
  | { readonly kind: 'pass'; readonly p: PlayerId }
  /** v2 (3.1, D74): the block query, from either player at any prompt. */
  | { readonly kind: 'view'; readonly p: PlayerId; readonly cell: number };

function reject(error: Rejection): { ok: false; error: Rejection } {
  return { ok: false, error };
}

/** The board index of the k-th checked cell of a command, -1 when it has fewer. */
function cellIndex(cells: readonly { cell: { r: number; c: number } | null }[], k: number, n: number): number {
  const cell = cells[k]?.cell;
  return cell === undefined || cell === null ? -1 : cell.r * n + cell.c;
}

export type Checked = { ok: true; cmd: Command } | { ok: false; error: Rejection };

/** Parses and checks one choice line against the state (9.4). */
export function checkCommand(st: MState, raw: string): Checked {
  const tokens = raw.trim().split(/[ \t]+/).filter((t) => t !== '');
  const who = tokens[0]?.toUpperCase();
  if ((who !== 'P1' && who !== 'P2') || tokens.length < 2) return reject(E.syntax());
  const p: PlayerId = who === 'P1' ? 1 : 2;
  const word = tokens[1]!.toLowerCase();
  if (word !== 'swap' && word !== 'cast' && word !== 'pass' && word !== 'view') return reject(E.command(tokens[1]!));
  if (tokens.length !== (word === 'swap' ? 4 : word === 'view' ? 3 : 2)) return reject(E.syntax());
  const n = st.cfg.n;
  const cellTokens = word === 'swap' ? [tokens[2]!, tokens[3]!] : word === 'view' ? [tokens[2]!] : [];
  const cells = cellTokens.map((t) => ({ t, cell: parseCell(t) }));
  for (const { t, cell } of cells) {
    if (cell === null) return reject(E.cell(t));
  }
  for (const { cell } of cells) {
    if (cell!.r >= n || cell!.c >= n) return reject(E.bounds(cellName(cell!.r, cell!.c), n));
  }
  const c1 = cellIndex(cells, 0, n);
  const c2 = cellIndex(cells, 1, n);
  // a query: nothing more is checked (no E_TURN), D74
  if (word === 'view') return { ok: true, cmd: { kind: 'view', p, cell: c1 } };
  const actor = turnInfo(st.cfg, st.t).actor;
  if (p !== actor) return reject(E.turn(actor, p));
  if (word === 'swap') {
    const name = (i: number) => cellAt(n, i);
    for (const c of [c1, c2]) {
      if (isWarped(st.board, c)) return reject(E.warp(name(c)));
    }
    // a Free Swap skips the adjacency check, not c1 = c2 (9.4 #8, D80)
    const free = player(st, p).freeSwap && c1 !== c2;
    if (!free && !swapAdjacent(st.board, c1, c2)) return reject(E.adjacent(name(c1), name(c2)));
    return { ok: true, cmd: { kind: 'swap', p, c1, c2 } };
  }
  if (word === 'cast') {
    const why = castRefusal(st, p);
    if (why !== null) return reject(E.spell(p, why));
    return { ok: true, cmd: { kind: 'cast', p } };
  }
  return { ok: true, cmd: { kind: 'pass', p } };
}

/** The E_SPELL reason of 3.8's table, or null when `cast` is accepted. */
export function castRefusal(st: MState, p: PlayerId): string | null {
  const v = spellView(st, p);
  if (v === 'off') return castRefusalMsg.off();
  if (v === 'armed') return castRefusalMsg.armed();
  if (v === 'used') return castRefusalMsg.used();
  if (typeof v === 'object' && 'pending' in v) return castRefusalMsg.pending();
  if (typeof v === 'object' && 'cooldown' in v) return castRefusalMsg.cooldown(v.cooldown);
  const f = player(st, p).force;
  return f < SPELL_COST ? castRefusalMsg.force(f) : null;
}

/** A Free Swap's productive swaps (D80): any two distinct unwarped cells whose exchange makes a line. */
function freeSwaps(b: MState['board'], shape: ReturnType<typeof shapeOf>): [number, number][] {
  const out: [number, number][] = [];
  for (let a = 0; a < b.el.length; a++) {
    for (let c = a + 1; c < b.el.length; c++) {
      if (!isWarped(b, a) && !isWarped(b, c) && swapMakesLine(b, a, c, shape)) out.push([a, c]);
    }
  }
  return out;
}

/** Every line the prompt accepts: each legal matching swap (both orders), `cast` when allowed, `pass`. */
export function legalCommands(st: MState): string[] {
  if (st.over) return [];
  const p = turnInfo(st.cfg, st.t).actor;
  const n = st.cfg.n;
  const name = (i: number) => cellAt(n, i);
  // both orders: they are different commands (the key cell and the line order follow c2, 3.3)
  const shape = shapeOf(st.cfg.options);
  const pairs = player(st, p).freeSwap ? freeSwaps(st.board, shape) : legalSwaps(st.board, shape);
  const out = pairs.flatMap(([a, b]) => [`P${p} swap ${name(a)} ${name(b)}`, `P${p} swap ${name(b)} ${name(a)}`]);
  if (castRefusal(st, p) === null) out.push(`P${p} cast`);
  out.push(`P${p} pass`);
  return out;
}
