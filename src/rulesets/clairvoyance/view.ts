/**
 * Clairvoyance drawn for the game viewer (docs/viewer.md): the board as an SVG grid (walls solid), each
 * unit a token in its team's colour with its initial and, for mobs, an HP bar; the unit whose turn was
 * played last is ringed. The terminal shows Clairvoyance without colours, so teams get a fixed palette.
 */
import type { RulesetView } from '../../core/ruleset.js';
import { xterm256 } from '../../view/colour.js';
import { esc, tag } from '../../view/html.js';
import type { ClairvoyanceViewState } from './view-state.js';

const CELL = 30;
/** Team colours in file order (xterm red, blue, green, yellow, magenta, cyan). */
const TEAM = [9, 12, 10, 11, 13, 14].map(xterm256);

const unitName = (u: ClairvoyanceViewState['units'][number]): string => `${u.team}:${u.name}:${u.id}`;

function render(state: unknown): string {
  const s = state as ClairvoyanceViewState;
  const w = s.width * CELL;
  const h = s.height * CELL;
  // A small board is drawn larger (up to twice), so its tokens stay readable.
  const zoom = Math.min(2, Math.max(1, 360 / Math.max(w, h)));
  const parts: string[] = [];
  s.walls.forEach((row, r) => {
    [...row].forEach((c, col) => {
      parts.push(`<rect x="${col * CELL}" y="${r * CELL}" width="${CELL}" height="${CELL}" class="${c === '#' ? 'wall' : 'open'}"/>`);
    });
  });
  for (const u of s.units) {
    // On the board: the living that have not left it (v2: removed by the DM, retreated by their AI).
    if (!u.alive || u.gone !== null) continue;
    const [c, r] = u.at;
    const cx = c * CELL + CELL / 2;
    const cy = r * CELL + CELL / 2;
    const fill = TEAM[Math.max(0, s.teams.indexOf(u.team)) % TEAM.length]!;
    const ring = s.turn === u.index ? `<circle cx="${cx}" cy="${cy}" r="${CELL * 0.46}" class="ring"/>` : '';
    const hp = u.hp === null || u.maxHp === null ? '' : `<rect x="${c * CELL + 3}" y="${r * CELL + CELL - 5}" width="${Math.round(((CELL - 6) * u.hp) / Math.max(1, u.maxHp))}" height="3" class="hp"/>`;
    parts.push(
      tag(
        'g',
        { class: 'unit', 'data-unit': unitName(u), 'data-col': c, 'data-row': r, 'data-hp': u.hp },
        `${ring}<circle cx="${cx}" cy="${cy - 1}" r="${CELL * 0.34}" fill="${fill}"${u.player ? ' class="pl"' : ''}/><text x="${cx}" y="${cy}">${esc(u.name.slice(0, 2))}</text>${hp}<title>${esc(`${unitName(u)}${u.hp === null ? ' (player)' : ` hp=${u.hp}/${u.maxHp}`} at (${c},${r})`)}</title>`,
      ),
    );
  }
  const rows = s.order
    .map((i) => s.units[i]!)
    .map((u) =>
      tag(
        'tr',
        { class: `${u.alive && u.gone === null ? '' : 'dead'}${s.turn === u.index ? ' cur' : ''}`, 'data-unit': unitName(u) },
        `<td style="color:${TEAM[Math.max(0, s.teams.indexOf(u.team)) % TEAM.length]};font-weight:bold">${esc(unitName(u))}</td>` +
          `<td>${u.hp === null ? (u.player ? 'player' : '-') : `${u.hp}/${u.maxHp}`}</td><td>${u.ac ?? '-'}</td><td>(${u.at[0]},${u.at[1]})</td><td>${u.gone ?? (u.alive ? '' : 'dead')}</td>`,
      ),
    )
    .join('');
  const head = tag('p', { class: 'head', 'data-round': s.round }, `Round ${s.round}${s.ended ? ' · the encounter is over' : ''}`);
  return `<div class="clv">${head}<div class="cols"><svg viewBox="0 0 ${w} ${h}" width="${Math.round(w * zoom)}" height="${Math.round(h * zoom)}" role="img" aria-label="board">${parts.join('')}</svg><table><thead><tr><th>unit (initiative order)</th><th>hp</th><th>ac</th><th>at</th><th></th></tr></thead><tbody>${rows}</tbody></table></div></div>`;
}

const CSS = `
.clv .cols{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.clv svg{max-width:100%;height:auto;border:1px solid var(--line)}
.clv .wall{fill:#3a3a3a}.clv .open{fill:#fff;stroke:#eee}
.clv .ring{fill:none;stroke:#f5b400;stroke-width:3}.clv .pl{stroke:#000;stroke-width:2}
.clv .hp{fill:#2e7d32}
.clv svg text{font:bold 10px ui-monospace,monospace;fill:#fff;text-anchor:middle;dominant-baseline:middle}
.clv table{border-collapse:collapse;font-size:.85rem}.clv td,.clv th{padding:.1rem .5rem;border-bottom:1px solid var(--line);text-align:left}
.clv tr.dead{opacity:.45;text-decoration:line-through}.clv tr.cur{background:#fff8d6}
`;

export const view: RulesetView = { render, css: CSS };
