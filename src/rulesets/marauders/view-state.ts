/**
 * Marauders' state for the `--events` stream and the viewer (docs/events.md): the board (elements and marks
 * as the log names them), both players (HP, force, poison, spell), both players' shield fields, and whose
 * turn it is with its role and axis. Plain JSON, read from the state without changing it.
 */
import { fieldKey, type FieldKey } from './fields.js';
import type { El, PlayerId } from './model.js';
import { markToken, spellText } from './presenter.js';
import { turnInfo } from './schedule.js';
import { axes, spellView, type MState } from './state.js';

export interface MaraudersViewState {
  readonly n: number;
  /** Row-major element letters, n*n. */
  readonly el: readonly El[];
  /** Row-major mark tokens as the MARKS line writes them (`mirrorV`, `cover`), null: none. */
  readonly marks: readonly (string | null)[];
  readonly players: readonly {
    readonly name: string;
    readonly hp: number;
    readonly maxHp: number;
    readonly force: number;
    readonly poison: number;
    /** As the log words it: ready, armed, used, pending-<Element>, cooldown-<turn>. */
    readonly spell: string;
  }[];
  /** Each field's lanes: element and strength (null, 0 when empty) and whether it is locked. */
  readonly fields: Readonly<Partial<Record<FieldKey, readonly { readonly el: El | null; readonly s: number; readonly locked: boolean }[]>>>;
  readonly turn: number;
  readonly actor: number;
  readonly role: string;
  readonly axis: string;
  readonly moves: number;
  readonly over: boolean;
}

export function maraudersViewState(st: MState): MaraudersViewState {
  const info = turnInfo(st.cfg, st.t);
  const fields: Partial<Record<FieldKey, { el: El | null; s: number; locked: boolean }[]>> = {};
  for (const p of [1, 2] as const) {
    for (const ax of axes(st.cfg)) fields[fieldKey(p, ax)] = (st.fields[fieldKey(p, ax)] ?? []).map((l) => ({ el: l.el, s: l.s, locked: l.lockD || l.lockS }));
  }
  return {
    n: st.cfg.n,
    el: [...st.board.el],
    marks: st.board.mark.map((m) => (m == null ? null : markToken(m))),
    players: st.players.map((pl, i) => {
      const v = spellView(st, (i + 1) as PlayerId);
      const spell = spellText(v);
      return { name: pl.name, hp: pl.hp, maxHp: st.cfg.maxHp, force: pl.force, poison: pl.poison, spell };
    }),
    fields,
    turn: st.t,
    actor: info.actor,
    role: info.role,
    axis: info.axis,
    moves: st.moves,
    over: st.over,
  };
}
