/**
 * The Spanish log of the course, line by line. Rules decide what happened and which options exist; this
 * module alone decides the words, the numbering and the separators. Templates are numbered as in
 * RULES-FROM-TRANSCRIPTS.md (T01–T74) and smt-extensions.md (N01–N17).
 */
import type { AilmentKind, AttackElement, SkillDef } from './catalogue.js';
import type { SmtEvent } from './events.js';
import type { SmtState, Team, Unit } from './model.js';
import { cancelChoice, type ActionId } from './menus.js';
import type { TurnCost } from './press-turn.js';

export const SEPARATOR = '-'.repeat(40);

const VERB: Record<AttackElement, string> = {
  Phys: 'ataca a',
  Gun: 'dispara a',
  Fire: 'lanza fuego a',
  Ice: 'lanza hielo a',
  Elec: 'lanza electricidad a',
  Force: 'lanza viento a',
  Almighty: 'lanza un ataque todo poderoso a',
  Light: 'ataca con luz a',
  Dark: 'ataca con oscuridad a',
};

const AILMENT_NOUN: Record<AilmentKind, string> = { Poison: 'veneno', Sleep: 'sueño', Panic: 'pánico', Bind: 'atadura', Sick: 'enfermedad' };
const AILMENT_STATE: Record<AilmentKind, string> = { Poison: 'envenenado', Sleep: 'dormido', Panic: 'en pánico', Bind: 'atado', Sick: 'enfermo' };
const AFFLICTED: Record<AilmentKind, string> = {
  Poison: 'ha sido envenenado',
  Sleep: 'se ha dormido',
  Panic: 'ha entrado en pánico',
  Bind: 'ha sido atado',
  Sick: 'ha enfermado',
};

export function eventLine(e: SmtEvent): string {
  switch (e.kind) {
    case 'strike': return `${e.attacker} ${VERB[e.element]} ${e.target}`;
    case 'weak': return `${e.target} es débil contra el ataque de ${e.attacker}`;
    case 'resist': return `${e.target} es resistente el ataque de ${e.attacker}`;
    case 'block': return `${e.target} bloquea el ataque de ${e.attacker}`;
    case 'repel': return `${e.target} devuelve ${e.amount} daño a ${e.attacker}`;
    case 'absorb': return `${e.target} absorbe ${e.amount} daño`;
    case 'damage': return `${e.target} recibe ${e.amount} de daño`;
    case 'killed': return `${e.target} ha sido eliminado`;
    case 'missed': return `${e.attacker} ha fallado el ataque`;
    case 'repelKill': return `${e.target} devuelve el ataque a ${e.attacker} y lo elimina`;
    case 'drained': return `El ataque drena ${e.amount} ${e.stat} de ${e.target}`;
    case 'hpAfter': return `${e.unit} termina con HP:${e.hp}/${e.max}`;
    case 'mpAfter': return `${e.unit} termina con MP:${e.mp}/${e.max}`;
    case 'healed': return `${e.user} cura a ${e.target}`;
    case 'revived': return `${e.user} revive a ${e.target}`;
    case 'hpGained': return `${e.target} recibe ${e.amount} de HP`;
    case 'grade':
      return `${e.stat === 'attack' ? 'El ataque' : 'La defensa'} de ${e.unit} ha ${e.up ? 'aumentado' : 'disminuido'}`;
    case 'gradesCleared': return `Los ${e.which} de ${e.unit} han desaparecido`;
    case 'charged':
      return e.family === 'physical'
        ? `${e.unit} ha cargado su siguiente ataque físico o disparo a más del doble`
        : `${e.unit} ha cargado su siguiente ataque mágico a más del doble`;
    case 'karn':
      return e.family === 'physical'
        ? `${e.unit} devolverá ataques físicos o disparos por una ronda`
        : `${e.unit} devolverá ataques mágicos por una ronda`;
    // "siquiente" is the course's spelling, kept byte for byte.
    case 'tetraja': return `${e.unit} bloqueará el siquiente ataque de luz o de oscuridad que reciba`;
    case 'karnBroken':
      return e.family === 'physical'
        ? `Los reflectores de ataques físicos o disparos de ${e.unit} han sido neutralizados`
        : `Los reflectores de ataques mágicos de ${e.unit} han sido neutralizados`;
    case 'doped': return `El HP máximo de ${e.unit} ha aumentado en ${e.amount}`;
    case 'dopingMaxed': return `${e.unit} no puede aumentar más su HP máximo`;
    case 'summoned': return `${e.unit} ha sido invocado`;
    case 'surrendered': return `${e.samurai} (${e.player}) se rinde`;
    case 'ailmentCast': return `${e.attacker} lanza ${AILMENT_NOUN[e.ailment]} a ${e.target}`;
    case 'afflicted': return `${e.target} ${AFFLICTED[e.ailment]}`;
    case 'cannotAct': return `${e.unit} está ${AILMENT_STATE[e.ailment]} y no puede actuar`;
    case 'panicking': return `${e.unit} está en pánico`;
    case 'recovered': return `${e.unit} ya no está ${AILMENT_STATE[e.ailment]}`;
    case 'poisoned': return `${e.unit} recibe ${e.amount} de daño por veneno`;
    case 'ailmentReturned': return `${e.target} devuelve el ataque a ${e.attacker}`;
    case 'hpToOne': return `El HP de ${e.target} se ha reducido a 1`;
    case 'endured': return `${e.unit} sobrevive gracias a ${e.passive}`;
    case 'counter': return `${e.holder} contraataca a ${e.attacker}`;
  }
}

export function pushEvents(out: string[], events: readonly SmtEvent[]): void {
  for (const e of events) out.push(eventLine(e));
}

// ---- Menus and status blocks ----

export function fileMenu(files: readonly string[]): string[] {
  return ['Elige un archivo para cargar los equipos', ...files.map((f, i) => `${i}: ${f}`)];
}

export const INVALID_TEAM_FILE = 'Archivo de equipos inválido';

const unitStatus = (u: Unit) => `${u.name} HP:${u.hp}/${u.maxHp} MP:${u.mp}/${u.maxMp}`;
const SLOT_LETTERS = ['A', 'B', 'C', 'D'];

export function roundHeader(team: Team): string {
  return `Ronda de ${team.samurai.name} (${team.label})`;
}

/** Board, turn counters and Orden: what precedes every action menu that starts a new action. */
export function pushStatus(out: string[], state: SmtState): void {
  for (const team of state.teams) {
    out.push(`Equipo de ${team.samurai.name} (${team.label})`);
    team.board.forEach((u, i) => out.push(u === null ? `${SLOT_LETTERS[i]}-` : `${SLOT_LETTERS[i]}-${unitStatus(u)}`));
  }
  out.push(SEPARATOR, `Full Turns: ${state.full}`, `Blinking Turns: ${state.blinking}`, SEPARATOR, 'Orden:');
  state.order.forEach((u, i) => out.push(`${i + 1}-${u.name}`));
  out.push(SEPARATOR);
}

const ACTION_WORDS: Record<ActionId, string> = {
  attack: 'Atacar',
  shoot: 'Disparar',
  skill: 'Usar Habilidad',
  summon: 'Invocar',
  pass: 'Pasar Turno',
  surrender: 'Rendirse',
};

export function actionMenu(unit: Unit, actions: readonly ActionId[]): string[] {
  return [`Seleccione una acción para ${unit.name}`, ...actions.map((a, i) => `${i + 1}: ${ACTION_WORDS[a]}`)];
}

function withCancel(header: string, options: readonly string[]): string[] {
  return [header, ...options.map((o, i) => `${i + 1}-${o}`), `${cancelChoice(options.length)}-Cancelar`];
}

export function targetMenu(unit: Unit, targets: readonly Unit[]): string[] {
  return withCancel(`Seleccione un objetivo para ${unit.name}`, targets.map(unitStatus));
}

export function skillMenu(unit: Unit, skills: readonly SkillDef[]): string[] {
  return withCancel(`Seleccione una habilidad para que ${unit.name} use`, skills.map((s) => `${s.name} MP:${s.cost}`));
}

export function monsterMenu(options: readonly Unit[]): string[] {
  return withCancel('Seleccione un monstruo para invocar', options.map(unitStatus));
}

/** Slots B–D as "Puesto 2..4"; an empty slot reads "Vacío". */
export function positionMenu(slots: readonly (Unit | null)[]): string[] {
  return withCancel(
    'Seleccione una posición para invocar',
    slots.map((u, i) => `${u === null ? 'Vacío' : unitStatus(u)} (Puesto ${i + 2})`),
  );
}

export function turnReport(cost: TurnCost): string[] {
  return [`Se han consumido ${cost.full} Full Turn(s) y ${cost.blinking} Blinking Turn(s)`, `Se han obtenido ${cost.gained} Blinking Turn(s)`];
}

export function winnerLine(team: Team): string {
  return `Ganador: ${team.samurai.name} (${team.label})`;
}

export function rangeWords(lo: number, hi: number): string {
  return `a number from ${lo} to ${hi}`;
}
