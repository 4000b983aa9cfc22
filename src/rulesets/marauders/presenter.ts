/**
 * The log's wording (9.5, 9.5.1): every event becomes its line here, and the rules never format text. A
 * person's terminal with colour gets the same lines painted (paint.ts): BOARD rows in element colours,
 * locked shields dimmed in SHIELDS lines; the default PLAIN paint gives the log's bytes.
 */
import type { EffectVerb, LaneView, MEvent, ShieldRef, SpellView, TravelWhat } from './events.js';
import { elName, pendingName, spellLabel, tierText, type El, type Mark } from './model.js';
import { PLAIN, type Paint } from './paint.js';
import { cellAt, fieldLaneName, laneName, rowLetter } from './setup-doc.js';
import type { Config, Player } from './state.js';

/** `<lane>:<E><s>/<tag>[<flags>]` (1.4). */
export function token(ax: 'X' | 'Y', v: LaneView): string {
  const flags: string[] = [];
  if (v.locked && v.s === 0) flags.push('lock');
  if (v.rose) flags.push('rose');
  if (v.curse) flags.push('curse');
  if (v.noatk) flags.push('noatk');
  if (v.nodef) flags.push('nodef');
  const tail = flags.length === 0 ? '' : `[${flags.join(',')}]`;
  return `${laneName(ax, v.lane)}:${shieldBody(v)}${tail}`;
}

/** A SHIELDS token, dimmed on a colour terminal when its lane is locked. */
function fieldToken(ax: 'X' | 'Y', v: LaneView, paint: Paint): string {
  const t = token(ax, v);
  return v.locked ? paint.locked(t) : t;
}

/** The part of a token after `<lane>:` without flags: `F3/A`, `f5/A`, `0`. */
function shieldBody(v: LaneView): string {
  if (v.s === 0 || v.el === null) return '0';
  return `${v.locked ? v.el.toLowerCase() : v.el}${v.s}/${v.tag}`;
}

/** The token after a join, as EFFECT and SHIELD lines print it: `S5/A`, `O1/D[curse]`. */
function joined(ax: 'X' | 'Y', v: LaneView): string {
  const t = token(ax, v);
  return t.slice(t.indexOf(':') + 1);
}

function shieldRef(r: ShieldRef): string {
  return r.el === null || r.s === 0 ? '-' : `${r.el}${r.s}`;
}

/** A player's spell as its STATE line words it (`ready`, `pending-<Spell>`, `cooldown-<n>`). */
export function spellText(v: SpellView): string {
  if (typeof v === 'string') return v;
  return 'pending' in v ? `pending-${pendingName(v.pending)}` : `cooldown-${v.cooldown}`;
}

export function boardLines(n: number, el: readonly El[], mark: readonly (Mark | null)[], paint: Paint = PLAIN): string[] {
  const out = ['BOARD'];
  let head = ' ';
  for (let c = 1; c <= n; c++) head += String(c).padStart(3);
  out.push(head);
  // A row is its letters joined once; boards are most of a log's lines, and the plain paint changes nothing.
  for (let r = 0; r < n; r++) {
    const cells = el.slice(r * n, r * n + n);
    const blocks = paint === PLAIN ? cells : cells.map((e, c) => paint.block(e, mark[r * n + c] != null, e));
    out.push(`${rowLetter(r)}  ${blocks.join('  ')}`);
  }
  const marks: string[] = [];
  for (let i = 0; i < n * n; i++) {
    const m = mark[i];
    if (m != null) marks.push(`${cellAt(n, i)}:${markToken(m)}`);
  }
  out.push(marks.length === 0 ? 'MARKS none' : `MARKS ${marks.join(' ')}`);
  return out;
}

export function markToken(m: Mark): string {
  switch (m.kind) {
    case 'mirror':
    case 'shifter':
      return `${m.kind}${m.o}`;
    case 'filter':
      return `filter${m.owner}`;
    default:
      return m.kind;
  }
}

/** What a mark does, in words, for the terminal's answer to `view` (1.3, 3.4, 4.2). */
const MARK_WORDS: Readonly<Record<Mark['kind'], string>> = {
  cover: 'cover: worth 0 and no bonus',
  rose: 'rose: stops the first attack that travels through it',
  mirror: 'mirror: turns an attack once',
  filter: 'filter: stops enemy attacks and makes them half-power shields for its owner',
  shifter: 'shifter: moves an attack one lane sideways',
  warp: 'warp: cannot be swapped, swaps jump over it, doubles the values of its line',
};

/** A terminal's answer to `view` beside the VIEW line: the element's name, its value in a line, its mark. */
export function viewDetail(b: { readonly n: number; readonly el: readonly El[]; readonly mark: readonly (Mark | null)[] }, cell: number): string {
  const m = b.mark[cell] ?? null;
  const value = m?.kind === 'cover' ? 0 : m?.kind === 'warp' ? 2 : 1;
  const mark = m === null ? 'no mark' : `${markToken(m)} (${MARK_WORDS[m.kind]})`;
  return `${cellAt(b.n, cell)}: ${elName(b.el[cell]!)}, worth ${value} in a line before bonuses, ${mark}`;
}

export function openingHeader(cfg: Config, players: readonly Player[]): string[] {
  const lines = [
    `START ruleset=marauders mode=${cfg.mode.toUpperCase()} tier=${tierText(cfg.tier)} size=${cfg.n} ` +
      `elements=${cfg.elements.join('')} options=${cfg.options.length === 0 ? 'none' : cfg.options.join(',')} turn-limit=${cfg.turnLimit}`,
  ];
  players.forEach((p, i) => lines.push(`PLAYER P${i + 1} ${p.name} hp=${p.hp}/${cfg.maxHp} force=${p.force}`));
  if (cfg.fixedGravity !== null) lines.push(`GRAVITY ${cfg.fixedGravity}`);
  return lines;
}

/**
 * The log lines of a step's events, in order. `person`: lines for a person at a terminal, where a group or
 * diagonal MATCH is followed by a drawing of its cells (never in a log).
 */
export function eventLines(n: number, events: readonly MEvent[], paint: Paint = PLAIN, person = false): string[] {
  const lines: string[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.k === 'board') for (const line of boardLines(e.n, e.el, e.mark, paint)) lines.push(line);
    else lines.push(eventLine(n, e, paint));
    if (person && e.k === 'match' && e.cells !== undefined) lines.push(...lineDrawing(n, e.el, e.cells, paint));
  }
  return lines;
}

/**
 * A matched line's cells on the rows it spans, as the BOARD block lays them out (other cells `.`): a group or a
 * diagonal line is seen at once, where MATCH names only its first and last cells.
 */
export function lineDrawing(n: number, el: El, cells: readonly number[], paint: Paint = PLAIN): string[] {
  const on = new Set(cells);
  const top = Math.floor(cells[0]! / n);
  const bottom = Math.floor(cells[cells.length - 1]! / n);
  const out: string[] = [];
  for (let r = top; r <= bottom; r++) {
    const row = Array.from({ length: n }, (_, c) => (on.has(r * n + c) ? paint.block(el, false, el) : '.'));
    out.push(`${rowLetter(r)}  ${row.join('  ')}`);
  }
  return out;
}

/** The line of an event other than a board (boardLines prints those). */
function eventLine(n: number, e: Exclude<MEvent, { k: 'board' }>, paint: Paint = PLAIN): string {
  switch (e.k) {
    case 'turn':
      return `TURN ${e.t} P${e.p} ${e.role} ${e.ax}`;
    case 'poison':
      return `POISON P${e.p} hp=${e.hp}/${e.max} left=${e.left}`;
    case 'state':
      return `STATE P${e.p} hp=${e.hp}/${e.max} force=${e.force} spell=${spellText(e.spell)} poison=${e.poison}${e.attacks === undefined ? '' : ` attacks=${e.attacks}`}`;
    case 'armed':
      return `ARMED P${e.p} force=${e.from}->${e.to}`;
    case 'cast':
      return `CAST P${e.p} ${spellLabel(e.el)}`;
    case 'fizzle':
      return `FIZZLE P${e.p}`;
    case 'spell':
      return `SPELL P${e.p} ${spellLabel(e.el)} ${e.mode}`;
    case 'view':
      return `VIEW ${cellAt(n, e.cell)} ${e.el} mark=${e.mark === null ? 'none' : markToken(e.mark)}`;
    case 'nomatch':
      return `NOMATCH ${cellAt(n, e.a)} ${cellAt(n, e.b)}`;
    case 'moves':
      return `MOVES ${e.left}`;
    case 'turn-end':
      return `TURN-END ${e.reason}`;
    case 'match':
      return `MATCH ${e.pass} ${e.el} ${cellAt(n, e.first)}-${cellAt(n, e.last)} key=${cellAt(n, e.key)} value=${e.value}`;
    case 'shield':
      return `SHIELD P${e.p}.${e.ax} ${laneName(e.ax, e.lane)} +${e.g} = ${joined(e.ax, e.token)}`;
    case 'refill':
      return `REFILL ${e.cells.map(([i, el]) => `${cellAt(n, i)}=${el}`).join(' ')}`;
    case 'reset':
      return e.forces === null ? 'RESET force=kept' : `RESET force=${e.forces[0]}->0,${e.forces[1]}->0`;
    case 'resolve':
      return `RESOLVE P${e.a}->P${e.d} ${e.ax}`;
    case 'launch':
      return `LAUNCH P${e.p}.${e.ax} ${laneName(e.ax, e.lane)} ${e.el}${e.s}`;
    case 'travel':
      return `TRAVEL ${fieldLaneName(e.from)} ${travel(n, e.what)}`;
    case 'merge':
      return `MERGE ${fieldLaneName(e.at)} ${e.el}${e.s}`;
    case 'hit':
      return (
        `HIT P${e.a}->${fieldLaneName(e.at)} ${e.el}${e.s} vs ${shieldRef(e.vs)} dmg=${e.dmg} hp=${e.hp}/${e.max} ` +
        `force=${e.force} left=${shieldRef(e.left)}`
      );
    case 'strike':
      return (
        `STRIKE ${e.kind} P${e.q}->${fieldLaneName(e.at)} ${e.s} vs ${shieldRef(e.vs)} dmg=${e.dmg} hp=${e.hp}/${e.max} ` +
        `force=${e.force} left=${shieldRef(e.left)}`
      );
    case 'effect':
      return `EFFECT P${e.p} ${e.el === 'Exclusive' ? e.el : elName(e.el)} ${effect(n, e.e)}`;
    case 'reverse':
      return `REVERSE ${fieldLaneName(e.at)} ${e.from}->${e.to}`;
    case 'shields':
      return `SHIELDS P${e.p}.${e.ax} ${e.lanes.length === 0 ? '-' : e.lanes.map((v) => fieldToken(e.ax, v, paint)).join(' ')}`;
    case 'winner':
      return `WINNER P${e.p} ${e.name}`;
    case 'draw':
      return 'DRAW turn-limit';
  }
}

function travel(n: number, w: TravelWhat): string {
  switch (w.t) {
    case 'rose':
      return `rose ${cellAt(n, w.cell)} stop`;
    case 'filter':
      return `filter ${cellAt(n, w.cell)} -> ${fieldLaneName(w.to)} +${w.g} = ${joined(w.to.ax, w.token)}`;
    case 'mirror':
      return `mirror ${cellAt(n, w.cell)} turn ${w.dir}`;
    case 'shifter':
      return `shifter ${cellAt(n, w.cell)} lane ${laneName(w.ax, w.lane)}`;
  }
}

function effect(n: number, e: EffectVerb): string {
  switch (e.v) {
    case 'min-damage':
    case 'damage-1':
    case 'ignore-attack':
    case 'ignore-shield':
    case 'counter':
    case 'cancelled':
    case 'bounce':
    case 'split':
    case 'strike-scheduled':
    case 'shockwave':
    case 'blanket':
    case 'invincible':
      return e.v;
    case 'swap-none':
      return 'swap none';
    case 'restore-none':
      return 'restore none';
    case 'inferno':
      return `inferno P${e.m} hp=${e.hp}/${e.max}`;
    case 'heal':
      return `heal hp=${e.hp}/${e.max}`;
    case 'cover':
    case 'restore':
    case 'filter':
    case 'convert':
    case 'rose':
    case 'mirror':
    case 'shifter':
    case 'warp':
      return `${e.v} ${cellAt(n, e.cell)}`;
    case 'breeze':
      return `breeze P${e.m}`;
    case 'lock':
    case 'no-collect':
    case 'destroy':
    case 'rose-lane':
    case 'reverse':
    case 'curse':
      return `${e.v} ${fieldLaneName(e.at)}`;
    case 'lock-field':
      return `lock-field P${e.m}.${e.ax}`;
    case 'force':
      return `force ${e.from}->${e.to}`;
    case 'halve-shield':
    case 'halve-attack':
    case 'halve-damage':
      return `${e.v} ${e.from}->${e.to}`;
    case 'free-swap':
      return 'free-swap';
    case 'merge-none':
      return 'merge none';
    case 'power-up':
    case 'power-down':
      return `${e.v} ${fieldLaneName(e.at)} ${e.from}->${e.to}`;
    case 'move':
      return `${e.verb} ${fieldLaneName(e.from)} -> ${fieldLaneName(e.to)} +${e.g} = ${joined(e.to.ax, e.token)}`;
    case 'rotate':
      return `rotate ${fieldLaneName(e.at)}->${laneName(e.at.ax, e.to)}`;
    case 'duplicate':
    case 'transfer':
    case 'gain':
    case 'shine':
      return `${e.v} ${fieldLaneName(e.at)} +${e.g} = ${joined(e.at.ax, e.token)}`;
    case 'wood-force':
      return `force 0->${e.to}`;
    case 'spend':
      return `spend force=${e.from}->${e.to}${e.dmg === undefined ? '' : ` dmg=${e.dmg[0]}->${e.dmg[1]}`}`;
    case 'poison':
      return `poison P${e.m} left=3`;
    case 'barrier':
      return `barrier ${fieldLaneName(e.at)} ${e.from}->${e.to}`;
    case 'change':
      return `change ${cellAt(n, e.cell)} ${e.from}->${e.to}`;
    case 'shift':
      return `shift ${laneName(e.ax, e.lane)} ${e.dir}`;
    case 'spin':
      return `spin ${cellAt(n, e.cell)} ${e.from}->${e.to}`;
    case 'swap':
      return `swap ${cellAt(n, e.a)} ${cellAt(n, e.b)}`;
    case 'steal':
      return `steal ${fieldLaneName(e.at)} ${e.s}`;
    case 'boost':
      return `boost ${e.from}->${e.to}`;
  }
}
