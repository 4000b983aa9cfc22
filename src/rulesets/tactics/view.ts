/**
 * Tactics drawn for the game viewer (docs/viewer.md): the map as an SVG grid, each terrain in the colour the
 * terminal tints it (paint.ts: passable terrains cycle through its palette, walls solid), each unit a token
 * in its player's colour with its HP, and a table of the units beside it, as the log's board lists them.
 */
import type { RulesetView } from '../../core/ruleset.js';
import { sgrCss } from '../../view/colour.js';
import { esc, tag } from '../../view/html.js';
import { PLAYER_SGR, TERRAIN_SGR } from './paint.js';
import type { TacticsMapView, TacticsUnitView, TacticsViewState } from './view-state.js';

const CELL = 36;

/** A player's colour as the terminal paints it (P8, bold underlined there, gets black). */
export const playerColour = (p: number): string => sgrCss(PLAYER_SGR[p - 1] ?? '1').colour ?? '#000000';

function terrainFill(map: TacticsMapView, sym: string): string {
  const t = map.terrains.find((x) => x.sym === sym);
  if (t === undefined) return '#ffffff';
  if (t.cost === null) return '#3a3a3a';
  const index = map.terrains.filter((x) => x.cost !== null).indexOf(t);
  // Dim terminal colours, drawn light so the tokens stand out.
  return `${sgrCss(TERRAIN_SGR[index % TERRAIN_SGR.length]!).colour ?? '#cccccc'}40`;
}

function left(u: TacticsUnitView): string {
  if (!u.moved && !u.acted) return 'move,act';
  if (!u.moved) return 'move';
  if (!u.acted) return 'act';
  return 'none';
}

function board(map: TacticsMapView, units: readonly TacticsUnitView[]): string {
  if (map.grid === null) return `<p>Map ${esc(map.name)} ${map.width}x${map.height}: no grid yet.</p>`;
  const w = map.width * CELL + CELL;
  const h = map.height * CELL + CELL;
  const parts: string[] = [];
  for (let x = 0; x < map.width; x++) parts.push(`<text class="lbl" x="${CELL + x * CELL + CELL / 2}" y="${CELL * 0.65}">${x}</text>`);
  map.grid.forEach((row, y) => {
    parts.push(`<text class="lbl" x="${CELL / 2}" y="${CELL + y * CELL + CELL * 0.62}">${y}</text>`);
    [...row].forEach((sym, x) => {
      parts.push(`<rect x="${CELL + x * CELL}" y="${CELL + y * CELL}" width="${CELL}" height="${CELL}" fill="${terrainFill(map, sym)}"><title>${esc(sym)}</title></rect>`);
      parts.push(`<text class="sym" x="${CELL + x * CELL + 4}" y="${CELL + y * CELL + 11}">${esc(sym)}</text>`);
    });
  });
  for (const u of units) {
    if (u.status !== 'alive' || u.at === null) continue;
    const [x, y] = u.at;
    const cx = CELL + x * CELL + CELL / 2;
    const cy = CELL + y * CELL + CELL / 2;
    const hpw = Math.round(((CELL - 8) * Math.max(0, u.hp)) / Math.max(1, u.maxHp));
    parts.push(
      tag(
        'g',
        { class: 'unit', 'data-id': u.id, 'data-x': x, 'data-y': y, 'data-hp': u.hp },
        `<circle cx="${cx}" cy="${cy - 2}" r="${CELL * 0.34}" fill="${playerColour(u.player)}"/><text class="id" x="${cx}" y="${cy + 2}">${esc(u.id)}</text>` +
          `<rect x="${cx - CELL / 2 + 4}" y="${cy + CELL / 2 - 6}" width="${CELL - 8}" height="3" fill="#0003"/><rect x="${cx - CELL / 2 + 4}" y="${cy + CELL / 2 - 6}" width="${hpw}" height="3" fill="${u.hp * 3 <= u.maxHp ? '#d32f2f' : '#2e7d32'}"/>` +
          `<title>${esc(`${u.id} P${u.player} ${u.type} hp=${u.hp}/${u.maxHp}`)}</title>`,
      ),
    );
  }
  return `<svg class="map" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="map ${esc(map.name)}">${parts.join('')}</svg>`;
}

function unitTable(s: TacticsViewState): string {
  const rows = s.units
    .filter((u) => u.status === 'alive' || u.status === 'unplaced')
    .map((u) => {
      const at = u.at === null ? '-' : `(${u.at[0]},${u.at[1]})`;
      const flags = s.stage === 'turn' && s.player === u.player ? left(u) : '';
      return tag('tr', { 'data-id': u.id }, `<td style="color:${playerColour(u.player)};font-weight:bold">${esc(u.id)}</td><td>P${u.player}</td><td>${esc(u.type)}</td><td class="${u.hp * 3 <= u.maxHp ? 'low' : ''}">${u.hp}/${u.maxHp}</td><td>${at}</td><td>${flags}</td>`);
    })
    .join('');
  const gone = s.units.filter((u) => u.status === 'dead' || u.status === 'discarded').map((u) => `${esc(u.id)} (${u.status})`);
  return `<table class="units"><thead><tr><th>unit</th><th>player</th><th>type</th><th>hp</th><th>at</th><th>left</th></tr></thead><tbody>${rows}</tbody></table>${gone.length === 0 ? '' : `<p class="gone">Out: ${gone.join(', ')}</p>`}`;
}

function render(state: unknown): string {
  const s = state as TacticsViewState;
  const stage =
    s.stage === 'setup' ? 'Setup' : s.stage === 'placing' ? `Placing: P${s.player}` : s.stage === 'turn' ? `Round ${s.round}: P${s.player} on turn` : 'Game over';
  const head = tag('p', { class: 'stage', 'data-stage': s.stage }, s.player === null ? esc(stage) : `<span style="color:${playerColour(s.player)};font-weight:bold">${esc(stage)}</span>`);
  if (s.map === null) return `<div class="tactics">${head}<p>No map yet.</p></div>`;
  return `<div class="tactics">${head}<div class="cols">${board(s.map, s.units)}${unitTable(s)}</div></div>`;
}

const CSS = `
.tactics .cols{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.tactics svg.map{max-width:100%;height:auto;background:#fff;border:1px solid var(--line)}
.tactics svg text{font-family:ui-monospace,monospace;text-anchor:middle;dominant-baseline:middle}
.tactics svg .lbl{font-size:11px;fill:#888}.tactics svg .sym{font-size:9px;fill:#555;text-anchor:start}
.tactics svg .id{font-size:11px;font-weight:bold;fill:#fff}
.tactics table.units{border-collapse:collapse;font-size:.85rem}
.tactics td,.tactics th{padding:.15rem .5rem;border-bottom:1px solid var(--line);text-align:left}
.tactics td.low{color:#b00020;font-weight:bold}.tactics .gone{color:var(--muted)}
`;

export const view: RulesetView = { render, css: CSS };
