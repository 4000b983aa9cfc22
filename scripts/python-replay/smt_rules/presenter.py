"""The Spanish log of the course: every output line is worded here (presenter.ts)."""
from __future__ import annotations

from .catalogue import SkillDef
from .model import State, Team, Unit


# ---------------------------------------------------------------------------------------------------
# Words (presenter.ts): every output line is made here
# ---------------------------------------------------------------------------------------------------

SEPARATOR = '-' * 40
INVALID_TEAM_FILE = 'Archivo de equipos inválido'
VERB = {
    'Phys': 'ataca a', 'Gun': 'dispara a', 'Fire': 'lanza fuego a', 'Ice': 'lanza hielo a',
    'Elec': 'lanza electricidad a', 'Force': 'lanza viento a', 'Almighty': 'lanza un ataque todo poderoso a',
    'Light': 'ataca con luz a', 'Dark': 'ataca con oscuridad a',
}
AILMENT_NOUN = {'Poison': 'veneno', 'Sleep': 'sueño', 'Panic': 'pánico', 'Bind': 'atadura', 'Sick': 'enfermedad'}
AILMENT_STATE = {'Poison': 'envenenado', 'Sleep': 'dormido', 'Panic': 'en pánico', 'Bind': 'atado', 'Sick': 'enfermo'}
AFFLICTED = {'Poison': 'ha sido envenenado', 'Sleep': 'se ha dormido', 'Panic': 'ha entrado en pánico',
             'Bind': 'ha sido atado', 'Sick': 'ha enfermado'}
FAMILY_WORDS = {'physical': 'ataques físicos o disparos', 'magic': 'ataques mágicos'}
ACTION_WORDS = {'attack': 'Atacar', 'shoot': 'Disparar', 'skill': 'Usar Habilidad', 'summon': 'Invocar',
                'pass': 'Pasar Turno', 'surrender': 'Rendirse'}
SLOT_LETTERS = 'ABCD'


def say_strike(attacker: Unit, target: Unit, element: str) -> str:
    return f'{attacker.name} {VERB[element]} {target.name}'


def say_weak(target: Unit, attacker: Unit) -> str:
    return f'{target.name} es débil contra el ataque de {attacker.name}'


def say_resist(target: Unit, attacker: Unit) -> str:
    return f'{target.name} es resistente el ataque de {attacker.name}'


def say_block(target: Unit, attacker: Unit) -> str:
    return f'{target.name} bloquea el ataque de {attacker.name}'


def say_damage(target: Unit, amount: int) -> str:
    return f'{target.name} recibe {amount} de daño'


def say_killed(target: Unit) -> str:
    return f'{target.name} ha sido eliminado'


def say_missed(attacker: Unit) -> str:
    return f'{attacker.name} ha fallado el ataque'


def say_repel_kill(target: Unit, attacker: Unit) -> str:
    return f'{target.name} devuelve el ataque a {attacker.name} y lo elimina'


def say_hp_after(unit: Unit) -> str:
    return f'{unit.name} termina con HP:{unit.hp}/{unit.max_hp}'


def say_mp_after(unit: Unit) -> str:
    return f'{unit.name} termina con MP:{unit.mp}/{unit.max_mp}'


def say_hp_gained(target: Unit, amount: int) -> str:
    return f'{target.name} recibe {amount} de HP'


def say_grade(unit: Unit, stat: str, up: bool) -> str:
    what = 'El ataque' if stat == 'attack' else 'La defensa'
    return f'{what} de {unit.name} ha {"aumentado" if up else "disminuido"}'


def say_recovered(unit: Unit, ailment: str) -> str:
    return f'{unit.name} ya no está {AILMENT_STATE[ailment]}'


def say_ailment_cast(attacker: Unit, target: Unit, ailment: str) -> str:
    return f'{attacker.name} lanza {AILMENT_NOUN[ailment]} a {target.name}'


def say_afflicted(target: Unit, ailment: str) -> str:
    return f'{target.name} {AFFLICTED[ailment]}'


def unit_status(u: Unit) -> str:
    return f'{u.name} HP:{u.hp}/{u.max_hp} MP:{u.mp}/{u.max_mp}'


def file_menu(files: list[str]) -> list[str]:
    return ['Elige un archivo para cargar los equipos', *(f'{i}: {f}' for i, f in enumerate(files))]


def round_header(team: Team) -> str:
    return f'Ronda de {team.samurai.name} ({team.label})'


def push_status(out: list[str], state: State) -> None:
    """Board, turn counters and Orden: what precedes every action menu that starts a new action."""
    for team in state.teams:
        out.append(f'Equipo de {team.samurai.name} ({team.label})')
        for i, u in enumerate(team.board):
            out.append(f'{SLOT_LETTERS[i]}-' if u is None else f'{SLOT_LETTERS[i]}-{unit_status(u)}')
    out += [SEPARATOR, f'Full Turns: {state.full}', f'Blinking Turns: {state.blinking}', SEPARATOR, 'Orden:']
    out += [f'{i + 1}-{u.name}' for i, u in enumerate(state.order)]
    out.append(SEPARATOR)


def action_menu(unit: Unit, actions: tuple) -> list[str]:
    return [f'Seleccione una acción para {unit.name}', *(f'{i + 1}: {ACTION_WORDS[a]}' for i, a in enumerate(actions))]


def with_cancel(header: str, options: list[str]) -> list[str]:
    return [header, *(f'{i + 1}-{o}' for i, o in enumerate(options)), f'{len(options) + 1}-Cancelar']


def target_menu(unit: Unit, targets: list[Unit]) -> list[str]:
    return with_cancel(f'Seleccione un objetivo para {unit.name}', [unit_status(t) for t in targets])


def skill_menu(unit: Unit, skills: list[SkillDef]) -> list[str]:
    return with_cancel(f'Seleccione una habilidad para que {unit.name} use', [f'{s.name} MP:{s.cost}' for s in skills])


def monster_menu(options: list[Unit]) -> list[str]:
    return with_cancel('Seleccione un monstruo para invocar', [unit_status(u) for u in options])


def position_menu(slots: list[Unit | None]) -> list[str]:
    return with_cancel('Seleccione una posición para invocar',
                       [f'{"Vacío" if u is None else unit_status(u)} (Puesto {i + 2})' for i, u in enumerate(slots)])


def turn_report(full: int, blinking: int, gained: int) -> list[str]:
    return [f'Se han consumido {full} Full Turn(s) y {blinking} Blinking Turn(s)',
            f'Se han obtenido {gained} Blinking Turn(s)']


def winner_line(team: Team) -> str:
    return f'Ganador: {team.samurai.name} ({team.label})'


def range_words(lo: int, hi: int) -> str:
    return f'a number from {lo} to {hi}'
