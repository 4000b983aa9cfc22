/** Turns events into the log lines of spec §14 (the only place that formats text for the log). */
import { formatKindSet, formatKinds } from './kinds.js';
import type { Chan, Dur, ModValue } from './model.js';
import { formatFlat, formatPct, formatPctMagnitude } from './numbers.js';
import type { Event, StatusRow } from './events.js';

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

function statusRow(row: StatusRow): string {
  const list = (items: string[]) => (items.length === 0 ? '-' : items.join(','));
  const dots = list(row.dots.map((d) => `${d.type}:${d.amount}:${d.left}`));
  const mods = list(row.mods.map((m) => `#${m.id} ${formatModValue(m.chan, m.stat, m.value)} ${formatDur(m.dur, m.left)}`));
  const cd = list(row.cooldowns.map((c) => `${c.skill}:${c.left}`));
  const statuses = list(row.statuses.map((s) => `${s.name} ${formatDur(s.dur, s.left)}`));
  return (
    `  ${row.side} ${row.id} vit=${row.vit}/${row.vitMax} pa=${row.paLeft}/${row.paMax} free=${row.freeUsed}/2 ` +
    `state=${row.state} dots=${dots} mods=${mods} cd=${cd} statuses=${statuses}`
  );
}

function orDash(ids: readonly string[]): string {
  return ids.length === 0 ? '-' : ids.join(',');
}

export function present(e: Event): string[] {
  switch (e.t) {
    case 'sheet':
      return [`SHEET ${e.id} vit=${e.vit} pa=${e.pa} ref=${e.ref} vel=${e.vel} skills=${e.skills}`];
    case 'start':
      return [`START ${e.mode} A=${orDash(e.a)} B=${orDash(e.b)}`];
    case 'prep':
      return [`PREP ${e.what}`];
    case 'equip':
      return [`EQUIP ${e.id} ${e.text}`];
    case 'join':
      return [
        `JOIN ${e.id} side=${e.side} via=${e.via} cost=${e.cost} pa=${e.paLeft}/${e.paMax} slots=${e.used}/${e.cap} turn=${e.now ? 'now' : 'next'}`,
      ];
    case 'round':
      return [`ROUND ${e.n} order=${orDash(e.order)}`];
    case 'turn':
      return [`TURN ${e.id} round=${e.round} pa=${e.paLeft}/${e.paMax}`];
    case 'iturn':
      return [`ITURN ${e.id} via=${e.via}`];
    case 'iaction':
      return [`IACTION ${e.id} via=${e.via}`];
    case 'resume':
      return [`RESUME ${e.id}`];
    case 'skip':
      return [`SKIP ${e.id} reason=${e.reason}`];
    case 'use':
      return [`USE ${e.id} ${e.skill} cost=${e.cost} pa=${e.paLeft}/${e.paMax}${e.free === null ? '' : ` free=${e.free}/2`}`];
    case 'hit': {
      const flag = e.flag === null ? '' : ` ${e.flag}`;
      const num = (n: number | null) => (n === null ? '-' : String(n));
      return [
        `HIT ${e.attacker}:${e.skill}#${e.no}/${e.of} kinds=${formatKinds(e.kinds)}${flag} base=${num(e.base)} pct=${num(e.pct)} flat=${num(e.flat)} on=${orDash(e.on)}`,
      ];
    }
    case 'await':
      return [`AWAIT ${orDash(e.ids)}${e.sub ? ' sub' : ''}`];
    case 'drop':
      return [`DROP ${e.id}:${e.skill} reason=${e.code}`];
    case 'react': {
      const cost = e.surcharge > 0 ? `${e.cost}+${e.surcharge}` : String(e.cost);
      const r = e.r === null ? '' : ` R=${e.r}`;
      return [`REACT ${e.id} ${e.skill} ${e.kind} for=${orDash(e.for)} cost=${cost} pa=${e.paLeft}/${e.paMax}${r}`];
    }
    case 'take':
      return [`TAKE ${e.id}`];
    case 'evade':
      return [`EVADE ${e.id} <- ${e.attacker}:${e.skill}#${e.no}`];
    case 'dmg':
      return [
        `DMG ${e.id} <- ${e.attacker}:${e.skill}#${e.no} D=${e.d} react=${e.d4} pdef=${e.d5} red=${e.d6} imm=${e.d7} final=${e.d7} vit=${e.vit}/${e.vitMax}`,
      ];
    case 'cancel':
      return [`CANCEL ${e.attacker}:${e.skill} by=${e.by}:${e.bySkill} refund=${e.refund}`];
    case 'fx-dot':
      return [`FX ${e.id} dot ${e.type} amount=${e.amount} ticks=${e.ticks} kinds=${formatKinds(e.kinds)} ${e.outcome}`];
    case 'fx-mod':
      return [
        `FX ${e.id} mod#${e.modId ?? '-'} ${formatModValue(e.chan, e.stat, e.value)} ${formatDur(e.dur)} ${e.outcome}`,
      ];
    case 'fx-status':
      return [`FX ${e.id} status ${e.name} ${formatDur(e.dur)} ${e.outcome}`];
    case 'tick':
      return [
        `TICK ${e.id} ${e.type} amount=${e.amount} red=${e.d6} imm=${e.d7} final=${e.d7} left=${e.left} vit=${e.vit}/${e.vitMax}`,
      ];
    case 'expire':
      return [`EXPIRE ${e.id} ${e.what === 'mod' ? `mod#${e.name}` : `${e.what} ${e.name}`}`];
    case 'fall':
      return [`FALL ${e.id}`];
    case 'flee':
      return [`FLEE ${e.id}`];
    case 'yield':
      return [`YIELD ${e.id}`];
    case 'defeat':
      return [`DEFEAT ${e.id}`];
    case 'endturn':
      return [`ENDTURN ${e.id} actions=${e.actions} reason=${e.reason}`];
    case 'endround':
      return [`ENDROUND ${e.n} quiet=${e.quiet}/10`];
    case 'end':
      return [`END winner=${e.result.winner} reason=${e.result.reason} defeated=A:${e.defeatedA},B:${e.defeatedB}`];
    case 'postcombat':
      return [`POSTCOMBAT ${orDash(e.ids)}`];
    case 'ref':
      return [`REF ${e.args}`];
    case 'undo':
      return [`UNDO ${e.text}`];
    case 'note':
      return [`NOTE ${e.text}`];
    case 'status':
      return [
        `STATUS phase=${e.phase} round=${e.round} actor=${e.actor ?? '-'} quiet=${e.quiet}`,
        ...e.rows.map(statusRow),
      ];
  }
}

export function presentAll(events: readonly Event[]): string[] {
  return events.flatMap(present);
}
