#!/usr/bin/env python3
"""A plain Python replay of the SMT IV "Press Turn" rules, for benchmarking only.

What this is for: `npm run bench` compares the TypeScript CLI (`arbiter smt verify`) against "a plain
Python replay of the same rules". This file is that reference: a straightforward, single-process,
standard-library-only port of src/rulesets/smt/ (and of the transcript/session handling in src/core/).
It is not part of the product; the TypeScript engine is the specification, and this file follows it
module by module (section headers below name the TypeScript file each part comes from).

For each transcript it really replays the battle: it reads the `INPUT: x` lines, feeds them one by one to
a fresh battle with echo on, collects every output line, and compares with the transcript line by line.

Usage:
    python3 scripts/python-replay/smt_replay.py --data CATALOGUE_DIR SUITE-Tests [SUITE-Tests ...]

Each `<Suite>-Tests` folder holds transcripts (*.txt); the team files are in the sibling `<Suite>` folder.
Prints `N/M identical` on stdout; one line per differing transcript on stderr; exits 0 only if all match.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from dataclasses import dataclass, field

# ---------------------------------------------------------------------------------------------------
# Lines (src/core/lines.ts, transcript.ts)
# ---------------------------------------------------------------------------------------------------

BOM = '\ufeff'
INPUT_PREFIX = 'INPUT: '
# JavaScript's whitespace (String.prototype.trim, regex \s); Python's str.strip differs (\x1c-\x1f, \ufeff).
JS_SPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a' \
           '\u2028\u2029\u202f\u205f\u3000\ufeff'
LINE_TERMINATORS = '\n\r\u2028\u2029'


def js_trim(text: str) -> str:
    return text.strip(JS_SPACE)


def clean_line(line: str, first: bool) -> str:
    """Removes a trailing CR and, on the first line of a stream only, a leading BOM."""
    if first and line.startswith(BOM):
        line = line[1:]
    if line.endswith('\r'):
        line = line[:-1]
    return line


def split_lines(text: str) -> list[str]:
    """A whole text as lines: a final newline adds no empty line; an unterminated last line is kept."""
    if text == '':
        return []
    parts = text.split('\n')
    if parts[-1] == '':
        parts.pop()
    return [clean_line(p, i == 0) for i, p in enumerate(parts)]


def read_text(path: str) -> str:
    with open(path, 'rb') as f:
        return f.read().decode('utf-8', errors='replace')


class InternalError(Exception):
    pass


# ---------------------------------------------------------------------------------------------------
# Catalogue (catalogue.ts). The course catalogue is known to be valid; errors are reported plainly.
# ---------------------------------------------------------------------------------------------------

ELEMENTS = ('Phys', 'Gun', 'Fire', 'Ice', 'Elec', 'Force', 'Light', 'Dark')
AILMENTS = ('Bind', 'Sleep', 'Sick', 'Panic', 'Poison')
AFFINITY_BY_CODE = {'-': 'Neutral', 'Wk': 'Weak', 'Rs': 'Resist', 'Nu': 'Null', 'Rp': 'Repel', 'Dr': 'Drain'}
HITS = re.compile(r'-|[1-9][0-9]*|[1-9][0-9]*-[1-9][0-9]*')


class CatalogueError(Exception):
    pass


@dataclass(eq=False)
class SkillDef:
    name: str
    type: str
    cost: int
    power: float
    target: str
    hits_min: int
    hits_max: int
    effect: str
    kind: 'SkillKind | None' = None  # filled in once, right after loading (skill-kinds.ts kindOf)


@dataclass(eq=False)
class UnitDef:
    name: str
    is_samurai: bool
    stats: dict            # hp, mp, str, skl, mag, spd, lck
    affinity: dict         # element or ailment -> Neutral/Weak/Resist/Null/Repel/Drain
    skills: list           # monsters: catalogue skills in order; samurai: empty


@dataclass
class Catalogue:
    samurai: dict
    monsters: dict
    skills: dict


def _stats(raw: dict) -> dict:
    return {'hp': raw['HP'], 'mp': raw['MP'], 'str': raw['Str'], 'skl': raw['Skl'], 'mag': raw['Mag'],
            'spd': raw['Spd'], 'lck': raw['Lck']}


def _affinity(raw: dict) -> dict:
    return {key: AFFINITY_BY_CODE[raw[key]] for key in (*ELEMENTS, *AILMENTS)}


def load_catalogue(folder: str) -> Catalogue:
    def read(name: str):
        path = os.path.join(folder, name)
        try:
            return path, json.loads(read_text(path).lstrip(BOM))
        except (OSError, ValueError) as error:
            raise CatalogueError(f'{path}: cannot read catalogue file ({error})') from None

    skills: dict[str, SkillDef] = {}
    samurai: dict[str, UnitDef] = {}
    monsters: dict[str, UnitDef] = {}
    path, entries = read('skills.json')
    try:
        for raw in entries:
            if raw['name'] in skills or not HITS.fullmatch(raw['hits']):
                raise CatalogueError(f'{path}: bad skill entry "{raw["name"]}"')
            low, _, high = ('1' if raw['hits'] == '-' else raw['hits']).partition('-')
            skill = SkillDef(raw['name'], raw['type'], max(0, raw['cost']), raw['power'], raw['target'],
                             int(low), int(high or low), raw['effect'])
            skill.kind = skill_kind(skill)
            skills[skill.name] = skill
        path, entries = read('samurai.json')
        for raw in entries:
            samurai[raw['name']] = UnitDef(raw['name'], True, _stats(raw['stats']), _affinity(raw['affinity']), [])
        path, entries = read('monsters.json')
        for raw in entries:
            own = []
            for name in raw['skills']:
                if name not in skills:
                    raise CatalogueError(f'{path}: unknown skill "{name}" (not in skills.json)')
                own.append(skills[name])
            monsters[raw['name']] = UnitDef(raw['name'], False, _stats(raw['stats']), _affinity(raw['affinity']), own)
    except (KeyError, TypeError) as error:
        raise CatalogueError(f'{path}: does not follow the catalogue schema ({error!r})') from None
    return Catalogue(samurai, monsters, skills)


# ---------------------------------------------------------------------------------------------------
# Passives (passives.ts)
# ---------------------------------------------------------------------------------------------------

AFFINITY_RANK = {'Neutral': 0, 'Weak': 0, 'Resist': 1, 'Null': 2, 'Repel': 3, 'Drain': 4}
ELEMENT_WORDS = {'Phys': 'Phys', 'Gun': 'Gun', 'Fire': 'Fire', 'Ice': 'Ice', 'Elec': 'Elec', 'Electric': 'Elec',
                 'Force': 'Force', 'Light': 'Light', 'Dark': 'Dark'}
IMMUNITIES = {
    'Null Mind': ('Sleep', 'Panic'),
    'Null Nerve': ('Poison', 'Bind', 'Sick'),
    'Hellish Mask': ('Poison', 'Sleep', 'Panic', 'Bind', 'Sick'),
}
LESSONS = {'Speed Lesson': ('spd',), 'Haste Lesson': ('spd',), 'Awakening': ('str', 'skl', 'mag', 'spd', 'lck')}
GAINS = {'Life Bonus': 'hp', 'Life Gain': 'hp', 'Life Surge': 'hp', 'Mana Bonus': 'mp', 'Mana Gain': 'mp',
         'Mana Surge': 'mp'}
COUNTERS = {'Counter': 'self', 'Retaliate': 'self', 'Ally Counter': 'ally', 'Ally Retaliate': 'ally'}
AFFINITY_PASSIVE = re.compile(r'(Resist|Null|Repel|Drain) (Phys|Gun|Fire|Ice|Elec|Electric|Force|Light|Dark)')
PLEROMA = re.compile(r'(?:High )?(Phys|Gun|Fire|Ice|Elec|Force|Heal) Pleroma')
PENETRATE = re.compile(r'(Fire|Ice|Elec|Force) Penetrate')


def passive_family(skill: SkillDef) -> str | None:
    n = skill.name
    if AFFINITY_PASSIVE.fullmatch(n):
        return 'affinity'
    if n in IMMUNITIES:
        return 'ailment-immunity'
    if n in LESSONS:
        return 'lesson'
    if n in GAINS:
        return 'gain'
    if PLEROMA.fullmatch(n):
        return 'pleroma'
    if n in COUNTERS:
        return 'counter'
    if PENETRATE.fullmatch(n):
        return 'penetrate'
    if n in ('Endure', 'Enduring Soul'):
        return 'endure'
    return None


class Passives:
    """What a unit's passive skills add up to."""

    def __init__(self, skills: list[SkillDef]):
        self.affinity: dict[str, str] = {}
        self.stat_bonus = {'str': 0, 'skl': 0, 'mag': 0, 'spd': 0, 'lck': 0}
        self.hp_percent = self.mp_percent = self.heal_pleroma = 0
        self.pleroma: dict[str, float] = {}
        self.counter = self.ally_counter = 0
        self.penetrate: set[str] = set()
        self.endure = self.enduring_soul = False
        for skill in skills:
            if skill.type != 'Passive':
                continue
            n = skill.name
            match = AFFINITY_PASSIVE.fullmatch(n)
            if match:
                self._grant(ELEMENT_WORDS[match[2]], match[1])
            for ailment in IMMUNITIES.get(n, ()):
                self._grant(ailment, 'Null')
            for stat in LESSONS.get(n, ()):
                self.stat_bonus[stat] += skill.power
            if GAINS.get(n) == 'hp':
                self.hp_percent += skill.power
            if GAINS.get(n) == 'mp':
                self.mp_percent += skill.power
            pl = PLEROMA.fullmatch(n)
            if pl:
                if pl[1] == 'Heal':
                    self.heal_pleroma += skill.power
                else:
                    self.pleroma[pl[1]] = self.pleroma.get(pl[1], 0) + skill.power
            if COUNTERS.get(n) == 'self':
                self.counter = max(self.counter, skill.power)
            if COUNTERS.get(n) == 'ally':
                self.ally_counter = max(self.ally_counter, skill.power)
            pen = PENETRATE.fullmatch(n)
            if pen:
                self.penetrate.add(pen[1])
            if n == 'Endure':
                self.endure = True
            if n == 'Enduring Soul':
                self.enduring_soul = True

    def _grant(self, key: str, value: str) -> None:
        current = self.affinity.get(key)
        if current is None or AFFINITY_RANK[value] > AFFINITY_RANK[current]:
            self.affinity[key] = value


# ---------------------------------------------------------------------------------------------------
# Skill kinds (skill-kinds.ts): every catalogue skill mapped to the rule that carries it out
# ---------------------------------------------------------------------------------------------------

ALL_AILMENTS = ('Poison', 'Sleep', 'Panic', 'Bind', 'Sick')


@dataclass(frozen=True)
class Secondary:
    kind: str                      # grades | kill | ailment | deathsDoor
    effects: tuple = ()
    power: int = 0
    ailment: str | None = None


@dataclass(frozen=True)
class SkillKind:
    kind: str
    element: str | None = None
    secondary: Secondary | None = None
    bypass: bool = False
    hp: bool = False
    mp: bool = False
    cures: tuple = ()
    effects: tuple = ()
    ailment: str | None = None     # an ailment, or 'byHp'
    family: str | None = None
    reason: str = ''


SUPPORT = {
    'Tarukaja': ('attackUp',), 'Rakukaja': ('defenseUp',), 'Luster Candy': ('attackUp', 'defenseUp'),
    'Tarunda': ('attackDown',), 'Fog Breath': ('attackDown',), 'Rakunda': ('defenseDown',),
    'Acid Breath': ('defenseDown',), 'Debilitate': ('attackDown', 'defenseDown'),
    'War Cry': ('attackDown', 'defenseDown'), 'Taunt': ('attackUp', 'defenseDown'), 'Dekaja': ('clearBuffs',),
    'Dekunda': ('clearDebuffs',), 'Silent Prayer': ('clearBuffs', 'clearDebuffs'), 'Charge': ('charge',),
    'Dark Energy': ('charge',), 'Concentrate': ('concentrate',), 'Gather Spirit Energy': ('concentrate',),
    'Panic Caster': ('concentrate', 'panicSelf'), 'Blood Ritual': ('attackUp', 'defenseUp', 'hpToOne'),
    'Doping': ('doping',), 'Tetrakarn': ('tetrakarn',), 'Makarakarn': ('makarakarn',), 'Tetraja': ('tetraja',),
    'Tetrakowas': ('breakTetrakarn',), 'Makarakowas': ('breakMakarakarn',),
}
SECONDARY = {
    'Fang Breaker': Secondary('grades', effects=('attackDown',)),
    'Antichthon': Secondary('grades', effects=('attackDown', 'defenseDown')),
    'Cold World': Secondary('kill', power=10),
    'Occult Flash': Secondary('kill', power=20),
    "Death's Door": Secondary('deathsDoor'),
    **{name: Secondary('ailment', ailment='Sleep') for name in ('Dream Fist', 'Dream Needle')},
    **{name: Secondary('ailment', ailment='Panic') for name in
       ('Purple Smoke', 'Madness Needle', 'Crazed Star Dance', 'Charm Lightning', 'Cup of Babylon')},
    'Tetanus Cut': Secondary('ailment', ailment='Sick'),
    **{name: Secondary('ailment', ailment='Poison') for name in ('Blight', 'Poison Claw', 'Toxic Sting', 'Damnation')},
    **{name: Secondary('ailment', ailment='Bind') for name in ('Binding Claw', 'Stun Needle', 'Stun Needles')},
}
BYPASS = {"God's Fire", "God's Blizzard", "God's Lightning", "God's Tornado"}
DRAINS = {'Life Drain': (True, False), 'Spirit Drain': (False, True), 'Energy Drain': (True, True),
          'Serpent of Sheol': (True, True)}
HEALS = {
    **{name: SkillKind('heal') for name in ('Dia', 'Diarama', 'Diarahan', 'Media', 'Mediarama', 'Mediarahan')},
    'Salvation': SkillKind('heal', cures=ALL_AILMENTS),
    'Patra': SkillKind('cure', cures=('Sleep', 'Panic', 'Bind')),
    'Me Patra': SkillKind('cure', cures=('Sleep', 'Panic', 'Bind')),
    'Posumudi': SkillKind('cure', cures=('Poison', 'Sick')),
    'Amrita': SkillKind('cure', cures=ALL_AILMENTS),
    'Recarm': SkillKind('revive'), 'Samarecarm': SkillKind('revive'),
    'Recarmdra': SkillKind('recarmdra'), 'Invitation': SkillKind('invitation'),
}
SPECIAL = {'Sabbatma': SkillKind('sabbatma'), 'Bad Company': SkillKind('badCompany'), 'Trafuri': SkillKind('trafuri'),
           "Defender's Gaze": SkillKind('defendersGaze')}
AILMENT_SKILLS = {
    'Dormina': 'Sleep', 'Lullaby': 'Sleep', 'Poisma': 'Poison', 'Poison Breath': 'Poison',
    'Shibaboo': 'Bind', 'Bind Voice': 'Bind', 'Pulinpa': 'Panic', 'Panic Voice': 'Panic',
    'Coughing Fit': 'Sick', 'Pandemic Bomb': 'Sick',
    'Shivering Taboo': 'byHp', 'Announcement of Suffering': 'byHp',
}


def skill_kind(skill: SkillDef) -> SkillKind:
    n, t = skill.name, skill.type
    unsupported = SkillKind('unsupported', reason=f'no rule is known for the {t} skill "{n}"')
    if t in ('Phys', 'Gun', 'Fire', 'Ice', 'Elec', 'Force'):
        return SkillKind('damage', element=t, secondary=SECONDARY.get(n), bypass=n in BYPASS)
    if t == 'Almighty':
        if n in DRAINS:
            return SkillKind('drain', hp=DRAINS[n][0], mp=DRAINS[n][1])
        return SkillKind('damage', element='Almighty', secondary=SECONDARY.get(n))
    if t in ('Light', 'Dark'):
        return SkillKind('instakill', element=t)
    if t == 'Heal':
        return HEALS.get(n, unsupported)
    if t == 'Special':
        return SPECIAL.get(n, unsupported)
    if t == 'Support':
        return SkillKind('support', effects=SUPPORT[n]) if n in SUPPORT else unsupported
    if t == 'Ailment':
        return SkillKind('ailment', ailment=AILMENT_SKILLS[n]) if n in AILMENT_SKILLS else unsupported
    family = passive_family(skill)  # Passive
    return unsupported if family is None else SkillKind('passive', family=family)


# ---------------------------------------------------------------------------------------------------
# The battle state (model.ts)
# ---------------------------------------------------------------------------------------------------

BOARD_SLOTS = 4


class Unit:
    def __init__(self, d: UnitDef, player: int, skills: list[SkillDef]):
        self.d = d
        self.player = player
        self.skills = skills
        self.name = d.name
        self.is_samurai = d.is_samurai
        self.passives = p = Passives(skills)
        s = d.stats
        self.base_max_hp = s['hp'] + math.floor(s['hp'] * p.hp_percent / 100)
        self.max_mp = s['mp'] + math.floor(s['mp'] * p.mp_percent / 100)
        self.str = s['str'] + p.stat_bonus['str']
        self.skl = s['skl'] + p.stat_bonus['skl']
        self.mag = s['mag'] + p.stat_bonus['mag']
        self.spd = s['spd'] + p.stat_bonus['spd']
        self.lck = s['lck'] + p.stat_bonus['lck']
        self.max_hp = self.hp = self.base_max_hp
        self.mp = self.max_mp
        self.slot: int | None = None
        self.atk_grade = self.def_grade = 0
        self.charged = self.concentrated = False
        self.tetraja = self.tetrakarn = self.makarakarn = False
        self.doped = False
        self.ailment: str | None = None
        self.endure_used = self.enduring_soul_used = False

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def on_board(self) -> bool:
        return self.slot is not None


class Team:
    def __init__(self, index: int, setup: tuple):
        samurai_def, samurai_skills, monster_defs = setup
        self.index = index
        self.samurai = Unit(samurai_def, index, samurai_skills)
        self.monsters = [Unit(d, index, d.skills) for d in monster_defs]
        self.board: list[Unit | None] = [self.samurai, None, None, None]
        self.samurai.slot = 0
        self.k = 0  # skills used by this player (rules document 7.1)
        for i, m in enumerate(self.monsters[:BOARD_SLOTS - 1]):
            self.place(m, i + 1)

    @property
    def label(self) -> str:
        return f'J{self.index + 1}'

    def place(self, unit: Unit, slot: int) -> None:
        previous = self.board[slot]
        if previous is not None:
            previous.slot = None
        self.board[slot] = unit
        unit.slot = slot

    def vacate(self, unit: Unit) -> None:
        if unit.slot is not None:
            self.board[unit.slot] = None
        unit.slot = None

    def reserve(self) -> list[Unit]:
        return [m for m in self.monsters if m.slot is None]

    def living_reserve(self) -> list[Unit]:
        return [m for m in self.monsters if m.slot is None and m.alive]

    def living_on_board(self) -> list[Unit]:
        return [u for u in self.board if u is not None and u.alive]


class State:
    def __init__(self, setups):
        self.teams = (Team(0, setups[0]), Team(1, setups[1]))
        self.active = 0
        self.full = 0
        self.blinking = 0
        self.order: list[Unit] = []
        self.winner: int | None = None


def opponent_of(player: int) -> int:
    return 1 - player


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


# ---------------------------------------------------------------------------------------------------
# Damage arithmetic (damage.ts), affinity (affinity.ts), targeting (targeting.ts), Press Turn (press-turn.ts)
# ---------------------------------------------------------------------------------------------------

ATTACK_MODIFIER, SHOOT_MODIFIER, BASIC_FACTOR = 54, 80, 0.0114
CHARGE_FACTOR = 2.5
SICK_FACTOR = 0.75
OFFENSE = (0.625, 0.75, 0.875, 1, 1.25, 1.5, 1.75)   # grade -3..3
DEFENSE = (1.75, 1.5, 1.25, 1, 0.875, 0.75, 0.625)
AFFINITY_FACTOR = {'Weak': 1.5, 'Resist': 0.5, 'Neutral': 1}


def clamp_grade(grade: int) -> int:
    return max(-3, min(3, grade))


def hit_damage(base: float, factors: tuple, atk_grade: int, def_grade: int, affinity: str) -> int:
    charge, pleroma, sick = factors
    raw = base * charge * pleroma * sick * OFFENSE[atk_grade + 3] * DEFENSE[def_grade + 3] * AFFINITY_FACTOR[affinity]
    return max(0, math.floor(raw))


def reflected_amount(base: float, factors: tuple) -> int:
    """Sent back by Repel or absorbed by Drain: grades and affinity play no part."""
    charge, pleroma, sick = factors
    return max(0, math.floor(base * charge * pleroma * sick))


def heal_amount(max_hp: int, power: float, heal_pleroma: float) -> int:
    return math.floor(((max_hp * power) / 100) * (1 + heal_pleroma / 100))


def family_of(element: str) -> str:
    return 'physical' if element in ('Phys', 'Gun') else 'magic'


def innate_affinity(unit: Unit, key: str) -> str:
    return unit.passives.affinity.get(key) or unit.d.affinity[key]


def attack_affinity(target: Unit, element: str, bypass: bool = False) -> str:
    """Karns reflect first; Almighty is Neutral; passives replace the catalogue; bypass turns Rs/Nu/Dr Neutral."""
    if target.tetrakarn if family_of(element) == 'physical' else target.makarakarn:
        return 'Repel'
    if element == 'Almighty':
        return 'Neutral'
    affinity = innate_affinity(target, element)
    if bypass and affinity in ('Resist', 'Null', 'Drain'):
        return 'Neutral'
    return affinity


def hit_count(skill: SkillDef, k: int) -> int:
    return skill.hits_min + k % (skill.hits_max - skill.hits_min + 1)


def multi_walk(r: list[Unit], k: int, hits: int) -> list[Unit]:
    """Start at R[K mod |R|]; step up when that index is even, down when odd, wrapping around."""
    if not r:
        return []
    i = k % len(r)
    step = 1 if i % 2 == 0 else -1
    out = [r[i]]
    for _ in range(1, hits):
        i = (i + step) % len(r)
        out.append(r[i])
    return out


def party_targets(team: Team, user: Unit) -> list[Unit]:
    out = [u for u in team.living_on_board() if u is not user]
    if user.alive and user.on_board:
        out.append(user)
    return out


def universal_targets(own: Team, other: Team, user: Unit) -> list[Unit]:
    """Own board but the user, the rival board (dead samurai too), the user; then grouped by name."""
    units = [u for u in own.board if u is not None and u is not user] + [u for u in other.board if u is not None]
    units.append(user)
    groups: dict[str, list[Unit]] = {}
    for u in units:
        groups.setdefault(u.name, []).append(u)
    return [u for group in groups.values() for u in group]


def dead_allies(team: Team) -> list[Unit]:
    out = [] if team.samurai.alive else [team.samurai]
    return out + [m for m in team.reserve() if not m.alive]


def round_order(team: Team) -> list[Unit]:
    return sorted(team.living_on_board(), key=lambda u: (-u.spd, u.slot))


CLASS_PRIORITY = {'simple': 0, 'weak': 1, 'miss': 2, 'null': 3, 'all': 4}


def turn_cost(full: int, blinking: int, cls: str) -> tuple[int, int, int]:
    """Full and Blinking Turns consumed, and Blinking Turns gained, by an action of class `cls`."""
    if cls == 'all':
        return full, blinking, 0
    if cls == 'null':
        b = min(2, blinking)
        return min(2 - b, full), b, 0
    if cls in ('miss', 'simple'):
        return (0, 1, 0) if blinking > 0 else (min(1, full), 0, 0)
    if cls == 'weak':
        return (1, 0, 1) if full > 0 else (0, min(1, blinking), 0)
    # pass (Pasar Turno, Invocar)
    return (0, 1, 0) if blinking > 0 else (min(1, full), 0, 1 if full > 0 else 0)


# ---------------------------------------------------------------------------------------------------
# One action in progress (effects/context.ts) and life and death (life.ts)
# ---------------------------------------------------------------------------------------------------

class ActionContext:
    def __init__(self, state: State, user: Unit):
        self.state = state
        self.user = user
        self.own = state.teams[user.player]
        self.foe = state.teams[opponent_of(user.player)]
        self.events: list[str] = []
        self.cls = 'simple'
        self.bonus_blinking = 0
        # Phys/Gun damage per rival unit, in first-hit order, for counters.
        self.physical_damage: dict[Unit, int] = {}

    def raise_class(self, cls: str) -> None:
        if CLASS_PRIORITY[cls] > CLASS_PRIORITY[self.cls]:
            self.cls = cls


def die(unit: Unit) -> None:
    unit.hp = 0
    unit.atk_grade = unit.def_grade = 0
    unit.ailment = None
    if unit.doped:
        unit.doped = False
        unit.max_hp = unit.base_max_hp


def lethal(unit: Unit, events: list[str]) -> None:
    """A blow that would bring a living unit to 0 HP: Enduring Soul, then Endure, else death."""
    p = unit.passives
    if p.enduring_soul and not unit.enduring_soul_used:
        unit.enduring_soul_used = True
        unit.hp = unit.max_hp
        events.append(f'{unit.name} sobrevive gracias a Enduring Soul')
    elif p.endure and not unit.endure_used:
        unit.endure_used = True
        unit.hp = 1
        events.append(f'{unit.name} sobrevive gracias a Endure')
    else:
        die(unit)


def hurt(unit: Unit, amount: int, events: list[str]) -> None:
    if not unit.alive:
        return
    unit.hp = max(0, unit.hp - amount)
    if unit.hp == 0:
        lethal(unit, events)


def restore_hp(unit: Unit, amount: int) -> None:
    if unit.alive:
        unit.hp = min(unit.max_hp, unit.hp + amount)


# ---------------------------------------------------------------------------------------------------
# Attacks on the rival (effects/offense.ts, hits.ts, secondary.ts)
# ---------------------------------------------------------------------------------------------------

class Hit:
    """One hit's lines; hits are computed in visiting order and printed grouped by target."""

    def __init__(self, target: Unit):
        self.target = target
        self.slot = target.slot if target.slot is not None else 0
        self.events: list[str] = []
        self.sent_back = False      # something came back to the attacker
        self.main_repelled = False  # the target itself gets no `termina` line


def print_hits(ctx: ActionContext, hits: list[Hit]) -> None:
    by_target: dict[Unit, list[Hit]] = {}
    for hit in hits:
        by_target.setdefault(hit.target, []).append(hit)
    groups = sorted(by_target.values(), key=lambda g: g[0].slot)
    last_sent_back = -1
    for i, group in enumerate(groups):
        if any(h.sent_back for h in group):
            last_sent_back = i
    for i, group in enumerate(groups):
        for hit in group:
            ctx.events += hit.events
        if not all(h.main_repelled for h in group):
            ctx.events.append(say_hp_after(group[0].target))
        if i == last_sent_back:
            ctx.events.append(say_hp_after(ctx.user))


def attack_stat(user: Unit, element: str) -> int:
    return user.str if element == 'Phys' else user.skl if element == 'Gun' else user.mag


@dataclass
class DamageAttack:
    element: str
    base: float
    bypass: bool = False
    secondary: Secondary | None = None


def basic_attack(user: Unit, kind: str) -> DamageAttack:
    if kind == 'attack':
        return DamageAttack('Phys', user.str * ATTACK_MODIFIER * BASIC_FACTOR)
    return DamageAttack('Gun', user.skl * SHOOT_MODIFIER * BASIC_FACTOR)


def take_charge(user: Unit, element: str) -> float:
    """Charge (Phys/Gun) or Concentrate (the rest), used up by the first hit of a matching attack."""
    if element in ('Light', 'Dark'):
        return 1
    if family_of(element) == 'physical':
        if not user.charged:
            return 1
        user.charged = False
    else:
        if not user.concentrated:
            return 1
        user.concentrated = False
    return CHARGE_FACTOR


def attacker_factors(user: Unit, element: str, charge: float) -> tuple:
    pleroma = 0 if element in ('Almighty', 'Light', 'Dark') else user.passives.pleroma.get(element, 0)
    return charge, 1 + pleroma / 100, SICK_FACTOR if user.ailment == 'Sick' else 1


def wake_on_damage(target: Unit, events: list[str]) -> None:
    if target.alive and target.ailment == 'Sleep':
        target.ailment = None
        events.append(say_recovered(target, 'Sleep'))


def resolve_damage(ctx: ActionContext, attack: DamageAttack, visits: list[Unit]) -> None:
    user = ctx.user
    element = attack.element
    hits = []
    for index, target in enumerate(visits):
        hit = Hit(target)
        f = attacker_factors(user, element, take_charge(user, element) if index == 0 else 1)
        affinity = attack_affinity(target, element, attack.bypass)
        hit.events.append(say_strike(user, target, element))
        if affinity in ('Weak', 'Resist', 'Neutral'):
            if affinity == 'Weak':
                hit.events.append(say_weak(target, user))
            if affinity == 'Resist':
                hit.events.append(say_resist(target, user))
            amount = hit_damage(attack.base, f, user.atk_grade, target.def_grade, affinity)
            hit.events.append(say_damage(target, amount))
            hurt(target, amount, hit.events)
            wake_on_damage(target, hit.events)
            if family_of(element) == 'physical' and target.player != user.player:
                ctx.physical_damage[target] = ctx.physical_damage.get(target, 0) + amount
            cls = 'weak' if affinity == 'Weak' else 'simple'
        elif affinity == 'Null':
            hit.events.append(say_block(target, user))
            cls = 'null'
        elif affinity == 'Repel':
            amount = reflected_amount(attack.base, f)
            hit.events.append(f'{target.name} devuelve {amount} daño a {user.name}')
            hurt(user, amount, hit.events)
            hit.sent_back = hit.main_repelled = True
            cls = 'all'
        else:  # Drain
            amount = reflected_amount(attack.base, f)
            hit.events.append(f'{target.name} absorbe {amount} daño')
            restore_hp(target, amount)
            cls = 'all'
        ctx.raise_class(cls)
        if attack.secondary is not None:
            apply_secondary(ctx, hit, attack.secondary, affinity)
        hits.append(hit)
    print_hits(ctx, hits)


def resolve_instakill(ctx: ActionContext, element: str, power: float, targets: list[Unit]) -> None:
    """Light and Dark: kill by luck, or miss; Tetraja turns a kill into a miss."""
    user = ctx.user
    hits = []
    for target in targets:
        hit = Hit(target)
        affinity = attack_affinity(target, element)
        hit.events.append(say_strike(user, target, element))
        if affinity == 'Repel':
            hit.events.append(say_repel_kill(target, user))
            if user.alive:
                lethal(user, hit.events)
            hit.sent_back = hit.main_repelled = True
            ctx.raise_class('all')
        elif affinity in ('Null', 'Drain'):
            hit.events.append(say_block(target, user))
            ctx.raise_class('null')
        else:
            kills = (affinity == 'Weak'
                     or (affinity == 'Neutral' and user.lck + power >= target.lck)
                     or (affinity == 'Resist' and user.lck + power >= 2 * target.lck))
            if kills and target.tetraja:
                target.tetraja = False
                hit.events.append(say_missed(user))
                ctx.raise_class('miss')
            elif kills:
                if affinity == 'Weak':
                    hit.events.append(say_weak(target, user))
                if affinity == 'Resist':
                    hit.events.append(say_resist(target, user))
                hit.events.append(say_killed(target))
                if target.alive:
                    lethal(target, hit.events)
                ctx.raise_class('weak' if affinity == 'Weak' else 'simple')
            else:
                hit.events.append(say_missed(user))
                ctx.raise_class('miss')
        hits.append(hit)
    print_hits(ctx, hits)


def resolve_drain(ctx: ActionContext, power: float, drains_hp: bool, drains_mp: bool, targets: list[Unit]) -> None:
    """HP/MP drains: Almighty, never reflected, no grades; capped at what the target has."""
    user = ctx.user
    events = ctx.events
    for index, target in enumerate(targets):
        last = index == len(targets) - 1
        f = attacker_factors(user, 'Almighty', take_charge(user, 'Almighty') if index == 0 else 1)
        amount = reflected_amount(math.sqrt(user.mag * power), f)
        events.append(say_strike(user, target, 'Almighty'))
        if drains_hp:
            taken = min(amount, target.hp)
            events.append(f'El ataque drena {taken} HP de {target.name}')
            hurt(target, taken, events)
            if taken > 0:
                wake_on_damage(target, events)
            events.append(say_hp_after(target))
            restore_hp(user, taken)
            if last:
                events.append(say_hp_after(user))
        if drains_mp:
            taken = min(amount, target.mp)
            target.mp -= taken
            user.mp = min(user.max_mp, user.mp + taken)
            events.append(f'El ataque drena {taken} MP de {target.name}')
            events.append(say_mp_after(target))
            if last:
                events.append(say_mp_after(user))


def apply_secondary(ctx: ActionContext, hit: Hit, secondary: Secondary, main_affinity: str) -> None:
    """Null/Drain nullify it; Repel sends it back to a living attacker; otherwise it lands on a living target."""
    user, target, events = ctx.user, hit.target, hit.events
    if main_affinity in ('Null', 'Drain'):
        return
    if main_affinity == 'Repel':
        if not user.alive:
            return
        if secondary.kind == 'grades':
            for effect in secondary.effects:
                apply_support(user, effect, events)
        elif secondary.kind == 'kill':
            events.append(say_strike(user, target, 'Almighty'))
            events.append(say_repel_kill(target, user))
            lethal(user, events)
        elif secondary.kind == 'ailment':
            events.append(say_ailment_cast(user, target, secondary.ailment))
            events.append(f'{target.name} devuelve el ataque a {user.name}')
            afflict(user, secondary.ailment, events)
        else:  # deathsDoor
            set_to_one_if_sick(user, events)
        return
    if not target.alive:
        return
    if secondary.kind == 'grades':
        for effect in secondary.effects:
            apply_support(target, effect, events)
    elif secondary.kind == 'kill':
        events.append(say_strike(user, target, 'Almighty'))
        if attack_affinity(target, 'Almighty') == 'Repel':
            # Makarakarn covers Almighty: the kill comes back.
            events.append(say_repel_kill(target, user))
            if user.alive:
                lethal(user, events)
            hit.sent_back = True
            ctx.raise_class('all')
        elif user.lck + secondary.power >= target.lck:
            events.append(say_killed(target))
            lethal(target, events)
        else:
            events.append(say_missed(user))
            ctx.raise_class('miss')
    elif secondary.kind == 'ailment':
        ctx.raise_class(try_ailment(user, target, secondary.ailment, 0, events))
    else:  # deathsDoor
        set_to_one_if_sick(target, events)


def set_to_one_if_sick(unit: Unit, events: list[str]) -> None:
    if unit.alive and unit.ailment == 'Sick':
        unit.hp = 1
        events.append(f'El HP de {unit.name} se ha reducido a 1')


# ---------------------------------------------------------------------------------------------------
# Ailments (effects/ailments.ts)
# ---------------------------------------------------------------------------------------------------

BY_HP = ('Bind', 'Panic', 'Poison', 'Sick', 'Sleep')


def afflict(target: Unit, ailment: str, events: list[str]) -> None:
    target.ailment = ailment
    events.append(say_afflicted(target, ailment))


def try_ailment(attacker: Unit, target: Unit, ailment: str, power: float, events: list[str]) -> str:
    """One ailment attempt; returns the outcome's turn class."""
    events.append(say_ailment_cast(attacker, target, ailment))
    affinity = innate_affinity(target, ailment)
    if affinity in ('Null', 'Repel', 'Drain'):
        events.append(say_block(target, attacker))
        return 'null'
    if affinity == 'Weak':
        events.append(say_weak(target, attacker))
        afflict(target, ailment, events)
        return 'weak'
    if affinity == 'Neutral':
        if attacker.lck + power >= target.lck:
            afflict(target, ailment, events)
            return 'simple'
        events.append(say_missed(attacker))
        return 'miss'
    # Resist
    if attacker.lck + power >= 2 * target.lck:
        events.append(say_resist(target, attacker))
        afflict(target, ailment, events)
        return 'simple'
    events.append(say_missed(attacker))
    return 'miss'


def cure(target: Unit, cures: tuple, events: list[str]) -> None:
    if target.ailment is not None and target.ailment in cures:
        events.append(say_recovered(target, target.ailment))
        target.ailment = None


# ---------------------------------------------------------------------------------------------------
# Support (effects/support.ts)
# ---------------------------------------------------------------------------------------------------

DOPING_SHARE = 0.3


def apply_support(unit: Unit, effect: str, events: list[str]) -> None:
    name = unit.name
    if effect in ('attackUp', 'attackDown'):
        unit.atk_grade = clamp_grade(unit.atk_grade + (1 if effect == 'attackUp' else -1))
        events.append(say_grade(unit, 'attack', effect == 'attackUp'))
    elif effect in ('defenseUp', 'defenseDown'):
        unit.def_grade = clamp_grade(unit.def_grade + (1 if effect == 'defenseUp' else -1))
        events.append(say_grade(unit, 'defense', effect == 'defenseUp'))
    elif effect == 'clearBuffs':
        unit.atk_grade = min(0, unit.atk_grade)
        unit.def_grade = min(0, unit.def_grade)
        events.append(f'Los buffs de {name} han desaparecido')
    elif effect == 'clearDebuffs':
        unit.atk_grade = max(0, unit.atk_grade)
        unit.def_grade = max(0, unit.def_grade)
        events.append(f'Los debuffs de {name} han desaparecido')
    elif effect == 'charge':
        unit.charged = True
        events.append(f'{name} ha cargado su siguiente ataque físico o disparo a más del doble')
    elif effect == 'concentrate':
        unit.concentrated = True
        events.append(f'{name} ha cargado su siguiente ataque mágico a más del doble')
    elif effect == 'panicSelf':
        if innate_affinity(unit, 'Panic') != 'Null':
            afflict(unit, 'Panic', events)
    elif effect == 'hpToOne':
        unit.hp = 1
        events.append(say_hp_after(unit))
    elif effect == 'doping':
        if unit.doped:
            events.append(f'{name} no puede aumentar más su HP máximo')
        else:
            amount = math.floor(unit.max_hp * DOPING_SHARE)
            unit.doped = True
            unit.max_hp += amount
            events.append(f'El HP máximo de {name} ha aumentado en {amount}')
        events.append(say_hp_after(unit))
    elif effect == 'tetrakarn':
        unit.tetrakarn = True
        events.append(f'{name} devolverá {FAMILY_WORDS["physical"]} por una ronda')
    elif effect == 'makarakarn':
        unit.makarakarn = True
        events.append(f'{name} devolverá {FAMILY_WORDS["magic"]} por una ronda')
    elif effect == 'tetraja':
        # "siquiente" is the course's spelling, kept byte for byte.
        unit.tetraja = True
        events.append(f'{name} bloqueará el siquiente ataque de luz o de oscuridad que reciba')
    elif effect == 'breakTetrakarn':
        unit.tetrakarn = False
        events.append(f'Los reflectores de {FAMILY_WORDS["physical"]} de {name} han sido neutralizados')
    elif effect == 'breakMakarakarn':
        unit.makarakarn = False
        events.append(f'Los reflectores de {FAMILY_WORDS["magic"]} de {name} han sido neutralizados')
    else:
        raise InternalError(f'unknown support effect {effect}')


# ---------------------------------------------------------------------------------------------------
# Heal, revive and summons (effects/heal.ts, summon.ts)
# ---------------------------------------------------------------------------------------------------

def heal_for(user: Unit, target: Unit, power: float) -> int:
    return heal_amount(target.max_hp, power, user.passives.heal_pleroma)


def resolve_heal(ctx: ActionContext, power: float, cures: tuple, targets: list[Unit]) -> None:
    """`cura`, the nominal amount (even when it overheals), cures if any, then `termina`."""
    user = ctx.user
    for target in targets:
        amount = heal_for(user, target, power)
        ctx.events += [f'{user.name} cura a {target.name}', say_hp_gained(target, amount)]
        restore_hp(target, amount)
        cure(target, cures, ctx.events)
        ctx.events.append(say_hp_after(target))


def resolve_cure(ctx: ActionContext, cures: tuple, targets: list[Unit]) -> None:
    for target in targets:
        ctx.events.append(f'{ctx.user.name} cura a {target.name}')
        cure(target, cures, ctx.events)


def revive_unit(ctx: ActionContext, target: Unit, amount: int) -> None:
    """Brings a dead unit back; one on the acting player's board rejoins the end of the order."""
    ctx.events += [f'{ctx.user.name} revive a {target.name}', say_hp_gained(target, amount)]
    target.hp = min(target.max_hp, max(1, amount))
    ctx.events.append(say_hp_after(target))
    state = ctx.state
    if target.on_board and target.player == state.active and target not in state.order:
        state.order.append(target)


def resolve_recarmdra(ctx: ActionContext, power: float) -> None:
    """Heals or revives every own unit but the user (board, then reserve); then the user dies."""
    user = ctx.user
    team = ctx.own
    on_board = [u for u in team.board if u is not None and u is not user]
    for target in on_board + team.reserve():
        amount = heal_for(user, target, power)
        if target.alive:
            ctx.events += [f'{user.name} cura a {target.name}', say_hp_gained(target, amount)]
            restore_hp(target, amount)
            ctx.events.append(say_hp_after(target))
        else:
            revive_unit(ctx, target, amount)
    die(user)
    ctx.events.append(say_hp_after(user))


def place_summon(state: State, team: Team, incoming: Unit, slot: int) -> None:
    """The incoming monster takes the outgoing unit's place in the order, or joins its end."""
    outgoing = team.board[slot]
    team.place(incoming, slot)
    if team.index != state.active:
        return
    if outgoing is not None and outgoing in state.order:
        state.order[state.order.index(outgoing)] = incoming
    else:
        state.order.append(incoming)


def resolve_summon(ctx: ActionContext, incoming: Unit, slot: int, revive_power: float | None) -> None:
    place_summon(ctx.state, ctx.own, incoming, slot)
    ctx.events.append(f'{incoming.name} ha sido invocado')
    if revive_power is not None and not incoming.alive:
        revive_unit(ctx, incoming, heal_amount(incoming.max_hp, revive_power, ctx.user.passives.heal_pleroma))


def strongest_in_reserve(team: Team) -> Unit | None:
    """Bad Company: the living reserve monster with the highest Str, the earliest on ties."""
    best = None
    for m in team.living_reserve():
        if best is None or m.str > best.str:
            best = m
    return best


# ---------------------------------------------------------------------------------------------------
# Skills (effects/skills.ts)
# ---------------------------------------------------------------------------------------------------

DEFENDERS_GAZE_BLINKING = 3


def usable_skills(unit: Unit) -> list[SkillDef]:
    """Not passive, affordable, and not Blood Ritual-like at 1 HP."""
    out = []
    for skill in unit.skills:
        if skill.type == 'Passive' or skill.cost > unit.mp:
            continue
        kind = skill.kind
        if kind.kind == 'support' and 'hpToOne' in kind.effects and unit.hp == 1:
            continue
        out.append(skill)
    return out


MENU_BY_TARGET = {
    'damage': {'Single': 'enemy', 'All': 'none', 'Multi': 'none'},
    'instakill': {'Single': 'enemy', 'All': 'none', 'Multi': 'none'},
    'ailment': {'Single': 'enemy', 'All': 'none', 'Multi': 'none'},
    'drain': {'Single': 'enemy', 'All': 'none'},
    'heal': {'Ally': 'ally', 'Party': 'none'},
    'cure': {'Ally': 'ally', 'Party': 'none'},
    'revive': {'Ally': 'deadAlly'},
    'support': {'Self': 'none', 'Party': 'none', 'All': 'none', 'Universal': 'none', 'Ally': 'ally', 'Single': 'enemy'},
}
MENU_FIXED = {'recarmdra': 'none', 'defendersGaze': 'none', 'invitation': 'monsterOrDead', 'sabbatma': 'monster',
              'badCompany': 'autoMonster', 'trafuri': 'surrender'}


def skill_menu_kind(skill: SkillDef) -> tuple[str, str]:
    """The menu a chosen skill opens, as (menu, refusal reason when the menu is 'unsupported')."""
    kind = skill.kind.kind
    if kind in MENU_BY_TARGET:
        menu = MENU_BY_TARGET[kind].get(skill.target)
        if menu is None:
            return 'unsupported', f'skill "{skill.name}" cannot be used with target {skill.target}'
        return menu, ''
    if kind in MENU_FIXED:
        return MENU_FIXED[kind], ''
    if kind == 'passive':
        return 'unsupported', f'"{skill.name}" is a passive skill and cannot be used'
    return 'unsupported', skill.kind.reason


def need(chosen: Unit | None, skill: SkillDef) -> Unit:
    if chosen is None:
        raise InternalError(f'skill "{skill.name}" needs a chosen target')
    return chosen


def offensive_visits(ctx: ActionContext, skill: SkillDef, chosen: Unit | None) -> list[Unit]:
    """The units an offensive skill visits, one entry per hit, in visiting order."""
    hits = hit_count(skill, ctx.own.k)
    foes = ctx.foe.living_on_board()
    if skill.target == 'Single':
        return [need(chosen, skill)] * hits
    if skill.target == 'Multi':
        return multi_walk(foes, ctx.own.k, hits)
    return foes * hits


def support_targets(ctx: ActionContext, skill: SkillDef, chosen: Unit | None) -> list[Unit]:
    target = skill.target
    if target == 'Self':
        return [ctx.user]
    if target == 'Party':
        return party_targets(ctx.own, ctx.user)
    if target == 'All':
        return ctx.foe.living_on_board()
    if target == 'Universal':
        return universal_targets(ctx.own, ctx.foe, ctx.user)
    return [need(chosen, skill)]


def resolve_skill(ctx: ActionContext, skill: SkillDef, chosen: Unit | None) -> None:
    """Carries out a skill whose menus are done (summons and Trafuri go their own ways)."""
    kind = skill.kind
    user = ctx.user
    if kind.kind == 'damage':
        bypass = kind.bypass or (kind.element != 'Almighty' and kind.element in user.passives.penetrate)
        base = math.sqrt(attack_stat(user, kind.element) * skill.power)
        resolve_damage(ctx, DamageAttack(kind.element, base, bypass, kind.secondary), offensive_visits(ctx, skill, chosen))
    elif kind.kind == 'instakill':
        resolve_instakill(ctx, kind.element, skill.power, offensive_visits(ctx, skill, chosen))
    elif kind.kind == 'drain':
        resolve_drain(ctx, skill.power, kind.hp, kind.mp, offensive_visits(ctx, skill, chosen))
    elif kind.kind == 'ailment':
        for target in offensive_visits(ctx, skill, chosen):
            ailment = BY_HP[target.hp % 5] if kind.ailment == 'byHp' else kind.ailment
            ctx.raise_class(try_ailment(user, target, ailment, skill.power, ctx.events))
            ctx.events.append(say_hp_after(target))
    elif kind.kind == 'heal':
        resolve_heal(ctx, skill.power, kind.cures, support_targets(ctx, skill, chosen))
    elif kind.kind == 'cure':
        resolve_cure(ctx, kind.cures, support_targets(ctx, skill, chosen))
    elif kind.kind == 'revive':
        target = need(chosen, skill)
        revive_unit(ctx, target, heal_for(user, target, skill.power))
    elif kind.kind == 'recarmdra':
        resolve_recarmdra(ctx, skill.power)
    elif kind.kind == 'support':
        for unit in support_targets(ctx, skill, chosen):
            for effect in kind.effects:
                apply_support(unit, effect, ctx.events)
    elif kind.kind == 'defendersGaze':
        ctx.bonus_blinking += DEFENDERS_GAZE_BLINKING
    else:
        raise InternalError(f'skill "{skill.name}" ({kind.kind}) cannot be resolved here')


# ---------------------------------------------------------------------------------------------------
# Turns nobody chooses, counters and poison (effects/ailment-turns.ts)
# ---------------------------------------------------------------------------------------------------

def resolve_automatic_turn(state: State, actor: Unit) -> ActionContext | None:
    """A sleeping or bound unit loses its turn; a panicked one attacks R[K mod |R|]. None: the player chooses."""
    ailment = actor.ailment
    if ailment not in ('Sleep', 'Bind', 'Panic'):
        return None
    ctx = ActionContext(state, actor)
    if ailment in ('Sleep', 'Bind'):
        actor.ailment = None
        ctx.events += [f'{actor.name} está {AILMENT_STATE[ailment]} y no puede actuar', say_recovered(actor, ailment)]
        return ctx
    ctx.events.append(f'{actor.name} está en pánico')
    candidates = [u for u in ctx.own.living_on_board() if u is not actor] + ctx.foe.living_on_board()
    target = candidates[ctx.own.k % len(candidates)]
    resolve_damage(ctx, basic_attack(actor, 'attack'), [target])
    resolve_end_of_action(ctx)
    if actor.alive and actor.ailment == 'Panic':
        actor.ailment = None
        ctx.events.append(say_recovered(actor, 'Panic'))
    return ctx


def can_counter(u: Unit) -> bool:
    return u.alive and u.on_board and u.ailment not in ('Sleep', 'Bind', 'Panic')


def resolve_end_of_action(ctx: ActionContext) -> None:
    """Counters, then the actor's poison."""
    resolve_counters(ctx)
    user = ctx.user
    if user.ailment == 'Poison' and user.alive and user.on_board:
        amount = max(1, math.floor(user.max_hp / 8))
        events = [f'{user.name} recibe {amount} de daño por veneno']
        hurt(user, amount, events)
        events.append(say_hp_after(user))
        ctx.events += events


def resolve_counters(ctx: ActionContext) -> None:
    attacker = ctx.user
    damaged = sorted(ctx.physical_damage.items(), key=lambda e: 9 if e[0].slot is None else e[0].slot)
    for unit, amount in damaged:
        if not attacker.alive:
            return
        if not unit.alive or not unit.on_board or amount < 1:
            continue
        holder = unit if can_counter(unit) and unit.passives.counter > 0 else None
        power = 0 if holder is None else unit.passives.counter
        for ally in ctx.foe.living_on_board():
            if ally is not unit and can_counter(ally) and ally.passives.ally_counter > power:
                holder = ally
                power = ally.passives.ally_counter
        if holder is None:
            continue
        damage = math.floor(amount * power / 100)
        events = [f'{holder.name} contraataca a {attacker.name}', say_damage(attacker, damage)]
        hurt(attacker, damage, events)
        events.append(say_hp_after(attacker))
        ctx.events += events


# ---------------------------------------------------------------------------------------------------
# Team files (team-file.ts)
# ---------------------------------------------------------------------------------------------------

MAX_MONSTERS = 7
MAX_SKILLS = 8
HEADER = re.compile(r'Player [12] Team')


class TeamError(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


def match_samurai(line: str) -> tuple[str, str | None] | None:
    """What /^\\[Samurai\\]\\s*(.*?)\\s*(?:\\((.*)\\))?$/ matches, as (name, skill list), in one linear pass."""
    prefix = '[Samurai]'
    if not line.startswith(prefix):
        return None
    n = len(line)
    start = len(prefix)
    while start < n and line[start] in JS_SPACE:
        start += 1
    space_end = [0] * (n + 1)   # the first non-space at or after i
    space_end[n] = n
    for i in range(n - 1, start - 1, -1):
        space_end[i] = space_end[i + 1] if line[i] in JS_SPACE else i
    last_terminator = -1
    for i in range(start, n - 1):
        if line[i] in LINE_TERMINATORS:
            last_terminator = i
    closed = n > 0 and line[-1] == ')'
    for p in range(start, n + 1):
        q = space_end[p]
        if q == n:
            return line[start:p], None
        if closed and line[q] == '(' and q < n - 1 and last_terminator < q + 1:
            return line[start:p], line[q + 1:n - 1]
        if p < n and line[p] in LINE_TERMINATORS:
            return None
    return None


def parse_team_file(text: str) -> list[dict]:
    """The two teams of a team file, unchecked. Raises TeamError with the line and the broken rule."""
    if text.startswith(BOM):
        text = text[1:]
    lines = re.split(r'\r?\n', text)
    teams: list[dict] = []
    for i, raw in enumerate(lines):
        line = js_trim(raw)
        line_no = i + 1
        if line == '':
            continue
        if HEADER.fullmatch(line):
            if len(teams) == 2:
                raise TeamError(line_no, 'a third team header; a team file holds exactly two teams')
            teams.append({'header': line_no, 'samurai': [], 'monsters': []})
            continue
        if not teams:
            raise TeamError(line_no, f'expected "Player 1 Team", got "{line}"')
        team = teams[-1]
        samurai = match_samurai(line)
        if samurai is not None:
            name, listed = samurai
            if name == '':
                raise TeamError(line_no, 'expected a samurai name after "[Samurai]"')
            skills = [] if listed is None or js_trim(listed) == '' else [js_trim(s) for s in listed.split(',')]
            if '' in skills:
                raise TeamError(line_no, 'expected skill names separated by commas')
            team['samurai'].append((name, skills, line_no))
        else:
            team['monsters'].append((line, line_no))
    if len(teams) < 2:
        line_count = len(lines) - 1 if lines[-1] == '' else len(lines)
        raise TeamError(line_count + 1, f'expected two teams, found {len(teams)}')
    return teams


def check_teams(raw: list[dict], catalogue: Catalogue) -> list[tuple]:
    """The setup rules (rules document, section 2), names resolved in the catalogue."""
    out = []
    for p, team in enumerate(raw):
        who = f'Player {p + 1}'
        if len(team['samurai']) != 1:
            line = team['samurai'][1][2] if len(team['samurai']) > 1 else team['header']
            raise TeamError(line, f'{who} has {len(team["samurai"])} samurai; a team needs exactly one')
        name, skill_names, line = team['samurai'][0]
        samurai = catalogue.samurai.get(name)
        if samurai is None:
            raise TeamError(line, f'unknown samurai "{name}"')
        if len(skill_names) > MAX_SKILLS:
            raise TeamError(line, f"{who}'s samurai has {len(skill_names)} skills; at most {MAX_SKILLS} are allowed")
        skills = []
        for skill_name in skill_names:
            skill = catalogue.skills.get(skill_name)
            if skill is None:
                raise TeamError(line, f'unknown skill "{skill_name}"')
            if skill in skills:
                raise TeamError(line, f'skill "{skill_name}" is repeated')
            skills.append(skill)
        entries = team['monsters']
        if len(entries) > MAX_MONSTERS:
            raise TeamError(entries[MAX_MONSTERS][1], f'{who} has {len(entries)} monsters; at most {MAX_MONSTERS} are allowed')
        monsters = []
        for monster_name, line in entries:
            monster = catalogue.monsters.get(monster_name)
            if monster is None:
                raise TeamError(line, f'unknown monster "{monster_name}"')
            if monster in monsters:
                raise TeamError(line, f'monster "{monster_name}" is repeated in {who}\'s team')
            monsters.append(monster)
        out.append((samurai, skills, monsters))
    return out


# ---------------------------------------------------------------------------------------------------
# The battle as a state machine over prompts (game.ts, menus.ts)
# ---------------------------------------------------------------------------------------------------

SAMURAI_ACTIONS = ('attack', 'shoot', 'skill', 'summon', 'pass', 'surrender')
MONSTER_ACTIONS = ('attack', 'skill', 'summon', 'pass')
SUMMON_POSITIONS = 3
AUTOMATIC_TURN_LIMIT = 10_000
CHOICE = re.compile(r'[0-9]+')
NEGATIVE = re.compile(r'-[0-9]+')


class Prompt:
    """A pending menu: `kind` is file/action/skill/target/monster/position/ended; `options` what it lists."""

    def __init__(self, kind: str, unit: Unit | None = None, options: list | tuple = (), intent: tuple = (None, None),
                 monster: Unit | None = None):
        self.kind = kind
        self.unit = unit
        self.options = options    # actions, skills, target units or monsters
        self.intent = intent      # (attack|shoot|skill|invoke, skill or None)
        self.monster = monster


class Rejection(Exception):
    def __init__(self, code: str, message: str, menu: list[str]):
        super().__init__(message)
        self.code = code
        self.message = message
        self.menu = menu


class SmtBattle:
    def __init__(self, teams_dir: str, files: list[str], catalogue: Catalogue):
        self.teams_dir = teams_dir
        self.files = files
        self.catalogue = catalogue
        self.pending = Prompt('file')
        self.menu = file_menu(files)
        self.state: State | None = None
        self.automatic_turns = 0

    def opening(self) -> list[str]:
        return self.menu

    def choice_range(self) -> tuple[int, int] | None:
        p = self.pending
        if p.kind == 'ended':
            return None
        if p.kind == 'file':
            return 0, len(self.files) - 1
        if p.kind == 'action':
            return 1, len(p.options)
        if p.kind == 'position':
            return 1, SUMMON_POSITIONS + 1
        return 1, len(p.options) + 1   # skill, target, monster: the options, then Cancelar

    def feed(self, line: str) -> tuple[list[str], list[str]]:
        """One choice line; returns (stdout lines, notes for stderr) or raises Rejection."""
        bounds = self.choice_range()
        if bounds is None:
            raise InternalError('a choice was fed after the end of the game')
        lo, hi = bounds
        text = line.strip(' \t')
        if not CHOICE.fullmatch(text):
            code = 'E_RANGE' if NEGATIVE.fullmatch(text) else 'E_SYNTAX'
            raise Rejection(code, f"expected {range_words(lo, hi)}, got '{line}'", self.menu)
        value = int(text)
        if value < lo or value > hi:
            raise Rejection('E_RANGE', f"expected {range_words(lo, hi)}, got '{line}'", self.menu)
        out: list[str] = []
        notes: list[str] = []
        refusal = self.choose(value, out, notes)
        if refusal is not None:
            raise Rejection('E_UNSUPPORTED', refusal, self.menu)
        return out, notes

    def open(self, prompt: Prompt, menu: list[str], out: list[str]) -> None:
        self.pending = prompt
        self.menu = menu
        out += menu

    def choose(self, value: int, out: list[str], notes: list[str]) -> str | None:
        p = self.pending
        if p.kind == 'file':
            self.load_file(self.files[value], out, notes)
            return None
        if p.kind == 'action':
            return self.choose_action(p.unit, p.options[value - 1], out)
        cancel = (SUMMON_POSITIONS if p.kind == 'position' else len(p.options)) + 1
        if value == cancel:
            return self.cancel(p.unit, out)
        if p.kind == 'skill':
            return self.choose_skill(p.unit, p.options[value - 1], out)
        if p.kind == 'target':
            out.append(SEPARATOR)
            self.act(p.unit, p.intent, p.options[value - 1], out)
            return None
        if p.kind == 'monster':
            return self.choose_monster(p.unit, p.intent, p.options[value - 1], out)
        if p.kind == 'position':
            out.append(SEPARATOR)
            self.summon(p.unit, p.intent, p.monster, value, out)
            return None
        raise InternalError('a choice was fed after the end of the game')

    def load_file(self, name: str, out: list[str], notes: list[str]) -> None:
        path = os.path.join(self.teams_dir, name)
        try:
            text = read_text(path)
        except OSError as error:
            self.invalid_teams(out, notes, f'{path}: E_IO: cannot read team file ({error.strerror})')
            return
        try:
            setups = check_teams(parse_team_file(text), self.catalogue)
        except TeamError as error:
            self.invalid_teams(out, notes, f'{path}:{error.line}: E_TEAM: {error.message}')
            return
        self.state = State(setups)
        out.append(SEPARATOR)
        self.start_round(0)
        self.begin_turn(True, out)

    def invalid_teams(self, out: list[str], notes: list[str], reason: str) -> None:
        out.append(INVALID_TEAM_FILE)
        notes.append(reason)
        self.pending = Prompt('ended')

    # ---- Turn flow ----

    def start_round(self, player: int) -> None:
        """A new round: the player's karns expire; Full Turns = its living board units."""
        state = self.state
        team = state.teams[player]
        for u in team.board:
            if u is not None:
                u.tetrakarn = u.makarakarn = False
        state.active = player
        state.order = round_order(team)
        state.full = len(state.order)
        state.blinking = 0

    def begin_turn(self, new_round: bool, out: list[str]) -> None:
        state = self.state
        while True:
            team = state.teams[state.active]
            if new_round:
                out += [round_header(team), SEPARATOR]
            push_status(out, state)
            if not state.order:
                raise InternalError(f'{team.label} has turns left but no unit to act')
            actor = state.order[0]
            automatic = resolve_automatic_turn(state, actor)
            if automatic is None:
                break
            self.automatic_turns += 1
            if self.automatic_turns > AUTOMATIC_TURN_LIMIT:
                raise InternalError(f'smt: more than {AUTOMATIC_TURN_LIMIT} steps without a prompt')
            following = self.finish_action(automatic, automatic.cls, out)
            if following == 'ended':
                return
            new_round = following == 'round'
        self.automatic_turns = 0
        self.open_action_menu(state.order[0], out)

    def open_action_menu(self, unit: Unit, out: list[str]) -> None:
        actions = SAMURAI_ACTIONS if unit.is_samurai else MONSTER_ACTIONS
        self.open(Prompt('action', unit, actions), action_menu(unit, actions), out)

    def cancel(self, unit: Unit, out: list[str]) -> None:
        """Every Cancelar returns to the same unit's action menu, with nothing spent."""
        out.append(SEPARATOR)
        self.open_action_menu(unit, out)
        return None

    def choose_action(self, unit: Unit, action: str, out: list[str]) -> str | None:
        state = self.state
        own = state.teams[unit.player]
        foe = state.teams[opponent_of(unit.player)]
        out.append(SEPARATOR)
        if action in ('attack', 'shoot'):
            targets = foe.living_on_board()
            self.open(Prompt('target', unit, targets, (action, None)), target_menu(unit, targets), out)
        elif action == 'skill':
            skills = usable_skills(unit)
            self.open(Prompt('skill', unit, skills), skill_menu(unit, skills), out)
        elif action == 'summon':
            options = own.living_reserve()
            self.open(Prompt('monster', unit, options, ('invoke', None)), monster_menu(options), out)
        elif action == 'pass':
            self.complete(ActionContext(state, unit), 'pass', out)
        else:  # surrender
            self.surrender(own, out)
        return None

    def choose_skill(self, unit: Unit, skill: SkillDef, out: list[str]) -> str | None:
        menu, reason = skill_menu_kind(skill)
        if menu == 'unsupported':
            return reason
        own = self.state.teams[unit.player]
        foe = self.state.teams[opponent_of(unit.player)]
        intent = ('skill', skill)
        if menu in ('enemy', 'ally', 'deadAlly'):
            out.append(SEPARATOR)
            targets = foe.living_on_board() if menu == 'enemy' else own.living_on_board() if menu == 'ally' \
                else dead_allies(own)
            self.open(Prompt('target', unit, targets, intent), target_menu(unit, targets), out)
        elif menu in ('monster', 'monsterOrDead'):
            out.append(SEPARATOR)
            options = own.reserve() if menu == 'monsterOrDead' else own.living_reserve()
            self.open(Prompt('monster', unit, options, intent), monster_menu(options), out)
        elif menu == 'autoMonster':
            pick = strongest_in_reserve(own)
            if pick is None:
                # Bad Company with no living reserve monster: the action menu comes back.
                return self.cancel(unit, out)
            out.append(SEPARATOR)
            self.open(Prompt('position', unit, intent=intent, monster=pick), position_menu(own.board[1:]), out)
        elif menu == 'surrender':
            out.append(SEPARATOR)
            self.surrender(own, out)
        else:  # none
            out.append(SEPARATOR)
            self.act(unit, intent, None, out)
        return None

    def choose_monster(self, unit: Unit, intent: tuple, monster: Unit, out: list[str]) -> None:
        out.append(SEPARATOR)
        if intent[0] == 'invoke' and not unit.is_samurai:
            # A monster's Invocar swaps the monster in for itself: no position menu.
            self.summon(unit, intent, monster, unit.slot, out)
            return None
        board = self.state.teams[unit.player].board
        self.open(Prompt('position', unit, intent=intent, monster=monster), position_menu(board[1:]), out)
        return None

    def summon(self, unit: Unit, intent: tuple, monster: Unit, slot: int, out: list[str]) -> None:
        ctx = ActionContext(self.state, unit)
        if intent[0] == 'invoke':
            resolve_summon(ctx, monster, slot, None)
            self.complete(ctx, 'pass', out)
            return
        skill = intent[1]
        revive_power = skill.power if skill.kind.kind == 'invitation' else None
        use_skill(ctx, skill, lambda: resolve_summon(ctx, monster, slot, revive_power))
        self.complete(ctx, ctx.cls, out)

    def act(self, unit: Unit, intent: tuple, target: Unit | None, out: list[str]) -> None:
        """An attack, a shot or a skill on its chosen target (None when the skill picks its own)."""
        ctx = ActionContext(self.state, unit)
        kind, skill = intent
        if kind == 'skill':
            use_skill(ctx, skill, lambda: resolve_skill(ctx, skill, target))
        else:
            resolve_damage(ctx, basic_attack(unit, kind), [target])
        self.complete(ctx, ctx.cls, out)

    def complete(self, ctx: ActionContext, cls: str, out: list[str]) -> None:
        resolve_end_of_action(ctx)
        following = self.finish_action(ctx, cls, out)
        if following != 'ended':
            self.begin_turn(following == 'round', out)

    def finish_action(self, ctx: ActionContext, cls: str, out: list[str]) -> str:
        """Result block, turn report, action order, dead monsters off the board, end of game or next turn."""
        state = self.state
        if ctx.events:
            out += ctx.events
            out.append(SEPARATOR)
        full, blinking, gained = turn_cost(state.full, state.blinking, cls)
        gained += ctx.bonus_blinking
        out += turn_report(full, blinking, gained)
        out.append(SEPARATOR)
        state.full -= full
        state.blinking = state.blinking - blinking + gained

        # The head of the order (the actor, or whoever took its slot) goes to the end; the dead leave.
        if state.order:
            head, rest = state.order[0], state.order[1:]
            state.order = rest + [head] if head.alive and head.on_board else rest
        for team in state.teams:
            for u in list(team.board):
                if u is not None and not u.is_samurai and not u.alive:
                    team.vacate(u)
        state.order = [u for u in state.order if u.alive and u.on_board]

        wiped = [not t.living_on_board() for t in state.teams]
        if wiped[0] or wiped[1]:
            # Both wiped by one action: the acting player loses.
            loser = ctx.user.player if wiped[0] and wiped[1] else 0 if wiped[0] else 1
            self.declare_winner(opponent_of(loser), out)
            return 'ended'
        if state.full + state.blinking == 0 or not state.order:
            self.start_round(opponent_of(state.active))
            return 'round'
        return 'turn'

    def surrender(self, team: Team, out: list[str]) -> None:
        out += [f'{team.samurai.name} ({team.label}) se rinde', SEPARATOR]
        self.declare_winner(opponent_of(team.index), out)

    def declare_winner(self, player: int, out: list[str]) -> None:
        self.state.winner = player
        out.append(winner_line(self.state.teams[player]))
        self.pending = Prompt('ended')


def use_skill(ctx: ActionContext, skill: SkillDef, effects) -> None:
    """MP is paid before the effects; the player's K goes up by one after them."""
    ctx.user.mp -= skill.cost
    effects()
    ctx.own.k += 1


# ---------------------------------------------------------------------------------------------------
# The session: echo, rejected lines, end of input (src/core/session.ts), and verify
# ---------------------------------------------------------------------------------------------------

MAX_LINE = 65_536


def run_session(battle: SmtBattle, inputs: list[str], source: str) -> tuple[list[str], list[str]]:
    """Feeds the choices with echo on, as a piped run would; returns (stdout lines, stderr lines)."""
    out = list(battle.opening())
    err: list[str] = []
    for number, raw in enumerate(inputs, start=1):
        if battle.choice_range() is None:
            break
        line = clean_line(raw, number == 1)
        out.append(INPUT_PREFIX + line)
        try:
            utf16_length = len(line.encode('utf-16-le')) // 2
            if utf16_length > MAX_LINE:
                raise Rejection('E_SYNTAX', f'line too long: {utf16_length} characters; the limit is {MAX_LINE}',
                                battle.menu)
            lines, notes = battle.feed(line)
            err += notes
            out += lines
        except Rejection as rejection:
            out.append(f'ERROR {rejection.code}: {rejection.message}')
            err.append(f'{source}:{number}: {rejection.code}: {rejection.message}')
            out += rejection.menu
        except Exception as error:  # as the TypeScript session: report, stop reading
            err.append(f'internal error: smt, last input \'{line}\': {type(error).__name__}: {error}')
            return out, err
    bounds = battle.choice_range()
    if bounds is not None:
        message = f'input ended; expected {range_words(*bounds)}'
        out.append(f'ERROR E_EOF: {message}')
        err.append(f'{source}:{len(inputs) + 1}: E_EOF: {message}')
    return out, err


def teams_folder_for(transcript: str) -> str:
    folder = os.path.dirname(transcript)
    name = os.path.basename(folder)
    if not name.endswith('-Tests'):
        raise SystemExit(f'{transcript}: cannot find its team folder: the transcript is not in a "-Tests" folder')
    return os.path.join(os.path.dirname(folder), name[:-len('-Tests')])


def list_transcripts(path: str) -> list[str]:
    if os.path.isfile(path):
        return [path]
    if not os.path.isdir(path) or not os.path.basename(os.path.normpath(path)).endswith('-Tests'):
        raise SystemExit(f'{path}: not a "-Tests" folder of transcripts')
    return [os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith('.txt')]


def list_team_files(teams_dir: str) -> list[str]:
    try:
        files = sorted(e.name for e in os.scandir(teams_dir) if e.is_file())
    except OSError as error:
        raise SystemExit(f'{teams_dir}: cannot list team files ({error.strerror})') from None
    if not files:
        raise SystemExit(f'{teams_dir}: the team folder has no files')
    return files


def catalogue_for(teams_dir: str, data: str | None) -> str:
    if data is not None:
        return data
    parent = os.path.dirname(teams_dir)
    if all(os.path.isfile(os.path.join(parent, f)) for f in ('samurai.json', 'monsters.json', 'skills.json')):
        return parent
    raise SystemExit(f'{teams_dir}: no catalogue beside it; pass --data')


def first_difference(expected: list[str], actual: list[str]) -> int | None:
    """1-based number of the first differing line, or None when identical."""
    for i in range(max(len(expected), len(actual))):
        e = expected[i] if i < len(expected) else None
        a = actual[i] if i < len(actual) else None
        if e != a:
            return i + 1
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description='Replay SMT course transcripts with a plain Python port of the rules.')
    parser.add_argument('--data', help='catalogue folder (samurai.json, monsters.json, skills.json)')
    parser.add_argument('suites', nargs='+', help='<Suite>-Tests folders (or transcript files)')
    args = parser.parse_args(argv)

    transcripts = sorted(((os.path.dirname(t), os.path.basename(t)) for s in args.suites for t in list_transcripts(s)))
    catalogues: dict[str, Catalogue] = {}
    listings: dict[str, list[str]] = {}
    identical = 0
    for folder, name in transcripts:
        path = os.path.join(folder, name)
        teams_dir = teams_folder_for(path)
        data = catalogue_for(teams_dir, args.data)
        if data not in catalogues:
            try:
                catalogues[data] = load_catalogue(data)
            except CatalogueError as error:
                raise SystemExit(str(error)) from None
        if teams_dir not in listings:
            listings[teams_dir] = list_team_files(teams_dir)

        expected = split_lines(read_text(path))
        inputs = [line[len(INPUT_PREFIX):] for line in expected if line.startswith(INPUT_PREFIX)]
        battle = SmtBattle(teams_dir, listings[teams_dir], catalogues[data])
        actual, err = run_session(battle, inputs, path)
        at = first_difference(expected, actual)
        if at is None:
            identical += 1
            continue
        show = lambda lines: lines[at - 1] if at <= len(lines) else '<end of log>'  # noqa: E731
        print(f'{path}:{at}: expected: {show(expected)} / actual: {show(actual)}', file=sys.stderr)
        for line in err:
            if line.startswith('internal error'):
                print(f'  {line}', file=sys.stderr)
    print(f'{identical}/{len(transcripts)} identical')
    return 0 if identical == len(transcripts) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
