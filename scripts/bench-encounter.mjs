// The Clairvoyance AI benchmark's encounter: a 100x100 board with wall segments and 50 mobs in two teams
// (melee brutes that approach and full-attack, archers that need line of sight, skirmishers that hit and run).
// HP is high so the battle lasts the whole run.
export function aiBenchEncounter() {
  const obstacles = [];
  for (let k = 0; k < 40; k++) {
    const c = (k * 37) % 60 + 15;
    const r = (k * 53) % 90 + 5;
    obstacles.push(k % 2 === 0 ? `(${c}-${c + 6}, ${r})` : `(${c}, ${r}-${r + 6})`);
  }
  const cell = (i, side) => `(${side === 0 ? 2 + (i % 5) * 3 : 97 - (i % 5) * 3}, ${10 + Math.floor(i / 5) * 16 + (i % 2)})`;
  const team = (name, side) => {
    const coords = Array.from({ length: 25 }, (_, i) => cell(i, side));
    return `TEAM ${name} { Brute, Smash x9 : ${coords.slice(0, 9).join(', ')}; Archer, Shoot x8 : ${coords.slice(9, 17).join(', ')}; Skirm, Harass x8 : ${coords.slice(17).join(', ')}; }`;
  };
  return [
    `MAP { Layout: Rectangle 100, 100; Obstacles: ${obstacles.join(', ')}; }`,
    'UNIT Brute { HP: 2000; Initiative: +2; Speed: 6; AC: 14; Attack: Melee +4 1d8+2; Full Attack: Melee +4 1d8+2, Melee -1 1d6; }',
    'UNIT Archer { HP: 2000; Initiative: +4; Speed: 5; AC: 13; Attack: Ranged(12) +5 1d8; Full Attack: Ranged(12) +5 1d8, Ranged(12) +0 1d8; }',
    'UNIT Skirm { HP: 2000; Initiative: +6; Speed: 8; AC: 15; Attack: Melee +3 1d6; Full Attack: Melee +3 1d6; }',
    'AI Smash { while enemy count > 0 { if enemy in range (Melee) then { Full Attack closest enemy; } else { Approach closest enemy; } } }',
    'AI Shoot { while enemy count > 0 { Attack closest enemy; } }',
    'AI Harass { while enemy count > 0 { if enemy in range (Melee) then { Attack closest enemy - Disengage; } else { Approach closest enemy; } } }',
    team('North', 0),
    team('South', 1),
  ].join('\n') + '\n';
}
