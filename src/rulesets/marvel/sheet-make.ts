/**
 * Prints a roster back as sheet text (makeSheet, the pair of parseSheets): keywords in lower case, names
 * as defined, numbers canonical, properties in the order written. parse(make(x)) gives x back.
 */
import { formatKindSet, formatKinds } from './kinds.js';
import type { Character, Dur, Expr, FxItem, ModValue, Passive, ReqPart, Skill } from './model.js';
import { formatFactor, formatFlat, formatPct, formatPctMagnitude } from './numbers.js';

export function makeExpr(expr: Expr): string {
  return 'value' in expr ? String(expr.value) : `${expr.stat}*${formatFactor(expr.factor)}`;
}

export function makeDur(dur: Dur): string {
  return dur.t === 'perm' || dur.t === 'next' ? dur.t : `${dur.n}${dur.t}`;
}

/** A channel value as the sheet writes it: `+10%`, `-50`, `20%/ene`, `100/*`, `partial/fis`. */
export function makeValue(chan: string, value: ModValue): string {
  const kinds = value.kinds === undefined ? '' : `/${formatKindSet(value.kinds)}`;
  if (chan === 'imm') return `${value.value >= 100 ? 'total' : 'partial'}${kinds}`;
  if (chan === 'red') return `${formatPctMagnitude(value.value)}${kinds}`;
  if (chan === 'pdef') return `${value.value}${kinds}`;
  return value.op === 'pct' ? formatPct(value.value) : formatFlat(value.value);
}

function chanName(chan: string, stat?: string): string {
  return chan === 'stat' ? `stat.${stat ?? ''}` : chan;
}

export function makeFxItem(item: FxItem): string {
  switch (item.t) {
    case 'dot':
      return `dot:${item.type}:${makeExpr(item.amount)}:${item.ticks}${item.kinds === undefined ? '' : `:${formatKinds(item.kinds)}`}`;
    case 'mod':
      return `mod:${chanName(item.chan, item.stat)}:${makeValue(item.chan, item.value)}:${makeDur(item.dur)}${item.self ? ':self' : ''}`;
    case 'status':
      return `status:${item.name}:${makeDur(item.dur)}${item.self ? ':self' : ''}`;
    case 'heal':
      return `heal:${makeExpr(item.amount)}${item.kinds === undefined ? '' : `:${formatKinds(item.kinds)}`}`;
  }
}

function makeReq(parts: readonly ReqPart[]): string {
  return parts.map((p) => `${p.stat}:${p.need}`).join('+');
}

function makeProp(skill: Skill, key: string): string {
  const value = (() => {
    switch (key) {
      case 'cost':
        return String(skill.cost);
      case 'uses':
        return String(skill.uses);
      case 'cd':
        return String(skill.cd);
      case 'targets':
        return String(skill.targets);
      case 'area':
        return String(skill.area);
      case 'cone':
        return String(skill.cone);
      case 'maxarea':
        return String(skill.maxarea);
      case 'line':
        return String(skill.line);
      case 'range':
        return String(skill.range);
      case 'dmg':
        return makeExpr(skill.dmg!);
      case 'res':
        return makeExpr(skill.res!);
      case 'hits':
        return skill.hits!.map(makeExpr).join(';');
      case 'kinds':
        return formatKinds(skill.kinds);
      case 'vs':
        return formatKinds(skill.vs);
      case 'mode':
        return skill.mode!;
      case 'req-react':
        return makeReq(skill.reqReact!);
      case 'req-evade':
        return makeReq(skill.reqEvade!);
      case 'req-def':
        return makeReq(skill.reqDef!);
      case 'fx':
        return skill.fx.map(makeFxItem).join(',');
      default:
        return null;
    }
  })();
  return value === null ? key : `${key}=${value}`;
}

export function makePassive(p: Passive): string {
  switch (p.kind) {
    case 'noslot':
      return 'passive noslot';
    case 'slots':
      return `passive slots+${p.n}`;
    case 'flight':
      return `passive flight ${p.n}`;
    case 'stat':
      return `passive stat.${p.stat} ${makeValue('stat', p.num)}`;
    case 'dmg':
    case 'def':
    case 'dmgdef':
      return `passive ${p.kind} ${makeValue(p.kind, p.num)}`;
    case 'pdef':
    case 'red':
      return `passive ${p.kind} ${makeValue(p.kind, { op: p.kind === 'red' ? 'pct' : 'flat', value: p.value, kinds: p.kinds })}`;
    case 'imm':
      return `passive imm ${makeValue('imm', { op: 'level', value: p.value, kinds: p.kinds })}`;
  }
}

export function makeCharacter(ch: Character): string[] {
  return [
    `character ${ch.id}`,
    ...ch.stats.map((s) => `  stat ${s.name} ${s.value}`),
    ...(ch.fuetier === undefined ? [] : [`  fuetier ${ch.fuetier.tier} ${ch.fuetier.scale}`]),
    ...ch.passives.map((p) => `  ${makePassive(p)}`),
    ...ch.skills.map((k) => `  skill ${[k.name, k.cls, ...k.order.map((key) => makeProp(k, key))].join(' ')}`),
    'end',
  ];
}

export function makeSheet(roster: readonly Character[]): string {
  return roster.flatMap(makeCharacter).join('\n') + '\n';
}
