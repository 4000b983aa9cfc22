/**
 * Marauders drawn for the game viewer (docs/viewer.md): the board as an SVG grid of blocks, each in its
 * element's terminal colour (paint.ts's ELEMENT_SGR) with its letter, marked blocks outlined and their mark
 * named; both players' HP, force, poison and spell; the shield fields; whose turn, its role and axis.
 */
import type { RulesetView } from '../../core/ruleset.js';
import { sgrCss } from '../../view/colour.js';
import { esc, tag } from '../../view/html.js';
import { elName, type El } from './model.js';
import { ELEMENT_SGR } from './paint.js';
import { cellAt } from './setup-doc.js';
import type { MaraudersViewState } from './view-state.js';

const CELL = 34;
const elColour = (el: El): string => sgrCss(ELEMENT_SGR[el]).colour ?? '#888888';

function board(s: MaraudersViewState): string {
  const parts: string[] = [];
  for (let c = 0; c < s.n; c++) parts.push(`<text class="lbl" x="${CELL + c * CELL + CELL / 2}" y="${CELL / 2}">${c + 1}</text>`);
  for (let r = 0; r < s.n; r++) {
    parts.push(`<text class="lbl" x="${CELL / 2}" y="${CELL + r * CELL + CELL / 2}">${String.fromCharCode(65 + r)}</text>`);
    for (let c = 0; c < s.n; c++) {
      const i = r * s.n + c;
      const el = s.el[i]!;
      const mark = s.marks[i] ?? null;
      const x = CELL + c * CELL;
      const y = CELL + r * CELL;
      parts.push(
        tag(
          'g',
          { class: `block${mark === null ? '' : ' marked'}`, 'data-cell': cellAt(s.n, i), 'data-el': el, 'data-mark': mark },
          `<rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="5" fill="${elColour(el)}"/><text x="${x + CELL / 2}" y="${y + CELL / 2}">${el}</text>` +
            `<title>${esc(`${cellAt(s.n, i)} ${elName(el)}${mark === null ? '' : ` (${mark})`}`)}</title>`,
        ),
      );
    }
  }
  const side = CELL * (s.n + 1);
  return `<svg class="board" viewBox="0 0 ${side} ${side}" width="${side}" height="${side}" role="img" aria-label="board">${parts.join('')}</svg>`;
}

function players(s: MaraudersViewState): string {
  return s.players
    .map((p, i) => {
      const pct = Math.max(0, Math.min(100, Math.round((100 * p.hp) / Math.max(1, p.maxHp))));
      const turn = !s.over && s.actor === i + 1;
      return tag(
        'div',
        { class: `player${turn ? ' turn' : ''}`, 'data-player': `P${i + 1}`, 'data-hp': p.hp, 'data-force': p.force },
        `<b>P${i + 1} ${esc(p.name)}</b>${turn ? ` <span class="role">${esc(s.role)} ${esc(s.axis)}</span>` : ''}<div class="hp"><i style="width:${pct}%"></i><span>HP ${p.hp}/${p.maxHp}</span></div>` +
          `<span>force ${p.force}</span> · <span>poison ${p.poison}</span> · <span>spell ${esc(p.spell)}</span>`,
      );
    })
    .join('');
}

function fields(s: MaraudersViewState): string {
  const rows = Object.entries(s.fields)
    .map(([key, lanes]) => `<tr><th>${esc(key)}</th>${(lanes ?? []).map((l) => (l.el === null || l.s === 0 ? '<td class="dim">-</td>' : `<td style="color:${elColour(l.el)}" class="${l.locked ? 'locked' : ''}">${l.el}${l.s}</td>`)).join('')}</tr>`)
    .join('');
  return `<table class="fields"><caption>Shields</caption>${rows}</table>`;
}

function render(state: unknown): string {
  const s = state as MaraudersViewState;
  const head = tag('p', { class: 'head', 'data-turn': s.turn }, s.over ? `Turn ${s.turn} · the match is over` : `Turn ${s.turn} · P${s.actor} ${esc(s.role)} ${esc(s.axis)} · ${s.moves} move${s.moves === 1 ? '' : 's'} left`);
  const marks = s.marks.map((m, i) => (m === null ? null : `${cellAt(s.n, i)}:${m}`)).filter((m) => m !== null);
  return `<div class="mar">${head}<div class="cols">${board(s)}<div>${players(s)}${fields(s)}<p class="marks">Marks: ${marks.length === 0 ? 'none' : esc(marks.join(' '))}</p></div></div></div>`;
}

const CSS = `
.mar .cols{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.mar svg.board{max-width:100%;height:auto;background:#1e1e1e;border-radius:6px}
.mar svg text{font:bold 14px ui-monospace,monospace;text-anchor:middle;dominant-baseline:middle;fill:#111}
.mar svg .lbl{fill:#aaa;font-size:11px}
.mar .marked rect{stroke:#fff;stroke-width:3;stroke-dasharray:4 2}
.mar .player{border:1px solid var(--line);border-radius:6px;padding:.4rem;margin-bottom:.5rem;min-width:16rem}
.mar .player.turn{border-color:var(--accent)}.mar .role{color:var(--accent)}
.mar .hp{position:relative;height:1rem;background:#eee;border-radius:3px;overflow:hidden;margin:.2rem 0}
.mar .hp i{position:absolute;inset:0 auto 0 0;background:#43a047}.mar .hp span{position:relative;font-size:.72rem;padding-left:.3rem}
.mar table.fields{border-collapse:collapse;font:12px ui-monospace,monospace;background:#1e1e1e;color:#ddd}
.mar table.fields td,.mar table.fields th{padding:.1rem .35rem}.mar .locked{opacity:.5}.mar .dim{color:#777}
.mar caption{text-align:left;color:var(--muted);font:inherit}
`;

export const view: RulesetView = { render, css: CSS };
