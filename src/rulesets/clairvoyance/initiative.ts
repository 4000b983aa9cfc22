/**
 * Initiative (spec 6): order(L) rolls d20 + Initiative for each unit of L in L's order, sorts by total
 * descending (tied units in reverse L order: a stable ascending sort, reversed), and resolves each run of
 * equal totals by ordering it again, re-rolling only among the tied units, one run completely before the
 * next rolls. With forced dice a re-roll would tie again forever, so a tied run is put in ascending index
 * order instead, with no draw (D15).
 */
import type { Dice } from './dice.js';
import type { ClvEvent } from './events.js';
import type { UnitSpec } from './model.js';

export function initiativeOrder(units: readonly UnitSpec[], dice: Dice, report: (e: ClvEvent) => void): number[] {
  const order = (list: readonly number[]): number[] => {
    if (list.length <= 1) return [...list];
    const rolled = list.map((index) => {
      const d20 = dice.die(20);
      const total = d20 + units[index]!.initiative;
      report({ kind: 'initiative', unit: index, d20, total });
      return { index, total };
    });
    rolled.sort((a, b) => a.total - b.total);
    rolled.reverse();
    const out: number[] = [];
    for (let i = 0; i < rolled.length; ) {
      let j = i;
      while (j < rolled.length && rolled[j]!.total === rolled[i]!.total) j++;
      const run = rolled.slice(i, j).map((r) => r.index);
      if (run.length === 1) out.push(run[0]!);
      else if (dice.forced) out.push(...run.sort((a, b) => a - b));
      else out.push(...order(run));
      i = j;
    }
    return out;
  };
  return order(units.map((u) => u.index));
}
