/**
 * Turns events into the log lines of spec §14 (the only place that formats text for the log). A Paint
 * colours them for a referee at a terminal (paint.ts); the log gets PLAIN, so its bytes never change.
 */
import { formatKindSet, formatKinds } from './kinds.js';
import type { Chan, Dur, ModValue } from './model.js';
import { formatFlat, formatPct, formatPctMagnitude } from './numbers.js';
import type { Event, StatusRow } from './events.js';
import { PLAIN, type Paint } from './paint.js';

export function formatDur(dur: Dur, left?: number): string {
  switch (dur.t) {
    case 'perm':
      return 'perm';
    case 'next':
      return 'next';
    default:
      return `${left ?? dur.n}${dur.t}`;
  }
}

/** A modifier's channel and value as written canonically (D57). */
export function formatModValue(chan: Chan, stat: string | undefined, value: ModValue): string {
  const name = chan === 'stat' ? `stat.${stat ?? ''}` : chan;
  const kinds = value.kinds === undefined ? '' : `/${formatKindSet(value.kinds)}`;
  switch (chan) {
    case 'pdef':
      return `${name} ${value.value}${kinds}`;
    case 'red':
      return `${name} ${formatPctMagnitude(value.value)}${kinds}`;
    case 'imm':
      return `${name} ${value.value >= 100 ? 'total' : 'partial'}${kinds}`;
    default:
      return `${name} ${value.op === 'pct' ? formatPct(value.value) : formatFlat(value.value)}`;
  }
}

function statusRow(row: StatusRow, paint: Paint): string {
  const list = (items: string[], colour: (text: string) => string) => (items.length === 0 ? paint.dim('-') : colour(items.join(',')));
  const dots = list(row.dots.map((d) => `${d.type}:${d.amount}:${d.left}`), paint.dot);
  const mods = list(row.mods.map((m) => `#${m.id} ${formatModValue(m.chan, m.stat, m.value)} ${formatDur(m.dur, m.left)}`), paint.mod);
  const cd = list(row.cooldowns.map((c) => `${c.skill}:${c.left}`), paint.dim);
  const statuses = list(row.statuses.map((s) => `${s.name} ${formatDur(s.dur, s.left)}`), paint.status);
  const who = paint.side(row.side, `${row.side} ${row.id}`);
  return (
    `  ${who} vit=${paint.vit(row.vit, row.vitMax)} pa=${paint.resource(`${row.paLeft}/${row.paMax}`)} free=${row.freeUsed}/2 ` +
    `state=${paint.state(row.state, row.state)} dots=${dots} mods=${mods} cd=${cd} statuses=${statuses}` +
    placeText(row)
  );
}

/** v2: ` cell=<x>,<y>/<F>` (or ` cell=-`), ` up=<h>` when above the ground, ` hidden` (§14). */
function placeText(row: StatusRow): string {
  if (row.place === undefined) return '';
  const { cell, up, hidden } = row.place;
  return ` cell=${cell === null ? '-' : `${cell.x},${cell.y}/${cell.facing}`}${up > 0 ? ` up=${up}` : ''}${hidden ? ' hidden' : ''}`;
}

function orDash(ids: readonly string[], paint: Paint = PLAIN): string {
  return ids.length === 0 ? '-' : ids.map(paint.id).join(',');
}

export function present(e: Event, paint: Paint = PLAIN): string[] {
  const I = paint.id;
  const ids = (list: readonly string[]) => orDash(list, paint);
  const pa = (left: number, max: number) => paint.resource(`${left}/${max}`);
  switch (e.t) {
    case 'sheet':
      return [`SHEET ${e.id} vit=${e.vit} pa=${e.pa} ref=${e.ref} vel=${e.vel} skills=${e.skills}`];
    case 'start':
      return [`START ${e.mode} ${paint.side('A', 'A')}=${ids(e.a)} ${paint.side('B', 'B')}=${ids(e.b)}`];
    case 'prep':
      return [`PREP ${e.what}`];
    case 'equip':
      return [`EQUIP ${I(e.id)} ${e.text}`];
    case 'join':
      return [
        `JOIN ${I(e.id)} side=${paint.side(e.side, e.side)} via=${e.via} cost=${e.cost} pa=${pa(e.paLeft, e.paMax)} slots=${e.used}/${e.cap} turn=${e.now ? 'now' : 'next'}`,
      ];
    case 'round':
      return [`ROUND ${e.n} order=${ids(e.order)}`];
    case 'turn':
      return [`TURN ${I(e.id)} round=${e.round} pa=${pa(e.paLeft, e.paMax)}`];
    case 'iturn':
      return [`ITURN ${I(e.id)} via=${e.via}`];
    case 'iaction':
      return [`IACTION ${I(e.id)} via=${e.via}`];
    case 'resume':
      return [`RESUME ${I(e.id)}`];
    case 'skip':
      return [`SKIP ${I(e.id)} reason=${paint.state(e.reason, e.reason)}`];
    case 'use':
      return [`USE ${I(e.id)} ${e.skill} cost=${e.cost} pa=${pa(e.paLeft, e.paMax)}${e.free === null ? '' : ` free=${e.free}/2`}`];
    case 'hit': {
      const flag = e.flag === null ? '' : ` ${e.flag}`;
      const num = (n: number | null) => (n === null ? '-' : String(n));
      return [
        `HIT ${I(e.attacker)}:${e.skill}#${e.no}/${e.of} kinds=${formatKinds(e.kinds)}${flag} base=${num(e.base)} pct=${num(e.pct)} flat=${num(e.flat)} on=${ids(e.on)}`,
      ];
    }
    case 'await':
      return [`AWAIT ${ids(e.ids)}${e.sub ? ' sub' : ''}`];
    case 'drop':
      return [`DROP ${I(e.id)}:${e.skill} reason=${e.code}`];
    case 'react': {
      const cost = e.surcharge > 0 ? `${e.cost}+${e.surcharge}` : String(e.cost);
      const r = e.r === null ? '' : ` R=${e.r}`;
      return [`REACT ${I(e.id)} ${e.skill} ${e.kind} for=${ids(e.for)} cost=${cost} pa=${pa(e.paLeft, e.paMax)}${r}`];
    }
    case 'take':
      return [`TAKE ${I(e.id)}`];
    case 'evade':
      return [`EVADE ${I(e.id)} <- ${I(e.attacker)}:${e.skill}#${e.no}`];
    case 'dmg':
      return [
        `DMG ${I(e.id)} <- ${I(e.attacker)}:${e.skill}#${e.no} D=${e.d} react=${e.d4} pdef=${e.d5} red=${e.d6} imm=${e.d7} final=${e.d7} vit=${paint.vit(e.vit, e.vitMax)}`,
      ];
    case 'cancel':
      return [`CANCEL ${I(e.attacker)}:${e.skill} by=${I(e.by)}:${e.bySkill} refund=${e.refund}`];
    case 'fx-dot':
      return [`FX ${I(e.id)} dot ${paint.dot(e.type)} amount=${e.amount} ticks=${e.ticks} kinds=${formatKinds(e.kinds)} ${e.outcome}`];
    case 'fx-mod':
      return [
        `FX ${I(e.id)} mod#${e.modId ?? '-'} ${paint.mod(formatModValue(e.chan, e.stat, e.value))} ${formatDur(e.dur)} ${e.outcome}`,
      ];
    case 'fx-status':
      return [`FX ${I(e.id)} status ${paint.status(e.name)} ${formatDur(e.dur)} ${e.outcome}`];
    case 'fx-heal':
      return [
        `FX ${I(e.id)} heal amount=${e.amount} kinds=${formatKinds(e.kinds)} healed=${e.healed} blocked=${e.blocked} vit=${paint.vit(e.vit, e.vitMax)}`,
      ];
    case 'tick':
      return [
        `TICK ${I(e.id)} ${paint.dot(e.type)} amount=${e.amount} red=${e.d6} imm=${e.d7} final=${e.d7} left=${e.left} vit=${paint.vit(e.vit, e.vitMax)}`,
      ];
    case 'expire':
      return [`EXPIRE ${I(e.id)} ${e.what === 'mod' ? `mod#${e.name}` : `${e.what} ${e.name}`}`];
    case 'fall':
    case 'flee':
    case 'yield':
    case 'defeat':
      return [`${paint.state('fallen', e.t.toUpperCase())} ${I(e.id)}`];
    case 'endturn':
      return [`ENDTURN ${I(e.id)} actions=${e.actions} reason=${e.reason}`];
    case 'endround':
      return [`ENDROUND ${e.n} quiet=${e.quiet}/10`];
    case 'end': {
      const winner = paint.side(e.result.winner, e.result.winner);
      return [`${paint.head('END')} winner=${winner} reason=${e.result.reason} defeated=A:${e.defeatedA},B:${e.defeatedB}`];
    }
    case 'postcombat':
      return [`POSTCOMBAT ${ids(e.ids)}`];
    case 'place':
      return [`PLACE ${I(e.id)} at=${e.x},${e.y} facing=${e.facing}`];
    case 'fly':
      return [`FLY ${I(e.id)} up=${e.up}`];
    case 'hide':
    case 'reveal':
      return [`${e.t.toUpperCase()} ${I(e.id)}`];
    case 'move':
      return [`MOVE ${I(e.id)} from=${e.from.x},${e.from.y} to=${e.to.x},${e.to.y}`];
    case 'ref':
      return [`REF ${e.args}`];
    case 'undo':
      return [`UNDO ${e.text}`];
    case 'note':
      return [`NOTE ${e.text}`];
    case 'status':
      return [
        `${paint.head('STATUS')} phase=${e.phase} round=${e.round} actor=${e.actor === null ? '-' : I(e.actor)} quiet=${e.quiet}`,
        ...e.rows.map((row) => statusRow(row, paint)),
      ];
  }
}

export function presentAll(events: readonly Event[], paint: Paint = PLAIN): string[] {
  return events.flatMap((e) => present(e, paint));
}
