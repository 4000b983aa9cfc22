/**
 * The legal commands of the pending prompt (§17.3 `legalCommands`): candidate lines built from the state,
 * kept when the battle's own check accepts them. Referee commands are left out (random play stays a game).
 */
import type { Character } from './model.js';
import { REACTION_CLASSES } from './model.js';
import { type State, topFrame } from './state.js';
import { ring } from './grid.js';

export function legalCommands(characters: readonly Character[], s: State, accepts: (line: string) => boolean): string[] {
  const candidates: string[] = [];
  const ids = characters.map((ch) => ch.id);
  const inCombat = s.fighters.map((f) => f.id);
  const active = s.fighters.filter((f) => f.state === 'active').map((f) => f.id);
  const outside = ids.filter((id) => !inCombat.includes(id));
  const sheet = (id: string) => characters.find((ch) => ch.id === id)!;
  const joins = () => {
    for (const id of outside) {
      for (const k of sheet(id).skills) if (k.cls === 'join') candidates.push(`join ${id} A ${k.name}`, `join ${id} B ${k.name}`);
    }
  };
  const uses = (who: readonly string[]) => {
    for (const id of who) {
      for (const k of sheet(id).skills) {
        if (k.cls !== 'offensive' && k.cls !== 'supplementary') continue;
        candidates.push(`use ${id} ${k.name}`);
        for (const t of active) candidates.push(`use ${id} ${k.name} on ${t}`);
        if (active.length > 1) candidates.push(`use ${id} ${k.name} on ${active.filter((t) => t !== id).join(' ')}`);
      }
    }
  };
  switch (s.phase) {
    case 'SETUP':
      for (const x of ids) for (const y of ids) if (x !== y) candidates.push(`start challenge ${x} ${y}`);
      for (const x of ids) {
        for (const k of sheet(x).skills) if (k.cls === 'offensive') for (const y of ids) candidates.push(`start attack ${x} ${k.name} on ${y}`);
      }
      break;
    case 'PREP':
      candidates.push('begin');
      for (const id of active) candidates.push(`equip ${id} gear`, `yield ${id}`);
      uses(active);
      joins();
      break;
    case 'TURN': {
      const actor = topFrame(s)!.actor;
      candidates.push(`pass ${actor}`, `flee ${actor}`);
      uses([actor]);
      for (const id of active) {
        candidates.push(`yield ${id}`);
        for (const k of sheet(id).skills) if (k.cls === 'interference') candidates.push(`interfere ${id} ${k.name}`);
      }
      joins();
      break;
    }
    case 'WINDOW':
    case 'SUB':
      for (const t of active) {
        candidates.push(`take ${t}`);
        for (const k of sheet(t).skills) {
          if (!REACTION_CLASSES.includes(k.cls)) continue;
          candidates.push(`react ${t} ${k.name}`);
          for (const other of active) if (other !== t) candidates.push(`react ${t} ${k.name} for ${other}`);
          // v2: with positions an evasion names its destination; the fewest steps are rarely more than two (D70)
          const at = s.grid && k.cls === 'evasion' && Object.hasOwn(s.cells, t) ? s.cells[t] : undefined;
          if (at !== undefined) for (const p of [...ring(at, 1), ...ring(at, 2)]) candidates.push(`react ${t} ${k.name} to ${p.x} ${p.y}`);
        }
      }
      if (s.phase === 'WINDOW') joins();
      break;
    case 'OVER':
      return [];
  }
  return candidates.filter(accepts);
}
