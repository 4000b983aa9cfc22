/**
 * Random Clairvoyance encounters for property tests, from one integer seed (a small LCG, so a failing
 * seed is easy to replay). Every generated file is valid: walls only on a Rectangle board's obstacles,
 * units on distinct free cells, 2 or 3 teams. The text uses the whole grammar, aliases included
 * (`FullAttack`, `× N`, `x N`, Outline steps without `-`), with comments and odd spacing.
 */

export class Lcg {
  private state: number;
  constructor(seed: number) {
    this.state = (seed >>> 0) ^ 0x9e3779b9;
  }
  next(): number {
    this.state = (Math.imul(this.state, 1664525) + 1013904223) >>> 0;
    return this.state;
  }
  int(lo: number, hi: number): number {
    return lo + (this.next() % (hi - lo + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  chance(p: number): boolean {
    return this.next() / 0x100000000 < p;
  }
}

const sp = (r: Lcg) => r.pick([' ', ' ', '  ', '\t', '\n ', ' // note\n']);

export interface Generated {
  readonly text: string;
  readonly teams: readonly string[];
}

/**
 * A random encounter; `v2` mixes in version 2's syntax (player HP and AC, most/least injured and random
 * targets, hp conditions, Retreat, an OUTCOME block). Without it the draws are version 1's, unchanged.
 */
export function randomEncounter(seed: number, v2 = false): Generated {
  const r = new Lcg(seed);
  const width = r.int(2, 9);
  const height = r.int(2, 7);
  const walls = new Set<string>();
  const obstacles: string[] = [];
  let layout: string;
  if (r.chance(0.3)) {
    // A rectangle drawn as an outline: board (width+2) x (height+2) with a frame; interior cells 1..width.
    const join = r.chance(0.5) ? ' - ' : ' ';
    layout = `Outline ${width - 1}R${join}${height - 1}D${join}${width - 1}L${join}${height - 1}U`;
  } else {
    layout = `Rectangle ${width}, ${height}`;
    for (let k = r.int(0, 3); k > 0; k--) {
      const c = r.int(0, width - 1);
      const row = r.int(0, height - 1);
      const c2 = Math.min(width - 1, c + r.int(0, 1));
      obstacles.push(c2 === c ? `(${c}, ${row})` : `(${c}-${c2}, ${row})`);
      for (let x = c; x <= c2; x++) walls.add(`${x},${row}`);
    }
  }
  const mobs = ['Orc', 'Gob', 'Archer'];
  const players = ['Hero', 'Mage'];
  const entry = () => {
    const range = r.chance(0.6) ? 'Melee' : `Ranged(${r.int(0, 6)})`;
    const mod = r.pick(['', ' +2', ' -1', ' + 0', '+3']);
    const dice = r.pick(['1d6', '2 d 4', '0d6', '1d1', '3d8']);
    const dmod = r.pick(['', '+1', ' - 2', '+0']);
    return `${range}${mod} ${dice}${dmod}`;
  };
  const units: string[] = [];
  const playerStats = () => {
    if (!v2) return '';
    const stats = [...(r.chance(0.6) ? [`HP: ${r.int(1, 15)}`] : []), ...(r.chance(0.6) ? [`AC: ${r.int(-1, 18)}`] : [])];
    if (stats.length === 2 && r.chance(0.5)) stats.reverse();
    return stats.map((s) => `;${sp(r)}${s}`).join('');
  };
  for (const p of players) units.push(`PLAYER ${p} {${sp(r)}Initiative:${sp(r)}${r.pick(['+', '-'])}${r.int(0, 9)}${playerStats()} }`);
  for (const m of mobs) {
    const stats = [
      `HP: ${r.int(1, 12)}`,
      `Initiative: ${r.pick(['+', '-'])}${r.int(0, 6)}`,
      `Speed: ${r.int(0, 5)}`,
      `AC: ${r.int(-2, 20)}`,
      `Attack: ${entry()}`,
      `${r.chance(0.3) ? 'FullAttack' : 'Full Attack'}: ${entry()}${r.chance(0.5) ? `, ${entry()}` : ''}`,
    ];
    for (let i = stats.length - 1; i > 0; i--) {
      const j = r.int(0, i);
      [stats[i], stats[j]] = [stats[j]!, stats[i]!];
    }
    units.push(`UNIT ${m} { ${stats.map((s) => `${s};`).join(sp(r))} }`);
  }
  const teamNames = ['Good', 'Bad', 'Ugly'].slice(0, r.int(2, 3));
  const desc = () => r.pick(['ally', 'enemy', ...teamNames, `${r.pick(teamNames)}:${r.pick([...mobs, ...players])}`]);
  const triple = () => `${r.pick(teamNames)}:${r.pick([...mobs, ...players])}:${r.int(1, 2)}`;
  const target = (): string =>
    r.pick(['self', `closest ${desc()}`, `furthest ${desc()}`, `last ${desc()}`, triple(), ...(v2 ? [`most injured ${desc()}`, `least injured ${desc()}`, `random ${desc()}`, `random ${desc()}`] : [])]);
  const hp = () => `hp ${r.pick(['below', 'above'])} ${r.int(0, 100)}${r.chance(0.5) ? '%' : ''}`;
  const range = (depth = 0): string =>
    depth < 2 && r.chance(0.3) ? `${range(depth + 1)} ${r.pick(['+', '*'])} ${r.int(0, 3)}` : r.pick(['1', '3', 'Melee', 'Attack', 'Full Attack', 'Speed', '( 2 + Speed )']);
  const cmp = () => `${r.pick(['>', '> =', '<', '<=', '=', '! ='])} ${r.pick(['0', '1', '2', '-1'])}`;
  const condition = (depth = 0): string => {
    if (depth < 2 && r.chance(0.25)) return `${condition(depth + 1)} ${r.pick(['and', 'or'])} ${condition(depth + 1)}`;
    if (depth < 2 && r.chance(0.15)) return `not ${condition(depth + 1)}`;
    if (depth < 2 && r.chance(0.1)) return `( ${condition(depth + 1)} )`;
    return r.pick([
      `${desc()} count ${cmp()}`,
      `${desc()} in range (${range()})`,
      `${desc()} count in range (${range()}) ${cmp()}`,
      `${r.pick(teamNames)}:${r.pick(mobs)}:1 in range (${range()})`,
      `total turn count ${cmp()}`,
      ...(v2 ? [`self ${hp()}`, `self ${hp()}`, `${triple()} ${hp()}`] : []),
    ]);
  };
  const move = () => (v2 && r.chance(0.05) ? 'Retreat' : r.chance(0.6) ? `Approach ${target()}` : 'Disengage');
  const std = () => `Attack ${target()}`;
  const turn = () => r.pick(['Pass', move(), std(), `Full Attack ${target()}`, `${move()} - ${move()}`, `${move()} - ${std()}`, `${std()} - ${move()}`]);
  const actions = (depth: number): string => {
    const out: string[] = [];
    for (let k = r.int(1, 3); k > 0; k--) {
      if (depth < 2 && r.chance(0.2)) out.push(`if ${condition()} then { ${actions(depth + 1)} } else { ${actions(depth + 1)} }`);
      else if (depth < 2 && r.chance(0.15)) out.push(`while ${condition()} { ${actions(depth + 1)} }`);
      else out.push(`${turn()};`);
    }
    return out.join(sp(r));
  };
  const ais = ['Brain', 'Coward'].map((name) => `AI ${name} { ${actions(0)} }`);
  const free: [number, number][] = [];
  for (let row = 0; row < height; row++) for (let c = 0; c < width; c++) if (!walls.has(`${c},${row}`)) free.push([c, row]);
  for (let i = free.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  const teams: string[] = [];
  for (const t of teamNames) {
    const members: string[] = [];
    for (let k = r.int(1, 2); k > 0 && free.length > 0; k--) {
      const n = Math.min(free.length, r.int(1, 2));
      const coords = free.splice(0, n).map(([c, row]) => `(${c}, ${row})`);
      const mult = r.pick([`x${n}`, `× ${n}`, `x ${n}`]);
      const who = r.chance(0.35) ? r.pick(players) : `${r.pick(mobs)}, ${r.pick(['Brain', 'Coward'])}`;
      members.push(`${who} ${mult} : ${coords.join(', ')};`);
    }
    if (members.length === 0) break;
    teams.push(`TEAM ${t} { ${members.join(' ')} }`);
  }
  const gcondition = (depth = 0): string => {
    if (depth < 2 && r.chance(0.25)) return `${gcondition(depth + 1)} ${r.pick(['and', 'or'])} ${gcondition(depth + 1)}`;
    if (depth < 2 && r.chance(0.15)) return `not ${gcondition(depth + 1)}`;
    if (depth < 2 && r.chance(0.1)) return `( ${gcondition(depth + 1)} )`;
    return r.pick([`${r.pick(teamNames)} count ${cmp()}`, `${r.pick(teamNames)}:${r.pick([...mobs, ...players])} count ${cmp()}`, `total turn count > ${r.int(2, 9)}`, `${triple()} ${hp()}`]);
  };
  const outcome = v2 && teams.length > 0 && r.chance(0.5)
    ? [`OUTCOME { ${Array.from({ length: r.int(1, 2) }, () => `${r.pick(['win', 'lose'])} ${r.pick(teamNames.slice(0, teams.length))} when ${gcondition()};`).join(' ')} }`]
    : [];
  const text = [`// generated ${seed}`, `MAP { Layout: ${layout}; Obstacles: ${obstacles.join(', ')}; }`, ...units, ...ais, ...teams, ...outcome].join('\n') + '\n';
  return { text, teams: teamNames };
}
