/**
 * Pass 2 of the setup (9.2): the checks that need the whole file (mode with options and tier, the tier's
 * element count and size, the options' hp), each reported at its own line, or at the later of two keys (D53).
 */
import { findLines, hasLegalSwap, markAllowed, shapeOf, type Board } from './board.js';
import {
  ALL_LETTERS, DEFAULT_TIER, DEFAULT_TURN_LIMIT, isEl, maxHpFor, tierCount, tierFixedElements, tierSize, type El,
} from './model.js';
import { FORMS, SetupFailure, setupMsg } from './errors.js';
import type { RawEntry, RawSetup } from './raw-setup.js';

export type { RawEntry };
import { cellAt, cellName, rowLetter, type MarkFixture, type PendingFixture, type SetupDoc, type ShieldFixture, type SpellFixture } from './setup-doc.js';

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

/** The checks that wait for the whole file, in the fixed order of D88; the first failure is reported. */
export function checkWholeSetup(raw: RawSetup): SetupDoc {
  const L = raw.lines;
  const mode = raw.mode ?? '2d';
  const tier = raw.tier ?? DEFAULT_TIER;
  const options = raw.options ?? [];
  const turnLimit = raw.turnLimit ?? DEFAULT_TURN_LIMIT;
  if (raw.startTurn !== undefined && raw.startTurn > turnLimit) {
    throw new SetupFailure(later(L.startTurn, L.turnLimit)!, setupMsg.startAfterLimit(raw.startTurn, turnLimit));
  }
  if (mode === '1d' && options.includes('static')) {
    throw new SetupFailure(later(L.mode, L.options)!, setupMsg.staticIn1D());
  }
  if (mode === '1d' && tier.kind === 'standard' && tier.level === 'expert') {
    throw new SetupFailure(later(L.mode, L.tier)!, setupMsg.expertIn1D());
  }
  const firstPending = raw.pending[0];
  if (firstPending !== undefined && options.includes('single')) {
    throw new SetupFailure(later(L.options, firstPending.line)!, setupMsg.pendingWith('single'));
  }
  const nonMatching = options.includes('non-matching');
  const firstSpell = raw.spells[0];
  if (firstSpell !== undefined && !nonMatching) throw new SetupFailure(later(L.options, firstSpell.line)!, setupMsg.spellWithout());
  if (firstPending !== undefined && nonMatching) {
    throw new SetupFailure(later(L.options, firstPending.line)!, setupMsg.pendingWith('non-matching'));
  }
  if (nonMatching) {
    for (const p of [1, 2] as const) if (!raw.spells.some((x) => x.p === p)) throw new SetupFailure(L.end, setupMsg.spellNeeded(p));
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
  const shape = shapeOf(options);

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
    const name = cellName(m.r, m.c);
    if (m.r >= n || m.c >= n) throw new SetupFailure(m.line, setupMsg.outsideBoard(name, n));
    const i = m.r * n + m.c;
    // Without a board only the element-free parts can be checked (border, 1D orientation).
    const probe: Board = board ?? { n, el: Array<El>(n * n).fill('S'), mark: [] };
    if (!markAllowed(probe, mode, i, m.mark)) throw new SetupFailure(m.line, setupMsg.markNotAllowed(m.token, name));
    if (board !== undefined) board.mark[i] = m.mark;
    marks.push({ r: m.r, c: m.c, token: m.token });
  }
  if (board !== undefined) {
    const line = findLines(board, shape)[0];
    if (line !== undefined) {
      const first = line.cells[0]!;
      throw new SetupFailure(L.board!, setupMsg.boardHasLine(cellAt(n, first)));
    }
    if (!hasLegalSwap(board, shape)) throw new SetupFailure(L.board!, setupMsg.noLegalSwap());
  }

  const shields: ShieldFixture[] = [];
  for (const s of raw.shields) {
    if ((s.ax === 'Y' && mode === '1d') || s.lane >= n || !inPlay.includes(s.el)) throw badValue(s.line, s.text, 'shield', FORMS.shield!);
    shields.push({ p: s.p, ax: s.ax, lane: s.lane, el: s.el, s: s.s });
  }
  const spells: SpellFixture[] = [];
  for (const p of [1, 2] as const) {
    const x = raw.spells.find((y) => y.p === p);
    if (x === undefined) continue;
    if (isEl(x.choice) && !inPlay.includes(x.choice)) throw badValue(x.line, x.text, 'spell', FORMS.spell!);
    spells.push({ p, choice: x.choice });
  }
  // in play: P1's line, then P2's (D88); the fixtures keep file order
  for (const p of [1, 2] as const) {
    const x = raw.pending.find((y) => y.p === p);
    if (x !== undefined && !inPlay.includes(x.el)) throw badValue(x.line, x.text, 'pending', FORMS.pending!);
  }
  const pending: PendingFixture[] = raw.pending.map((x) => ({ p: x.p, el: x.el }));

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
    ...(spells.length > 0 && { spells }),
  };
}
