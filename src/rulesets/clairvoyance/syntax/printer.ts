/**
 * makeEncounter: the canonical text of a parsed encounter, so that parseEncounter(makeEncounter(e)) is e
 * again (positions aside). Canonical means upstream's own spellings (`Full Attack`, `xN`, steps joined by
 * ` - `), one block per line, and parentheses only where precedence needs them.
 */
import type { Action, AttackEntry, Condition, Description, Encounter, IntRange, RangeExpr, Stat, Target, TurnAction, UnitDecl } from './ast.js';

export function makeEncounter(e: Encounter): string {
  const out: string[] = [];
  const layout = e.board.layout;
  const layoutText = layout.kind === 'rectangle'
    ? `Rectangle ${layout.width.value}, ${layout.height.value}`
    : `Outline ${layout.steps.map((s) => `${s.count.value}${s.direction}`).join(' - ')}`;
  out.push('MAP {', `  Layout: ${layoutText};`, `  Obstacles: ${e.board.obstacles.map((o) => `(${range(o.columns)}, ${range(o.rows)})`).join(', ')};`, '}', '');
  for (const unit of e.units) out.push(makeUnit(unit));
  out.push('');
  for (const ai of e.ais) out.push(`AI ${ai.name.value} { ${actions(ai.body)} }`);
  out.push('');
  for (const team of e.teams) {
    const members = team.members.map((m) => {
      const who = m.ai === null ? m.unit.value : `${m.unit.value}, ${m.ai.value}`;
      return `${who} x${m.count.value} : ${m.coordinates.map((c) => `(${c.value.column}, ${c.value.row})`).join(', ')};`;
    });
    out.push(`TEAM ${team.name.value} { ${members.join(' ')} }`);
  }
  if (e.outcome.length > 0) out.push(`OUTCOME { ${e.outcome.map((r) => `${r.kind} ${r.team.value} when ${condition(r.condition)};`).join(' ')} }`);
  return out.join('\n') + '\n';
}

function range(r: IntRange): string {
  return r.single ? `${r.from}` : `${r.from}-${r.to}`;
}

const signed = (n: number) => (n < 0 ? `- ${-n}` : `+ ${n}`);

function makeUnit(unit: UnitDecl): string {
  if (unit.kind === 'player') return `PLAYER ${unit.name.value} { Initiative: ${signed(unit.initiative)}${unit.stats.map((s) => `; ${s.kind}: ${s.value}`).join('')} }`;
  return `UNIT ${unit.name.value} { ${unit.stats.map((s) => `${stat(s)};`).join(' ')} }`;
}

function stat(s: Stat): string {
  switch (s.kind) {
    case 'HP':
    case 'Speed':
      return `${s.kind}: ${s.value}`;
    case 'AC':
      return `AC: ${s.value}`;
    case 'Initiative':
      return `Initiative: ${signed(s.value)}`;
    case 'Attack':
    case 'Full Attack':
      return `${s.kind}: ${s.entries.map(entry).join(', ')}`;
  }
}

function entry(a: AttackEntry): string {
  const kind = a.ranged === null ? 'Melee' : `Ranged(${a.ranged})`;
  const mod = a.modifier === 0 ? '' : ` ${signed(a.modifier)}`;
  const dmod = a.damageModifier === 0 ? '' : ` ${signed(a.damageModifier)}`;
  return `${kind}${mod} ${a.count}d${a.faces}${dmod}`;
}

function actions(list: readonly Action[]): string {
  return list.map(action).join(' ');
}

function action(a: Action): string {
  switch (a.kind) {
    case 'turn':
      return `${a.turn.length === 0 ? 'Pass' : a.turn.map(turnAction).join(' - ')};`;
    case 'if':
      return `if ${condition(a.condition)} then { ${actions(a.then)} } else { ${actions(a.otherwise)} }`;
    case 'while':
      return `while ${condition(a.condition)} { ${actions(a.body)} }`;
  }
}

function turnAction(t: TurnAction): string {
  switch (t.kind) {
    case 'approach':
      return `Approach ${target(t.target)}`;
    case 'disengage':
      return 'Disengage';
    case 'retreat':
      return 'Retreat';
    case 'attack':
      return `Attack ${target(t.target)}`;
    case 'full-attack':
      return `Full Attack ${target(t.target)}`;
  }
}

function target(t: Target): string {
  if (t.kind === 'self') return 'self';
  if (t.kind === 'unit') return `${t.team.value}:${t.name.value}:${t.id.value}`;
  return `${t.kind.replace('-', ' ')} ${description(t.description)}`;
}

function description(d: Description): string {
  switch (d.kind) {
    case 'ally':
    case 'enemy':
      return d.kind;
    case 'team':
      return d.team.value;
    case 'team-unit':
      return `${d.team.value}:${d.name.value}`;
  }
}

const PRECEDENCE = { or: 1, and: 2, not: 3 } as const;
const precedence = (c: Condition) => (c.kind === 'or' || c.kind === 'and' || c.kind === 'not' ? PRECEDENCE[c.kind] : 4);

function condition(c: Condition): string {
  const wrap = (inner: Condition, min: number) => (precedence(inner) < min ? `(${condition(inner)})` : condition(inner));
  switch (c.kind) {
    case 'count':
      return `${description(c.description)} count ${c.comparison.op} ${c.comparison.value}`;
    case 'in-range':
      return `${description(c.description)} in range (${rangeExpr(c.range)})`;
    case 'count-in-range':
      return `${description(c.description)} count in range (${rangeExpr(c.range)}) ${c.comparison.op} ${c.comparison.value}`;
    case 'unit-in-range':
      return `${c.team.value}:${c.name.value}:${c.id.value} in range (${rangeExpr(c.range)})`;
    case 'turn-count':
      return `total turn count ${c.comparison.op} ${c.comparison.value}`;
    case 'hp': {
      const who = c.unit === null ? 'self' : `${c.unit.team.value}:${c.unit.name.value}:${c.unit.id.value}`;
      return `${who} hp ${c.test.above ? 'above' : 'below'} ${c.test.value}${c.test.percent ? '%' : ''}`;
    }
    case 'not':
      return `not ${wrap(c.operand, PRECEDENCE.not)}`;
    // Right-associative: a left operand of the same operator needs parentheses, a right one does not.
    case 'and':
    case 'or':
      return `${wrap(c.left, PRECEDENCE[c.kind] + 1)} ${c.kind} ${wrap(c.right, PRECEDENCE[c.kind])}`;
  }
}

function rangeExpr(r: RangeExpr): string {
  switch (r.kind) {
    case 'number':
      return `${r.value}`;
    case 'Melee':
    case 'Attack':
    case 'Full Attack':
    case 'Speed':
      return r.kind;
    // Left-associative: a right operand of `+` that is itself a sum needs parentheses.
    case 'add':
      return `${rangeExpr(r.left)} + ${r.right.kind === 'add' ? `(${rangeExpr(r.right)})` : rangeExpr(r.right)}`;
    case 'multiply':
      return `${r.left.kind === 'add' ? `(${rangeExpr(r.left)})` : rangeExpr(r.left)} * ${r.factor}`;
  }
}
