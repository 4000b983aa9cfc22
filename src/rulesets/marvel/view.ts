/**
 * Marvel drawn for the game viewer (docs/viewer.md): the STATUS block as two side-by-side tables, side A
 * and side B, with each participant's vitality (a bar in the terminal's colour for how much is left), PA,
 * life state, statuses, damage over time, modifiers and cooldowns; the phase, round and whose turn above.
 * Colours are paint.ts's: side A cyan, side B magenta, vitality green, yellow or red.
 */
import type { RulesetView } from '../../core/ruleset.js';
import { sgrCss } from '../../view/colour.js';
import { esc, tag } from '../../view/html.js';
import type { StatusRow } from './events.js';
import { SIDE_SGR, VIT_SGR, vitLevel } from './paint.js';
import { formatDur, formatModValue } from './presenter.js';
import type { MarvelViewState } from './view-state.js';

const colour = (code: string): string => sgrCss(code).colour ?? 'inherit';

const ARROWS: Readonly<Record<string, string>> = { N: '↑', NE: '↗', E: '→', SE: '↘', S: '↓', SW: '↙', W: '←', NW: '↖' };

/** (v2) Where a participant stands in a combat with positions: its cell and facing, height, hiding. */
function place(r: StatusRow): string {
  if (r.place === undefined) return '';
  const p = r.place;
  const at = p.cell === null ? 'unplaced' : `(${p.cell.x},${p.cell.y}) ${ARROWS[p.cell.facing] ?? p.cell.facing}`;
  return `<div class="dim place">${esc(at)}${p.up > 0 ? ` up ${p.up}` : ''}${p.hidden ? ' hidden' : ''}</div>`;
}

/** What a participant holds, as chips: statuses, dots, modifiers, cooldowns and (v2) its damage ledger, each kind in its terminal colour. */
function effects(r: StatusRow, hurt: Readonly<Record<string, number>>): string {
  const chips = [
    ...r.statuses.map((s) => `<span class="status">${esc(`${s.name} ${formatDur(s.dur, s.left)}`)}</span>`),
    ...r.dots.map((d) => `<span class="dot">${esc(`${d.type}:${d.amount}:${d.left}`)}</span>`),
    ...r.mods.map((m) => `<span class="mod">${esc(`#${m.id} ${formatModValue(m.chan, m.stat, m.value)} ${formatDur(m.dur, m.left)}`)}</span>`),
    ...r.cooldowns.map((c) => `<span class="cd">${esc(`cd ${c.skill}:${c.left}`)}</span>`),
    ...Object.entries(hurt).map(([kind, n]) => `<span class="hurt">${esc(`hurt ${kind}:${n}`)}</span>`),
  ];
  return chips.length === 0 ? '<span class="dim">-</span>' : chips.join(' ');
}

function row(r: StatusRow, actor: string | null, hurt: Readonly<Record<string, number>>): string {
  const pct = r.vitMax <= 0 ? 0 : Math.max(0, Math.min(100, Math.round((100 * r.vit) / r.vitMax)));
  const vit = `<div class="vit"><i style="width:${pct}%;background:${colour(VIT_SGR[vitLevel(r.vit, r.vitMax)])}"></i><span>${r.vit}/${r.vitMax}</span></div>`;
  return tag(
    'tr',
    { class: `${r.state === 'active' ? '' : 'out'}${actor === r.id ? ' actor' : ''}`, 'data-id': r.id, 'data-vit': r.vit, 'data-pa': r.paLeft },
    `<td class="who" style="color:${colour(SIDE_SGR[r.side])}">${esc(r.id)}<div class="${r.state === 'active' ? 'dim' : 'bad'}">${esc(r.state)}</div>${place(r)}</td>` +
      `<td>${vit}<div><b>PA ${r.paLeft}/${r.paMax}</b> <span class="dim">free ${r.freeUsed}/2</span></div></td><td class="fx">${effects(r, hurt)}</td>`,
  );
}

function side(s: MarvelViewState, which: 'A' | 'B'): string {
  const rows = s.rows.filter((r) => r.side === which);
  const body = rows.length === 0 ? '<tr><td colspan="3" class="dim">nobody yet</td></tr>' : rows.map((r) => row(r, s.actor, s.hurt[r.id] ?? {})).join('');
  return `<section class="side"><h2 style="color:${colour(SIDE_SGR[which])}">Side ${which}</h2><table><thead><tr><th>who</th><th>vitality · PA</th><th>statuses · dots · mods · cooldowns · damage</th></tr></thead><tbody>${body}</tbody></table></section>`;
}

function render(state: unknown): string {
  const s = state as MarvelViewState;
  const result = s.result === null ? '' : ` · <b style="color:${colour(SIDE_SGR[s.result.winner])}">${s.result.winner === 'draw' ? 'draw' : `side ${s.result.winner} wins`}</b> (${esc(s.result.reason)})`;
  const head = tag('p', { class: 'head', 'data-phase': s.phase, 'data-round': s.round }, `Phase <b>${esc(s.phase)}</b> · round ${s.round} · turn of <b>${s.actor === null ? '-' : esc(s.actor)}</b> · quiet ${s.quiet}${result}`);
  return `<div class="marvel">${head}<div class="sides">${side(s, 'A')}${side(s, 'B')}</div></div>`;
}

const CSS = `
.marvel .sides{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.marvel h2{font-size:.95rem;margin:.2rem 0}
.marvel table{border-collapse:collapse;font-size:.8rem;width:100%}
.marvel td,.marvel th{padding:.15rem .3rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
.marvel tr.actor{background:#fff8d6}.marvel tr.out{opacity:.55}
.marvel .who{font-weight:bold}.marvel .bad{color:#cd0000;font-weight:bold}
.marvel .vit{position:relative;min-width:6rem;height:1rem;background:#eee;border-radius:3px;overflow:hidden}
.marvel .vit i{position:absolute;inset:0 auto 0 0}.marvel .vit span{position:relative;padding-left:.3rem;font-size:.72rem}
.marvel .fx span:not(.dim){display:inline-block;white-space:nowrap;margin:0 .2rem .15rem 0;padding:0 .25rem;border:1px solid var(--line);border-radius:3px}
.marvel .status{color:#a67c00}.marvel .dot{color:#cd0000}.marvel .mod{color:#0000ee}.marvel .cd,.marvel .dim{color:var(--muted)}.marvel .hurt{color:#7f0000}.marvel .place{font-weight:normal}
@media (max-width:900px){.marvel .sides{grid-template-columns:1fr}}
`;

export const view: RulesetView = { render, css: CSS };
