/**
 * One `skill` line of a sheet (spec §3): the head, each property from left to right, then the
 * whole-skill checks, each failure with its §3.1 message (D60). Stat names used by EXPRs are reported to
 * the caller, which checks them at the character's `end`.
 */
import { type Kind, parseKindList } from './kinds.js';
import {
  type Expr,
  FLAGS,
  type Flag,
  type FxItem,
  type ReqPart,
  SKILL_CLASSES,
  type Skill,
  type SkillClass,
} from './model.js';
import { MAX_INT, parseUInt } from './numbers.js';
import { SheetFail, isName, parseExpr, parseFxItem } from './sheet-values.js';

const COMMON = ['cost', 'uses', 'cd', 'prep', 'basic'];
const REQS = ['req-react', 'req-evade', 'req-def'];
const KEYS: Record<SkillClass, readonly string[]> = {
  offensive: [
    ...COMMON,
    ...['dmg', 'hits', 'fx', 'kinds', 'targets', 'area', 'cone', 'line', 'range', 'noallies', 'ignore', 'pierce', 'noproj', 'fx-nodmg'],
    ...['no-evade', 'no-int', 'no-ext', 'no-anticipate', 'no-annul', 'no-counter', ...REQS],
  ],
  defence: [...COMMON, 'int', 'ext', 'res', 'allies', 'zone', 'omni', 'maxarea', 'vs'],
  evasion: [...COMMON, 'maxarea'],
  counter: [...COMMON, 'dmg', 'kinds', 'melee', 'ranged', 'vs', 'fx', 'range'],
  anticipation: [...COMMON, 'dmg', 'kinds', 'fx', ...REQS, 'range'],
  annulment: [...COMMON, 'melee', 'dmg', 'kinds', 'fx', ...REQS],
  supplementary: [...COMMON, 'fx', 'targets'],
  join: [...COMMON, 'now'],
  interference: [...COMMON, 'mode'],
};

/** `a`/`an` before a class name (D42). */
export function article(cls: string): string {
  return /^[aeiou]/.test(cls) ? `an ${cls}` : `a ${cls}`;
}

interface Draft {
  cost: number;
  uses: number | '*';
  cd: number;
  flags: Flag[];
  dmg?: Expr;
  hits?: Expr[];
  res?: Expr;
  kinds?: Kind[];
  vs: Kind[];
  targets?: number | '*';
  area?: number;
  cone?: number;
  line?: number;
  range?: number;
  maxarea?: number;
  mode?: 'turn' | 'action';
  reqReact?: ReqPart[];
  reqEvade?: ReqPart[];
  reqDef?: ReqPart[];
  fx?: FxItem[];
}

function parseReq(text: string): ReqPart[] | null {
  const out: ReqPart[] = [];
  for (const part of text.split('+')) {
    const m = /^(ref|vel):(\d+)$/i.exec(part);
    if (m === null) return null;
    const stat = m[1]!.toUpperCase() as 'REF' | 'VEL';
    const need = parseUInt(m[2]!, 0, MAX_INT);
    if (need === null || out.some((p) => p.stat === stat)) return null;
    out.push({ stat, need });
  }
  return out;
}

function exprOrFail(key: string, text: string, uses: string[]): Expr {
  const expr = parseExpr(text);
  if (expr === null) throw new SheetFail(`expected ${key}=<STAT>*<factor> or an integer, got '${text}'`);
  if ('stat' in expr) uses.push(expr.stat);
  return expr;
}

function countOrFail(key: string, text: string, min: number, message = `expected ${key}=<${min}..99>`): number {
  const n = parseUInt(text, min, 99);
  if (n === null) throw new SheetFail(message);
  return n;
}

/** Parses one valued property into the draft (the value checks of §3.1). */
function setValue(draft: Draft, cls: SkillClass, key: string, value: string, uses: string[]): void {
  switch (key) {
    case 'cost':
      draft.cost = countOrFail(key, value, 0);
      return;
    case 'cd':
      draft.cd = countOrFail(key, value, 0);
      return;
    case 'uses':
      draft.uses = value === '*' ? '*' : countOrFail(key, value, 0, 'expected uses=<0..99> or uses=*');
      return;
    case 'targets':
      if (cls === 'offensive') {
        draft.targets = value === '*' ? '*' : countOrFail(key, value, 1, 'expected targets=<1..99> or targets=*');
      } else {
        draft.targets = countOrFail(key, value, 1);
      }
      return;
    case 'area':
      draft.area = countOrFail(key, value, 1);
      return;
    case 'cone':
      draft.cone = countOrFail(key, value, 2);
      return;
    case 'maxarea':
      draft.maxarea = countOrFail(key, value, 0);
      return;
    case 'line':
      draft.line = countOrFail(key, value, 1);
      return;
    case 'range':
      draft.range = countOrFail(key, value, 1);
      return;
    case 'dmg':
      draft.dmg = exprOrFail(key, value, uses);
      return;
    case 'res':
      draft.res = exprOrFail(key, value, uses);
      return;
    case 'hits': {
      const entries = value.split(';');
      if (entries.length < 2) throw new SheetFail('expected hits=<EXPR>;<EXPR>[;...] with at least 2 entries');
      draft.hits = entries.map((entry) => exprOrFail(key, entry, uses));
      return;
    }
    case 'kinds': {
      const kinds = parseKindList(value);
      if (kinds === null) {
        throw new SheetFail(
          `expected kinds=<kind>[+<kind>...] from fis ign gel ene ele men son tem mis alma, got '${value}'`,
        );
      }
      draft.kinds = kinds;
      return;
    }
    case 'vs': {
      const kinds = parseKindList(value);
      if (kinds === null) throw new SheetFail(`expected vs=<kind>[+<kind>...], got '${value}'`);
      draft.vs = kinds;
      return;
    }
    case 'mode': {
      const mode = value.toLowerCase();
      if (mode !== 'turn' && mode !== 'action') throw new SheetFail('expected mode=turn or mode=action');
      draft.mode = mode;
      return;
    }
    case 'req-react':
    case 'req-evade':
    case 'req-def': {
      const req = parseReq(value);
      if (req === null) throw new SheetFail(`expected ${key}=REF:<n>[+VEL:<n>]`);
      if (key === 'req-react') draft.reqReact = req;
      else if (key === 'req-evade') draft.reqEvade = req;
      else draft.reqDef = req;
      return;
    }
    case 'fx':
      draft.fx = value.split(',').map((item) => {
        const fx = parseFxItem(item);
        if ((fx.t === 'dot' || fx.t === 'heal') && 'stat' in fx.amount) uses.push(fx.amount.stat);
        return fx;
      });
      return;
  }
}

function wholeSkillChecks(cls: SkillClass, d: Draft): void {
  const has = (flag: Flag) => d.flags.includes(flag);
  const fail = (message: string) => {
    throw new SheetFail(message);
  };
  if (has('prep') && cls !== 'supplementary' && cls !== 'join') fail('expected prep only on a supplementary or join skill');
  if (cls === 'offensive') {
    if (d.dmg !== undefined && d.hits !== undefined) fail('expected dmg= or hits=, not both');
    if (d.dmg === undefined && d.hits === undefined && d.fx === undefined) {
      fail('expected an offensive skill with dmg=, hits= or fx=');
    }
    if ((d.dmg !== undefined || d.hits !== undefined) && d.kinds === undefined) {
      fail('expected kinds= on an offensive skill that deals damage');
    }
    if (has('ignore') && has('pierce')) fail('expected ignore or pierce, not both');
    if (d.area !== undefined && d.cone !== undefined) fail('expected area= or cone=, not both');
    if (d.line !== undefined && (d.area !== undefined || d.cone !== undefined)) fail('expected only one of area=, cone= and line=');
    if (d.range !== undefined && (d.cone !== undefined || d.line !== undefined)) fail('expected range= only on a direct or area skill');
    if (has('noallies') && d.area === undefined && d.cone === undefined && d.line === undefined) {
      fail('expected noallies only with area=, cone= or line=');
    }
  }
  if (cls === 'defence') {
    if (!has('int') && !has('ext')) fail('expected int or ext on a defence skill');
    if (d.res === undefined) fail('expected res=<EXPR> on a defence skill');
    if (has('int') && (has('allies') || has('zone') || has('omni'))) {
      fail('expected allies, zone and omni only on an ext defence');
    }
  }
  if (cls === 'counter') {
    if (d.dmg === undefined || d.kinds === undefined) fail('expected dmg= and kinds= on a counter skill');
    if (has('melee') && has('ranged')) fail('expected melee or ranged, not both');
  }
  if (cls === 'anticipation' && (d.dmg === undefined || d.kinds === undefined)) {
    fail('expected dmg= and kinds= on an anticipation skill');
  }
  if (cls === 'annulment' && d.dmg !== undefined && d.kinds === undefined) fail('expected kinds= with dmg= on an annulment skill');
  if (cls === 'supplementary' && d.fx === undefined) fail('expected fx= on a supplementary skill');
  if (cls === 'interference' && d.mode === undefined) fail('expected mode=turn or mode=action on an interference skill');
  const hostile = cls === 'offensive' || cls === 'counter' || cls === 'anticipation' || cls === 'annulment';
  const badEnemyMod = (d.fx ?? []).some(
    (fx) =>
      fx.t === 'mod' &&
      !fx.self &&
      (fx.value.value >= 0 || fx.chan === 'pdef' || fx.chan === 'red' || fx.chan === 'imm'),
  );
  if (hostile && badEnemyMod) fail('expected a mod on an enemy to be negative and not pdef, red or imm');
  if (cls !== 'supplementary' && (d.fx ?? []).some((fx) => fx.t === 'heal')) fail('expected heal: only on a supplementary skill');
}

/**
 * Parses `skill <Name> <class> <prop>...` (tokens of the normalized line). `known` holds the character's
 * skill names so far; `statUses` collects the stats named by EXPRs, in order.
 */
export function parseSkillLine(tokens: readonly string[], known: readonly string[], statUses: string[]): Skill {
  if (tokens.length < 3) throw new SheetFail('expected skill <Name> <class> <property>...');
  const name = tokens[1]!;
  if (!isName(name)) throw new SheetFail(`expected a skill name that is not a reserved word, got '${name}'`);
  if (known.includes(name)) throw new SheetFail(`expected a new skill name, got duplicate '${name}'`);
  const cls = tokens[2]!.toLowerCase() as SkillClass;
  if (!SKILL_CLASSES.includes(cls)) {
    throw new SheetFail(
      `expected a skill class (offensive, defence, evasion, counter, anticipation, annulment, supplementary, join, interference), got '${tokens[2]!}'`,
    );
  }
  const draft: Draft = { cost: 0, uses: 1, cd: 0, flags: [], vs: [] };
  const seen: string[] = [];
  for (const token of tokens.slice(3)) {
    const eq = token.indexOf('=');
    const key = (eq < 0 ? token : token.slice(0, eq)).toLowerCase();
    if (!KEYS[cls].includes(key)) throw new SheetFail(`expected a property of ${article(cls)} skill, got '${token}'`);
    if (seen.includes(key)) throw new SheetFail(`expected property '${key}' only once`);
    seen.push(key);
    const isFlag = (FLAGS as readonly string[]).includes(key);
    if (isFlag && eq >= 0) throw new SheetFail(`expected bare flag '${key}'`);
    if (!isFlag && eq < 0) throw new SheetFail(`expected ${key}=<value>`);
    if (isFlag) {
      if ((key === 'int' && seen.includes('ext')) || (key === 'ext' && seen.includes('int'))) {
        throw new SheetFail('expected int or ext, not both');
      }
      draft.flags.push(key as Flag);
    } else {
      setValue(draft, cls, key, token.slice(eq + 1), statUses);
    }
  }
  wholeSkillChecks(cls, draft);
  const { fx, kinds, ...rest } = draft;
  return { name, cls, ...rest, kinds: kinds ?? [], fx: fx ?? [], order: seen };
}
