/**
 * SMT drawn for the game viewer (docs/viewer.md): both teams' cards (slots A–D with HP and MP bars, then
 * the reserve), the press-turn icons of the player on turn (Full turns solid, Blinking turns pulsing), the
 * order list, and what the last choice did (each hit with its element and affinity). The terminal shows
 * SMT without colours; the page uses one hue per affinity and greys out the dead.
 */
import type { RulesetView } from '../../core/ruleset.js';
import { esc, tag } from '../../view/html.js';
import type { SmtHit, SmtTeamView, SmtUnitView, SmtViewState } from './view-state.js';

const SLOTS = ['A', 'B', 'C', 'D'];

function bar(kind: 'hp' | 'mp', value: number, max: number): string {
  const pct = max <= 0 ? 0 : Math.round((100 * value) / max);
  return `<div class="bar ${kind}"><i style="width:${pct}%"></i><span>${kind.toUpperCase()} ${value}/${max}</span></div>`;
}

function card(u: SmtUnitView | null, slot: string | null): string {
  if (u === null) return `<div class="card empty"><b class="slot">${slot}</b><span>empty</span></div>`;
  const marks = [u.ailment === null ? '' : `<span class="ail">${esc(u.ailment)}</span>`, u.atk === 0 ? '' : `<span class="grade">ATK ${u.atk > 0 ? '+' : ''}${u.atk}</span>`, u.def === 0 ? '' : `<span class="grade">DEF ${u.def > 0 ? '+' : ''}${u.def}</span>`].join('');
  return tag(
    'div',
    { class: `card${u.hp === 0 ? ' dead' : ''}${u.samurai ? ' samurai' : ''}`, 'data-unit': u.name, 'data-hp': u.hp, 'data-mp': u.mp },
    `${slot === null ? '' : `<b class="slot">${slot}</b>`}<span class="name">${esc(u.name)}</span>${marks}${bar('hp', u.hp, u.maxHp)}${bar('mp', u.mp, u.maxMp)}`,
  );
}

function team(t: SmtTeamView, s: SmtViewState): string {
  const active = s.active === t.player && s.phase === 'battle';
  const head = `<h2>${esc(t.samurai)} (${esc(t.player)})${active ? ' <span class="turn">on turn</span>' : ''}${s.winner === t.player ? ' <span class="won">winner</span>' : ''}</h2>`;
  const board = `<div class="board">${t.board.map((u, i) => card(u, SLOTS[i]!)).join('')}</div>`;
  const reserve = t.reserve.length === 0 ? '' : `<div class="reserve"><h3>Reserve</h3>${t.reserve.map((u) => card(u, null)).join('')}</div>`;
  return tag('section', { class: `team${active ? ' active' : ''}`, 'data-player': t.player }, head + board + reserve);
}

/** Full turns solid, Blinking turns pulsing, in the order they are spent. */
function pressTurns(s: SmtViewState): string {
  const icons = [...Array.from({ length: s.full }, () => '<i class="pt full"></i>'), ...Array.from({ length: s.blinking }, () => '<i class="pt blink"></i>')].join('');
  return tag('div', { class: 'press', 'data-full': s.full, 'data-blinking': s.blinking }, `<b>Press turns</b> ${icons || '<span class="none">none</span>'} <span class="count">Full ${s.full} · Blinking ${s.blinking}</span>`);
}

function hit(h: SmtHit): string {
  const amount = h.amount === null ? '' : ` <b>${h.amount}</b>`;
  return tag('li', { class: `hit ${h.affinity}`, 'data-affinity': h.affinity, 'data-class': h.turnClass }, `${esc(h.attacker)} → ${esc(h.target)} <span class="el">${esc(h.element)}</span> <span class="aff">${h.affinity}</span>${amount}${h.killed ? ' <span class="ko">KO</span>' : ''} <span class="cls">${h.turnClass}</span>`);
}

function render(state: unknown): string {
  const s = state as SmtViewState;
  if (s.teams === null) {
    const files = s.files.map((f) => `<li>${esc(f)}</li>`).join('');
    return `<div class="smt"><p class="phase">${s.phase === 'ended' ? 'The team file was not valid: the game ended.' : 'Choose a team file:'}</p><ol class="files">${files}</ol></div>`;
  }
  const order = s.order.length === 0 ? '' : `<div class="order"><b>Order</b> <ol>${s.order.map((n) => `<li>${esc(n)}</li>`).join('')}</ol></div>`;
  const hits = s.hits.length === 0 ? '' : `<div class="hits"><b>Last action</b><ul>${s.hits.map(hit).join('')}</ul></div>`;
  const turns = s.turns === null ? '' : `<div class="used">Turn class <b>${s.turns.turnClass}</b>: used ${s.turns.full} Full, ${s.turns.blinking} Blinking; gained ${s.turns.gained} Blinking</div>`;
  const menu = s.menu === null ? '' : `<div class="menu">Waiting: ${esc(s.menu.kind)} menu${s.menu.unit === null ? '' : ` of ${esc(s.menu.unit)}`}</div>`;
  return `<div class="smt">${pressTurns(s)}${order}<div class="teams">${s.teams.map((t) => team(t, s)).join('')}</div>${hits}${turns}${menu}</div>`;
}

const CSS = `
.smt .teams{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;margin:.5rem 0}
.smt .team{border:1px solid var(--line);border-radius:6px;padding:.5rem}
.smt .team.active{border-color:var(--accent);box-shadow:0 0 0 2px #2457c522}
.smt h2{font-size:.95rem;margin:0 0 .4rem}.smt h3{font-size:.8rem;margin:.5rem 0 .2rem;color:var(--muted)}
.smt .turn{color:var(--accent);font-size:.8rem}.smt .won{color:#0a7d32;font-size:.8rem}
.smt .card{display:grid;grid-template-columns:auto 1fr;gap:.1rem .4rem;align-items:center;padding:.3rem .4rem;margin:.25rem 0;border:1px solid var(--line);border-radius:4px;background:#fff}
.smt .card.samurai{background:#f4f7ff}.smt .card.dead{opacity:.45}.smt .card.empty{color:var(--muted)}
.smt .card .slot{grid-row:span 3;font-size:1.1rem;color:var(--muted)}
.smt .card .name{font-weight:600}
.smt .bar{position:relative;height:1rem;background:#eee;border-radius:3px;overflow:hidden;grid-column:2}
.smt .bar i{position:absolute;inset:0 auto 0 0;background:#43a047}.smt .bar.mp i{background:#1e88e5}
.smt .bar span{position:relative;font-size:.72rem;padding-left:.3rem;color:#111}
.smt .ail{font-size:.72rem;color:#8e24aa;margin-left:.3rem}.smt .grade{font-size:.72rem;color:var(--muted);margin-left:.3rem}
.smt .press{display:flex;align-items:center;gap:.3rem;flex-wrap:wrap}
.smt .pt{display:inline-block;width:1.1rem;height:1.1rem;border-radius:50%;border:2px solid #2457c5}
.smt .pt.full{background:#2457c5}.smt .pt.blink{background:#9db4ea;animation:pt 1s ease-in-out infinite alternate}
@keyframes pt{from{opacity:1}to{opacity:.3}}
.smt .count,.smt .none{color:var(--muted);font-size:.8rem}
.smt .order ol{display:inline-flex;gap:1.5rem;margin:0;padding-left:1.5rem}
.smt .hits ul{margin:.2rem 0;padding-left:1.2rem}
.smt .hit .el{font-size:.75rem;padding:0 .3rem;border-radius:3px;background:#eee}
.smt .hit .aff{font-size:.75rem;font-weight:600}
.smt .hit.weak .aff{color:#d84315}.smt .hit.resist .aff{color:#6d4c41}.smt .hit.block .aff{color:#455a64}
.smt .hit.repel .aff{color:#8e24aa}.smt .hit.absorb .aff{color:#00897b}.smt .hit.miss .aff{color:#9e9e9e}
.smt .ko{color:#b00020;font-weight:700}.smt .cls{font-size:.7rem;color:var(--muted);border:1px solid var(--line);border-radius:3px;padding:0 .25rem}
.smt .used,.smt .menu{color:var(--muted);margin-top:.3rem}
`;

export const view: RulesetView = { render, css: CSS };
