/**
 * Pass 2 of the setup (9.2): the checks that need the whole file (mode with options and tier, the tier's
 * element count and size, the options' hp), each reported at its own line, or at the later of two keys (D53).
 */
import { findLines, hasLegalSwap, markAllowed, type Board } from './board.js';
import {
  ALL_LETTERS, DEFAULT_TIER, DEFAULT_TURN_LIMIT, isEl, markFromToken, maxHpFor, tierCount, tierFixedElements, tierSize,
  type Axis, type El, type PlayerId,
} from './model.js';
import { FORMS, SetupFailure, setupMsg } from './errors.js';
import type { RawEntry, RawSetup } from './raw-setup.js';

export type { RawEntry };
import { cellAt, cellName, rowLetter, type MarkFixture, type PendingFixture, type SetupDoc, type ShieldFixture } from './setup-doc.js';

export function badValue(line: number, v: string, key: string, form: string): SetupFailure {
  return new SetupFailure(line, setupMsg.badValue(v, key, form));
}

function later(...lines: (number | undefined)[]): number | undefined {
  const given = lines.filter((l): l is number => l !== undefined);
  return given.length === 0 ? undefined : Math.max(...given);
}

/** A cell `[A-Za-z][1-9][0-9]?` (9.3) as 0-based row and column, or null. */
export function parseCell(text: string): { r: number; c: number } | null {
  const m = /^([A-Za-z])([1-9][0-9]?)$/.exec(text);
  if (m === null) return null;
  return { r: m[1]!.toUpperCase().charCodeAt(0) - 65, c: Number(m[2]) - 1 };
}

export function checkWholeSetup(raw: RawSetup): SetupDoc {
  const L = raw.lines;
  const mode = raw.mode ?? '2d';
  const tier = raw.tier ?? DEFAULT_TIER;
  const options = raw.options ?? [];
  if (mode === '1d' && options.includes('static')) {
    throw new SetupFailure(later(L.mode, L.options)!, setupMsg.staticIn1D());
  }
  if (mode === '1d' && tier.kind === 'standard' && tier.level === 'expert') {
    throw new SetupFailure(later(L.mode, L.tier)!, setupMsg.expertIn1D());
  }
  const k = tierCount(tier);
  const n = tierSize(tier);
  let elements: El[] | undefined;
  if (raw.elements !== undefined) {
    const e = raw.elements;
    if (tier.kind === 'rank') throw new SetupFailure(later(e.line, L.tier)!, setupMsg.elementsWithRank());
    const letters = [...e.text];
    if (letters.length !== k || new Set(letters).size !== k || !letters.every(isEl)) {
      throw badValue(e.line, e.text, 'elements', `${k} distinct element letters`);
    }
    elements = letters as El[];
  }
  const turnLimit = raw.turnLimit ?? DEFAULT_TURN_LIMIT;
  if (raw.startTurn !== undefined && raw.startTurn > turnLimit) {
    throw new SetupFailure(later(L.startTurn, L.turnLimit)!, setupMsg.startAfterLimit(raw.startTurn, turnLimit));
  }
  const max = maxHpFor(options);
  let hp: [number, number] | undefined;
  if (raw.hp !== undefined) {
    const parts = raw.hp.text.split(' ');
    const ok = parts.length === 2 && parts.every((p) => /^\d+$/.test(p) && Number(p) >= 1 && Number(p) <= max);
    if (!ok) throw badValue(raw.hp.line, raw.hp.text, 'hp', `<a> <b>, each 1..${max}`);
    hp = [Number(parts[0]), Number(parts[1])];
  }
  /** Elements that may appear: the fixed or given set; with drawn elements only letters can be checked here. */
  const inPlay: readonly El[] = elements ?? tierFixedElements(tier) ?? ALL_LETTERS;

  let board: Board | undefined;
  if (raw.boardRows !== undefined) {
    const rows = raw.boardRows;
    if (rows.length !== n) throw new SetupFailure(L.board!, setupMsg.boardRows(rows.length, n));
    const el: El[] = [];
    rows.forEach((row, r) => {
      const cells = [...row.text];
      if (cells.length !== n) throw new SetupFailure(row.line, setupMsg.boardRowCells(rowLetter(r), cells.length, n));
      cells.forEach((ch, c) => {
        if (!isEl(ch) || !inPlay.includes(ch)) throw new SetupFailure(row.line, setupMsg.notInPlay(ch, cellName(r, c)));
        el.push(ch);
      });
    });
    board = { n, el, mark: el.map(() => null) };
  }

  const marks: MarkFixture[] = [];
  for (const m of raw.marks) {
    const parts = m.text.split(' ');
    const cell = parts.length === 2 ? parseCell(parts[0]!) : null;
    const mark = parts.length === 2 ? markFromToken(parts[1]!) : null;
    if (cell === null || mark === null) throw badValue(m.line, m.text, 'mark', FORMS.mark!);
    const name = cellName(cell.r, cell.c);
    if (cell.r >= n || cell.c >= n) throw new SetupFailure(m.line, setupMsg.outsideBoard(name, n));
    if (marks.some((x) => x.r === cell.r && x.c === cell.c)) throw new SetupFailure(m.line, setupMsg.duplicateKey('mark'));
    const i = cell.r * n + cell.c;
    // Without a board only the element-free parts can be checked (border, 1D orientation).
    const probe: Board = board ?? { n, el: Array<El>(n * n).fill('S'), mark: [] };
    if (!markAllowed(probe, mode, i, mark)) throw new SetupFailure(m.line, setupMsg.markNotAllowed(parts[1]!, name));
    if (board !== undefined) board.mark[i] = mark;
    marks.push({ r: cell.r, c: cell.c, token: parts[1]! });
  }
  if (board !== undefined) {
    const line = findLines(board)[0];
    if (line !== undefined) {
      const first = line.cells[0]!;
      throw new SetupFailure(L.board!, setupMsg.boardHasLine(cellAt(n, first)));
    }
    if (!hasLegalSwap(board)) throw new SetupFailure(L.board!, setupMsg.noLegalSwap());
  }

  const shields: ShieldFixture[] = [];
  for (const s of raw.shields) {
    const fx = parseShield(s.text, n, mode, inPlay);
    if (fx === null) throw badValue(s.line, s.text, 'shield', FORMS.shield!);
    if (shields.some((x) => x.p === fx.p && x.ax === fx.ax && x.lane === fx.lane)) throw new SetupFailure(s.line, setupMsg.duplicateKey('shield'));
    shields.push(fx);
  }
  const pending: PendingFixture[] = [];
  for (const p of raw.pending) {
    const m = /^(p[12]) ([A-Z])$/i.exec(p.text);
    const el = m?.[2];
    if (m === null || el === undefined || !isEl(el) || !inPlay.includes(el)) throw badValue(p.line, p.text, 'pending', FORMS.pending!);
    const who: PlayerId = m[1]!.toUpperCase() === 'P1' ? 1 : 2;
    if (pending.some((x) => x.p === who)) throw new SetupFailure(p.line, setupMsg.duplicateKey('pending'));
    pending.push({ p: who, el });
  }

  return {
    ...(raw.mode !== undefined && { mode: raw.mode }),
    ...(raw.tier !== undefined && { tier: raw.tier }),
    ...(raw.options !== undefined && { options: raw.options }),
    ...(raw.seed !== undefined && { seed: raw.seed }),
    names: { ...raw.names },
    ...(raw.turnLimit !== undefined && { turnLimit: raw.turnLimit }),
    ...(elements !== undefined && { elements }),
    ...(raw.boardRows !== undefined && { board: raw.boardRows.map((r) => r.text) }),
    ...(hp !== undefined && { hp }),
    ...(raw.force !== undefined && { force: raw.force }),
    ...(raw.startTurn !== undefined && { startTurn: raw.startTurn }),
    shields,
    marks,
    pending,
  };
}

function parseShield(text: string, n: number, mode: string, inPlay: readonly El[]): ShieldFixture | null {
  const m = /^(p[12])\.([xy]) ([A-Za-z]|[1-9][0-9]*) ([A-Z])(-?\d+)$/i.exec(text);
  if (m === null) return null;
  const p: PlayerId = m[1]!.toUpperCase() === 'P1' ? 1 : 2;
  const ax = m[2]!.toUpperCase() as Axis;
  if (ax === 'Y' && mode === '1d') return null;
  const laneText = m[3]!;
  let lane: number;
  if (ax === 'X') {
    if (!/^[A-Za-z]$/.test(laneText)) return null;
    lane = laneText.toUpperCase().charCodeAt(0) - 65;
  } else {
    if (!/^\d+$/.test(laneText)) return null;
    lane = Number(laneText) - 1;
  }
  if (lane < 0 || lane >= n) return null;
  const el = m[4]!;
  if (!isEl(el) || !inPlay.includes(el)) return null;
  const s = Number(m[5]);
  if (!Number.isSafeInteger(s) || s === 0 || s < -9999 || s > 9999) return null;
  return { p, ax, lane, el, s };
}
