/**
 * The Spanish log of the course, line by line: the only place that turns SMT's events into text. Rules
 * decide what happened and which options exist; this module alone decides the words, the numbering and
 * the separators. Templates are numbered as in RULES-FROM-TRANSCRIPTS.md (T01–T74) and smt-extensions.md
 * (N01–N17).
 */
import type { AilmentKind, AttackElement } from './catalogue.js';
import type { ActionEvent, ActionId, MenuEvent, SmtEvent, UnitStats } from './events.js';
import { cancelChoice } from './menus.js';

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

/** One line of an action's result block. */
function eventLine(e: ActionEvent): string {
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

// ---- The log of a choice ----

/**
 * The course's log is blocks between separator lines: the menu with its answer, the round header, the
 * status board, an action's result lines, its turn report, the winner. So every block of a choice's log
 * opens with a separator, except the invalid-team line, which answers the file menu directly.
 */
export function present(events: readonly SmtEvent[]): string[] {
  const out: string[] = [];
  let inResults = false;
  for (const e of events) {
    switch (e.kind) {
      case 'fileMenu':
      case 'actionMenu':
      case 'skillMenu':
      case 'targetMenu':
      case 'monsterMenu':
      case 'positionMenu':
        out.push(SEPARATOR);
        pushMenu(out, e);
        break;
      case 'invalidTeams':
        out.push('Archivo de equipos inválido');
        break;
      case 'round':
        out.push(SEPARATOR, `Ronda de ${e.samurai} (${e.player})`);
        break;
      case 'status':
        out.push(SEPARATOR);
        for (const team of e.teams) {
          out.push(`Equipo de ${team.samurai} (${team.player})`);
          for (let i = 0; i < team.board.length; i++) {
            const u = team.board[i]!;
            out.push(u === null ? `${SLOT_LETTERS[i]}-` : `${SLOT_LETTERS[i]}-${unitStatus(u)}`);
          }
        }
        out.push(SEPARATOR, `Full Turns: ${e.full}`, `Blinking Turns: ${e.blinking}`, SEPARATOR, 'Orden:');
        for (let i = 0; i < e.order.length; i++) out.push(`${i + 1}-${e.order[i]!}`);
        break;
      case 'turnsUsed':
        out.push(
          SEPARATOR,
          `Se han consumido ${e.full} Full Turn(s) y ${e.blinking} Blinking Turn(s)`,
          `Se han obtenido ${e.gained} Blinking Turn(s)`,
        );
        break;
      case 'winner':
        out.push(SEPARATOR, `Ganador: ${e.samurai} (${e.player})`);
        break;
      default:
        // An action's result lines form one block.
        if (!inResults) out.push(SEPARATOR);
        out.push(eventLine(e));
        inResults = true;
        continue;
    }
    inResults = false;
  }
  return out;
}

/** A menu on its own: the log's opening, and the menu printed again after a rejected line. */
export function menuLines(menu: MenuEvent): string[] {
  const out: string[] = [];
  pushMenu(out, menu);
  return out;
}

// ---- Menus and the status board ----

const SEPARATOR = '-'.repeat(40);
const SLOT_LETTERS = ['A', 'B', 'C', 'D'];

const unitStatus = (u: UnitStats) => `${u.name} HP:${u.hp}/${u.maxHp} MP:${u.mp}/${u.maxMp}`;

const ACTION_WORDS: Record<ActionId, string> = {
  attack: 'Atacar',
  shoot: 'Disparar',
  skill: 'Usar Habilidad',
  summon: 'Invocar',
  pass: 'Pasar Turno',
  surrender: 'Rendirse',
};

function pushMenu(out: string[], menu: MenuEvent): void {
  switch (menu.kind) {
    case 'fileMenu':
      out.push('Elige un archivo para cargar los equipos');
      menu.files.forEach((f, i) => out.push(`${i}: ${f}`));
      return;
    case 'actionMenu':
      out.push(`Seleccione una acción para ${menu.unit}`);
      menu.actions.forEach((a, i) => out.push(`${i + 1}: ${ACTION_WORDS[a]}`));
      return;
    case 'skillMenu':
      return pushWithCancel(out, `Seleccione una habilidad para que ${menu.unit} use`, menu.skills.map((s) => `${s.name} MP:${s.cost}`));
    case 'targetMenu':
      return pushWithCancel(out, `Seleccione un objetivo para ${menu.unit}`, menu.targets.map(unitStatus));
    case 'monsterMenu':
      return pushWithCancel(out, 'Seleccione un monstruo para invocar', menu.options.map(unitStatus));
    case 'positionMenu':
      // Slots B–D as "Puesto 2..4"; an empty slot reads "Vacío".
      return pushWithCancel(
        out,
        'Seleccione una posición para invocar',
        menu.slots.map((u, i) => `${u === null ? 'Vacío' : unitStatus(u)} (Puesto ${i + 2})`),
      );
  }
}

function pushWithCancel(out: string[], header: string, options: readonly string[]): void {
  out.push(header);
  options.forEach((o, i) => out.push(`${i + 1}-${o}`));
  out.push(`${cancelChoice(options.length)}-Cancelar`);
}
