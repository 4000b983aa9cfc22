/**
 * Reference checking of AI programs (spec 3.3): names that no team or member matches are legal (they
 * match nothing, as upstream) but almost always a typo, so each one gets a positioned W_NAME warning,
 * in file order. `--strict` turns them into E_NAME errors.
 */
import { nameMsg } from './errors.js';
import type { Action, Condition, Description, Encounter, Located, Pos, Target, TurnAction } from './syntax/ast.js';

export interface NameWarning {
  readonly at: Pos;
  readonly message: string;
}

export function checkNames(e: Encounter): NameWarning[] {
  const teams = new Map<string, Map<string, number>>();
  const members = new Set<string>();
  for (const team of e.teams) {
    const counts = teams.get(team.name.value) ?? new Map<string, number>();
    for (const m of team.members) {
      counts.set(m.unit.value, (counts.get(m.unit.value) ?? 0) + m.coordinates.length);
      members.add(m.unit.value);
    }
    teams.set(team.name.value, counts);
  }
  const warnings: NameWarning[] = [];
  /** The checks of one scope: an AI block, or (v2) the OUTCOME block; `where` ends each message. */
  const scope = (where: (message: string) => string) => {
    const warn = (at: Pos, message: string) => warnings.push({ at, message: where(message) });
    /** Team and unit names; true when both exist (the finer checks only make sense then). */
    const known = (team: Located<string>, name: Located<string> | null): boolean => {
      const teamKnown = teams.has(team.value);
      if (!teamKnown) warn(team.at, nameMsg.unknownTeam(team.value));
      if (name !== null && !members.has(name.value)) {
        warn(name.at, nameMsg.unknownUnit(name.value));
        return false;
      }
      return teamKnown;
    };
    const description = (d: Description) => {
      if (d.kind === 'team') known(d.team, null);
      if (d.kind === 'team-unit' && known(d.team, d.name) && !teams.get(d.team.value)!.has(d.name.value)) {
        warn(d.name.at, nameMsg.teamHasNoUnit(d.team.value, d.name.value));
      }
    };
    const triple = (team: Located<string>, name: Located<string>, id: Located<number>) => {
      if (!known(team, name)) return;
      const count = teams.get(team.value)!.get(name.value) ?? 0;
      if (id.value < 1 || id.value > count) warn(id.at, nameMsg.teamHasNoMember(team.value, name.value, id.value));
    };
    const target = (t: Target) => {
      if (t.kind === 'unit') triple(t.team, t.name, t.id);
      else if (t.kind !== 'self') description(t.description);
    };
    // `not` runs and `and`/`or` chains in a loop (they can be long); only parenthesised operands recurse.
    const condition = (start: Condition): void => {
      for (let c: Condition | null = start; c !== null; ) {
        switch (c.kind) {
          case 'count':
          case 'in-range':
          case 'count-in-range':
            description(c.description);
            c = null;
            break;
          case 'unit-in-range':
            triple(c.team, c.name, c.id);
            c = null;
            break;
          case 'turn-count':
            c = null;
            break;
          case 'hp':
            if (c.unit !== null) triple(c.unit.team, c.unit.name, c.unit.id);
            c = null;
            break;
          case 'not':
            c = c.operand;
            break;
          case 'and':
          case 'or':
            condition(c.left);
            c = c.right;
            break;
        }
      }
    };
    const turnAction = (t: TurnAction) => {
      if (t.kind !== 'disengage' && t.kind !== 'retreat') target(t.target);
    };
    const actions = (list: readonly Action[]): void => {
      for (const a of list) {
        if (a.kind === 'turn') a.turn.forEach(turnAction);
        else if (a.kind === 'if') {
          condition(a.condition);
          actions(a.then);
          actions(a.otherwise);
        } else {
          condition(a.condition);
          actions(a.body);
        }
      }
    };
    return { condition, actions };
  };
  for (const ai of e.ais) scope((m) => nameMsg.inAi(m, ai.name.value)).actions(ai.body);
  // (v2) OUTCOME conditions after every AI block, in file order.
  const outcome = scope(nameMsg.inOutcome);
  for (const rule of e.outcome) outcome.condition(rule.condition);
  return warnings;
}
